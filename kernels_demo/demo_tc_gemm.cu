// Tensor-core GEMM by hand, step by step, against cuBLASLt. C = A B with A (M x K) and B (K x N)
// row-major BF16, FP32 accumulation, C (M x N) row-major BF16, M = N = K = the demo size.
//
//   wmma-naive     one warp per 16 x 16 tile of C, WMMA fragments loaded straight from global
//                  memory: tensor cores, but every operand comes through L1/L2 16 times over.
//   wmma-smem      128 x 128 x 32 block tiles staged in shared memory by 8 warps, each warp a
//                  64 x 32 tile of WMMA fragments: operands reused from shared memory, but loads
//                  and math still alternate (one buffer, two barriers per k-step).
//   mma-pipelined  128 x 256 x 64 block tile, 8 warps of 64 x 64, ldmatrix (.trans for the
//                  row-major B) feeding mma.sync.m16n8k16 bf16 with fragments double-buffered in
//                  registers, a 3-stage cp.async pipeline (two k-tiles in flight while one is
//                  multiplied; 128 x 256 x 32 and 4 stages where shared memory is under 144 KiB),
//                  XOR-swizzled shared layout (no bank conflicts for cp.async stores or ldmatrix
//                  loads), blocks visited in groups of 8 tile-rows so neighbours share L2 data.
//   cublaslt-bf16  cuBLASLt, same layouts, fastest of the heuristic's top 8 algorithms.
//
// Accounting: FLOPs = 2 M N K; bytes = the compulsory traffic 2 (M K + K N + M N) (BF16 read of
// A and B, write of C), recorded but not the limit. The limit is the dense BF16 tensor peak
// (NVIDIA H100/H200 SXM datasheet, 989.4 TFLOP/s, used on compute capability 9.0 only).
// mma.sync is the Ampere instruction; on Hopper the full peak needs wgmma (warpgroup MMA,
// asynchronous, operands from shared memory), which is what cuBLAS uses there, so the hand
// kernels are held against cuBLASLt rather than the peak (target >= 0.6 of cuBLASLt).
// Fragment layouts, ldmatrix and cp.async semantics: PTX ISA, "Warp-level matrix instructions"
// (mma.m16n8k16, ldmatrix) and "Data movement: cp.async".

#include <cuda_bf16.h>
#include <mma.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "checks.h"
#include "cpu_reference.h"
#include "cuda_util.h"
#include "demos.h"
#include "hardware_math.h"
#include "libraries.h"
#include "lt_matmul.h"

namespace kdemo {

void runTensorCoreGemm(RunContext& ctx, DemoResult& r);

// Device code lives in a named namespace: on targets below sm_80 the kernel bodies compile to
// nothing, and unused internal-linkage device functions would then draw warning 177.
namespace tcgemm {

using bf16 = __nv_bfloat16;

// Every hand kernel needs M, N multiples of its block tile and K of its k-tile; the demo rounds
// the size down to a multiple of 256, which covers all of them.
inline constexpr int kSizeMultiple = 256;

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#define KD_TC_SM80 1
#else
#define KD_TC_SM80 0
#endif

// ---------------------------------------------------------------------------------------------
// 1. WMMA straight from global memory.

namespace naive {
inline constexpr int kWarpsM = 2, kWarpsN = 2;  // a block of 4 warps covers 32 x 32 of C
inline constexpr int kThreads = 32 * kWarpsM * kWarpsN;
}  // namespace naive

__global__ void __launch_bounds__(naive::kThreads) wmmaNaive(int m, int n, int k, const bf16* __restrict__ a,
                                                             const bf16* __restrict__ b, bf16* __restrict__ c)
{
#if KD_TC_SM80
    using namespace nvcuda;
    // The accumulator's element order inside a fragment is unspecified, so it goes through
    // shared memory (store_matrix_sync) to be rounded to BF16 and written.
    __shared__ __align__(32) float scratch[naive::kWarpsM * naive::kWarpsN][16 * 16];
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    const int tileRow = (blockIdx.y * naive::kWarpsM + warp / naive::kWarpsN) * 16;
    const int tileCol = (blockIdx.x * naive::kWarpsN + warp % naive::kWarpsN) * 16;
    if (tileRow >= m || tileCol >= n)
        return;  // whole warp leaves together; no block barrier below

    wmma::fragment<wmma::matrix_a, 16, 16, 16, bf16, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, bf16, wmma::row_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::fill_fragment(acc, 0.0f);
    const bf16* aRow = a + static_cast<size_t>(tileRow) * k;
    for (int p = 0; p < k; p += 16) {
        wmma::load_matrix_sync(fa, aRow + p, k);
        wmma::load_matrix_sync(fb, b + static_cast<size_t>(p) * n + tileCol, n);
        wmma::mma_sync(acc, fa, fb, acc);
    }
    float* s = scratch[warp];
    wmma::store_matrix_sync(s, acc, 16, wmma::mem_row_major);
    __syncwarp();
    // Each lane writes 8 consecutive outputs (16 bytes): row lane / 2, columns (lane % 2) * 8 ...
    const int r = lane / 2, c0 = (lane % 2) * 8;
    alignas(16) bf16 out[8];
#pragma unroll
    for (int e = 0; e < 8; ++e)
        out[e] = __float2bfloat16_rn(s[r * 16 + c0 + e]);
    *reinterpret_cast<uint4*>(c + static_cast<size_t>(tileRow + r) * n + tileCol + c0) =
        *reinterpret_cast<const uint4*>(out);
#else
    (void)m, (void)n, (void)k, (void)a, (void)b, (void)c;
#endif
}

// ---------------------------------------------------------------------------------------------
// 2. WMMA with shared-memory block tiles.

namespace tiled {
inline constexpr int BM = 128, BN = 128, BK = 32;
inline constexpr int kWarpsM = 2, kWarpsN = 4;              // 8 warps
inline constexpr int WM = BM / kWarpsM, WN = BN / kWarpsN;  // 64 x 32 per warp
inline constexpr int kFragsM = WM / 16, kFragsN = WN / 16;  // 4 x 2 fragments
inline constexpr int kThreads = 32 * kWarpsM * kWarpsN;
// Rows padded by 8 BF16 (16 bytes): the row stride is then an odd multiple of 16 bytes, so the
// 16-byte rows a fragment load touches spread over the banks. WMMA needs a 32-byte aligned
// fragment pointer and a stride that is a multiple of 8 elements: 40 and 136 are.
inline constexpr int kLdA = BK + 8, kLdB = BN + 8;
inline constexpr int kChunksA = BM * BK / 8, kChunksB = BK * BN / 8;  // 16-byte pieces per tile
static_assert(kChunksA % kThreads == 0 && kChunksB % kThreads == 0, "whole chunks per thread");
}  // namespace tiled

__global__ void __launch_bounds__(tiled::kThreads) wmmaSmem(int m, int n, int k, const bf16* __restrict__ a,
                                                            const bf16* __restrict__ b, bf16* __restrict__ c)
{
#if KD_TC_SM80
    using namespace nvcuda;
    using namespace tiled;
    __shared__ __align__(128) bf16 as[BM * kLdA];
    __shared__ __align__(128) bf16 bs[BK * kLdB];
    __shared__ __align__(32) float scratch[kWarpsM * kWarpsN][16 * 16];
    const int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
    const int wm = warp / kWarpsN, wn = warp % kWarpsN;
    const int rowBase = blockIdx.y * BM, colBase = blockIdx.x * BN;
    (void)m;

    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[kFragsM][kFragsN];
#pragma unroll
    for (int i = 0; i < kFragsM; ++i)
#pragma unroll
        for (int j = 0; j < kFragsN; ++j)
            wmma::fill_fragment(acc[i][j], 0.0f);

    for (int p0 = 0; p0 < k; p0 += BK) {
        // A tile 128 x 32: 4 chunks per row; B tile 32 x 128: 16 chunks per row; 16-byte loads.
#pragma unroll
        for (int q = 0; q < kChunksA / kThreads; ++q) {
            const int i = tid + q * kThreads, row = i / (BK / 8), ch = i % (BK / 8);
            *reinterpret_cast<uint4*>(&as[row * kLdA + ch * 8]) =
                *reinterpret_cast<const uint4*>(a + static_cast<size_t>(rowBase + row) * k + p0 + ch * 8);
        }
#pragma unroll
        for (int q = 0; q < kChunksB / kThreads; ++q) {
            const int i = tid + q * kThreads, row = i / (BN / 8), ch = i % (BN / 8);
            *reinterpret_cast<uint4*>(&bs[row * kLdB + ch * 8]) =
                *reinterpret_cast<const uint4*>(b + static_cast<size_t>(p0 + row) * n + colBase + ch * 8);
        }
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < BK; kk += 16) {
            wmma::fragment<wmma::matrix_a, 16, 16, 16, bf16, wmma::row_major> fa[kFragsM];
            wmma::fragment<wmma::matrix_b, 16, 16, 16, bf16, wmma::row_major> fb[kFragsN];
#pragma unroll
            for (int i = 0; i < kFragsM; ++i)
                wmma::load_matrix_sync(fa[i], &as[(wm * WM + i * 16) * kLdA + kk], kLdA);
#pragma unroll
            for (int j = 0; j < kFragsN; ++j)
                wmma::load_matrix_sync(fb[j], &bs[kk * kLdB + wn * WN + j * 16], kLdB);
#pragma unroll
            for (int i = 0; i < kFragsM; ++i)
#pragma unroll
                for (int j = 0; j < kFragsN; ++j)
                    wmma::mma_sync(acc[i][j], fa[i], fb[j], acc[i][j]);
        }
        __syncthreads();  // the tile is overwritten by the next iteration's stores
    }

    float* s = scratch[warp];
    const int r = lane / 2, c0 = (lane % 2) * 8;
#pragma unroll
    for (int i = 0; i < kFragsM; ++i)
#pragma unroll
        for (int j = 0; j < kFragsN; ++j) {
            wmma::store_matrix_sync(s, acc[i][j], 16, wmma::mem_row_major);
            __syncwarp();
            alignas(16) bf16 out[8];
#pragma unroll
            for (int e = 0; e < 8; ++e)
                out[e] = __float2bfloat16_rn(s[r * 16 + c0 + e]);
            const size_t row = static_cast<size_t>(rowBase + wm * WM + i * 16 + r);
            const int col = colBase + wn * WN + j * 16 + c0;
            *reinterpret_cast<uint4*>(c + row * n + col) = *reinterpret_cast<const uint4*>(out);
            __syncwarp();  // every lane has read the scratch before the next fragment lands in it
        }
#else
    (void)m, (void)n, (void)k, (void)a, (void)b, (void)c;
#endif
}

// ---------------------------------------------------------------------------------------------
// 3. ldmatrix + mma.sync with a cp.async pipeline.

__device__ __forceinline__ void cpAsync16(std::uint32_t smemAddr, const void* global)
{
#if KD_TC_SM80
    // .cg: cache in L2 only; the tile is used from shared memory, L1 would only be polluted.
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(smemAddr), "l"(global) : "memory");
#else
    (void)smemAddr, (void)global;
#endif
}

__device__ __forceinline__ void cpAsyncCommit()
{
#if KD_TC_SM80
    asm volatile("cp.async.commit_group;\n" ::: "memory");
#endif
}

/// Waits until at most `Pending` of this thread's committed groups are still in flight.
template <int Pending>
__device__ __forceinline__ void cpAsyncWait()
{
#if KD_TC_SM80
    asm volatile("cp.async.wait_group %0;\n" ::"n"(Pending) : "memory");
#endif
}

/// Four 8 x 8 BF16 matrices; lane L gives the address of row L % 8 of matrix L / 8, and
/// register i receives matrix i in the mma fragment layout (row L / 4, columns 2 (L % 4) + 0, 1).
__device__ __forceinline__ void ldmatrixX4(std::uint32_t (&d)[4], std::uint32_t smemAddr)
{
#if KD_TC_SM80
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(smemAddr));
#else
    d[0] = d[1] = d[2] = d[3] = smemAddr;
#endif
}

/// The same, transposed: lane L receives elements (2 (L % 4) + 0, 1; L / 4) of each stored
/// matrix, i.e. the stored rows become the fragment's k index.
__device__ __forceinline__ void ldmatrixX4Trans(std::uint32_t (&d)[4], std::uint32_t smemAddr)
{
#if KD_TC_SM80
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(smemAddr));
#else
    d[0] = d[1] = d[2] = d[3] = smemAddr;
#endif
}

/// acc (16 x 8, FP32) += a (16 x 16, row) * b (16 x 8, col), BF16 inputs.
__device__ __forceinline__ void mmaBf16(float (&acc)[4], const std::uint32_t (&a)[4], std::uint32_t b0,
                                        std::uint32_t b1)
{
#if KD_TC_SM80
    asm volatile(
        "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
        "{%0, %1, %2, %3};\n"
        : "+f"(acc[0]), "+f"(acc[1]), "+f"(acc[2]), "+f"(acc[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
#else
    (void)acc, (void)a, (void)b0, (void)b1;
#endif
}

template <int BM_, int BN_, int BK_, int WM_, int WN_, int STAGES_, int GROUP_M_>
struct MmaConfig {
    static constexpr int BM = BM_, BN = BN_, BK = BK_, WM = WM_, WN = WN_, STAGES = STAGES_,
                         GROUP_M = GROUP_M_;
    static constexpr int kWarpsM = BM / WM, kWarpsN = BN / WN;
    static constexpr int kThreads = 32 * kWarpsM * kWarpsN;
    static constexpr int kTilesM = WM / 16, kTilesN = WN / 8;         // mma tiles per warp
    static constexpr int kChunksRowA = BK / 8, kChunksRowB = BN / 8;  // 16-byte chunks per smem row
    static constexpr int kStageA = BM * BK, kStageB = BK * BN;        // elements per stage
    static constexpr int kSmemBytes = STAGES * (kStageA + kStageB) * static_cast<int>(sizeof(bf16));
    static_assert(BM % WM == 0 && BN % WN == 0 && WM % 16 == 0 && WN % 16 == 0, "warp tiling");
    static_assert(BK == 32 || BK == 64, "A swizzle is written for 64- or 128-byte rows");
    static_assert(BN % 64 == 0, "B swizzle permutes groups of 8 chunks");
    static_assert((BM * kChunksRowA) % kThreads == 0 && (BK * kChunksRowB) % kThreads == 0, "whole chunks");
    static_assert(STAGES >= 2, "pipeline depth");

    /// Element offset of chunk `ch` (8 BF16) of row `row` in an A stage (BM rows of BK).
    /// The 16-byte chunk index is XORed with bits of the row so that the 8 rows one ldmatrix
    /// phase reads (same logical chunk, consecutive rows) land in 8 different 16-byte bank
    /// groups of the 128-byte bank line. With 64-byte rows two rows share a line, so the row
    /// pair index selects the XOR.
    __device__ static __forceinline__ int offsetA(int row, int ch)
    {
        if constexpr (BK == 64)
            return row * BK + ((ch ^ (row & 7)) * 8);
        else
            return row * BK + ((ch ^ ((row >> 1) & 3)) * 8);
    }
    /// B stage: BK rows (k) of BN (n); rows are >= 128 bytes, so XOR the low 3 chunk bits with
    /// k % 8: ldmatrix.trans reads 8 consecutive k at one chunk, all in different bank groups.
    __device__ static __forceinline__ int offsetB(int row, int ch)
    {
        return row * BN + ((ch ^ (row & 7)) * 8);
    }
};

// The k-tile depth decides how often the block meets at a barrier: 64 (3 stages, 144 KiB of
// shared memory) where the part allows it (sm_80, sm_90), otherwise 32 (4 stages, 96 KiB, within
// the 99 KiB opt-in limit of sm_86/sm_89). On an H200 the deeper tile was about 8% faster.
using MmaDeep = MmaConfig<128, 256, 64, 64, 64, 3, 8>;
using MmaShallow = MmaConfig<128, 256, 32, 64, 64, 4, 8>;

template <class Cfg>
__global__ void __launch_bounds__(Cfg::kThreads, 1)
    mmaPipelined(int m, int n, int k, const bf16* __restrict__ a, const bf16* __restrict__ b,
                 bf16* __restrict__ c)
{
#if KD_TC_SM80
    constexpr int BM = Cfg::BM, BN = Cfg::BN, BK = Cfg::BK, WM = Cfg::WM, WN = Cfg::WN, STAGES = Cfg::STAGES;
    constexpr int kThreads = Cfg::kThreads;
    constexpr int kTilesM = Cfg::kTilesM, kTilesN = Cfg::kTilesN;
    constexpr int kSteps = BK / 16;  // mma k-steps per k-tile
    static_assert(kSteps >= 2, "the fragment double-buffering below assumes two or more k-steps");
    constexpr std::uint32_t kStageBytesA = Cfg::kStageA * 2, kStageBytesB = Cfg::kStageB * 2;
    extern __shared__ __align__(128) unsigned char smemRaw[];
    const std::uint32_t sA = static_cast<std::uint32_t>(__cvta_generic_to_shared(smemRaw));
    const std::uint32_t sB = sA + STAGES * kStageBytesA;

    const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
    const int wm = warp / Cfg::kWarpsN, wn = warp % Cfg::kWarpsN;

    // Grouped block order: consecutive blocks walk down GROUP_M tile-rows before moving right,
    // so the blocks resident at one time share a few A panels and a few B panels in L2.
    const int tilesM = m / BM, tilesN = n / BN;
    const int perGroup = Cfg::GROUP_M * tilesN;
    const int group = static_cast<int>(blockIdx.x) / perGroup;
    const int firstM = group * Cfg::GROUP_M;
    const int rowsInGroup = min(tilesM - firstM, Cfg::GROUP_M);
    const int local = static_cast<int>(blockIdx.x) % perGroup;
    const int tileM = firstM + local % rowsInGroup;
    const int tileN = local / rowsInGroup;

    // Copies global -> shared: one pass of all threads covers kRowsPass* whole rows of a tile;
    // a thread keeps the same chunk column in every pass, and since passes are a multiple of 8
    // rows apart the swizzle term is the same too, so each pass only adds a constant.
    constexpr int kRowsPassA = kThreads / Cfg::kChunksRowA, kRowsPassB = kThreads / Cfg::kChunksRowB;
    static_assert(kThreads % Cfg::kChunksRowA == 0 && kThreads % Cfg::kChunksRowB == 0,
                  "whole rows per pass");
    static_assert(kRowsPassA % 8 == 0 && kRowsPassB % 8 == 0, "passes must keep the swizzle phase");
    const int aRow = tid / Cfg::kChunksRowA, aCh = tid % Cfg::kChunksRowA;
    const int bRow = tid / Cfg::kChunksRowB, bCh = tid % Cfg::kChunksRowB;
    const std::uint32_t aDst = sA + Cfg::offsetA(aRow, aCh) * 2, bDst = sB + Cfg::offsetB(bRow, bCh) * 2;
    const bf16* aSrc = a + (static_cast<size_t>(tileM) * BM + aRow) * k + aCh * 8;
    const bf16* bSrc = b + static_cast<size_t>(bRow) * n + static_cast<size_t>(tileN) * BN + bCh * 8;
    const size_t aPass = static_cast<size_t>(kRowsPassA) * k, bPass = static_cast<size_t>(kRowsPassB) * n;

    auto loadStage = [&](int stage, int kTile) {
        const bf16* srcA = aSrc + static_cast<size_t>(kTile) * BK;
        const bf16* srcB = bSrc + static_cast<size_t>(kTile) * BK * n;
#pragma unroll
        for (int q = 0; q < BM / kRowsPassA; ++q)
            cpAsync16(aDst + stage * kStageBytesA + q * kRowsPassA * BK * 2, srcA + q * aPass);
#pragma unroll
        for (int q = 0; q < BK / kRowsPassB; ++q)
            cpAsync16(bDst + stage * kStageBytesB + q * kRowsPassB * BN * 2, srcB + q * bPass);
    };

    // ldmatrix addressing: lane L points at row L % 16 of a 16-row slab and chunk L / 16 of the
    // 16-wide k-step (A), or at k row L % 16 and n chunk L / 16 of a 16-wide pair of n8 tiles
    // (B). Slabs 16 rows apart share the swizzle term, so per-thread offsets are computed once:
    // A by k-step (adding 16 BK elements per m16 tile), B by n pair (adding 16 BN per k-step).
    const int ldRow = lane % 16, ldCh = lane / 16;
    std::uint32_t aFrag[kSteps], bFrag[kTilesN / 2];
#pragma unroll
    for (int kk = 0; kk < kSteps; ++kk)
        aFrag[kk] = Cfg::offsetA(wm * WM + ldRow, kk * 2 + ldCh) * 2;
#pragma unroll
    for (int j = 0; j < kTilesN / 2; ++j)
        bFrag[j] = Cfg::offsetB(ldRow, (wn * WN + j * 16) / 8 + ldCh) * 2;

    auto loadFragments = [&](std::uint32_t(&fa)[kTilesM][4], std::uint32_t(&fb)[kTilesN][2],
                             std::uint32_t stA, std::uint32_t stB, int kk) {
#pragma unroll
        for (int i = 0; i < kTilesM; ++i)
            ldmatrixX4(fa[i], stA + aFrag[kk] + i * 16 * BK * 2);
#pragma unroll
        for (int j = 0; j < kTilesN / 2; ++j) {
            std::uint32_t t[4];
            ldmatrixX4Trans(t, stB + bFrag[j] + kk * 16 * BN * 2);
            fb[2 * j][0] = t[0];      // k 0..7,  n 0..7
            fb[2 * j][1] = t[1];      // k 8..15, n 0..7
            fb[2 * j + 1][0] = t[2];  // k 0..7,  n 8..15
            fb[2 * j + 1][1] = t[3];  // k 8..15, n 8..15
        }
    };

    float acc[kTilesM][kTilesN][4];
#pragma unroll
    for (int i = 0; i < kTilesM; ++i)
#pragma unroll
        for (int j = 0; j < kTilesN; ++j)
#pragma unroll
            for (int e = 0; e < 4; ++e)
                acc[i][j][e] = 0.0f;

    const int kTiles = k / BK;
    // Prologue: STAGES - 1 tiles in flight. Every thread commits exactly one group per slot,
    // empty or not, so "group g complete" always means "k-tile g landed".
#pragma unroll
    for (int st = 0; st < STAGES - 1; ++st) {
        if (st < kTiles)
            loadStage(st, st);
        cpAsyncCommit();
    }

    // Fragments are double-buffered in registers: the ldmatrix of k-step kk + 1 is issued before
    // the mma of k-step kk, so shared-memory latency hides behind tensor-core work. The last
    // k-step of a tile already reads the next tile, which is why the wait and the barrier sit
    // there rather than at the top of the tile.
    std::uint32_t fa[2][kTilesM][4];
    std::uint32_t fb[2][kTilesN][2];
    cpAsyncWait<STAGES - 2>();  // STAGES - 1 groups committed: group 0 (tile 0) has landed
    __syncthreads();
    int readStage = 0, writeStage = STAGES - 1;
    std::uint32_t stA = sA, stB = sB;
    loadFragments(fa[0], fb[0], stA, stB, 0);

    for (int kt = 0; kt < kTiles; ++kt) {
#pragma unroll
        for (int kk = 0; kk < kSteps; ++kk) {
            if (kk == kSteps - 1) {
                // Committed so far: STAGES - 1 + kt + 1 groups; with STAGES - 2 allowed pending,
                // tiles 0..kt + 1 have landed for this thread, and after the barrier for all.
                // The barrier also means every warp has issued its last ldmatrix from tile kt's
                // stage (at k-step kSteps - 2), so the refill at the next k-step 0 may take it.
                cpAsyncWait<STAGES - 2>();
                __syncthreads();
                readStage = readStage + 1 == STAGES ? 0 : readStage + 1;
                stA = sA + readStage * kStageBytesA;
                stB = sB + readStage * kStageBytesB;
            }
            loadFragments(fa[(kk + 1) % 2], fb[(kk + 1) % 2], stA, stB, (kk + 1) % kSteps);
            if (kk == 0) {
                // Refill the stage that tile kt - 1 used (free since the barrier in the previous
                // tile's last k-step; for kt = 0 it is the stage the prologue left empty).
                const int next = kt + STAGES - 1;
                if (next < kTiles)
                    loadStage(writeStage, next);
                cpAsyncCommit();
                writeStage = writeStage + 1 == STAGES ? 0 : writeStage + 1;
            }
#pragma unroll
            for (int i = 0; i < kTilesM; ++i)
#pragma unroll
                for (int j = 0; j < kTilesN; ++j)
                    mmaBf16(acc[i][j], fa[kk % 2][i], fb[kk % 2][j][0], fb[kk % 2][j][1]);
        }
    }
    // The last tile's final k-step read fragments of a stage no tile fills (in bounds, unused).
    cpAsyncWait<0>();  // only empty groups remain; leave nothing in flight at exit

    // Accumulator layout: lane L holds rows L / 4 and L / 4 + 8, columns 2 (L % 4) + 0, 1.
    const int rowBase = tileM * BM + wm * WM + lane / 4;
    const int colBase = tileN * BN + wn * WN + (lane % 4) * 2;
#pragma unroll
    for (int i = 0; i < kTilesM; ++i)
#pragma unroll
        for (int j = 0; j < kTilesN; ++j) {
            const size_t row = static_cast<size_t>(rowBase + i * 16);
            const int col = colBase + j * 8;
            *reinterpret_cast<__nv_bfloat162*>(c + row * n + col) =
                __floats2bfloat162_rn(acc[i][j][0], acc[i][j][1]);
            *reinterpret_cast<__nv_bfloat162*>(c + (row + 8) * n + col) =
                __floats2bfloat162_rn(acc[i][j][2], acc[i][j][3]);
        }
#else
    (void)m, (void)n, (void)k, (void)a, (void)b, (void)c;
#endif
}

template <class Cfg>
void launchMma(int m, int n, int k, const bf16* a, const bf16* b, bf16* c, cudaStream_t s)
{
    const unsigned int blocks = static_cast<unsigned int>((m / Cfg::BM) * (n / Cfg::BN));
    mmaPipelined<Cfg><<<blocks, Cfg::kThreads, Cfg::kSmemBytes, s>>>(m, n, k, a, b, c);
}

}  // namespace tcgemm

namespace {

using tcgemm::bf16;

/// Output entries compared with the CPU: every entry at small sizes, otherwise `samples` at
/// seeded random positions plus the four corners (the first and last rows and columns are where
/// an off-by-one in tile indexing shows first).
std::vector<std::pair<int, int>> checkPositions(int n, std::uint64_t seed, int samples)
{
    std::vector<std::pair<int, int>> pos;
    if (static_cast<long long>(n) * n <= 65536) {
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j)
                pos.emplace_back(i, j);
        return pos;
    }
    pos = {{0, 0}, {0, n - 1}, {n - 1, 0}, {n - 1, n - 1}};
    SplitMix64 rng(seed);
    for (int s = 0; s < samples; ++s)
        pos.emplace_back(static_cast<int>(rng.next() % static_cast<unsigned>(n)),
                         static_cast<int>(rng.next() % static_cast<unsigned>(n)));
    return pos;
}

}  // namespace

void runTensorCoreGemm(RunContext& ctx, DemoResult& r)
{
    using namespace tcgemm;
    const int n =
        static_cast<int>(std::max<long long>(kSizeMultiple, r.size / kSizeMultiple * kSizeMultiple));
    if (n != r.size)
        r.warnings.push_back("size " + std::to_string(r.size) + " rounded down to " + std::to_string(n)
                             + " (the hand kernels need multiples of " + std::to_string(kSizeMultiple) + ")");
    cudaStream_t s = ctx.stream();
    const DeviceInfo& dev = ctx.device();
    const int ccMajor = std::stoi(dev.computeCapability);  // "9.0" -> 9
    const bool haveSm80 = ccMajor >= 8;
    const bool hopper = dev.computeCapability == "9.0";
    const Limit bf16Peak{"compute", denseTensorPeakTflops(dev.computeCapability, "bf16"), "TFLOP/s",
                         hopper ? "BF16 dense tensor peak, H100/H200 SXM datasheet"
                                : "tensor peak unknown for this device"};
    r.limit = bf16Peak;

    // Inputs uniform in [-1, 1], rounded to BF16; the reference multiplies the rounded values, so
    // it measures the kernel's accumulation and output rounding, not the input rounding.
    const size_t elems = static_cast<size_t>(n) * n;
    std::vector<float> a(elems), b(elems);
    std::vector<std::uint16_t> bits(elems);
    DeviceBuffer<bf16> dA(elems), dB(elems), dC(elems);
    fillUniform(a, ctx.seed(), -1.0f, 1.0f);
    fillUniform(b, ctx.seed() + 7, -1.0f, 1.0f);
    for (size_t i = 0; i < elems; ++i) {
        bits[i] = toBf16Bits(a[i]);
        a[i] = bf16BitsToFloat(bits[i]);
    }
    ctx.upload(dA.get(), bits.data(), elems * sizeof(bf16));
    for (size_t i = 0; i < elems; ++i) {
        bits[i] = toBf16Bits(b[i]);
        b[i] = bf16BitsToFloat(bits[i]);
    }
    ctx.upload(dB.get(), bits.data(), elems * sizeof(bf16));
    const auto pos = checkPositions(n, ctx.seed() + 13, 1024);
    std::vector<double> want;
    want.reserve(pos.size());
    for (auto [i, j] : pos)
        want.push_back(gemmEntry(a, b, static_cast<size_t>(n), static_cast<size_t>(n), i, j));
    // Tolerance 8e-3 sqrt(k) (|a|, |b| <= 1): an entry's standard deviation is sqrt(k / 9) and its
    // BF16 rounding at most 2^-8 relative (8 significant bits), so about 5e-3 sqrt(k) even at 4
    // standard deviations; FP32 accumulation adds far less. A lost or doubled k-slice of 16
    // changes an entry by sqrt(16 / 9) = 1.3 rms, above the tolerance at the quick (0.13) and
    // default (0.72) sizes.
    const double tol = gemmTolerance(8e-3, static_cast<size_t>(n), 1.0, 1.0);
    const std::string checkMethod =
        "against CPU FP64 dot products of the BF16-rounded inputs at " + std::to_string(pos.size())
        + " positions; tolerance c sqrt(k) max|a| max|b| with c = 8e-3 (BF16 output "
          "rounding)";
    const std::string problem = std::to_string(n)
                                + "^3: A (M x K) and B (K x N) row-major BF16, FP32 accumulate, "
                                  "C row-major BF16; inputs uniform in [-1, 1]";
    const double flops = 2.0 * n * static_cast<double>(n) * n;
    const std::string accounting = "FLOPs = 2 m n k; bytes = compulsory traffic 2 (m k + k n + m n)";

    auto makeVariant = [&](const std::string& id, const std::string& label, const std::string& library) {
        Variant v;
        v.id = id;
        v.label = label;
        v.library = library;
        v.precision = "bf16";
        v.tensorCores = true;
        v.metricKind = MetricKind::Flops;
        v.problem = problem;
        v.flops = flops;
        v.bytes = 2.0 * 3.0 * static_cast<double>(elems);
        v.limit = bf16Peak;
        v.note = accounting;
        return v;
    };
    auto skip = [&](const std::string& id, const std::string& label, const std::string& library,
                    const std::string& why) {
        Variant v = makeVariant(id, label, library);
        v.skipped = true;
        v.note = why;
        r.variants.push_back(std::move(v));
    };
    std::vector<std::uint16_t> back(elems);
    auto runVariant = [&](const std::string& id, const std::string& label, const std::string& how,
                          const std::function<void()>& launch, const std::string& library = {}) {
        Variant v = makeVariant(id, label, library);
        v.note += "; " + how;
        dC.poison(s);
        launch();
        KD_LAUNCHED();
        KD_CUDA(cudaStreamSynchronize(s));
        ctx.download(back.data(), dC.get(), elems * sizeof(bf16));
        std::vector<float> got;
        got.reserve(pos.size());
        for (auto [i, j] : pos)
            got.push_back(bf16BitsToFloat(back[static_cast<size_t>(i) * n + j]));
        v.correctness = checkClose(got, want, tol, checkMethod);
        applyTiming(v, ctx.time(launch));
        r.variants.push_back(std::move(v));
    };

    const std::string needSm80 =
        "needs compute capability 8.0 or newer (BF16 tensor cores, cp.async); this device is "
        + dev.computeCapability;
    const bf16* pa = dA.get();
    const bf16* pb = dB.get();
    bf16* pc = dC.get();

    // 1. WMMA from global memory.
    const std::string naiveLabel = "WMMA 16 x 16 x 16, one warp per output tile, operands from global memory";
    if (haveSm80) {
        const dim3 grid(n / (16 * naive::kWarpsN), n / (16 * naive::kWarpsM));
        runVariant("wmma-naive", naiveLabel,
                   "each warp reads a 16-row strip of A and a 16-column strip of B for every 16 x 16 output "
                   "tile; the reuse across warps comes only from L1/L2",
                   [&] { wmmaNaive<<<grid, naive::kThreads, 0, s>>>(n, n, n, pa, pb, pc); });
    } else {
        skip("wmma-naive", naiveLabel, {}, needSm80);
    }

    // 2. WMMA with shared-memory tiles.
    const std::string smemLabel = "WMMA, 128 x 128 x 32 block tiles in shared memory, 8 warps of 64 x 32";
    if (haveSm80) {
        const dim3 grid(n / tiled::BN, n / tiled::BM);
        runVariant(
            "wmma-smem", smemLabel,
            "one shared-memory buffer (rows padded by 16 B), 16-byte loads, two barriers per 32-wide k-step: "
            "loads and tensor-core math alternate instead of overlapping",
            [&] { wmmaSmem<<<grid, tiled::kThreads, 0, s>>>(n, n, n, pa, pb, pc); });
    } else {
        skip("wmma-smem", smemLabel, {}, needSm80);
    }

    // 3. ldmatrix + mma.sync + cp.async pipeline, the deepest k-tile the shared memory allows.
    int smemOptin = 0;
    KD_CUDA(cudaDeviceGetAttribute(&smemOptin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev.index));
    auto mmaLabel = [](auto cfg) {
        using Cfg = decltype(cfg);
        return "ldmatrix + mma.sync m16n8k16, " + std::to_string(Cfg::BM) + " x " + std::to_string(Cfg::BN)
               + " x " + std::to_string(Cfg::BK) + " tiles, 8 warps of 64 x 64, "
               + std::to_string(Cfg::STAGES) + "-stage cp.async pipeline, swizzled shared memory";
    };
    auto runMma = [&](auto cfg) {
        using Cfg = decltype(cfg);
        KD_CUDA(cudaFuncSetAttribute(mmaPipelined<Cfg>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                     Cfg::kSmemBytes));
        runVariant(
            "mma-pipelined", mmaLabel(cfg),
            "A fragments by ldmatrix.x4, B (row-major, k x n) by ldmatrix.x4.trans, double-buffered in "
            "registers; cp.async.cg 16-byte copies, "
                + std::to_string(Cfg::STAGES - 1)
                + " k-tiles in flight, one barrier per k-tile; 16-byte chunks XOR-swizzled by row so "
                  "neither the copies nor ldmatrix conflict on banks; blocks in groups of "
                + std::to_string(Cfg::GROUP_M) + " tile-rows for L2 reuse; "
                + std::to_string(Cfg::kSmemBytes / 1024) + " KiB shared memory, 1 block per SM",
            [&] { launchMma<Cfg>(n, n, n, pa, pb, pc, s); });
        r.variants.back().extra.push_back({"k_tile", Cfg::BK});
        r.variants.back().extra.push_back({"stages", Cfg::STAGES});
    };
    if (!haveSm80) {
        skip("mma-pipelined", mmaLabel(MmaShallow{}), {}, needSm80);
    } else if (smemOptin >= MmaDeep::kSmemBytes) {
        runMma(MmaDeep{});
    } else if (smemOptin >= MmaShallow::kSmemBytes) {
        runMma(MmaShallow{});
    } else {
        skip("mma-pipelined", mmaLabel(MmaShallow{}), {},
             "needs " + std::to_string(MmaShallow::kSmemBytes)
                 + " bytes of shared memory per block; this device allows " + std::to_string(smemOptin));
    }

    // 4. cuBLASLt, same product and layouts. Row-major C = A B is handed over as column-major
    // C^T = B^T A^T: a row-major matrix read column-major is its transpose with the same leading
    // dimension, so cuBLASLt's A is our B (N x K, ld N), its B is our A (K x M, ld K) and its D
    // our C (N x M, ld N), both CUBLAS_OP_N; nothing is transposed in memory.
    const std::string ltLabel = "cuBLASLt matmul, BF16 in/out, CUBLAS_COMPUTE_32F, 32 MiB workspace";
    const CublasLtApi& lt = cublasLt();
    if (lt.loaded) {
        DeviceBuffer<unsigned char> workspace(std::size_t{32} << 20);
        std::unique_ptr<LtMatmul> mm;
        std::string refused;
        try {
            mm = std::make_unique<LtMatmul>(
                ctx, LtMatmul::Shape{n, n, n, CUDA_R_16BF, CUDA_R_16BF, CUBLAS_COMPUTE_32F}, workspace.get(),
                workspace.size());
            mm->choose(pb, pa, pc, 8);
        } catch (const CudaFailure& e) {
            refused = e.what();
        }
        if (!refused.empty()) {
            skip("cublaslt-bf16", ltLabel, "cuBLASLt", "cuBLASLt could not run this product: " + refused);
        } else {
            runVariant(
                "cublaslt-bf16", ltLabel,
                "row-major C = A B passed as column-major C^T = B^T A^T (operands swapped, both OP_N, "
                "no CUBLASLT_ORDER_ROW); the heuristic's top "
                    + std::to_string(mm->candidates())
                    + " algorithms were each timed briefly on these operands and the fastest kept: "
                    + mm->choiceNote(),
                [&] { mm->run(pb, pa, pc); }, "cuBLASLt");
            Variant& v = r.variants.back();
            v.extra.push_back({"candidates_tried", static_cast<double>(mm->candidates())});
            v.extra.push_back({"library_version", static_cast<double>(lt.version)});
        }
    } else {
        skip("cublaslt-bf16", ltLabel, "cuBLASLt", lt.why);
    }

    const Variant* peer = findVariant(r, "cublaslt-bf16");
    const bool peerRan = peer && !peer->skipped && !peer->samplesMs.empty();
    for (Variant& v : r.variants)
        if (v.library.empty() && !v.skipped && peerRan)
            v.extra.push_back({"fraction_of_cublaslt", peer->medianMs() / v.medianMs()});
    const Variant* best = findVariant(r, "mma-pipelined");
    if (best && !best->skipped && peerRan)
        setTarget(r, "mma-pipelined", "mma-pipelined TFLOP/s / cuBLASLt BF16 TFLOP/s at the same size", 0.6,
                  peer->medianMs() / best->medianMs());
    else
        r.warnings.push_back(
            "the mma-pipelined / cuBLASLt target was not evaluated: one of the two did not run");
    comparePeer(r, "mma-pipelined", "cublaslt-bf16");
}

}  // namespace kdemo
