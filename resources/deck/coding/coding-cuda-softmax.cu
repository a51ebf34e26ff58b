// Reference solution for card coding-cuda-softmax: row-wise softmax of a rows x cols float matrix,
// one block per row, with the online (single-pass) max-and-sum.
//
// Each thread walks its strided part of the row keeping a running max m and a running sum s of
// exp(x - m); when a larger value arrives the old sum is rescaled by exp(m_old - m_new). The pairs
// (m, s) are then merged across the block with the same rule. A second pass writes
// exp(x - m) / s. Subtracting the row max keeps exp() from overflowing for large logits.
// Global memory traffic: the row is read twice and written once.
#include <cuda_runtime.h>

#include <cfloat>
#include <cstddef>
#include <vector>

namespace cudasoftmax {

constexpr int kThreads = 256;
constexpr unsigned kFullMask = 0xffffffffu;

struct MaxSum {
    float m;  // running maximum
    float s;  // sum of exp(x - m)
};

__device__ MaxSum combine(MaxSum a, MaxSum b) {
    if (a.m == -FLT_MAX) return b;
    if (b.m == -FLT_MAX) return a;
    const float m = fmaxf(a.m, b.m);
    return {m, a.s * __expf(a.m - m) + b.s * __expf(b.m - m)};
}

__device__ MaxSum warpCombine(MaxSum v) {
    for (int offset = 16; offset > 0; offset /= 2) {
        MaxSum other{__shfl_down_sync(kFullMask, v.m, offset), __shfl_down_sync(kFullMask, v.s, offset)};
        v = combine(v, other);
    }
    return v;
}

__global__ void softmaxRowsKernel(const float* in, float* out, int cols) {
    const float* row = in + static_cast<std::size_t>(blockIdx.x) * cols;
    float* outRow = out + static_cast<std::size_t>(blockIdx.x) * cols;
    MaxSum local{-FLT_MAX, 0.0f};
    for (int j = threadIdx.x; j < cols; j += blockDim.x) {
        local = combine(local, MaxSum{row[j], 1.0f});
    }
    local = warpCombine(local);
    __shared__ MaxSum warpParts[kThreads / 32];
    __shared__ MaxSum rowTotal;
    const int lane = threadIdx.x % 32;
    const int warp = threadIdx.x / 32;
    if (lane == 0) warpParts[warp] = local;
    __syncthreads();
    if (warp == 0) {
        MaxSum v = lane < kThreads / 32 ? warpParts[lane] : MaxSum{-FLT_MAX, 0.0f};
        v = warpCombine(v);
        if (lane == 0) rowTotal = v;
    }
    __syncthreads();
    const MaxSum total = rowTotal;
    const float inv = 1.0f / total.s;
    for (int j = threadIdx.x; j < cols; j += blockDim.x) {
        outRow[j] = __expf(row[j] - total.m) * inv;
    }
}

cudaError_t softmaxRowsOnGpu(const std::vector<float>& in, std::vector<float>& out, int rows, int cols) {
    out.assign(in.size(), 0.0f);
    if (rows <= 0 || cols <= 0) return cudaSuccess;
    if (in.size() != static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols)) return cudaErrorInvalidValue;
    const std::size_t bytes = in.size() * sizeof(float);
    float *dIn = nullptr, *dOut = nullptr;
    cudaError_t err = cudaMalloc(&dIn, bytes);
    if (err == cudaSuccess) err = cudaMalloc(&dOut, bytes);
    if (err == cudaSuccess) err = cudaMemcpy(dIn, in.data(), bytes, cudaMemcpyHostToDevice);
    if (err == cudaSuccess) {
        softmaxRowsKernel<<<rows, kThreads>>>(dIn, dOut, cols);
        err = cudaGetLastError();
    }
    if (err == cudaSuccess) err = cudaMemcpy(out.data(), dOut, bytes, cudaMemcpyDeviceToHost);
    cudaFree(dIn);
    cudaFree(dOut);
    return err;
}

}  // namespace cudasoftmax
