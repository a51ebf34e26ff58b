#pragma once
// One run of a CUDA demo as `infracards-kernels run ID --json` reports it (schema_version 1,
// written by kernels_demo/result_json.cpp), parsed into plain structs for the app and for
// storing runs in the collection. Also reads the runner's "no GPU" reply.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "deck/error.h"

namespace deck {

/// The newest runner schema this parser understands.
inline constexpr int kDemoRunSchemaVersion = 1;

/// Clocks and power read through NVML; nullopt where the driver did not say.
struct DemoDeviceState {
    std::optional<double> smClockMHz;
    std::optional<double> memClockMHz;
    std::optional<double> temperatureC;
    std::optional<double> powerW;
    std::optional<std::int64_t> clocksEventReasons;  ///< NVML bit mask; 4 = software power cap
};

struct DemoDevice {
    std::string name;
    std::string computeCapability;
    int smCount = 0;
    double smClockMaxMHz = 0.0;
    double memClockMHz = 0.0;
    int memBusWidthBits = 0;
    std::uint64_t memoryBytes = 0;
    std::uint64_t l2Bytes = 0;
    bool eccEnabled = false;
    std::string driverVersion;  ///< e.g. "580.159.04"; empty without NVML
    int cudaDriverApi = 0;      ///< e.g. 13000
    int cudaRuntime = 0;
    std::optional<int> pcieGeneration;
    std::optional<int> pcieWidth;
    double theoreticalDramGBs = 0.0;
    double fp32PeakTflops = 0.0;
    int deviceCount = 0;
    DemoDeviceState stateStart;
    DemoDeviceState stateEnd;
};

/// The physical limit a result is held against.
struct DemoLimit {
    std::string kind;             ///< "bandwidth", "compute", "pcie", "roofline", "none"
    std::optional<double> value;  ///< in `unit`; nullopt when there is none
    std::string unit;
    std::string how;  ///< measured in the run, or from device attributes
};

struct DemoCorrectness {
    bool checked = false;
    bool passed = false;
    std::string method;
    std::uint64_t elementsChecked = 0;
    std::optional<double> maxAbsErr;  ///< nullopt when infinite (a NaN in the output)
    double tolerance = 0.0;
};

struct DemoVariant {
    std::string id;
    std::string label;
    std::string problem;
    std::string precision;  ///< "fp32", "tf32", "bf16", "int32" ...
    bool tensorCores = false;
    bool skipped = false;
    double bytes = 0.0;  ///< per launch
    double flops = 0.0;  ///< per launch
    std::optional<double> medianMs;
    std::optional<double> minMs;
    int sampleCount = 0;
    int launchesPerSample = 1;
    std::vector<double> samplesMs;
    std::optional<double> metricValue;  ///< from the median time
    std::string metricUnit;             ///< "GB/s", "TFLOP/s" or "us"
    DemoLimit limit;
    std::optional<double> ratio;  ///< metric / limit
    DemoCorrectness correctness;
    std::map<std::string, double> extra;
    std::string note;
    std::string library;  ///< set on a library's implementation ("cuBLAS", "CUB"); empty for hand-written
};

/// Our variant against a library doing the same work, in the same run or the same call
/// (absent from results written before peers were recorded).
struct DemoPeer {
    std::string ours;
    std::string peer;
    std::string library;
    std::string source;
    bool present = true;
    std::string absentWhy;
    std::optional<double> peerValue;
    std::string unit;
    std::optional<double> times;  ///< "x times the library"
};

struct DemoTarget {
    std::string variant;
    std::string description;
    double threshold = 0.0;
    std::optional<double> value;
    bool met = false;
};

struct DemoRun {
    int schemaVersion = 0;
    bool noGpu = false;  ///< the runner found no usable GPU; only `error` is set
    std::string demoId;
    std::string title;
    std::string question;
    std::string metric;
    long long size = 0;
    std::string sizeMeaning;
    std::string startedUtc;  ///< ISO 8601, UTC
    std::string command;
    std::uint64_t seed = 0;
    bool quick = false;
    std::string method;
    DemoDevice device;
    DemoLimit limit;
    std::vector<DemoVariant> variants;
    std::vector<DemoTarget> targets;
    std::vector<DemoPeer> peers;
    std::vector<std::string> warnings;
    std::optional<std::string> error;  ///< why the demo did not run (no GPU, needs 2 GPUs ...)
    bool allCorrect = false;
};

/// Parses the runner's JSON. Malformed JSON, a missing or mistyped field (named by its path,
/// e.g. "variants[2].time_ms.median") give InvalidInput; a newer schema gives TooNew.
Result<DemoRun> parseDemoRun(std::string_view json);
/// Reads and parses a recorded result file (FileMissing / FileUnreadable when it cannot).
Result<DemoRun> loadDemoRun(const std::string& path);

}  // namespace deck
