#pragma once
// What every demo gets: the device, the stream, the timing policy and the measured copy
// bandwidth that memory-bound demos are held against.

#include <cuda_runtime.h>

#include <cstdint>
#include <functional>
#include <vector>

#include "demo_result.h"

namespace kdemo {

struct TimingConfig {
    double warmupMs = 200.0;  ///< time-based warm-up: long enough for the SM clock to boost
    int samples = 20;         ///< timed batches
    int minSamples = 5;
    double targetBatchMs = 2.0;  ///< batch launches until one batch takes about this long
    double maxTotalMs = 1500.0;  ///< stop sampling after this much timed work (slow variants)
};

/// The environment variable KD_WARMUP_MS overrides the warm-up (for experiments on clock and
/// power behaviour); the value used is recorded in each result's method text.
double warmupOverrideMs();

struct Timed {
    std::vector<double> samplesMs;  ///< per launch
    int launchesPerSample = 1;
    DeviceState after;  ///< NVML reading right after the last sample (-1 fields without NVML)
};

class RunContext {
public:
    RunContext(DeviceInfo device, bool quick, std::uint64_t seed);
    ~RunContext();
    RunContext(const RunContext&) = delete;
    RunContext& operator=(const RunContext&) = delete;

    const DeviceInfo& device() const { return device_; }
    bool quick() const { return quick_; }
    std::uint64_t seed() const { return seed_; }
    cudaStream_t stream() const { return stream_; }
    const TimingConfig& timing() const { return timing_; }

    /// Times `launch` (which enqueues one launch on stream()) after a warm-up. With
    /// `beforeEach` (an L2 flush, say), each sample is one launch and `beforeEach` runs
    /// before it, outside the events.
    Timed time(const std::function<void()>& launch, const std::function<void()>& beforeEach = {}) const;

    /// Device-to-device cudaMemcpyAsync bandwidth in GB/s, read + write counted, measured once
    /// per process on a buffer several times the L2.
    const Limit& copyLimit();

    /// Writes over a scratch buffer larger than the L2 so the next launch starts cold.
    void flushL2();

    /// Fills `dst` (device) with `bytes` from host memory, synchronously.
    void upload(void* dst, const void* src, std::size_t bytes) const;
    void download(void* dst, const void* src, std::size_t bytes) const;

private:
    DeviceInfo device_;
    bool quick_;
    std::uint64_t seed_;
    cudaStream_t stream_{};
    TimingConfig timing_;
    Limit copyLimit_;
    bool haveCopyLimit_ = false;
    void* flushBuffer_ = nullptr;
    std::size_t flushBytes_ = 0;
};

/// Fills variant timing and returns it, a shorthand used by every demo.
void applyTiming(Variant& v, const Timed& t);

}  // namespace kdemo
