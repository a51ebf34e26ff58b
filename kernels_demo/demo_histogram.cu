// A 256-bin histogram of bytes, four hand-written ways and CUB, on two inputs.
//
// Every element is one increment of one of 256 counters, so the question is how increments of
// the same counter are resolved. global-atomics: one atomicAdd per element on the global
// histogram; the L2 serialises the updates of one address, so contention costs most here.
// shared-privatised: each block counts into its own copy in shared memory (atomics next to the
// SM) and adds its 256 counts to the global histogram once at the end. warp-aggregated: as
// privatised, but the lanes of a warp holding the same value first find each other
// (__match_any_sync) and the lowest of them adds the group's count: one shared atomic per
// distinct value per warp request instead of one per element. lane-privatised: as privatised,
// with one copy of the histogram per lane index (counter of bin b for lane l at word b * 32 + l,
// in bank l), so the 32 lanes of one request never share a bank or a word, whatever the data.
// cub-histogram: cub::DeviceHistogram::HistogramEven (CUB, header-only, from the CUDA toolkit).
//
// Inputs: N uint8 values. uniform: independent uniform bytes (low contention: the 32 lanes of a
// request touch about 30 distinct bins). skewed: each value is 128 with probability 0.9,
// otherwise uniform (high contention: about 4 distinct bins per request, most lanes on one
// counter). Each variant records the mean distinct bins per 32-lane request, counted on the CPU.
//
// What to expect: privatisation removes the contention from the L2 (orders of magnitude on the
// skewed input). In shared memory, lanes of one request that add to the same word do not queue
// one behind another the way distinct words in one bank do (on the H200 the skewed input runs
// faster than the uniform one), so what is left is bank conflicts between different bins: the
// per-lane copies remove them. __match_any_sync is a slow instruction; whether aggregating in
// software pays depends on how the hardware resolves same-address shared atomics, and this demo
// measures it rather than assuming it.
//
// Accounting: bytes = N (the input, read once); the 1 KiB histogram is not counted. Held against
// the measured device-to-device copy bandwidth (read + write). Each timed launch of a hand-written
// variant starts with cudaMemsetAsync of the 1 KiB histogram on the same stream, inside the timed
// region (CUB zeroes its output in its own initialisation kernel, also timed). CUB's temporary
// storage is allocated once, outside the timed loop. Correctness: all 256 counts, exactly, against
// a CPU histogram of the whole input. Background: Gomez-Luna et al., "Performance Modeling of
// Atomic Additions on GPU Scratchpad Memory", IEEE TPDS 24(11), 2013 (privatisation, replicated
// sub-histograms); NVIDIA developer blog, "CUDA Pro Tip: Optimized Filtering with Warp-Aggregated
// Atomics", 2014.

#include <cub/device/device_histogram.cuh>
#include <cub/version.cuh>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <string>
#include <vector>

#include "cuda_util.h"
#include "demos.h"
#include "histogram_reference.h"

namespace kdemo {

void runHistogram(RunContext& ctx, DemoResult& r);

namespace {

constexpr int kBins = kHistogramBins;
constexpr int kThreads = 256;
constexpr unsigned int kFullMask = 0xffffffffu;
constexpr std::uint32_t kNoBin = kBins;  // held by lanes past the end; never counted
constexpr std::uint8_t kHotValue = 128;
constexpr double kHotFraction = 0.9;

/// Calls f(bin) for the 16 bytes of v, lowest address first.
template <typename F>
__device__ __forceinline__ void forEachByte(const uint4& v, F&& f)
{
    const std::uint32_t w[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int b = 0; b < 4; ++b)
            f((w[i] >> (8 * b)) & 0xffu);
}

__global__ void __launch_bounds__(kThreads)
    histGlobalAtomics(const std::uint8_t* __restrict__ in, size_t n, std::uint32_t* __restrict__ hist)
{
    const uint4* in4 = reinterpret_cast<const uint4*>(in);
    const size_t n4 = n / 16;
    const size_t gtid = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    const size_t stride = static_cast<size_t>(gridDim.x) * blockDim.x;
    for (size_t i = gtid; i < n4; i += stride)
        forEachByte(in4[i], [&](std::uint32_t b) { atomicAdd(&hist[b], 1u); });
    // Fewer than 16 bytes are left; the grid has at least 256 threads.
    if (const size_t t = n4 * 16 + gtid; t < n)
        atomicAdd(&hist[in[t]], 1u);
}

__device__ __forceinline__ void zeroShared(std::uint32_t* h)
{
    for (int i = threadIdx.x; i < kBins; i += blockDim.x)
        h[i] = 0;
    __syncthreads();
}

/// Adds the block's counts to the global histogram: at most 256 global atomics per block.
__device__ __forceinline__ void mergeShared(const std::uint32_t* h, std::uint32_t* hist)
{
    __syncthreads();
    for (int i = threadIdx.x; i < kBins; i += blockDim.x)
        if (const std::uint32_t c = h[i])
            atomicAdd(&hist[i], c);
}

__global__ void __launch_bounds__(kThreads)
    histSharedPrivatised(const std::uint8_t* __restrict__ in, size_t n, std::uint32_t* __restrict__ hist)
{
    __shared__ std::uint32_t h[kBins];
    zeroShared(h);
    const uint4* in4 = reinterpret_cast<const uint4*>(in);
    const size_t n4 = n / 16;
    const size_t gtid = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    const size_t stride = static_cast<size_t>(gridDim.x) * blockDim.x;
    for (size_t i = gtid; i < n4; i += stride)
        forEachByte(in4[i], [&](std::uint32_t b) { atomicAdd(&h[b], 1u); });
    if (const size_t t = n4 * 16 + gtid; t < n)
        atomicAdd(&h[in[t]], 1u);
    mergeShared(h, hist);
}

/// One shared atomic per distinct bin among the 32 lanes. Every lane of the warp must call it.
__device__ __forceinline__ void addAggregated(std::uint32_t* h, std::uint32_t bin, int lane)
{
    const unsigned int peers = __match_any_sync(kFullMask, bin);
    // The lowest lane of each group of equal values adds the group's size.
    if (bin < kNoBin && lane == __ffs(peers) - 1)
        atomicAdd(&h[bin], static_cast<std::uint32_t>(__popc(peers)));
}

__global__ void __launch_bounds__(kThreads)
    histWarpAggregated(const std::uint8_t* __restrict__ in, size_t n, std::uint32_t* __restrict__ hist)
{
    __shared__ std::uint32_t h[kBins];
    zeroShared(h);
    const uint4* in4 = reinterpret_cast<const uint4*>(in);
    const size_t n4 = n / 16;
    const int lane = threadIdx.x & 31;
    const size_t stride = static_cast<size_t>(gridDim.x) * blockDim.x;
    // The loop runs on the warp's first index, so all 32 lanes take the same number of trips and
    // __match_any_sync always sees the full warp; lanes past the end hold kNoBin.
    const size_t warpStart = static_cast<size_t>(blockIdx.x) * blockDim.x + (threadIdx.x - lane);
    for (size_t base = warpStart; base < n4; base += stride) {
        const size_t i = base + lane;
        const bool valid = i < n4;
        const uint4 v = valid ? in4[i] : make_uint4(0, 0, 0, 0);
        forEachByte(v, [&](std::uint32_t b) { addAggregated(h, valid ? b : kNoBin, lane); });
    }
    if (blockIdx.x == 0 && threadIdx.x < 32) {  // the tail, by one whole warp
        const size_t t = n4 * 16 + lane;
        addAggregated(h, t < n ? static_cast<std::uint32_t>(in[t]) : kNoBin, lane);
    }
    mergeShared(h, hist);
}

/// Shared privatised with one copy of the histogram per lane index: the counter of bin b for
/// lane l is word b * 32 + l, in bank l, so the 32 lanes of a warp never share a bank or a word,
/// whatever the data; only lanes of the same index in different warps meet, in separate requests.
__global__ void __launch_bounds__(kThreads)
    histLanePrivatised(const std::uint8_t* __restrict__ in, size_t n, std::uint32_t* __restrict__ hist)
{
    __shared__ std::uint32_t h[kBins * 32];
    for (int i = threadIdx.x; i < kBins * 32; i += blockDim.x)
        h[i] = 0;
    __syncthreads();
    const uint4* in4 = reinterpret_cast<const uint4*>(in);
    const size_t n4 = n / 16;
    const int lane = threadIdx.x & 31;
    const size_t gtid = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    const size_t stride = static_cast<size_t>(gridDim.x) * blockDim.x;
    for (size_t i = gtid; i < n4; i += stride)
        forEachByte(in4[i], [&](std::uint32_t b) { atomicAdd(&h[b * 32 + lane], 1u); });
    if (const size_t t = n4 * 16 + gtid; t < n)
        atomicAdd(&h[in[t] * 32u + lane], 1u);
    __syncthreads();
    for (int bin = threadIdx.x; bin < kBins; bin += blockDim.x) {
        std::uint32_t c = 0;
        // Rotated so that the 32 threads reading 32 bins read 32 different banks.
        for (int k = 0; k < 32; ++k)
            c += h[bin * 32 + ((k + bin) & 31)];
        if (c)
            atomicAdd(&hist[bin], c);
    }
}

/// Prefers the largest shared-memory carve-out, then returns one full wave of blocks.
unsigned int oneWave(const void* kernel, int smCount)
{
    KD_CUDA(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout,
                                 static_cast<int>(cudaSharedmemCarveoutMaxShared)));
    return fillingGrid(kernel, kThreads, smCount);
}

}  // namespace

void runHistogram(RunContext& ctx, DemoResult& r)
{
    // r.size: input bytes (any count: a tail of fewer than 16 bytes is handled); CUB takes an int.
    const size_t n = static_cast<size_t>(std::clamp<long long>(r.size, 1, INT_MAX));
    const Limit& lim = ctx.copyLimit();
    r.limit = lim;
    cudaStream_t s = ctx.stream();
    const int sms = ctx.device().smCount;

    std::vector<std::uint8_t> host(n);
    DeviceBuffer<std::uint8_t> in(n);
    DeviceBuffer<std::uint32_t> hist(kBins);
    std::vector<std::uint32_t> got(kBins);

    // CUB's temporary storage depends only on the sizes and types: sized and allocated once.
    size_t cubTempBytes = 0;
    const std::uint8_t* samples = in.get();
    KD_CUDA(cub::DeviceHistogram::HistogramEven(nullptr, cubTempBytes, samples, hist.get(), kBins + 1, 0,
                                                kBins, static_cast<int>(n), s));
    DeviceBuffer<unsigned char> cubTemp(std::max<size_t>(cubTempBytes, 1));
    const std::string cubVersion = std::to_string(CUB_MAJOR_VERSION) + "." + std::to_string(CUB_MINOR_VERSION)
                                   + "." + std::to_string(CUB_SUBMINOR_VERSION);

    struct HandKernel {
        const char* name;
        const char* label;
        void (*fn)(const std::uint8_t*, size_t, std::uint32_t*);
    };
    const HandKernel hand[] = {
        {"global-atomics", "atomicAdd on the global histogram per element", histGlobalAtomics},
        {"shared-privatised", "per-block shared histogram, shared atomics, merged once per block",
         histSharedPrivatised},
        {"warp-aggregated",
         "__match_any_sync groups equal lanes; one shared atomic per distinct bin per warp",
         histWarpAggregated},
        {"lane-privatised",
         "per-block shared histogram with one copy per lane (256 x 32 counters, no bank conflicts)",
         histLanePrivatised},
    };
    std::vector<unsigned int> grids;
    for (const HandKernel& k : hand)
        grids.push_back(oneWave(reinterpret_cast<const void*>(k.fn), sms));

    struct Distribution {
        const char* name;
        const char* words;
    };
    const Distribution dists[] = {
        {"uniform", "uniform bytes"},
        {"skewed", "bytes, 90% equal to 128, the rest uniform"},
    };
    for (const Distribution& d : dists) {
        const std::string dname = d.name;
        if (dname == "uniform")
            fillUniformBytes(host, ctx.seed());
        else
            fillSkewedBytes(host, ctx.seed() + 1, kHotFraction, kHotValue);
        ctx.upload(in.get(), host.data(), n);
        const std::vector<std::uint32_t> want = histogram256(host);
        const double distinct = meanDistinctPerWarpRequest(host, size_t{1} << 16);
        const std::string problem = std::to_string(n) + " " + d.words + " (" + std::to_string(n >> 20)
                                    + " MiB), 256 bins, uint32 counts";

        auto runVariant = [&](Variant v, const std::function<void()>& launch) {
            v.problem = problem;
            v.precision = "uint8";
            v.bytes = static_cast<double>(n);
            v.limit = lim;
            hist.poison(s);
            launch();
            KD_LAUNCHED();
            ctx.download(got.data(), hist.get(), kBins * sizeof(std::uint32_t));
            v.correctness =
                compareCounts(got, want, "all 256 counts, exactly, against a CPU histogram of the input");
            applyTiming(v, ctx.time(launch));
            v.extra.push_back({"mean_distinct_bins_per_warp_request", distinct});
            r.variants.push_back(std::move(v));
        };

        for (size_t k = 0; k < std::size(hand); ++k) {
            Variant v;
            v.id = dname + "/" + hand[k].name;
            v.label = hand[k].label;
            v.note =
                "bytes: the input, read once; a 1 KiB cudaMemsetAsync of the histogram precedes each launch "
                "and is timed; "
                + std::to_string(grids[k]) + " blocks of 256 threads (one wave), 16-byte loads";
            const unsigned int grid = grids[k];
            auto fn = hand[k].fn;
            const std::uint8_t* inPtr = in.get();
            std::uint32_t* hPtr = hist.get();
            if (std::string(hand[k].name) == "warp-aggregated")
                v.extra.push_back({"shared_atomics_per_element", distinct / 32.0});
            runVariant(std::move(v), [=] {
                KD_CUDA(cudaMemsetAsync(hPtr, 0, kBins * sizeof(std::uint32_t), s));
                fn<<<grid, kThreads, 0, s>>>(inPtr, n, hPtr);
            });
        }

        Variant v;
        v.id = dname + "/cub-histogram";
        v.label = "cub::DeviceHistogram::HistogramEven";
        v.library = "CUB";
        v.note = "CUB " + cubVersion
                 + " (header-only, from the CUDA toolkit); it zeroes the histogram itself; "
                 + std::to_string(cubTempBytes) + " B of temporary storage allocated outside the timed loop";
        void* temp = cubTemp.get();
        size_t tempBytes = cubTempBytes;
        const std::uint8_t* inPtr = in.get();
        std::uint32_t* hPtr = hist.get();
        runVariant(std::move(v), [=]() mutable {
            KD_CUDA(cub::DeviceHistogram::HistogramEven(temp, tempBytes, inPtr, hPtr, kBins + 1, 0, kBins,
                                                        static_cast<int>(n), s));
        });

        const Variant* global = findVariant(r, dname + "/global-atomics");
        for (Variant& var : r.variants)
            if (global && var.id.rfind(dname + "/", 0) == 0)
                var.extra.push_back({"speedup_vs_global_atomics", global->medianMs() / var.medianMs()});
    }

    // Best hand-written variant per distribution, by median time.
    auto bestHand = [&](const std::string& dname) -> const Variant* {
        const Variant* best = nullptr;
        for (const HandKernel& k : hand) {
            const Variant* v = findVariant(r, dname + "/" + k.name);
            if (v && (!best || v->medianMs() < best->medianMs()))
                best = v;
        }
        return best;
    };
    const Variant* bestSkewed = bestHand("skewed");
    const Variant* globalSkewed = findVariant(r, "skewed/global-atomics");
    if (bestSkewed && globalSkewed)
        setTarget(r, bestSkewed->id, "skewed input: best hand-written variant / global atomics", 5.0,
                  globalSkewed->medianMs() / bestSkewed->medianMs());
    const Variant* bestUniform = bestHand("uniform");
    if (bestUniform)
        setTarget(r, bestUniform->id, "uniform input: best hand-written variant / measured memcpy bandwidth",
                  0.6, bestUniform->ratio());
    if (bestUniform)
        comparePeer(r, bestUniform->id, "uniform/cub-histogram");
    if (bestSkewed)
        comparePeer(r, bestSkewed->id, "skewed/cub-histogram");
}

}  // namespace kdemo
