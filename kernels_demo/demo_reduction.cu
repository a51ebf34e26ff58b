// The reduction ladder, after Harris, "Optimizing Parallel Reduction in CUDA" (2007), carried on
// to warp shuffles and 16-byte loads. Integer data (0..255) makes the sum exact in any order,
// so every rung is checked against the CPU sum exactly.

#include <algorithm>
#include <vector>

#include "checks.h"
#include "cpu_reference.h"
#include "cuda_util.h"
#include "demos.h"
#include "sum_kernels.cuh"

namespace kdemo {

namespace {

constexpr unsigned int kBlock = 256;

// Rung 1: interleaved addressing; `tid % (2s)` makes half the threads of every warp idle
// at each step, and the modulo is slow.
__global__ void reduceInterleaved(const int* __restrict__ in, long long* partial, size_t n)
{
    __shared__ int sdata[kBlock];
    const unsigned int tid = threadIdx.x;
    const size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + tid;
    sdata[tid] = i < n ? in[i] : 0;
    __syncthreads();
    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        if (tid % (2 * s) == 0)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        partial[blockIdx.x] = sdata[0];
}

// Rung 2: sequential addressing; the active threads are contiguous, so whole warps retire.
__global__ void reduceSequential(const int* __restrict__ in, long long* partial, size_t n)
{
    __shared__ int sdata[kBlock];
    const unsigned int tid = threadIdx.x;
    const size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + tid;
    sdata[tid] = i < n ? in[i] : 0;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        partial[blockIdx.x] = sdata[0];
}

// Rung 3: each thread adds two elements while loading, so no thread is idle in the first step
// and half as many blocks are needed.
__global__ void reduceFirstAdd(const int* __restrict__ in, long long* partial, size_t n)
{
    __shared__ int sdata[kBlock];
    const unsigned int tid = threadIdx.x;
    const size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) * 2 + tid;
    int v = i < n ? in[i] : 0;
    if (i + blockDim.x < n)
        v += in[i + blockDim.x];
    sdata[tid] = v;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        partial[blockIdx.x] = sdata[0];
}

// Rung 4: block size known at compile time, the loop fully unrolled, and the last 32 lanes
// reduced without __syncthreads (a __syncwarp orders them on Volta and later).
template <unsigned int Block>
__global__ void reduceUnrolled(const int* __restrict__ in, long long* partial, size_t n)
{
    __shared__ int sdata[Block];
    const unsigned int tid = threadIdx.x;
    const size_t i = blockIdx.x * static_cast<size_t>(Block) * 2 + tid;
    int v = i < n ? in[i] : 0;
    if (i + Block < n)
        v += in[i + Block];
    sdata[tid] = v;
    __syncthreads();
#pragma unroll
    for (unsigned int s = Block / 2; s > 32; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid < 32) {
        volatile int* w = sdata;
        int x = w[tid] + w[tid + 32];
        __syncwarp();
#pragma unroll
        for (int off = 16; off > 0; off >>= 1) {
            w[tid] = x;
            __syncwarp();
            x += w[tid + off];
            __syncwarp();
        }
        if (tid == 0)
            partial[blockIdx.x] = x;
    }
}

// Rung 5: a grid just large enough to fill the GPU, each thread summing many elements
// (Brent's theorem), warp shuffles instead of a shared-memory tree.
__global__ void reduceShuffle(const int* __restrict__ in, u64* result, size_t n)
{
    const size_t stride = gridDim.x * static_cast<size_t>(blockDim.x);
    int acc = 0;
    for (size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x; i < n; i += stride)
        acc += in[i];
    blockSumToResult(acc, result);
}

// Rung 6: as rung 5 with 16-byte loads, four of them issued before the first add.
__global__ void reduceVectorised(const int* __restrict__ in, u64* result, size_t n)
{
    const int4* in4 = reinterpret_cast<const int4*>(in);
    const size_t n4 = n / 4;
    const size_t stride = gridDim.x * static_cast<size_t>(blockDim.x);
    size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
    int acc = 0;
    for (; i + 3 * stride < n4; i += 4 * stride) {
        const int4 a = in4[i], b = in4[i + stride], c = in4[i + 2 * stride], d = in4[i + 3 * stride];
        acc += (a.x + a.y + a.z + a.w) + (b.x + b.y + b.z + b.w) + (c.x + c.y + c.z + c.w)
               + (d.x + d.y + d.z + d.w);
    }
    for (; i < n4; i += stride) {
        const int4 a = in4[i];
        acc += a.x + a.y + a.z + a.w;
    }
    if (blockIdx.x == 0 && threadIdx.x < n - n4 * 4)
        acc += in[n4 * 4 + threadIdx.x];
    blockSumToResult(acc, result);
}

}  // namespace

unsigned int fillingGrid(const void* kernel, int threads, int smCount)
{
    int perSm = 0;
    KD_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, kernel, threads, 0));
    return static_cast<unsigned int>(std::max(1, perSm) * smCount);
}

void runReduction(RunContext& ctx, DemoResult& r)
{
    const size_t n = static_cast<size_t>(r.size);
    const Limit& lim = ctx.copyLimit();
    r.limit = lim;
    std::vector<std::int32_t> host(n);
    fillBytesAsInt(host, ctx.seed());
    const std::int64_t want = sumInt(host);
    DeviceBuffer<int> in(n);
    DeviceBuffer<long long> partial(n / kBlock + 1);
    DeviceBuffer<u64> result(1);
    ctx.upload(in.get(), host.data(), n * sizeof(int));
    cudaStream_t s = ctx.stream();
    const int sms = ctx.device().smCount;
    const unsigned int grid = fillingGrid(reinterpret_cast<const void*>(reduceVectorised), kBlock, sms);

    auto twoStage = [&](auto kernel, unsigned int elemsPerBlock) {
        return [&, kernel, elemsPerBlock] {
            const unsigned int blocks = blocksFor(n, elemsPerBlock);
            KD_CUDA(cudaMemsetAsync(result.get(), 0, sizeof(u64), s));
            kernel<<<blocks, kBlock, 0, s>>>(in.get(), partial.get(), n);
            sumPartials<<<std::min(blocks / kBlock + 1, 2u * sms), kBlock, 0, s>>>(partial.get(),
                                                                                   result.get(), blocks);
        };
    };
    auto oneStage = [&](auto kernel) {
        return [&, kernel] {
            KD_CUDA(cudaMemsetAsync(result.get(), 0, sizeof(u64), s));
            kernel<<<grid, kBlock, 0, s>>>(in.get(), result.get(), n);
        };
    };

    auto runVariant = [&](const std::string& id, const std::string& label,
                          const std::function<void()>& launch) {
        Variant v;
        v.id = id;
        v.label = label;
        v.precision = "int32";
        v.problem = std::to_string(n) + " int32 (" + std::to_string(n * 4 >> 20) + " MiB), block "
                    + std::to_string(kBlock);
        v.bytes = static_cast<double>(n) * sizeof(int);
        v.limit = lim;
        v.note = "bytes read counted; the time includes zeroing the result and any second stage";
        result.poison(s);
        launch();
        KD_LAUNCHED();
        u64 got = 0;
        ctx.download(&got, result.get(), sizeof got);
        v.correctness =
            checkExactInt(static_cast<std::int64_t>(got), want, "exact 64-bit integer sum on the CPU");
        applyTiming(v, ctx.time(launch));
        r.variants.push_back(std::move(v));
    };

    runVariant("interleaved", "1. interleaved tree, divergent (tid % 2s)",
               twoStage(reduceInterleaved, kBlock));
    runVariant("sequential", "2. sequential addressing", twoStage(reduceSequential, kBlock));
    runVariant("first-add", "3. first add during load", twoStage(reduceFirstAdd, 2 * kBlock));
    runVariant("unrolled", "4. fully unrolled, last warp without barriers",
               twoStage(reduceUnrolled<kBlock>, 2 * kBlock));
    runVariant("warp-shuffle", "5. grid-stride, warp shuffle, one atomic per block", oneStage(reduceShuffle));
    runVariant("vectorised", "6. as 5 with int4 loads, four in flight per thread",
               oneStage(reduceVectorised));

    const Variant* first = findVariant(r, "interleaved");
    for (Variant& v : r.variants)
        if (first && first->medianMs() > 0)
            v.extra.push_back({"speedup_vs_interleaved", first->medianMs() / v.medianMs()});
    if (const Variant* v = findVariant(r, "vectorised"))
        setTarget(r, "vectorised", "vectorised reduction / measured memcpy bandwidth", 0.90, v->ratio());
}

}  // namespace kdemo
