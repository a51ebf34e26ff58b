// Reference solution for card coding-cuda-transpose: out = transpose(in) for a rows x cols float
// matrix, through a padded shared-memory tile.
//
// A naive transpose reads rows (coalesced) but writes columns (each thread of a warp hits a
// different 128-byte segment). Here a 32 x 32 tile is read row-wise into shared memory and written
// out row-wise from the transposed position, so both global accesses are coalesced. The tile is
// declared 32 x 33: reading a column of a 32 x 32 float array would put all 32 threads on the same
// shared-memory bank (32 banks of 4 bytes); the extra column shifts each row by one bank.
// Each block is 32 x 8 threads, each thread moving 4 elements.
#include <cuda_runtime.h>

#include <cstddef>
#include <vector>

namespace cudatranspose {

constexpr int kTile = 32;
constexpr int kRowsPerPass = 8;

__global__ void transposeKernel(const float* in, float* out, int rows, int cols) {
    __shared__ float tile[kTile][kTile + 1];
    int x = blockIdx.x * kTile + threadIdx.x;  // column in `in`
    int y = blockIdx.y * kTile + threadIdx.y;  // row in `in`
    for (int j = 0; j < kTile; j += kRowsPerPass) {
        if (x < cols && y + j < rows) {
            tile[threadIdx.y + j][threadIdx.x] = in[static_cast<std::size_t>(y + j) * cols + x];
        }
    }
    __syncthreads();
    x = blockIdx.y * kTile + threadIdx.x;  // column in `out` (= row in `in`)
    y = blockIdx.x * kTile + threadIdx.y;  // row in `out` (= column in `in`)
    for (int j = 0; j < kTile; j += kRowsPerPass) {
        if (x < rows && y + j < cols) {
            out[static_cast<std::size_t>(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
        }
    }
}

cudaError_t transposeOnGpu(const std::vector<float>& in, std::vector<float>& out, int rows, int cols) {
    out.assign(in.size(), 0.0f);
    if (rows <= 0 || cols <= 0) return cudaSuccess;
    if (in.size() != static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols)) return cudaErrorInvalidValue;
    const std::size_t bytes = in.size() * sizeof(float);
    float *dIn = nullptr, *dOut = nullptr;
    cudaError_t err = cudaMalloc(&dIn, bytes);
    if (err == cudaSuccess) err = cudaMalloc(&dOut, bytes);
    if (err == cudaSuccess) err = cudaMemcpy(dIn, in.data(), bytes, cudaMemcpyHostToDevice);
    if (err == cudaSuccess) {
        const dim3 block(kTile, kRowsPerPass);
        const dim3 grid((cols + kTile - 1) / kTile, (rows + kTile - 1) / kTile);
        transposeKernel<<<grid, block>>>(dIn, dOut, rows, cols);
        err = cudaGetLastError();
    }
    if (err == cudaSuccess) err = cudaMemcpy(out.data(), dOut, bytes, cudaMemcpyDeviceToHost);
    cudaFree(dIn);
    cudaFree(dOut);
    return err;
}

}  // namespace cudatranspose
