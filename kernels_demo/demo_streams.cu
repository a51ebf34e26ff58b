// Overlapping host-device copies with compute using CUDA streams.
//
// A batch of float data (1 GiB by default) is processed in 16 chunks: each chunk is copied to
// the device, a kernel runs an FMA chain on every element, and the result is copied back. The
// kernel's chain length is calibrated once at the start so that a chunk's kernel takes about
// as long as its host-to-device copy; then copy-in, compute and copy-out are three equal
// pipeline stages and the best overlap is close to three times faster than running them one
// after another.
//  - serial-pageable: one stream, malloc'ed host memory.
//  - serial-pinned: one stream, page-locked (cudaMallocHost) host memory.
//  - streams-2, streams-3: the chunks dealt round-robin over 2 or 3 streams, pinned,
//    cudaMemcpyAsync. Work in one stream runs in order and work in different streams may run
//    at once: one copy engine moves chunk i+1 in while the SMs compute chunk i and the other
//    copy engine moves chunk i-1 out. Two streams cannot keep three stages busy (each stream's
//    next copy-in waits for its own copy-out); three can.
//  - streams-3-pageable: the same three streams on pageable memory. The DMA engines can only
//    read and write page-locked memory, so the driver stages a pageable copy through its own
//    pinned buffer with a CPU memcpy, and a copy to pageable memory returns to the host only
//    once it has finished (which means after the kernel before it). The host thread is held at
//    every chunk's copy-out and cannot queue the next chunk: the overlap collapses.
//
// Metric: time per batch in microseconds (CUDA events on the issuing stream, which forks to
// and joins the other streams). Model (overlap_reference.h): from one chunk's H2D, kernel and
// D2H times measured alone with pinned memory, the best batch time with S streams is the
// largest of the pipeline bound h + k + d + (C - 1) max(h, k, d), the per-stream bound
// ceil(C / S) (h + k + d), and, with a single copy engine, C (h + d). Every variant reports
// that ideal for its stream count and ideal / measured. PCIe Gen5 x16 gives about 50-55 GB/s
// per direction from pinned memory, and two copy engines (asyncEngineCount >= 2) let both
// directions run at once.
//
// Correctness: the FMA chain v <- fmaf(v, a, b) is rounded the same way on the CPU
// (std::fma in float), so the results are compared bit for bit: at 16384 positions (first and
// last element of every chunk and random ones) by default, every element in selftest.

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "checks.h"
#include "cpu_reference.h"
#include "cuda_util.h"
#include "demos.h"
#include "overlap_reference.h"
#include "stats.h"

namespace kdemo {

void runStreamOverlap(RunContext& ctx, DemoResult& r);

namespace {

constexpr int kChunks = 16;
constexpr int kThreads = 256;
constexpr int kMaxStreams = 3;
// v <- v a + b converges to b / (1 - a) = 1 slowly: after 3000 steps 0.9999^3000 = 0.74 of the
// input's distance from 1 is left, so the result still depends on the input, and nothing
// overflows or goes subnormal whatever the chain length.
constexpr float kA = 0.9999f;
constexpr float kB = 0.0001f;

__global__ void __launch_bounds__(kThreads)
    fmaChainKernel(const float* __restrict__ in, float* __restrict__ out, size_t n, int steps)
{
    const size_t i = static_cast<size_t>(blockIdx.x) * kThreads + threadIdx.x;
    if (i >= n)
        return;
    float v = in[i];
    for (int s = 0; s < steps; ++s)
        v = fmaf(v, kA, kB);
    out[i] = v;
}

/// Events that place one batch's operations on a timeline: per chunk, when its stream reached
/// the copy-in, and when the copy-in, the kernel and the copy-out finished.
struct TimelineEvents {
    cudaEvent_t origin{};
    std::vector<cudaEvent_t> ready, h2dDone, kernelDone, d2hDone;
    TimelineEvents()
    {
        KD_CUDA(cudaEventCreate(&origin));
        for (auto* list : {&ready, &h2dDone, &kernelDone, &d2hDone}) {
            list->resize(kChunks);
            for (cudaEvent_t& e : *list)
                KD_CUDA(cudaEventCreate(&e));
        }
    }
    ~TimelineEvents()
    {
        cudaEventDestroy(origin);
        for (auto* list : {&ready, &h2dDone, &kernelDone, &d2hDone})
            for (cudaEvent_t e : *list)
                cudaEventDestroy(e);
    }
    TimelineEvents(const TimelineEvents&) = delete;
    TimelineEvents& operator=(const TimelineEvents&) = delete;
};

Variant* variantById(DemoResult& r, const std::string& id)
{
    for (Variant& v : r.variants)
        if (v.id == id)
            return &v;
    return nullptr;
}

double sinceUs(cudaEvent_t origin, cudaEvent_t e)
{
    float ms = 0.0f;
    KD_CUDA(cudaEventElapsedTime(&ms, origin, e));
    return ms * 1e3;
}

}  // namespace

void runStreamOverlap(RunContext& ctx, DemoResult& r)
{
    // Whole chunks of whole 256-thread blocks.
    const size_t n = std::max<size_t>(kChunks * kThreads, static_cast<size_t>(r.size) / sizeof(float)
                                                              / (kChunks * kThreads) * (kChunks * kThreads));
    const size_t chunk = n / kChunks;
    const size_t chunkBytes = chunk * sizeof(float);
    const unsigned blocksPerChunk = static_cast<unsigned>(chunk / kThreads);
    cudaStream_t issue = ctx.stream();

    int deviceIndex = 0, copyEngines = 0;
    KD_CUDA(cudaGetDevice(&deviceIndex));
    KD_CUDA(cudaDeviceGetAttribute(&copyEngines, cudaDevAttrAsyncEngineCount, deviceIndex));
    if (copyEngines < 2)
        r.warnings.push_back("the device reports " + std::to_string(copyEngines)
                             + " copy engine(s): copies to and from the device cannot run at the same time");

    std::vector<float> pageableIn(n), pageableOut(n);
    fillUniform(pageableIn, ctx.seed(), -1.0f, 1.0f);
    PinnedBuffer<float> pinnedIn(n), pinnedOut(n);
    std::memcpy(pinnedIn.get(), pageableIn.data(), n * sizeof(float));
    DeviceBuffer<float> dIn(n), dOut(n);

    // Streams 1..3 fork from the issuing stream and join it again, so the timing events on the
    // issuing stream bracket all of a batch's work.
    cudaStream_t streams[kMaxStreams]{};
    cudaEvent_t fork{}, join[kMaxStreams]{};
    struct Cleanup {
        cudaStream_t* streams;
        cudaEvent_t* fork;
        cudaEvent_t* join;
        ~Cleanup()
        {
            for (int i = 0; i < kMaxStreams; ++i) {
                if (streams[i])
                    cudaStreamDestroy(streams[i]);
                if (join[i])
                    cudaEventDestroy(join[i]);
            }
            if (*fork)
                cudaEventDestroy(*fork);
        }
    } cleanup{streams, &fork, join};
    KD_CUDA(cudaEventCreateWithFlags(&fork, cudaEventDisableTiming));
    for (int i = 0; i < kMaxStreams; ++i) {
        KD_CUDA(cudaStreamCreateWithFlags(&streams[i], cudaStreamNonBlocking));
        KD_CUDA(cudaEventCreateWithFlags(&join[i], cudaEventDisableTiming));
    }

    int steps = 32;  // selftest: short chains, so the CPU can check every element quickly
    // One batch: streamCount == 0 means everything on the issuing stream.
    auto enqueueBatch = [&](int streamCount, const float* hostIn, float* hostOut, TimelineEvents* tl) {
        if (tl)
            KD_CUDA(cudaEventRecord(tl->origin, issue));
        if (streamCount > 0) {
            KD_CUDA(cudaEventRecord(fork, issue));
            for (int i = 0; i < streamCount; ++i)
                KD_CUDA(cudaStreamWaitEvent(streams[i], fork, 0));
        }
        for (int c = 0; c < kChunks; ++c) {
            cudaStream_t s = streamCount > 0 ? streams[c % streamCount] : issue;
            const size_t off = static_cast<size_t>(c) * chunk;
            if (tl)
                KD_CUDA(cudaEventRecord(tl->ready[c], s));
            KD_CUDA(cudaMemcpyAsync(dIn.get() + off, hostIn + off, chunkBytes, cudaMemcpyHostToDevice, s));
            if (tl)
                KD_CUDA(cudaEventRecord(tl->h2dDone[c], s));
            fmaChainKernel<<<blocksPerChunk, kThreads, 0, s>>>(dIn.get() + off, dOut.get() + off, chunk,
                                                               steps);
            KD_LAUNCHED();
            if (tl)
                KD_CUDA(cudaEventRecord(tl->kernelDone[c], s));
            KD_CUDA(cudaMemcpyAsync(hostOut + off, dOut.get() + off, chunkBytes, cudaMemcpyDeviceToHost, s));
            if (tl)
                KD_CUDA(cudaEventRecord(tl->d2hDone[c], s));
        }
        for (int i = 0; i < streamCount; ++i) {
            KD_CUDA(cudaEventRecord(join[i], streams[i]));
            KD_CUDA(cudaStreamWaitEvent(issue, join[i], 0));
        }
    };

    // ---- Calibration: one chunk's copy times, then the chain length whose kernel matches the
    // copy-in (twice, since the kernel's time is not quite proportional to the steps).
    auto medianMsOf = [&](const std::function<void()>& launch) { return median(ctx.time(launch).samplesMs); };
    const double h2dMs = medianMsOf([&] {
        KD_CUDA(cudaMemcpyAsync(dIn.get(), pinnedIn.get(), chunkBytes, cudaMemcpyHostToDevice, issue));
    });
    const double d2hMs = medianMsOf([&] {
        KD_CUDA(cudaMemcpyAsync(pinnedOut.get(), dOut.get(), chunkBytes, cudaMemcpyDeviceToHost, issue));
    });
    auto kernelMs = [&](int chainSteps) {
        return medianMsOf([&] {
            fmaChainKernel<<<blocksPerChunk, kThreads, 0, issue>>>(dIn.get(), dOut.get(), chunk, chainSteps);
        });
    };
    double kMs = 0.0;
    if (!ctx.quick()) {
        steps = 256;
        for (int round = 0; round < 3; ++round) {
            kMs = kernelMs(steps);
            if (round == 2 || std::fabs(kMs / h2dMs - 1.0) < 0.03)
                break;
            steps = static_cast<int>(std::clamp(std::lround(steps * h2dMs / kMs), 1L, 1L << 20));
        }
    } else {
        kMs = kernelMs(steps);
    }
    const ChunkStageTimes stage{h2dMs, kMs, d2hMs};

    // ---- Reference: the same fmaf chain on the CPU at the checked positions.
    std::vector<size_t> positions;
    if (ctx.quick()) {
        for (size_t i = 0; i < n; ++i)
            positions.push_back(i);
    } else {
        SplitMix64 rng(ctx.seed() + 17);
        for (int c = 0; c < kChunks; ++c) {
            const size_t off = static_cast<size_t>(c) * chunk;
            positions.push_back(off);
            positions.push_back(off + chunk - 1);
            for (int k = 0; k < 1022; ++k)
                positions.push_back(off + rng.next() % chunk);
        }
    }
    std::vector<float> want(positions.size()), got(positions.size());
    for (size_t k = 0; k < positions.size(); ++k)
        want[k] = fmaChain(pageableIn[positions[k]], kA, kB, steps);

    const double batchBytes = 2.0 * static_cast<double>(n) * sizeof(float);
    auto runVariant = [&](const std::string& id, const std::string& label, int streamCount, bool pinned) {
        const int effectiveStreams = std::max(1, streamCount);
        Variant v;
        v.id = id;
        v.label = label;
        v.precision = "fp32";
        v.metricKind = MetricKind::Time;
        v.problem = std::to_string(kChunks) + " chunks of " + std::to_string(chunkBytes >> 20) + " MiB ("
                    + std::to_string((n * sizeof(float)) >> 20) + " MiB of floats), " + std::to_string(steps)
                    + " FMAs per element";
        v.bytes = batchBytes;
        v.flops = 2.0 * static_cast<double>(n) * steps;
        const double idealUs = overlapIdealTime(stage, kChunks, effectiveStreams, copyEngines) * 1e3;
        v.limit =
            Limit{"pcie", idealUs, "us",
                  "ideal batch time for " + std::to_string(effectiveStreams)
                      + " stream(s) from one chunk's H2D, kernel and D2H measured alone (pinned): max of "
                        "h + k + d + (C - 1) max(h, k, d), ceil(C / S) (h + k + d)"
                      + (copyEngines < 2 ? ", C (h + d)" : "")};
        v.note = std::string("time per batch of ") + std::to_string(kChunks) + " x (H2D, kernel, D2H); "
                 + (pinned ? "pinned" : "pageable") + " host memory; bytes = H2D + D2H of the batch";
        const float* hostIn = pinned ? pinnedIn.get() : pageableIn.data();
        float* hostOut = pinned ? pinnedOut.get() : pageableOut.data();
        const auto launch = [&] { enqueueBatch(streamCount, hostIn, hostOut, nullptr); };

        std::memset(hostOut, 0xff, n * sizeof(float));  // NaN everywhere: an unwritten result fails
        launch();
        KD_CUDA(cudaStreamSynchronize(issue));
        for (size_t k = 0; k < positions.size(); ++k)
            got[k] = hostOut[positions[k]];
        v.correctness = checkExact(
            got, want,
            "bit-exact against the same fmaf chain on the CPU at " + std::to_string(positions.size())
                + " positions" + (ctx.quick() ? " (every element)" : " (each chunk's ends and random ones)"));
        applyTiming(v, ctx.time(launch));
        v.extra.push_back({"ideal_us", idealUs});
        v.extra.push_back({"ideal_over_measured", idealUs / v.metric()});
        v.extra.push_back({"streams", effectiveStreams});
        r.variants.push_back(std::move(v));
    };

    runVariant("serial-pageable", "one stream, pageable host memory", 0, false);
    runVariant("serial-pinned", "one stream, pinned host memory", 0, true);
    runVariant("streams-2", "chunks round-robin over 2 streams, pinned", 2, true);
    runVariant("streams-3", "chunks round-robin over 3 streams, pinned", 3, true);
    runVariant("streams-3-pageable", "chunks round-robin over 3 streams, pageable host memory", 3, false);

    // One more streams-3 batch with events around every operation, for a timeline figure.
    // An event only says when its stream reached it, so an operation's start is taken as the
    // later of its stream reaching it and the previous operation of the same kind finishing
    // (one engine per copy direction, one kernel at a time).
    if (Variant* v3 = variantById(r, "streams-3")) {
        TimelineEvents tl;
        enqueueBatch(3, pinnedIn.get(), pinnedOut.get(), &tl);
        KD_CUDA(cudaStreamSynchronize(issue));
        double prevH2d = 0.0, prevKernel = 0.0, prevD2h = 0.0;
        for (int c = 0; c < kChunks; ++c) {
            const std::string key = "/" + std::to_string(c) + "/";
            const double ready = sinceUs(tl.origin, tl.ready[c]);
            const double h2dEnd = sinceUs(tl.origin, tl.h2dDone[c]);
            const double kernelEnd = sinceUs(tl.origin, tl.kernelDone[c]);
            const double d2hEnd = sinceUs(tl.origin, tl.d2hDone[c]);
            v3->extra.push_back({"timeline/h2d" + key + "start_us", std::max(ready, prevH2d)});
            v3->extra.push_back({"timeline/h2d" + key + "end_us", h2dEnd});
            v3->extra.push_back({"timeline/kernel" + key + "start_us", std::max(h2dEnd, prevKernel)});
            v3->extra.push_back({"timeline/kernel" + key + "end_us", kernelEnd});
            v3->extra.push_back({"timeline/d2h" + key + "start_us", std::max(kernelEnd, prevD2h)});
            v3->extra.push_back({"timeline/d2h" + key + "end_us", d2hEnd});
            prevH2d = h2dEnd;
            prevKernel = kernelEnd;
            prevD2h = d2hEnd;
        }
        v3->note +=
            "; extra timeline/<h2d|kernel|d2h>/<chunk>/<start_us|end_us>: one further batch, microseconds "
            "from its start; chunk c ran on stream c % 3; ends are event times, a start is the later of "
            "the stream reaching the operation and the previous operation of the same kind ending";
    }

    const Variant* serial = findVariant(r, "serial-pinned");
    for (Variant& v : r.variants)
        if (serial)
            v.extra.push_back({"speedup_vs_serial_pinned", serial->medianMs() / v.medianMs()});
    if (Variant* sp = variantById(r, "serial-pinned")) {
        sp->extra.push_back({"calibration/chunk_h2d_us", h2dMs * 1e3});
        sp->extra.push_back({"calibration/chunk_kernel_us", kMs * 1e3});
        sp->extra.push_back({"calibration/chunk_d2h_us", d2hMs * 1e3});
        sp->extra.push_back({"calibration/fma_steps", static_cast<double>(steps)});
        sp->extra.push_back({"calibration/chunk_h2d_gbs", chunkBytes / (h2dMs * 1e-3) / 1e9});
        sp->extra.push_back({"calibration/chunk_d2h_gbs", chunkBytes / (d2hMs * 1e-3) / 1e9});
        sp->extra.push_back({"async_engine_count", static_cast<double>(copyEngines)});
        sp->note +=
            "; calibration/*: one chunk alone, pinned; the FMA chain length was set so that the kernel "
            "takes about as long as the copy-in";
    }
    if (const Variant* v3 = findVariant(r, "streams-3"))
        r.limit = v3->limit;
    if (const Variant* v3 = findVariant(r, "streams-3"); v3 && serial)
        setTarget(r, "streams-3",
                  "speedup of 3 streams over one stream (serial-pinned time / streams-3 time)", 1.5,
                  serial->medianMs() / v3->medianMs());
}

}  // namespace kdemo
