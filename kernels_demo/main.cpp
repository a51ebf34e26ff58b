// infracards-kernels: runs the CUDA demos and prints JSON for the app or a table for people.

#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "catalogue.h"
#include "cli.h"
#include "cuda_util.h"
#include "demos.h"
#include "device_query.h"
#include "json_writer.h"
#include "result_output.h"
#include "run_context.h"

namespace {

using namespace kdemo;

/// Fixed so that recorded runs can be repeated with the same data.
constexpr std::uint64_t kSeed = 20261129;

std::string utcNow()
{
    const std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

std::string methodText(bool quick)
{
    if (quick)
        return "selftest size: correctness of every variant against a CPU reference on a NaN-poisoned "
               "output; "
               "timings are short and not meaningful";
    return "CUDA events around batches of back-to-back launches (a batch lasts about 2 ms; one launch per "
           "sample "
           "where an L2 flush precedes it); at least 200 ms of warm-up of the exact variant before timing; "
           "the first "
           "launch (module load, cuBLAS kernel selection) is the correctness run and is not timed; default "
           "inputs "
           "are at least 4x the L2 or the L2 is flushed where a variant says so; seeded SplitMix64 data; "
           "TF32 only "
           "in variants labelled tf32; GB = 1e9 B";
}

DemoResult runDemo(const DemoSpec& spec, const DeviceInfo& device, long long size, bool quick,
                   const std::string& command)
{
    DemoResult r;
    r.id = std::string(spec.id);
    r.title = std::string(spec.title);
    r.question = std::string(spec.question);
    r.metricName = std::string(spec.metric);
    r.size = size > 0 ? size : (quick ? spec.quickSize : spec.defaultSize);
    r.sizeMeaning = std::string(spec.sizeMeaning);
    r.startedUtc = utcNow();
    r.command = command;
    r.seed = kSeed;
    r.quick = quick;
    r.method = methodText(quick);
    if (const double w = warmupOverrideMs(); w >= 0.0)
        r.method += "; warm-up overridden by KD_WARMUP_MS to " + std::to_string(w) + " ms";
    r.device = device;
    r.device.stateStart = readDeviceState(device);
    try {
        RunContext ctx(device, quick, kSeed);
        demoFunction(spec.id)(ctx, r);
        KD_CUDA(cudaDeviceSynchronize());
    } catch (const std::exception& e) {
        r.error = e.what();
    }
    r.device.stateEnd = readDeviceState(device);
    const DeviceState& end = r.device.stateEnd;
    if (!quick && end.smClockMHz > 0 && end.smClockMHz < 0.9 * device.smClockMaxKHz / 1000.0)
        r.warnings.push_back("SM clock at the end of the run (" + std::to_string(end.smClockMHz)
                             + " MHz) was below 90% of its maximum");
    return r;
}

int exitCodeFor(const DemoResult& r)
{
    if (r.notApplicable)
        return kExitNoGpu;
    if (!r.error.empty())
        return kExitFailed;
    return r.allCorrect() ? kExitOk : kExitFailed;
}

}  // namespace

int main(int argc, char** argv)
{
    std::vector<std::string> args(argv + 1, argv + argc);
    std::string command = "infracards-kernels";
    for (const std::string& a : args)
        command += " " + a;
    const auto parsed = parseCommandLine(args);
    if (const auto* err = std::get_if<CliError>(&parsed)) {
        std::cerr << "infracards-kernels: " << err->message << "\n" << usageText();
        return kExitUsage;
    }
    const Options& opt = std::get<Options>(parsed);
    if (opt.command == Command::Help) {
        std::cout << usageText();
        return kExitOk;
    }
    if (opt.command == Command::List) {
        std::cout << (opt.json ? catalogueJson() : catalogueTable());
        return kExitOk;
    }

    const GpuPresence gpus = probeGpus();
    if (gpus.count == 0 || opt.device >= gpus.count) {
        const std::string why = gpus.count == 0 ? gpus.problem
                                                : "device " + std::to_string(opt.device) + " does not exist ("
                                                      + std::to_string(gpus.count) + " found)";
        std::cerr << "infracards-kernels: " << why << "; nothing was measured\n";
        if (opt.json) {
            JsonWriter w;
            w.beginObject()
                .field("schema_version", kSchemaVersion)
                .field("no_gpu", true)
                .field("error", why)
                .endObject();
            std::cout << w.str() << "\n";
        }
        return kExitNoGpu;
    }

    DeviceInfo device;
    try {
        device = queryDevice(opt.device);
    } catch (const std::exception& e) {
        std::cerr << "infracards-kernels: cannot use the GPU: " << e.what() << "\n";
        return kExitNoGpu;
    }

    if (opt.command == Command::Run) {
        const DemoResult r = runDemo(*findDemo(opt.demoId), device, opt.size, opt.quick, command);
        std::cout << (opt.json ? toJson(r) : toTable(r));
        return exitCodeFor(r);
    }

    // selftest
    std::vector<DemoResult> results;
    bool failed = false;
    for (const DemoSpec& spec : catalogue()) {
        results.push_back(runDemo(spec, device, 0, true, command));
        const DemoResult& r = results.back();
        const int code = exitCodeFor(r);
        failed = failed || code == kExitFailed;
        if (!opt.json) {
            const char* word = code == kExitOk ? "PASS" : (code == kExitNoGpu ? "SKIP" : "FAIL");
            std::printf("%s %-16s %zu variants%s%s\n", word, r.id.c_str(), r.variants.size(),
                        r.error.empty() ? "" : ": ", r.error.c_str());
            for (const Variant& v : r.variants)
                if (v.correctness.checked && !v.correctness.passed)
                    std::printf("     %s: max error %g, tolerance %g (%s)\n", v.id.c_str(),
                                v.correctness.maxAbsErr, v.correctness.tolerance,
                                v.correctness.method.c_str());
        }
    }
    if (opt.json)
        std::cout << selftestJson(results, device);
    else
        std::printf("selftest on %s: %s\n", device.name.c_str(), failed ? "FAILED" : "all passed");
    return failed ? kExitFailed : kExitOk;
}
