#include "deck/demo_run.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

namespace deck {

namespace {

using nlohmann::json;

/// Walks the JSON with a path for error messages. After the first problem every read returns
/// a default and `error` keeps that first problem, so parse code reads straight through.
class Reader {
public:
    std::optional<Error> error;

    const json* object(const json& parent, const char* key, const std::string& path, bool nullable = false)
    {
        const json* v = field(parent, key, path);
        if (!v)
            return nullptr;
        if (nullable && v->is_null())
            return nullptr;
        if (!v->is_object())
            return fail(path + key, "an object");
        return v;
    }
    const json* array(const json& parent, const char* key, const std::string& path)
    {
        const json* v = field(parent, key, path);
        if (v && !v->is_array())
            return fail(path + key, "an array");
        return v;
    }
    std::string str(const json& o, const char* key, const std::string& path)
    {
        const json* v = field(o, key, path);
        if (!v)
            return {};
        if (!v->is_string())
            return fail(path + key, "a string"), std::string();
        return v->get<std::string>();
    }
    double num(const json& o, const char* key, const std::string& path)
    {
        return optNum(o, key, path).value_or(0.0);
    }
    /// A number, or null (the runner writes non-finite values and "not known" as null).
    std::optional<double> optNum(const json& o, const char* key, const std::string& path)
    {
        const json* v = field(o, key, path);
        if (!v || v->is_null())
            return std::nullopt;
        if (!v->is_number())
            return fail(path + key, "a number"), std::nullopt;
        return v->get<double>();
    }
    long long integer(const json& o, const char* key, const std::string& path)
    {
        const json* v = field(o, key, path);
        if (!v)
            return 0;
        if (!v->is_number_integer())
            return fail(path + key, "an integer"), 0;
        return v->get<long long>();
    }
    std::optional<long long> optInteger(const json& o, const char* key, const std::string& path)
    {
        const json* v = field(o, key, path);
        if (!v || v->is_null())
            return std::nullopt;
        if (!v->is_number_integer())
            return fail(path + key, "an integer"), std::nullopt;
        return v->get<long long>();
    }
    bool boolean(const json& o, const char* key, const std::string& path)
    {
        const json* v = field(o, key, path);
        if (!v)
            return false;
        if (!v->is_boolean())
            return fail(path + key, "true or false"), false;
        return v->get<bool>();
    }

private:
    const json* field(const json& o, const char* key, const std::string& path)
    {
        if (error)
            return nullptr;
        const auto it = o.find(key);
        if (it == o.end()) {
            error = Error{ErrorKind::InvalidInput, "demo result: missing field '" + path + key + "'", {}, 0};
            return nullptr;
        }
        return &*it;
    }
    const json* fail(const std::string& where, const char* expected)
    {
        if (!error)
            error = Error{ErrorKind::InvalidInput, "demo result: '" + where + "' is not " + expected, {}, 0};
        return nullptr;
    }
};

DemoDeviceState readState(Reader& r, const json* o, const std::string& path)
{
    DemoDeviceState s;
    if (!o)
        return s;
    s.smClockMHz = r.optNum(*o, "sm_clock_mhz", path);
    s.memClockMHz = r.optNum(*o, "mem_clock_mhz", path);
    s.temperatureC = r.optNum(*o, "temperature_c", path);
    s.powerW = r.optNum(*o, "power_w", path);
    if (auto m = r.optInteger(*o, "clocks_event_reasons", path))
        s.clocksEventReasons = *m;
    return s;
}

DemoLimit readLimit(Reader& r, const json* o, const std::string& path)
{
    DemoLimit l;
    if (!o)
        return l;
    l.kind = r.str(*o, "kind", path);
    l.value = r.optNum(*o, "value", path);
    l.unit = r.str(*o, "unit", path);
    l.how = r.str(*o, "how", path);
    return l;
}

DemoDevice readDevice(Reader& r, const json& d)
{
    const std::string p = "device.";
    DemoDevice dev;
    dev.name = r.str(d, "name", p);
    dev.computeCapability = r.str(d, "compute_capability", p);
    dev.smCount = static_cast<int>(r.integer(d, "sm_count", p));
    dev.smClockMaxMHz = r.num(d, "sm_clock_max_mhz", p);
    dev.memClockMHz = r.num(d, "mem_clock_mhz", p);
    dev.memBusWidthBits = static_cast<int>(r.integer(d, "mem_bus_width_bits", p));
    dev.memoryBytes = static_cast<std::uint64_t>(r.integer(d, "memory_bytes", p));
    dev.l2Bytes = static_cast<std::uint64_t>(r.integer(d, "l2_bytes", p));
    dev.eccEnabled = r.boolean(d, "ecc_enabled", p);
    dev.driverVersion = r.str(d, "driver_version", p);
    dev.cudaDriverApi = static_cast<int>(r.integer(d, "cuda_driver_api", p));
    dev.cudaRuntime = static_cast<int>(r.integer(d, "cuda_runtime", p));
    if (auto g = r.optInteger(d, "pcie_generation", p))
        dev.pcieGeneration = static_cast<int>(*g);
    if (auto w = r.optInteger(d, "pcie_width", p))
        dev.pcieWidth = static_cast<int>(*w);
    dev.theoreticalDramGBs = r.num(d, "theoretical_dram_gbs", p);
    dev.fp32PeakTflops = r.num(d, "fp32_peak_tflops", p);
    dev.deviceCount = static_cast<int>(r.integer(d, "device_count", p));
    dev.stateStart = readState(r, r.object(d, "state_start", p), p + "state_start.");
    dev.stateEnd = readState(r, r.object(d, "state_end", p), p + "state_end.");
    return dev;
}

DemoVariant readVariant(Reader& r, const json& v, const std::string& p)
{
    DemoVariant out;
    out.id = r.str(v, "id", p);
    out.label = r.str(v, "label", p);
    out.problem = r.str(v, "problem", p);
    out.precision = r.str(v, "precision", p);
    out.tensorCores = r.boolean(v, "tensor_cores", p);
    out.skipped = r.boolean(v, "skipped", p);
    if (const auto lib = v.find("library"); lib != v.end() && lib->is_string())
        out.library = lib->get<std::string>();
    if (const json* w = r.object(v, "work", p)) {
        out.bytes = r.num(*w, "bytes", p + "work.");
        out.flops = r.num(*w, "flops", p + "work.");
    }
    if (const json* t = r.object(v, "time_ms", p)) {
        const std::string tp = p + "time_ms.";
        out.medianMs = r.optNum(*t, "median", tp);
        out.minMs = r.optNum(*t, "min", tp);
        out.sampleCount = static_cast<int>(r.integer(*t, "count", tp));
        out.launchesPerSample = static_cast<int>(r.integer(*t, "launches_per_sample", tp));
        if (const json* s = r.array(*t, "samples", tp)) {
            for (std::size_t i = 0; i < s->size() && !r.error; ++i) {
                if (!(*s)[i].is_number()) {
                    r.error =
                        Error{ErrorKind::InvalidInput,
                              "demo result: '" + tp + "samples[" + std::to_string(i) + "]' is not a number",
                              {},
                              0};
                    break;
                }
                out.samplesMs.push_back((*s)[i].get<double>());
            }
        }
    }
    if (const json* m = r.object(v, "metric", p)) {
        out.metricValue = r.optNum(*m, "value", p + "metric.");
        out.metricUnit = r.str(*m, "unit", p + "metric.");
    }
    out.limit = readLimit(r, r.object(v, "limit", p), p + "limit.");
    out.ratio = r.optNum(v, "ratio", p);
    if (const json* c = r.object(v, "correctness", p)) {
        const std::string cp = p + "correctness.";
        out.correctness.checked = r.boolean(*c, "checked", cp);
        out.correctness.passed = r.boolean(*c, "passed", cp);
        out.correctness.method = r.str(*c, "method", cp);
        out.correctness.elementsChecked = static_cast<std::uint64_t>(r.integer(*c, "elements_checked", cp));
        out.correctness.maxAbsErr = r.optNum(*c, "max_abs_err", cp);
        out.correctness.tolerance = r.num(*c, "tolerance", cp);
    }
    if (const json* e = r.object(v, "extra", p)) {
        for (auto it = e->begin(); it != e->end() && !r.error; ++it)
            if (auto x = r.optNum(*e, it.key().c_str(), p + "extra."))
                out.extra[it.key()] = *x;
    }
    out.note = r.str(v, "note", p);
    return out;
}

}  // namespace

Result<DemoRun> parseDemoRun(std::string_view text)
{
    json root;
    try {
        root = json::parse(text.begin(), text.end());
    } catch (const json::parse_error& e) {
        return Error{ErrorKind::InvalidInput,
                     "demo result is not valid JSON (byte " + std::to_string(e.byte) + "): " + e.what(),
                     {},
                     0};
    }
    if (!root.is_object())
        return Error{ErrorKind::InvalidInput, "demo result: the top level is not an object", {}, 0};

    Reader r;
    DemoRun run;
    run.schemaVersion = static_cast<int>(r.integer(root, "schema_version", ""));
    if (r.error)
        return *r.error;
    if (run.schemaVersion > kDemoRunSchemaVersion)
        return Error{ErrorKind::TooNew,
                     "demo result has schema_version " + std::to_string(run.schemaVersion)
                         + "; this InfraCards reads " + std::to_string(kDemoRunSchemaVersion),
                     {},
                     0};
    if (run.schemaVersion < 1)
        return Error{ErrorKind::InvalidInput, "demo result: schema_version must be 1 or more", {}, 0};

    // The runner's reply when no GPU or driver is usable: {"schema_version":1,"no_gpu":true,"error":"..."}.
    if (root.contains("no_gpu")) {
        run.noGpu = r.boolean(root, "no_gpu", "");
        run.error = r.str(root, "error", "");
        if (r.error)
            return *r.error;
        return run;
    }

    if (const json* d = r.object(root, "demo", "")) {
        run.demoId = r.str(*d, "id", "demo.");
        run.title = r.str(*d, "title", "demo.");
        run.question = r.str(*d, "question", "demo.");
        run.metric = r.str(*d, "metric", "demo.");
        run.size = r.integer(*d, "size", "demo.");
        run.sizeMeaning = r.str(*d, "size_meaning", "demo.");
    }
    if (const json* u = r.object(root, "run", "")) {
        run.startedUtc = r.str(*u, "started_utc", "run.");
        run.command = r.str(*u, "command", "run.");
        run.seed = static_cast<std::uint64_t>(r.integer(*u, "seed", "run."));
        run.quick = r.boolean(*u, "quick", "run.");
        run.method = r.str(*u, "method", "run.");
    }
    if (const json* d = r.object(root, "device", ""))
        run.device = readDevice(r, *d);
    run.limit = readLimit(r, r.object(root, "limit", ""), "limit.");
    if (const json* vs = r.array(root, "variants", "")) {
        for (std::size_t i = 0; i < vs->size() && !r.error; ++i) {
            const std::string p = "variants[" + std::to_string(i) + "].";
            if (!(*vs)[i].is_object()) {
                r.error = Error{ErrorKind::InvalidInput,
                                "demo result: '" + p.substr(0, p.size() - 1) + "' is not an object",
                                {},
                                0};
                break;
            }
            run.variants.push_back(readVariant(r, (*vs)[i], p));
        }
    }
    if (const json* ts = r.array(root, "targets", "")) {
        for (std::size_t i = 0; i < ts->size() && !r.error; ++i) {
            const std::string p = "targets[" + std::to_string(i) + "].";
            DemoTarget t;
            t.variant = r.str((*ts)[i], "variant", p);
            t.description = r.str((*ts)[i], "description", p);
            t.threshold = r.num((*ts)[i], "threshold", p);
            t.value = r.optNum((*ts)[i], "value", p);
            t.met = r.boolean((*ts)[i], "met", p);
            run.targets.push_back(std::move(t));
        }
    }
    // Peers are recorded from the second round of demos on; older results have none.
    if (root.contains("peers")) {
        if (const json* ps = r.array(root, "peers", "")) {
            for (std::size_t i = 0; i < ps->size() && !r.error; ++i) {
                const std::string p = "peers[" + std::to_string(i) + "].";
                const json& o = (*ps)[i];
                if (!o.is_object()) {
                    r.error = Error{ErrorKind::InvalidInput,
                                    "demo result: '" + p.substr(0, p.size() - 1) + "' is not an object",
                                    {},
                                    0};
                    break;
                }
                DemoPeer peer;
                peer.ours = r.str(o, "ours", p);
                peer.peer = r.str(o, "peer", p);
                peer.library = r.str(o, "library", p);
                peer.source = r.str(o, "source", p);
                peer.present = r.boolean(o, "present", p);
                if (const auto why = o.find("absent_why"); why != o.end() && why->is_string())
                    peer.absentWhy = why->get<std::string>();
                peer.peerValue = r.optNum(o, "peer_value", p);
                peer.unit = r.str(o, "unit", p);
                peer.times = r.optNum(o, "times", p);
                run.peers.push_back(std::move(peer));
            }
        }
    }
    if (const json* ws = r.array(root, "warnings", "")) {
        for (const json& w : *ws)
            if (w.is_string())
                run.warnings.push_back(w.get<std::string>());
    }
    if (!r.error) {
        const auto it = root.find("error");
        if (it == root.end())
            r.error = Error{ErrorKind::InvalidInput, "demo result: missing field 'error'", {}, 0};
        else if (it->is_string())
            run.error = it->get<std::string>();
        else if (!it->is_null())
            r.error = Error{ErrorKind::InvalidInput, "demo result: 'error' is not a string or null", {}, 0};
    }
    run.allCorrect = r.boolean(root, "all_correct", "");
    if (r.error)
        return *r.error;
    return run;
}

Result<DemoRun> loadDemoRun(const std::string& path)
{
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        return Error{ErrorKind::FileMissing, "no such demo result file", path, 0};
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return Error{ErrorKind::FileUnreadable, "cannot open the demo result file", path, 0};
    std::ostringstream ss;
    ss << in.rdbuf();
    Result<DemoRun> r = parseDemoRun(ss.str());
    if (!r) {
        Error e = r.error();
        e.file = path;
        return e;
    }
    return r;
}

}  // namespace deck
