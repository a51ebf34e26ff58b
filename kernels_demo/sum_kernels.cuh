#pragma once
// Integer block sums shared by the reduction, occupancy and L2 demos. Each .cu that includes
// this gets its own copy (internal linkage), which keeps the kernels out of the link.

namespace kdemo {
namespace {

using u64 = unsigned long long;

__device__ __forceinline__ long long warpSum(long long v)
{
#pragma unroll
    for (int off = 16; off > 0; off >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, off);
    return v;
}

/// Block sum by shuffles: each warp reduces in registers, one shared slot per warp; then one
/// atomic per block into the 64-bit result.
__device__ __forceinline__ void blockSumToResult(long long v, u64* result)
{
    __shared__ long long warpTotals[32];
    const unsigned int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    v = warpSum(v);
    if (lane == 0)
        warpTotals[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = lane < blockDim.x / 32 ? warpTotals[lane] : 0;
        v = warpSum(v);
        if (lane == 0)
            atomicAdd(result, static_cast<u64>(v));
    }
}

/// Second stage for rungs 1-4: sums the per-block partials (a few MB at most).
__global__ void sumPartials(const long long* __restrict__ partial, u64* result, size_t count)
{
    const size_t stride = gridDim.x * static_cast<size_t>(blockDim.x);
    long long acc = 0;
    for (size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x; i < count; i += stride)
        acc += partial[i];
    blockSumToResult(acc, result);
}

}  // namespace
}  // namespace kdemo
