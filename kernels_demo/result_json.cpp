#include "result_output.h"

#include <cmath>

#include "catalogue.h"
#include "json_writer.h"

namespace kdemo {

namespace {

void writeLimit(JsonWriter& w, const Limit& l)
{
    w.beginObject();
    w.field("kind", l.kind);
    w.field("value", l.value);
    w.field("unit", l.unit);
    w.field("how", l.how);
    w.endObject();
}

void writeState(JsonWriter& w, const DeviceState& s)
{
    auto opt = [&](std::string_view k, double v) {
        w.key(k);
        if (v < 0)
            w.null();
        else
            w.value(v);
    };
    w.beginObject();
    opt("sm_clock_mhz", s.smClockMHz);
    opt("mem_clock_mhz", s.memClockMHz);
    opt("temperature_c", s.temperatureC);
    opt("power_w", s.powerW);
    w.key("clocks_event_reasons");
    if (s.clocksEventReasons < 0)
        w.null();
    else
        w.value(s.clocksEventReasons);
    w.endObject();
}

void writeDevice(JsonWriter& w, const DeviceInfo& d)
{
    w.beginObject();
    w.field("index", d.index);
    w.field("name", d.name);
    w.field("compute_capability", d.computeCapability);
    w.field("sm_count", d.smCount);
    w.field("sm_clock_max_mhz", d.smClockMaxKHz / 1000.0);
    w.field("mem_clock_mhz", d.memClockKHz / 1000.0);
    w.field("mem_bus_width_bits", d.memBusWidthBits);
    w.field("memory_bytes", static_cast<unsigned long long>(d.memoryBytes));
    w.field("l2_bytes", static_cast<unsigned long long>(d.l2Bytes));
    w.field("smem_per_sm_bytes", static_cast<unsigned long long>(d.smemPerSmBytes));
    w.field("ecc_enabled", d.eccEnabled);
    w.field("driver_version", d.driverVersion);
    w.field("cuda_driver_api", d.driverApiVersion);
    w.field("cuda_runtime", d.runtimeVersion);
    w.field("pci_bus_id", d.pciBusId);
    w.key("pcie_generation");
    if (d.pcieGeneration < 0)
        w.null();
    else
        w.value(d.pcieGeneration);
    w.key("pcie_width");
    if (d.pcieWidth < 0)
        w.null();
    else
        w.value(d.pcieWidth);
    w.field("theoretical_dram_gbs", d.theoreticalDramGBs);
    w.field("fp32_peak_tflops", d.fp32PeakTflops);
    w.field("device_count", d.deviceCount);
    w.key("state_start");
    writeState(w, d.stateStart);
    w.key("state_end");
    writeState(w, d.stateEnd);
    w.endObject();
}

void writeVariant(JsonWriter& w, const Variant& v)
{
    w.beginObject();
    w.field("id", v.id);
    w.field("label", v.label);
    w.field("problem", v.problem);
    w.field("precision", v.precision);
    w.field("tensor_cores", v.tensorCores);
    w.field("skipped", v.skipped);
    w.key("library");
    if (v.library.empty())
        w.null();
    else
        w.value(v.library);
    w.key("work").beginObject();
    w.field("bytes", v.bytes);
    w.field("flops", v.flops);
    w.endObject();
    w.key("time_ms").beginObject();
    w.field("median", v.samplesMs.empty() ? kNone : v.medianMs());
    w.field("min", v.samplesMs.empty() ? kNone : v.minMs());
    w.field("count", static_cast<int>(v.samplesMs.size()));
    w.field("launches_per_sample", v.launchesPerSample);
    w.key("samples").beginArray();
    for (double s : v.samplesMs)
        w.value(s);
    w.endArray();
    w.endObject();
    w.key("metric").beginObject();
    w.field("value", v.metric());
    w.field("unit", v.metricUnit());
    w.field("basis", "median");
    w.endObject();
    w.key("limit");
    writeLimit(w, v.limit);
    w.field("ratio", v.ratio());
    w.key("correctness").beginObject();
    w.field("checked", v.correctness.checked);
    w.field("passed", v.correctness.passed);
    w.field("method", v.correctness.method);
    w.field("elements_checked", static_cast<unsigned long long>(v.correctness.elementsChecked));
    w.field("max_abs_err", v.correctness.maxAbsErr);
    w.field("tolerance", v.correctness.tolerance);
    w.endObject();
    w.key("extra").beginObject();
    for (const auto& [k, x] : v.extra)
        w.field(k, x);
    w.endObject();
    w.field("note", v.note);
    w.endObject();
}

}  // namespace

std::string toJson(const DemoResult& r)
{
    JsonWriter w;
    w.beginObject();
    w.field("schema_version", kSchemaVersion);
    w.field("tool", "infracards-kernels");
    w.key("demo").beginObject();
    w.field("id", r.id);
    w.field("title", r.title);
    w.field("question", r.question);
    w.field("metric", r.metricName);
    w.field("size", r.size);
    w.field("size_meaning", r.sizeMeaning);
    w.endObject();
    w.key("run").beginObject();
    w.field("started_utc", r.startedUtc);
    w.field("command", r.command);
    w.field("seed", static_cast<unsigned long long>(r.seed));
    w.field("quick", r.quick);
    w.field("method", r.method);
    w.endObject();
    w.key("device");
    writeDevice(w, r.device);
    w.key("limit");
    writeLimit(w, r.limit);
    w.key("variants").beginArray();
    for (const Variant& v : r.variants)
        writeVariant(w, v);
    w.endArray();
    w.key("targets").beginArray();
    for (const Target& t : r.targets) {
        w.beginObject();
        w.field("variant", t.variant);
        w.field("description", t.description);
        w.field("threshold", t.threshold);
        w.field("value", t.value);
        w.field("met", t.met);
        w.endObject();
    }
    w.endArray();
    w.key("peers").beginArray();
    for (const PeerComparison& p : r.peers) {
        w.beginObject();
        w.field("ours", p.ours);
        w.field("peer", p.peer);
        w.field("library", p.library);
        w.field("source", p.source);
        w.field("present", p.present);
        w.key("absent_why");
        if (p.present)
            w.null();
        else
            w.value(p.absentWhy);
        w.field("peer_value", p.peerValue);
        w.field("unit", p.unit);
        w.field("times", p.times);
        w.endObject();
    }
    w.endArray();
    w.key("warnings").beginArray();
    for (const std::string& s : r.warnings)
        w.value(s);
    w.endArray();
    w.key("error");
    if (r.error.empty())
        w.null();
    else
        w.value(r.error);
    w.field("not_applicable", r.notApplicable);
    w.field("all_correct", r.allCorrect());
    w.endObject();
    return w.str() + "\n";
}

std::string catalogueJson()
{
    JsonWriter w;
    w.beginObject();
    w.field("schema_version", kSchemaVersion);
    w.key("demos").beginArray();
    for (const DemoSpec& d : catalogue()) {
        w.beginObject();
        w.field("id", d.id);
        w.field("title", d.title);
        w.field("question", d.question);
        w.field("metric", d.metric);
        w.field("size_meaning", d.sizeMeaning);
        w.field("default_size", d.defaultSize);
        w.field("min_gpus", d.minGpus);
        w.endObject();
    }
    w.endArray();
    w.endObject();
    return w.str() + "\n";
}

std::string selftestJson(const std::vector<DemoResult>& results, const DeviceInfo& device)
{
    JsonWriter w;
    bool all = true;
    w.beginObject();
    w.field("schema_version", kSchemaVersion);
    w.key("device");
    writeDevice(w, device);
    w.key("demos").beginArray();
    for (const DemoResult& r : results) {
        const bool skipped = r.notApplicable;
        const bool ok = skipped || (r.error.empty() && r.allCorrect());
        all = all && ok;
        w.beginObject();
        w.field("id", r.id);
        w.field("passed", ok);
        w.field("skipped", skipped);
        w.field("variants", static_cast<int>(r.variants.size()));
        w.key("error");
        if (r.error.empty())
            w.null();
        else
            w.value(r.error);
        w.endObject();
    }
    w.endArray();
    w.field("all_passed", all);
    w.endObject();
    return w.str() + "\n";
}

}  // namespace kdemo
