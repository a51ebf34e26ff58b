#pragma once
// What one demo run produced: plain structs, written out as JSON (result_json.cpp) or as a
// table (result_table.cpp). No CUDA types here.

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace kdemo {

inline constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

/// The physical limit a variant is measured against.
struct Limit {
    std::string kind;  ///< "bandwidth", "compute", "pcie", "none"
    double value = kNone;
    std::string unit;  ///< same unit as the metric
    std::string how;   ///< how it was obtained (measured in this run, or from device attributes)
};

struct Correctness {
    bool checked = false;
    bool passed = false;
    std::string method;
    std::uint64_t elementsChecked = 0;
    double maxAbsErr = 0.0;
    double tolerance = 0.0;
};

/// How a variant's metric follows from its median time.
enum class MetricKind {
    Bandwidth,
    Flops,
    Time
};

struct Variant {
    std::string id;
    std::string label;
    std::string problem;             ///< shape and dtype, in words
    std::string precision = "fp32";  ///< "fp32", "tf32", "bf16", "int32", ...
    bool tensorCores = false;
    double bytes = 0.0;             ///< bytes counted per launch (the accounting is in `note`)
    double flops = 0.0;             ///< FLOPs per launch
    std::vector<double> samplesMs;  ///< per-launch time of each timed batch, milliseconds
    int launchesPerSample = 1;
    MetricKind metricKind = MetricKind::Bandwidth;
    Limit limit;
    Correctness correctness;
    std::string note;
    std::vector<std::pair<std::string, double>> extra;  ///< e.g. theoretical occupancy
    bool skipped = false;                               ///< not run (reason in note)
    std::string library;  ///< set when this variant is a library's implementation ("cuBLAS", "CUB")

    double medianMs() const;
    double minMs() const;
    /// GB/s (1e9 B/s), TFLOP/s or microseconds, from the median time.
    double metric() const;
    std::string metricUnit() const;
    /// metric / limit; NaN when there is no limit (for Time, limit / metric is not used).
    double ratio() const;
};

/// Device state read through NVML when the driver has it; -1 means not available.
struct DeviceState {
    int smClockMHz = -1;
    int memClockMHz = -1;
    int temperatureC = -1;
    double powerW = -1.0;
    long long clocksEventReasons = -1;  ///< NVML throttle bit mask
};

struct DeviceInfo {
    int index = 0;
    std::string name;
    std::string computeCapability;
    int smCount = 0;
    int smClockMaxKHz = 0;
    int memClockKHz = 0;
    int memBusWidthBits = 0;
    std::uint64_t memoryBytes = 0;
    std::uint64_t l2Bytes = 0;
    std::uint64_t smemPerSmBytes = 0;
    bool eccEnabled = false;
    int driverApiVersion = 0;   ///< cudaDriverGetVersion, e.g. 13000
    int runtimeVersion = 0;     ///< cudaRuntimeGetVersion
    std::string driverVersion;  ///< NVML, e.g. "580.159.04"; empty when NVML is missing
    int pcieGeneration = -1;
    int pcieWidth = -1;
    std::string pciBusId;
    double theoreticalDramGBs = 0.0;
    double fp32PeakTflops = 0.0;
    int deviceCount = 0;
    DeviceState stateStart;
    DeviceState stateEnd;
};

struct Target {
    std::string variant;
    std::string description;
    double threshold = 0.0;
    double value = kNone;
    bool met = false;
};

/// How our best variant compares with a library doing the same work: a library variant of the
/// same run (cuBLAS, cuBLASLt, CUB), or an outside peer measured on the same machine in the same
/// call (PyTorch, attached from a peer file), or a peer that was absent, with the reason.
struct PeerComparison {
    std::string ours;     ///< our variant id
    std::string peer;     ///< the peer variant id, or the outside peer's operation
    std::string library;  ///< "cuBLAS", "CUB", "PyTorch 2.11.0"
    std::string source;   ///< "same run", or where the outside figure came from
    bool present = true;
    std::string absentWhy;     ///< when !present
    double peerValue = kNone;  ///< the peer's metric, in the demo's unit
    std::string unit;
    double times = kNone;  ///< ours / peer for throughput, peer / ours for time: "x times the library"
};

/// `ours` against the library variant `peer` of the same run: x times for throughput (ours /
/// peer), for a time metric peer / ours; absent, with the peer's note, when it was skipped.
PeerComparison compareWithPeer(const Variant& ours, const Variant& peer);

struct DemoResult {
    std::string id;
    std::string title;
    std::string question;
    std::string metricName;
    long long size = 0;
    std::string sizeMeaning;
    std::string startedUtc;
    std::string command;
    std::uint64_t seed = 0;
    bool quick = false;
    std::string method;  ///< timer, warm-up, batches, L2 handling, in words
    DeviceInfo device;
    Limit limit;  ///< the demo's main limit (variants may carry their own)
    std::vector<Variant> variants;
    std::vector<Target> targets;  ///< the issue's pass/fail goals that apply to this demo
    std::vector<PeerComparison> peers;
    std::vector<std::string> warnings;
    std::string error;  ///< set when the demo could not run
    bool notApplicable =
        false;  ///< cannot run on this machine (too few GPUs, no NCCL): a skip, not a failure

    bool allCorrect() const;  ///< every checked variant passed and at least one was checked
};

}  // namespace kdemo
