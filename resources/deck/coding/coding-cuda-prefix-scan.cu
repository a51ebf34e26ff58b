// Reference solution for card coding-cuda-prefix-scan: inclusive prefix sum of n ints on the GPU,
// any n, by scan-then-propagate.
//
// 1. Each block of 1024 threads scans 1024 elements: every warp scans its 32 values with
//    __shfl_up_sync (log2(32) = 5 steps), warp totals go to shared memory, warp 0 scans those 32
//    totals, and each warp adds the total of the warps before it. The block's total goes to
//    blockSums.
// 2. blockSums is scanned recursively with the same routine (1024x fewer elements per level).
// 3. Every block except the first adds the scanned total of the blocks before it.
// Work is O(n); each level reads and writes the data about twice. Integers keep the result exact,
// so the test can compare with std::inclusive_scan bit for bit.
#include <cuda_runtime.h>

#include <cstddef>
#include <vector>

namespace cudascan {

constexpr int kThreads = 1024;  // 32 warps: warp 0 can scan the 32 warp totals in one pass
constexpr unsigned kFullMask = 0xffffffffu;

__device__ int warpInclusiveScan(int v) {
    const int lane = threadIdx.x % 32;
    for (int offset = 1; offset < 32; offset *= 2) {
        const int up = __shfl_up_sync(kFullMask, v, offset);
        if (lane >= offset) v += up;
    }
    return v;
}

__global__ void blockScanKernel(const int* in, int* out, int* blockSums, std::size_t n) {
    __shared__ int warpTotals[kThreads / 32];
    const std::size_t i = static_cast<std::size_t>(blockIdx.x) * kThreads + threadIdx.x;
    int v = i < n ? in[i] : 0;
    v = warpInclusiveScan(v);
    const int lane = threadIdx.x % 32;
    const int warp = threadIdx.x / 32;
    if (lane == 31) warpTotals[warp] = v;
    __syncthreads();
    if (warp == 0) {
        warpTotals[lane] = warpInclusiveScan(warpTotals[lane]);
    }
    __syncthreads();
    if (warp > 0) v += warpTotals[warp - 1];
    if (i < n) out[i] = v;
    if (threadIdx.x == kThreads - 1 && blockSums != nullptr) blockSums[blockIdx.x] = v;
}

__global__ void addBlockOffsetsKernel(int* data, const int* scannedBlockSums, std::size_t n) {
    if (blockIdx.x == 0) return;
    const std::size_t i = static_cast<std::size_t>(blockIdx.x) * kThreads + threadIdx.x;
    if (i < n) data[i] += scannedBlockSums[blockIdx.x - 1];
}

// Scans dIn into dOut (device pointers, may alias); recursion depth is log_1024(n).
cudaError_t scanDevice(const int* dIn, int* dOut, std::size_t n) {
    const std::size_t blocks = (n + kThreads - 1) / kThreads;
    if (blocks == 1) {
        blockScanKernel<<<1, kThreads>>>(dIn, dOut, nullptr, n);
        return cudaGetLastError();
    }
    int* dSums = nullptr;
    cudaError_t err = cudaMalloc(&dSums, blocks * sizeof(int));
    if (err != cudaSuccess) return err;
    blockScanKernel<<<static_cast<unsigned>(blocks), kThreads>>>(dIn, dOut, dSums, n);
    err = cudaGetLastError();
    if (err == cudaSuccess) err = scanDevice(dSums, dSums, blocks);
    if (err == cudaSuccess) {
        addBlockOffsetsKernel<<<static_cast<unsigned>(blocks), kThreads>>>(dOut, dSums, n);
        err = cudaGetLastError();
    }
    cudaFree(dSums);
    return err;
}

cudaError_t inclusiveScanOnGpu(const std::vector<int>& in, std::vector<int>& out) {
    out.assign(in.size(), 0);
    const std::size_t n = in.size();
    if (n == 0) return cudaSuccess;
    int *dIn = nullptr, *dOut = nullptr;
    cudaError_t err = cudaMalloc(&dIn, n * sizeof(int));
    if (err == cudaSuccess) err = cudaMalloc(&dOut, n * sizeof(int));
    if (err == cudaSuccess) err = cudaMemcpy(dIn, in.data(), n * sizeof(int), cudaMemcpyHostToDevice);
    if (err == cudaSuccess) err = scanDevice(dIn, dOut, n);
    if (err == cudaSuccess) err = cudaMemcpy(out.data(), dOut, n * sizeof(int), cudaMemcpyDeviceToHost);
    cudaFree(dIn);
    cudaFree(dOut);
    return err;
}

}  // namespace cudascan
