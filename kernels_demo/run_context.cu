#include "run_context.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>

#include "cuda_util.h"
#include "device_query.h"
#include "stats.h"

namespace kdemo {

double warmupOverrideMs()
{
    const char* v = std::getenv("KD_WARMUP_MS");
    if (!v || !*v)
        return -1.0;
    char* end = nullptr;
    const double ms = std::strtod(v, &end);
    return (end && *end == '\0' && ms >= 0.0) ? ms : -1.0;
}

RunContext::RunContext(DeviceInfo device, bool quick, std::uint64_t seed)
    : device_(std::move(device)), quick_(quick), seed_(seed)
{
    KD_CUDA(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
    if (quick_) {
        // Selftest checks correctness; timings at this size mean little, so keep them short.
        timing_.warmupMs = 5.0;
        timing_.samples = 3;
        timing_.minSamples = 2;
        timing_.targetBatchMs = 0.2;
        timing_.maxTotalMs = 50.0;
    }
    if (const double w = warmupOverrideMs(); w >= 0.0)
        timing_.warmupMs = w;
}

RunContext::~RunContext()
{
    if (flushBuffer_)
        cudaFree(flushBuffer_);
    cudaStreamDestroy(stream_);
}

Timed RunContext::time(const std::function<void()>& launch, const std::function<void()>& beforeEach) const
{
    using Clock = std::chrono::steady_clock;
    EventPair ev;
    // Warm-up by time, not by count: an idle GPU starts at a low clock and ramps up.
    double lastMs = 0.0;
    const auto t0 = Clock::now();
    int warmups = 0;
    do {
        if (beforeEach)
            beforeEach();
        ev.start(stream_);
        launch();
        ev.stop(stream_);
        lastMs = ev.elapsedMs();
        KD_LAUNCHED();
        ++warmups;
    } while (std::chrono::duration<double, std::milli>(Clock::now() - t0).count() < timing_.warmupMs
             && warmups < 100000);

    Timed t;
    if (!beforeEach) {
        const double perLaunch = std::max(lastMs, 1e-4);
        t.launchesPerSample =
            static_cast<int>(std::clamp(std::ceil(timing_.targetBatchMs / perLaunch), 1.0, 10000.0));
    }
    double total = 0.0;
    for (int s = 0; s < timing_.samples; ++s) {
        if (beforeEach)
            beforeEach();
        ev.start(stream_);
        for (int i = 0; i < t.launchesPerSample; ++i)
            launch();
        ev.stop(stream_);
        const double ms = ev.elapsedMs();
        KD_LAUNCHED();
        t.samplesMs.push_back(ms / t.launchesPerSample);
        total += ms;
        if (total > timing_.maxTotalMs && s + 1 >= timing_.minSamples)
            break;
    }
    t.after = readDeviceState(device_);
    return t;
}

const Limit& RunContext::copyLimit()
{
    if (haveCopyLimit_)
        return copyLimit_;
    // Several times the L2 so the copy streams from DRAM; at least 1 GiB like the reference run.
    std::size_t bytes = std::max<std::size_t>(4 * device_.l2Bytes, std::size_t{1} << 30);
    if (quick_)
        bytes = std::size_t{64} << 20;
    DeviceBuffer<unsigned char> a(bytes), b(bytes);
    KD_CUDA(cudaMemsetAsync(a.get(), 1, bytes, stream_));
    const Timed t =
        time([&] { KD_CUDA(cudaMemcpyAsync(b.get(), a.get(), bytes, cudaMemcpyDeviceToDevice, stream_)); });
    const double ms = median(t.samplesMs);
    copyLimit_.kind = "bandwidth";
    copyLimit_.unit = "GB/s";
    copyLimit_.value = 2.0 * static_cast<double>(bytes) / (ms * 1e-3) / 1e9;
    copyLimit_.how = "measured in this run: cudaMemcpyAsync device-to-device of "
                     + std::to_string(bytes >> 20) + " MiB, bytes read + written counted, median of "
                     + std::to_string(t.samplesMs.size()) + " batches";
    haveCopyLimit_ = true;
    return copyLimit_;
}

void RunContext::flushL2()
{
    if (!flushBuffer_) {
        flushBytes_ = std::max<std::size_t>(4 * device_.l2Bytes, std::size_t{256} << 20);
        KD_CUDA(cudaMalloc(&flushBuffer_, flushBytes_));
    }
    KD_CUDA(cudaMemsetAsync(flushBuffer_, 0, flushBytes_, stream_));
}

void RunContext::upload(void* dst, const void* src, std::size_t bytes) const
{
    KD_CUDA(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyHostToDevice, stream_));
    KD_CUDA(cudaStreamSynchronize(stream_));
}

void RunContext::download(void* dst, const void* src, std::size_t bytes) const
{
    KD_CUDA(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToHost, stream_));
    KD_CUDA(cudaStreamSynchronize(stream_));
}

void applyTiming(Variant& v, const Timed& t)
{
    v.samplesMs = t.samplesMs;
    v.launchesPerSample = t.launchesPerSample;
    // Clock and throttle state right after timing: shows power capping on heavy variants.
    if (t.after.smClockMHz > 0)
        v.extra.push_back({"sm_clock_mhz_after", t.after.smClockMHz});
    if (t.after.powerW > 0)
        v.extra.push_back({"power_w_after", t.after.powerW});
    if (t.after.clocksEventReasons >= 0)
        v.extra.push_back({"clocks_event_reasons_after", static_cast<double>(t.after.clocksEventReasons)});
}

}  // namespace kdemo
