#include "result_output.h"

#include <cmath>
#include <cstdio>

#include "catalogue.h"

namespace kdemo {

namespace {

std::string fmt(const char* f, double v)
{
    if (!std::isfinite(v))
        return "-";
    char buf[64];
    std::snprintf(buf, sizeof buf, f, v);
    return buf;
}

}  // namespace

std::string catalogueTable()
{
    std::string s;
    char buf[256];
    for (const DemoSpec& d : catalogue()) {
        std::snprintf(buf, sizeof buf, "%-16s %s\n", std::string(d.id).c_str(), std::string(d.title).c_str());
        s += buf;
    }
    return s;
}

std::string toTable(const DemoResult& r)
{
    std::string s;
    char buf[512];
    s += r.title + " [" + r.id + "]\n";
    s += r.question + "\n";
    s += "Device: " + r.device.name + " (" + std::to_string(r.device.smCount) + " SMs, driver "
         + (r.device.driverVersion.empty() ? std::to_string(r.device.driverApiVersion)
                                           : r.device.driverVersion)
         + ")\n";
    if (!r.error.empty()) {
        s += "Error: " + r.error + "\n";
    }
    if (std::isfinite(r.limit.value))
        s += "Limit: " + fmt("%.4g", r.limit.value) + " " + r.limit.unit + " (" + r.limit.how + ")\n";
    std::snprintf(buf, sizeof buf, "%-22s %12s %12s %12s %10s %7s  %s\n", "variant", "median ms", "min ms",
                  "metric", "limit", "ratio", "check");
    s += buf;
    for (const Variant& v : r.variants) {
        if (v.skipped) {
            std::snprintf(buf, sizeof buf, "%-22s skipped: %s\n", v.id.c_str(), v.note.c_str());
            s += buf;
            continue;
        }
        const std::string check = !v.correctness.checked ? "-" : (v.correctness.passed ? "ok" : "FAIL");
        std::snprintf(buf, sizeof buf, "%-22s %12s %12s %12s %10s %7s  %s\n", v.id.c_str(),
                      fmt("%.4f", v.medianMs()).c_str(), fmt("%.4f", v.minMs()).c_str(),
                      (fmt("%.4g", v.metric()) + " " + v.metricUnit()).c_str(),
                      fmt("%.4g", v.limit.value).c_str(), fmt("%.1f%%", 100.0 * v.ratio()).c_str(),
                      check.c_str());
        s += buf;
    }
    for (const Target& t : r.targets)
        s += "Target: " + t.description + ": " + fmt("%.3f", t.value) + " (need " + fmt("%.2f", t.threshold)
             + ") " + (t.met ? "met" : "NOT met") + "\n";
    for (const std::string& wmsg : r.warnings)
        s += "Warning: " + wmsg + "\n";
    return s;
}

}  // namespace kdemo
