// Reference solution for card coding-cuda-vector-add: c = a + b on the GPU with a grid-stride loop.
//
// Each thread handles elements i, i + stride, i + 2*stride ... where stride = gridDim.x * blockDim.x,
// so any n works with a grid sized to the GPU rather than to n, and consecutive threads read
// consecutive floats (coalesced 128-byte transactions per warp). The kernel does 1 FLOP per 12 bytes
// moved, so it is memory-bound: its speed is a measure of achieved DRAM bandwidth.
#include <cuda_runtime.h>

#include <cstddef>
#include <vector>

namespace cudavec {

__global__ void vectorAddKernel(const float* a, const float* b, float* c, std::size_t n) {
    const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
    for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {
        c[i] = a[i] + b[i];
    }
}

// Host wrapper: copies in, launches, copies out. Returns the first CUDA error (cudaSuccess if none).
cudaError_t vectorAddOnGpu(const std::vector<float>& a, const std::vector<float>& b, std::vector<float>& c) {
    const std::size_t n = a.size();
    c.assign(n, 0.0f);
    if (n == 0 || b.size() != n) {
        return n == 0 ? cudaSuccess : cudaErrorInvalidValue;
    }
    const std::size_t bytes = n * sizeof(float);
    float *dA = nullptr, *dB = nullptr, *dC = nullptr;
    cudaError_t err = cudaMalloc(&dA, bytes);
    if (err == cudaSuccess) err = cudaMalloc(&dB, bytes);
    if (err == cudaSuccess) err = cudaMalloc(&dC, bytes);
    if (err == cudaSuccess) err = cudaMemcpy(dA, a.data(), bytes, cudaMemcpyHostToDevice);
    if (err == cudaSuccess) err = cudaMemcpy(dB, b.data(), bytes, cudaMemcpyHostToDevice);
    if (err == cudaSuccess) {
        const int threads = 256;
        // Enough blocks to cover n, capped: the grid-stride loop handles the rest.
        const std::size_t wanted = (n + threads - 1) / threads;
        const int blocks = static_cast<int>(wanted < 4096 ? wanted : 4096);
        vectorAddKernel<<<blocks, threads>>>(dA, dB, dC, n);
        err = cudaGetLastError();
    }
    if (err == cudaSuccess) err = cudaMemcpy(c.data(), dC, bytes, cudaMemcpyDeviceToHost);
    cudaFree(dA);
    cudaFree(dB);
    cudaFree(dC);
    return err;
}

}  // namespace cudavec
