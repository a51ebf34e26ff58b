#pragma once
// Hand-written FP32 GEMM kernels, C = A * B, all row-major: A is m x k, B is k x n.

namespace kdemo::gemm {

/// One thread per output; threadIdx.x walks the columns so B and C accesses are coalesced.
__global__ void naive(int m, int n, int k, const float* __restrict__ a, const float* __restrict__ b,
                      float* __restrict__ c)
{
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row >= m || col >= n)
        return;
    float acc = 0.0f;
    for (int p = 0; p < k; ++p)
        acc += a[static_cast<size_t>(row) * k + p] * b[static_cast<size_t>(p) * n + col];
    c[static_cast<size_t>(row) * n + col] = acc;
}

/// 32 x 32 tiles of A and B staged in shared memory; each element loaded from DRAM is used
/// 32 times. Needs m, n, k multiples of 32 and a 32 x 32 block.
__global__ void smemTiled(int m, int n, int k, const float* __restrict__ a, const float* __restrict__ b,
                          float* __restrict__ c)
{
    constexpr int T = 32;
    __shared__ float as[T][T];
    __shared__ float bs[T][T + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
    float acc = 0.0f;
    for (int p0 = 0; p0 < k; p0 += T) {
        as[ty][tx] = a[static_cast<size_t>(row) * k + p0 + tx];
        bs[ty][tx] = b[static_cast<size_t>(p0 + ty) * n + col];
        __syncthreads();
#pragma unroll
        for (int p = 0; p < T; ++p)
            acc += as[ty][p] * bs[p][tx];
        __syncthreads();
    }
    c[static_cast<size_t>(row) * n + col] = acc;
}

/// 128 x 128 block tile, 256 threads, each thread an 8 x 8 register tile (as two 4-wide
/// groups 64 apart, so a quarter-warp's 16-byte shared loads fall in distinct banks). A is
/// stored transposed in shared memory so both operands are read as float4; the next k-slice is
/// fetched into registers while the current one is multiplied (double-buffered shared memory).
/// Needs m, n multiples of 128 and k a multiple of 8.
namespace rb {
constexpr int BM = 128, BN = 128, BK = 8, PAD = 4, THREADS = 256;
}

__global__ void __launch_bounds__(rb::THREADS, 2)
    registerBlocked(int m, int n, int k, const float* __restrict__ a, const float* __restrict__ b,
                    float* __restrict__ c)
{
    using namespace rb;
    __shared__ __align__(16) float as[2][BK][BM + PAD];
    __shared__ __align__(16) float bs[2][BK][BN];
    const int tid = threadIdx.x;
    const int tx = tid % 16, ty = tid / 16;
    const int rowBase = blockIdx.y * BM, colBase = blockIdx.x * BN;

    // Global -> shared mapping: A tile 128 x 8 is 256 float4 (row tid/2, k-offset (tid%2)*4);
    // B tile 8 x 128 is 256 float4 (k-row tid/32, column (tid%32)*4).
    const int aRow = tid / 2, aK = (tid % 2) * 4;
    const int bK = tid / 32, bCol = (tid % 32) * 4;
    const float* aPtr = a + static_cast<size_t>(rowBase + aRow) * k + aK;
    const float* bPtr = b + static_cast<size_t>(bK) * n + colBase + bCol;

    float acc[8][8] = {};
    float4 aNext = *reinterpret_cast<const float4*>(aPtr);
    float4 bNext = *reinterpret_cast<const float4*>(bPtr);
    as[0][aK + 0][aRow] = aNext.x;
    as[0][aK + 1][aRow] = aNext.y;
    as[0][aK + 2][aRow] = aNext.z;
    as[0][aK + 3][aRow] = aNext.w;
    *reinterpret_cast<float4*>(&bs[0][bK][bCol]) = bNext;
    __syncthreads();

    int buf = 0;
    for (int p0 = 0; p0 < k; p0 += BK) {
        const bool more = p0 + BK < k;
        if (more) {
            aNext = *reinterpret_cast<const float4*>(aPtr + p0 + BK);
            bNext = *reinterpret_cast<const float4*>(bPtr + static_cast<size_t>(p0 + BK) * n);
        }
#pragma unroll
        for (int p = 0; p < BK; ++p) {
            float av[8], bv[8];
            *reinterpret_cast<float4*>(&av[0]) = *reinterpret_cast<const float4*>(&as[buf][p][ty * 4]);
            *reinterpret_cast<float4*>(&av[4]) = *reinterpret_cast<const float4*>(&as[buf][p][64 + ty * 4]);
            *reinterpret_cast<float4*>(&bv[0]) = *reinterpret_cast<const float4*>(&bs[buf][p][tx * 4]);
            *reinterpret_cast<float4*>(&bv[4]) = *reinterpret_cast<const float4*>(&bs[buf][p][64 + tx * 4]);
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j)
                    acc[i][j] = fmaf(av[i], bv[j], acc[i][j]);
        }
        if (more) {
            // The other buffer was last read before the previous barrier, so it is free.
            const int nb = buf ^ 1;
            as[nb][aK + 0][aRow] = aNext.x;
            as[nb][aK + 1][aRow] = aNext.y;
            as[nb][aK + 2][aRow] = aNext.z;
            as[nb][aK + 3][aRow] = aNext.w;
            *reinterpret_cast<float4*>(&bs[nb][bK][bCol]) = bNext;
            __syncthreads();
            buf = nb;
        }
    }
#pragma unroll
    for (int i = 0; i < 8; ++i) {
        const int row = rowBase + (i < 4 ? ty * 4 + i : 64 + ty * 4 + (i - 4));
        float* cRow = c + static_cast<size_t>(row) * n + colBase;
        *reinterpret_cast<float4*>(cRow + tx * 4) = make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
        *reinterpret_cast<float4*>(cRow + 64 + tx * 4) =
            make_float4(acc[i][4], acc[i][5], acc[i][6], acc[i][7]);
    }
}

}  // namespace kdemo::gemm
