#pragma once
// Block-wide max and sum through warp shuffles; every thread gets the result.
// Needs blockDim.x a multiple of 32 and at most 1024.

namespace kdemo {

__device__ __forceinline__ float warpMax(float v)
{
#pragma unroll
    for (int off = 16; off > 0; off >>= 1)
        v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, off));
    return v;
}

__device__ __forceinline__ float warpSumF(float v)
{
#pragma unroll
    for (int off = 16; off > 0; off >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, off);
    return v;
}

/// `scratch` holds 32 floats of shared memory; the barrier at the end lets it be reused.
__device__ __forceinline__ float blockMax(float v, float* scratch)
{
    const unsigned int lane = threadIdx.x % 32, warp = threadIdx.x / 32, warps = blockDim.x / 32;
    v = warpMax(v);
    if (lane == 0)
        scratch[warp] = v;
    __syncthreads();
    v = lane < warps ? scratch[lane] : -INFINITY;
    v = warpMax(v);
    __syncthreads();
    return v;
}

__device__ __forceinline__ float blockSum(float v, float* scratch)
{
    const unsigned int lane = threadIdx.x % 32, warp = threadIdx.x / 32, warps = blockDim.x / 32;
    v = warpSumF(v);
    if (lane == 0)
        scratch[warp] = v;
    __syncthreads();
    v = lane < warps ? scratch[lane] : 0.0f;
    v = warpSumF(v);
    __syncthreads();
    return v;
}

}  // namespace kdemo
