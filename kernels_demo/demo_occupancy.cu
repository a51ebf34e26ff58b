// Block size against bandwidth for one memory-bound kernel (an integer sum), with one int4 or
// eight int4 loads in flight per thread. Small blocks hit the limit of resident blocks per SM
// (32 on Hopper) before the thread limit, so fewer warps are resident; whether that costs
// bandwidth depends on how many bytes each warp keeps in flight (Little's law).

#include <vector>

#include "checks.h"
#include "cpu_reference.h"
#include "cuda_util.h"
#include "demos.h"
#include "sum_kernels.cuh"

namespace kdemo {

namespace {

template <int kVecPerThread>
__global__ void sumBlockPartial(const int* __restrict__ in, long long* __restrict__ partial, size_t n)
{
    const int4* in4 = reinterpret_cast<const int4*>(in);
    const size_t n4 = n / 4;
    const size_t base = blockIdx.x * static_cast<size_t>(blockDim.x) * kVecPerThread + threadIdx.x;
    int4 v[kVecPerThread];
#pragma unroll
    for (int k = 0; k < kVecPerThread; ++k) {
        const size_t i = base + static_cast<size_t>(k) * blockDim.x;
        v[k] = i < n4 ? in4[i] : make_int4(0, 0, 0, 0);
    }
    int acc = 0;
#pragma unroll
    for (int k = 0; k < kVecPerThread; ++k)
        acc += (v[k].x + v[k].y) + (v[k].z + v[k].w);
    __shared__ long long warpTotals[32];
    const unsigned int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    long long s = warpSum(acc);
    if (lane == 0)
        warpTotals[warp] = s;
    __syncthreads();
    if (warp == 0) {
        s = lane < blockDim.x / 32 ? warpTotals[lane] : 0;
        s = warpSum(s);
        if (lane == 0)
            partial[blockIdx.x] = s;
    }
}

}  // namespace

void runOccupancy(RunContext& ctx, DemoResult& r)
{
    const size_t n = static_cast<size_t>(r.size) / 4 * 4;
    const Limit& lim = ctx.copyLimit();
    r.limit = lim;
    std::vector<std::int32_t> host(n);
    fillBytesAsInt(host, ctx.seed());
    const std::int64_t want = sumInt(host);
    DeviceBuffer<int> in(n);
    DeviceBuffer<long long> partial(n / (32 * 4) + 1);
    DeviceBuffer<u64> result(1);
    ctx.upload(in.get(), host.data(), n * sizeof(int));
    cudaStream_t s = ctx.stream();
    cudaDeviceProp prop{};
    KD_CUDA(cudaGetDeviceProperties(&prop, ctx.device().index));

    auto runVariant = [&](int bs, int vec, void (*kernel)(const int*, long long*, size_t)) {
        const unsigned int blocks = blocksFor(n / 4, static_cast<unsigned int>(bs * vec));
        auto launch = [&, bs, blocks, kernel] {
            KD_CUDA(cudaMemsetAsync(result.get(), 0, sizeof(u64), s));
            kernel<<<blocks, bs, 0, s>>>(in.get(), partial.get(), n);
            sumPartials<<<std::min(blocks / 256 + 1, 264u), 256, 0, s>>>(partial.get(), result.get(), blocks);
        };
        int perSm = 0;
        KD_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, kernel, bs, 0));
        Variant v;
        v.id = "block-" + std::to_string(bs) + "x" + std::to_string(vec);
        v.label =
            std::to_string(bs) + " threads per block, " + std::to_string(vec) + " int4 in flight per thread";
        v.precision = "int32";
        v.problem = std::to_string(n) + " int32 (" + std::to_string(n * 4 >> 20) + " MiB)";
        v.bytes = static_cast<double>(n) * sizeof(int);
        v.limit = lim;
        v.note =
            "bytes read counted; theoretical occupancy from cudaOccupancyMaxActiveBlocksPerMultiprocessor";
        v.extra.push_back({"blocks_per_sm", perSm});
        v.extra.push_back(
            {"theoretical_occupancy", static_cast<double>(perSm) * bs / prop.maxThreadsPerMultiProcessor});
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
    for (int bs : {32, 64, 128, 256, 512, 1024})
        runVariant(bs, 1, sumBlockPartial<1>);
    for (int bs : {32, 64, 128, 256, 512, 1024})
        runVariant(bs, 8, sumBlockPartial<8>);
}

}  // namespace kdemo
