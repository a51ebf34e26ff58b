// Reads of one working set repeated back to back (hot: it stays in L2 when it fits) against
// the same reads after writing over a scratch buffer larger than the L2 (cold: from DRAM).
// Below the L2 size the hot number is a cache bandwidth, not the HBM's.

#include <algorithm>
#include <vector>

#include "checks.h"
#include "cpu_reference.h"
#include "cuda_util.h"
#include "demos.h"
#include "sum_kernels.cuh"

namespace kdemo {

namespace {

__global__ void sumVec(const int* __restrict__ in, u64* result, size_t n)
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
    blockSumToResult(acc, result);
}

}  // namespace

void runL2VsHbm(RunContext& ctx, DemoResult& r)
{
    const size_t maxMiB = static_cast<size_t>(r.size);
    const Limit& lim = ctx.copyLimit();
    r.limit = lim;
    std::vector<size_t> sizesMiB;
    for (size_t m : {16, 32, 48, 64, 96, 128, 256, 512, 1024, 2048})
        if (m <= maxMiB)
            sizesMiB.push_back(m);
    if (sizesMiB.empty())
        sizesMiB.push_back(std::max<size_t>(1, maxMiB));
    if (ctx.quick())
        sizesMiB = {16, 128};
    const size_t maxN = (sizesMiB.back() << 20) / sizeof(int);
    std::vector<std::int32_t> host(maxN);
    fillBytesAsInt(host, ctx.seed());
    DeviceBuffer<int> in(maxN);
    DeviceBuffer<u64> result(1);
    ctx.upload(in.get(), host.data(), maxN * sizeof(int));
    cudaStream_t s = ctx.stream();
    const unsigned int grid = fillingGrid(reinterpret_cast<const void*>(sumVec), 256, ctx.device().smCount);
    r.warnings.push_back("L2 of this device: " + std::to_string(ctx.device().l2Bytes >> 20) + " MiB");

    for (size_t mib : sizesMiB) {
        const size_t n = (mib << 20) / sizeof(int);
        const std::int64_t want = sumInt(std::span<const std::int32_t>(host.data(), n));
        auto launch = [&, n] {
            KD_CUDA(cudaMemsetAsync(result.get(), 0, sizeof(u64), s));
            sumVec<<<grid, 256, 0, s>>>(in.get(), result.get(), n);
        };
        for (bool hot : {true, false}) {
            Variant v;
            v.id = std::string(hot ? "hot-" : "cold-") + std::to_string(mib) + "MiB";
            v.label =
                std::to_string(mib) + " MiB, "
                + (hot ? "repeated back to back" : "after writing over a scratch buffer larger than L2");
            v.precision = "int32";
            v.problem = std::to_string(mib) + " MiB of int32 read once per launch";
            v.bytes = static_cast<double>(n) * sizeof(int);
            v.limit = lim;
            v.note = hot ? "bytes read counted; batches of launches"
                         : "bytes read counted; one launch per sample, so launch latency is included";
            v.extra.push_back({"working_set_mib", static_cast<double>(mib)});
            v.extra.push_back({"fraction_of_l2",
                               static_cast<double>(mib << 20) / static_cast<double>(ctx.device().l2Bytes)});
            result.poison(s);
            launch();
            KD_LAUNCHED();
            u64 got = 0;
            ctx.download(&got, result.get(), sizeof got);
            v.correctness =
                checkExactInt(static_cast<std::int64_t>(got), want, "exact 64-bit integer sum on the CPU");
            if (hot)
                applyTiming(v, ctx.time(launch));
            else
                applyTiming(v, ctx.time(launch, [&] { ctx.flushL2(); }));
            r.variants.push_back(std::move(v));
        }
    }
}

}  // namespace kdemo
