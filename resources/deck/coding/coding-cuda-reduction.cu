// Reference solution for card coding-cuda-reduction: sum of n floats on the GPU.
//
// Pass 1: each block reads many elements with a grid-stride loop (coalesced, one running sum per
// thread), reduces its threads' sums with warp shuffles (__shfl_down_sync, no shared memory or
// __syncthreads inside a warp), then combines the per-warp sums through shared memory. Pass 2 runs
// the same kernel with one block over the per-block partial sums. No atomics, so the result is
// deterministic for a given launch configuration.
#include <cuda_runtime.h>

#include <cstddef>
#include <vector>

namespace cudareduce {

constexpr int kThreads = 256;  // 8 warps per block
constexpr unsigned kFullMask = 0xffffffffu;

__device__ float warpSum(float v) {
    for (int offset = 16; offset > 0; offset /= 2) {
        v += __shfl_down_sync(kFullMask, v, offset);
    }
    return v;  // lane 0 holds the warp's sum
}

__global__ void blockSumKernel(const float* in, float* out, std::size_t n) {
    __shared__ float warpSums[kThreads / 32];
    float sum = 0.0f;
    const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
    for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {
        sum += in[i];
    }
    sum = warpSum(sum);
    const int lane = threadIdx.x % 32;
    const int warp = threadIdx.x / 32;
    if (lane == 0) warpSums[warp] = sum;
    __syncthreads();
    if (warp == 0) {
        sum = lane < kThreads / 32 ? warpSums[lane] : 0.0f;
        sum = warpSum(sum);
        if (lane == 0) out[blockIdx.x] = sum;
    }
}

cudaError_t sumOnGpu(const std::vector<float>& values, float& result) {
    result = 0.0f;
    const std::size_t n = values.size();
    if (n == 0) return cudaSuccess;
    const std::size_t wanted = (n + kThreads - 1) / kThreads;
    const int blocks = static_cast<int>(wanted < 1024 ? wanted : 1024);
    float *dIn = nullptr, *dPartial = nullptr, *dOut = nullptr;
    cudaError_t err = cudaMalloc(&dIn, n * sizeof(float));
    if (err == cudaSuccess) err = cudaMalloc(&dPartial, static_cast<std::size_t>(blocks) * sizeof(float));
    if (err == cudaSuccess) err = cudaMalloc(&dOut, sizeof(float));
    if (err == cudaSuccess) err = cudaMemcpy(dIn, values.data(), n * sizeof(float), cudaMemcpyHostToDevice);
    if (err == cudaSuccess) {
        blockSumKernel<<<blocks, kThreads>>>(dIn, dPartial, n);
        blockSumKernel<<<1, kThreads>>>(dPartial, dOut, static_cast<std::size_t>(blocks));
        err = cudaGetLastError();
    }
    if (err == cudaSuccess) err = cudaMemcpy(&result, dOut, sizeof(float), cudaMemcpyDeviceToHost);
    cudaFree(dIn);
    cudaFree(dPartial);
    cudaFree(dOut);
    return err;
}

}  // namespace cudareduce
