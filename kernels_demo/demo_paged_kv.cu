// Decode attention over a KV cache: contiguous against paged (a block table, as in vLLM's
// PagedAttention, Kwon et al., SOSP 2023, arXiv 2309.06180).
//
// One decode step: 64 sequences, one new query token each, context length L (the demo size),
// 32 query heads sharing 8 KV heads (grouped-query attention, 4 query heads per KV head), head
// dimension 128, BF16 K/V cache, FP32 arithmetic, FP32 output. Every query head reads all L keys
// and values of its KV head, so the whole cache, 2 x 64 x L x 8 x 128 x 2 B (2 GiB at L = 8192),
// streams from DRAM once per step, while the work per KV head and token is 4 heads x (128 + 128)
// multiply-adds = 2048 FLOP for 512 bytes: 4 FLOP per byte, far below the FP32 ridge point of a
// modern GPU (H200: about 67 TFLOP/s over 4.8 TB/s, 14 FLOP/B) and further below the tensor-core
// one. Decode attention is therefore memory-bound, and the question is only how close to the
// copy bandwidth a kernel can read the cache.
//
// Layouts: `contiguous` keeps each sequence's cache in one piece, [B][H_kv][L][128]. `paged-16`
// and `paged-128` keep it in physical blocks of 16 or 128 tokens, [blocks][H_kv][tokens][128],
// that are handed out in a random order (a random permutation), so a sequence's logical blocks
// are scattered over the pool and found through a block table [B][L / block] of int32 physical
// block ids. A block holds 16 x 256 B = 4 KiB (or 32 KiB) of one KV head contiguously.
//
// Kernel (flash-decoding split-K, Dao et al. 2023, "Flash-Decoding for long-context inference"):
// one CTA per (sequence, KV head, slice of 512 tokens); each warp reads 8 tokens a step, 16 B per
// lane (a half-warp per 256-byte row), and computes the scores of all 4 query heads of the KV
// head, so K and V are read once per KV head and not once per query head. The slice's scores go
// to shared memory, their maximum and sum of exponentials are taken over the CTA, then V is read
// and the partial output (m, l, o) is written; a small kernel merges the slices. Both kernels are
// in the timed launch. The block table of a slice (32 or 4 ids) is read into shared memory once.
//
// Accounting: bytes = K + V (the cache) + the BF16 query + the FP32 output + the block table
// (paged variants). The split-K partials (FP32 o, m, l per slice: about 1.5% of the cache at the
// default size) are written and read back inside the timed launch but not counted.

#include <cuda_bf16.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <numeric>
#include <vector>

#include "attention_reference.h"
#include "checks.h"
#include "cpu_reference.h"
#include "cuda_util.h"
#include "demos.h"

namespace kdemo {

void runPagedKvDecode(RunContext& ctx, DemoResult& r);

namespace {

constexpr int kHeadDim = 128;
constexpr int kKvHeads = 8;
constexpr int kQueryHeads = 32;
constexpr int kGroup = kQueryHeads / kKvHeads;  // query heads per KV head
constexpr int kBatch = 64;
constexpr int kChunk = 512;  // tokens per CTA (one split of the context)
constexpr int kThreads = 128;
constexpr int kWarps = kThreads / 32;
constexpr int kStepTokens = 8;     // tokens a warp reads per step: 2 half-warps x 4 rows
constexpr int kLenMultiple = 128;  // context lengths are multiples of the largest page
static_assert(kGroup == 4, "the score reduction below assumes 4 query heads per KV head");
static_assert(kThreads == kHeadDim, "the final write gives one thread per output dimension");
static_assert(kChunk % kLenMultiple == 0 && kLenMultiple % (kStepTokens * kWarps) == 0,
              "every slice must split into whole warp steps");

// Test data: each cache entry is a function of its logical position, so a paged layout is filled
// on the GPU without a host copy, and the CPU reference regenerates the entries it needs.
// Values are multiples of 1/128 in [-1, 1) (K, V) or of 1/32 in [-4, 4) (Q): 8 significant
// bits, exact in BF16, so the GPU and the CPU see the same numbers.
__host__ __device__ inline std::uint64_t mix64(std::uint64_t z)
{
    // SplitMix64's output function (Steele, Lea & Flood 2014).
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

__host__ __device__ inline float hashedValue(std::uint64_t salt, std::uint64_t index, float step)
{
    const std::uint64_t h = mix64(salt + index * 0x9e3779b97f4a7c15ULL);
    return static_cast<float>(static_cast<int>(h >> 56) - 128) * step;
}

constexpr float kKvStep = 1.0f / 128.0f;
constexpr float kQStep = 1.0f / 32.0f;

/// Row index of (sequence, KV head, token) in the logical [B][H_kv][L] order.
__host__ __device__ inline std::size_t logicalRow(int b, int kvh, std::size_t token, int seqLen)
{
    return (static_cast<std::size_t>(b) * kKvHeads + kvh) * seqLen + token;
}

__device__ inline void unpackBf16x8(const uint4& raw, float (&out)[8])
{
    // A BF16 is the top half of an FP32: the low element of each 32-bit word comes first.
    const unsigned int w[4] = {raw.x, raw.y, raw.z, raw.w};
#pragma unroll
    for (int i = 0; i < 4; ++i) {
        out[2 * i] = __uint_as_float(w[i] << 16);
        out[2 * i + 1] = __uint_as_float(w[i] & 0xffff0000u);
    }
}

/// Fills K and V in the layout of `BlockTokens` (0: contiguous; else the paged pool, where
/// `logicalBlockOf[physical block] = sequence x blocksPerSeq + logical block`).
template <int BlockTokens>
__global__ void fillCache(__nv_bfloat16* __restrict__ k, __nv_bfloat16* __restrict__ v,
                          const int* __restrict__ logicalBlockOf, int seqLen, std::size_t rows,
                          std::uint64_t saltK, std::uint64_t saltV)
{
    const std::size_t units = rows * (kHeadDim / 8);
    for (std::size_t u = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; u < units;
         u += static_cast<std::size_t>(gridDim.x) * blockDim.x) {
        const std::size_t row = u / (kHeadDim / 8);
        const int d = static_cast<int>(u % (kHeadDim / 8)) * 8;
        std::size_t logical = row;
        if constexpr (BlockTokens > 0) {
            const std::size_t physBlock = row / (kKvHeads * BlockTokens);
            const int kvh = static_cast<int>(row / BlockTokens % kKvHeads);
            const int tok = static_cast<int>(row % BlockTokens);
            const int blocksPerSeq = seqLen / BlockTokens;
            const int lb = logicalBlockOf[physBlock];
            logical = logicalRow(lb / blocksPerSeq, kvh,
                                 static_cast<std::size_t>(lb % blocksPerSeq) * BlockTokens + tok, seqLen);
        }
        const std::uint64_t base = static_cast<std::uint64_t>(logical) * kHeadDim + d;
        __nv_bfloat162 pk[4], pv[4];
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            pk[i] = __floats2bfloat162_rn(hashedValue(saltK, base + 2 * i, kKvStep),
                                          hashedValue(saltK, base + 2 * i + 1, kKvStep));
            pv[i] = __floats2bfloat162_rn(hashedValue(saltV, base + 2 * i, kKvStep),
                                          hashedValue(saltV, base + 2 * i + 1, kKvStep));
        }
        uint4 wk, wv;
        memcpy(&wk, pk, sizeof wk);
        memcpy(&wv, pv, sizeof wv);
        *reinterpret_cast<uint4*>(k + row * kHeadDim + d) = wk;
        *reinterpret_cast<uint4*>(v + row * kHeadDim + d) = wv;
    }
}

/// Sums 16 values over the 16 lanes of a half-warp and leaves lane (l & 15) holding the total of
/// value l & 15: at each of the four butterfly steps a lane sends half of what it still holds to
/// its partner and keeps the other half, so 8 + 4 + 2 + 1 = 15 shuffles do what 4 x 16 shuffles
/// of plain all-reduces would.
__device__ inline float reduceScatter16(float (&a)[16], int lane)
{
#pragma unroll
    for (int n = 8; n >= 1; n >>= 1) {
        const bool upper = (lane & n) != 0;
#pragma unroll
        for (int i = 0; i < n; ++i) {
            const float send = upper ? a[i] : a[i + n];
            const float keep = upper ? a[i + n] : a[i];
            a[i] = keep + __shfl_xor_sync(0xffffffffu, send, n);
        }
    }
    return a[0];
}

/// One CTA per (split, KV head, sequence). Scores are kept in log2 units (the query is scaled by
/// log2(e) / sqrt(d)) so exp2f can be used; the merge kernel uses the same units.
template <int BlockTokens>
__global__ void __launch_bounds__(kThreads)
    decodeSplit(const __nv_bfloat16* __restrict__ q, const __nv_bfloat16* __restrict__ k,
                const __nv_bfloat16* __restrict__ v, const int* __restrict__ blockTable, int seqLen,
                int splits, float* __restrict__ partO, float* __restrict__ partM, float* __restrict__ partL)
{
    static_assert(BlockTokens % kStepTokens == 0 && kChunk % (BlockTokens > 0 ? BlockTokens : 1) == 0,
                  "a warp step must stay inside one page, and a slice must hold whole pages");
    constexpr int kTableSlots = BlockTokens > 0 ? kChunk / BlockTokens : 1;
    __shared__ float4 sScore[kChunk];  // [token][query head]: scores, then probabilities
    __shared__ __align__(16) float sOut[kWarps][kGroup][kHeadDim];
    __shared__ float sMax[kWarps][kGroup];
    __shared__ float sSum[kWarps][kGroup];
    __shared__ int sPhys[kTableSlots];

    const int split = blockIdx.x, kvh = blockIdx.y, b = blockIdx.z;
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const int half = lane >> 4;      // which row of each pair this lane reads
    const int d0 = (lane & 15) * 8;  // this lane's 8 dimensions
    const int chunkStart = split * kChunk;
    const int chunkLen = min(kChunk, seqLen - chunkStart);  // a multiple of kLenMultiple
    const int steps = chunkLen / kStepTokens;               // a multiple of kWarps

    if constexpr (BlockTokens > 0) {
        const int blocksPerSeq = seqLen / BlockTokens;
        for (int i = threadIdx.x; i < chunkLen / BlockTokens; i += kThreads)
            sPhys[i] = blockTable[static_cast<std::size_t>(b) * blocksPerSeq + chunkStart / BlockTokens + i];
    }

    // The first address of step s (tokens s*8 .. s*8+7 of the slice, one page in paged layouts).
    auto stepRows = [&](const __nv_bfloat16* base, int s) -> const __nv_bfloat16* {
        const int t = s * kStepTokens;
        if constexpr (BlockTokens == 0) {
            return base + logicalRow(b, kvh, static_cast<std::size_t>(chunkStart) + t, seqLen) * kHeadDim;
        } else {
            const std::size_t phys = static_cast<std::size_t>(sPhys[t / BlockTokens]);
            return base + ((phys * kKvHeads + kvh) * BlockTokens + t % BlockTokens) * kHeadDim;
        }
    };
    auto loadStep = [&](uint4(&dst)[4], const __nv_bfloat16* base, int s) {
        const __nv_bfloat16* rows = stepRows(base, s);
#pragma unroll
        for (int i = 0; i < 4; ++i)
            dst[i] = __ldg(reinterpret_cast<const uint4*>(rows + (half + 2 * i) * kHeadDim + d0));
    };

    // The 4 query heads of this KV head, this lane's 8 dimensions, pre-scaled.
    const float qScale = 1.4426950408889634f / sqrtf(static_cast<float>(kHeadDim));
    float qf[kGroup][8];
#pragma unroll
    for (int h = 0; h < kGroup; ++h) {
        const std::size_t off =
            (static_cast<std::size_t>(b) * kQueryHeads + kvh * kGroup + h) * kHeadDim + d0;
        unpackBf16x8(__ldg(reinterpret_cast<const uint4*>(q + off)), qf[h]);
#pragma unroll
        for (int e = 0; e < 8; ++e)
            qf[h][e] *= qScale;
    }
    __syncthreads();  // sPhys

    // Pass 1: scores. After the reduction, lane l holds the score of query head l & 3 for the
    // row ((l >> 2) & 3) of its half-warp, i.e. token half + 2 ((l >> 2) & 3) of the step.
    const int myHead = lane & 3;
    const int myRow = half + 2 * ((lane >> 2) & 3);
    float runMax = -INFINITY;
    uint4 cur[4], next[4] = {};
    loadStep(cur, k, warp);
    for (int s = warp; s < steps; s += kWarps) {
        if (s + kWarps < steps)
            loadStep(next, k, s + kWarps);  // keep the next step in flight
        float part[16];
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            float kf[8];
            unpackBf16x8(cur[i], kf);
#pragma unroll
            for (int h = 0; h < kGroup; ++h) {
                float acc = 0.0f;
#pragma unroll
                for (int e = 0; e < 8; ++e)
                    acc = fmaf(qf[h][e], kf[e], acc);
                part[i * kGroup + h] = acc;
            }
        }
        const float score = reduceScatter16(part, lane);
        reinterpret_cast<float*>(sScore)[(s * kStepTokens + myRow) * kGroup + myHead] = score;
        runMax = fmaxf(runMax, score);
#pragma unroll
        for (int i = 0; i < 4; ++i)
            cur[i] = next[i];
    }
    // V's first step goes out now, so it is in flight during the softmax below.
    loadStep(cur, v, warp);
    // Lanes with the same l & 3 hold the same head.
    runMax = fmaxf(runMax, __shfl_xor_sync(0xffffffffu, runMax, 4));
    runMax = fmaxf(runMax, __shfl_xor_sync(0xffffffffu, runMax, 8));
    runMax = fmaxf(runMax, __shfl_xor_sync(0xffffffffu, runMax, 16));
    if (lane < kGroup)
        sMax[warp][lane] = runMax;
    __syncthreads();  // sScore, sMax

    // Pass 2: probabilities p = 2^(s - m) in place, and their sums. kThreads is a multiple of 4,
    // so thread t always meets head t & 3.
    {
        const int head = threadIdx.x & 3;
        float m = sMax[0][head];
#pragma unroll
        for (int w = 1; w < kWarps; ++w)
            m = fmaxf(m, sMax[w][head]);
        float* flat = reinterpret_cast<float*>(sScore);
        float sum = 0.0f;
        for (int i = threadIdx.x; i < chunkLen * kGroup; i += kThreads) {
            const float p = exp2f(flat[i] - m);
            flat[i] = p;
            sum += p;
        }
        sum += __shfl_xor_sync(0xffffffffu, sum, 4);
        sum += __shfl_xor_sync(0xffffffffu, sum, 8);
        sum += __shfl_xor_sync(0xffffffffu, sum, 16);
        if (lane < kGroup)
            sSum[warp][lane] = sum;
    }
    __syncthreads();  // probabilities, sSum

    // Pass 3: o[h][d] = sum_t p[t][h] v[t][d] over this lane's rows and dimensions.
    float acc[kGroup][8];
#pragma unroll
    for (int h = 0; h < kGroup; ++h)
#pragma unroll
        for (int e = 0; e < 8; ++e)
            acc[h][e] = 0.0f;
    for (int s = warp; s < steps; s += kWarps) {
        if (s + kWarps < steps)
            loadStep(next, v, s + kWarps);
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            float vf[8];
            unpackBf16x8(cur[i], vf);
            const float4 p = sScore[s * kStepTokens + half + 2 * i];
            const float ph[kGroup] = {p.x, p.y, p.z, p.w};
#pragma unroll
            for (int h = 0; h < kGroup; ++h)
#pragma unroll
                for (int e = 0; e < 8; ++e)
                    acc[h][e] = fmaf(ph[h], vf[e], acc[h][e]);
        }
#pragma unroll
        for (int i = 0; i < 4; ++i)
            cur[i] = next[i];
    }
    // The two half-warps read different rows of the same dimensions: add them, then the warps.
#pragma unroll
    for (int h = 0; h < kGroup; ++h)
#pragma unroll
        for (int e = 0; e < 8; ++e)
            acc[h][e] += __shfl_xor_sync(0xffffffffu, acc[h][e], 16);
    if (half == 0) {
#pragma unroll
        for (int h = 0; h < kGroup; ++h) {
            *reinterpret_cast<float4*>(&sOut[warp][h][d0]) =
                make_float4(acc[h][0], acc[h][1], acc[h][2], acc[h][3]);
            *reinterpret_cast<float4*>(&sOut[warp][h][d0 + 4]) =
                make_float4(acc[h][4], acc[h][5], acc[h][6], acc[h][7]);
        }
    }
    __syncthreads();  // sOut

    const int d = threadIdx.x;
#pragma unroll
    for (int h = 0; h < kGroup; ++h) {
        float o = 0.0f;
#pragma unroll
        for (int w = 0; w < kWarps; ++w)
            o += sOut[w][h][d];
        const std::size_t slot =
            (static_cast<std::size_t>(b) * kQueryHeads + kvh * kGroup + h) * splits + split;
        partO[slot * kHeadDim + d] = o;
    }
    if (threadIdx.x < kGroup) {
        const int h = threadIdx.x;
        float m = sMax[0][h], l = sSum[0][h];
#pragma unroll
        for (int w = 1; w < kWarps; ++w) {
            m = fmaxf(m, sMax[w][h]);
            l += sSum[w][h];
        }
        const std::size_t slot =
            (static_cast<std::size_t>(b) * kQueryHeads + kvh * kGroup + h) * splits + split;
        partM[slot] = m;
        partL[slot] = l;
    }
}

/// One warp per (sequence, query head): out = sum_s 2^(m_s - M) o_s / sum_s 2^(m_s - M) l_s.
__global__ void mergeSplits(const float* __restrict__ partO, const float* __restrict__ partM,
                            const float* __restrict__ partL, int splits, int rows, float* __restrict__ out)
{
    const int lane = threadIdx.x & 31;
    const int row = blockIdx.x * (blockDim.x / 32) + (threadIdx.x >> 5);
    if (row >= rows)
        return;
    const float* m = partM + static_cast<std::size_t>(row) * splits;
    const float* l = partL + static_cast<std::size_t>(row) * splits;
    float maxM = -INFINITY;
    for (int s = lane; s < splits; s += 32)
        maxM = fmaxf(maxM, m[s]);
#pragma unroll
    for (int off = 16; off >= 1; off >>= 1)
        maxM = fmaxf(maxM, __shfl_xor_sync(0xffffffffu, maxM, off));
    float sum = 0.0f;
    for (int s = lane; s < splits; s += 32)
        sum += l[s] * exp2f(m[s] - maxM);
#pragma unroll
    for (int off = 16; off >= 1; off >>= 1)
        sum += __shfl_xor_sync(0xffffffffu, sum, off);
    float4 acc = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    for (int s = 0; s < splits; ++s) {
        const float w = exp2f(m[s] - maxM);
        const float4 o = reinterpret_cast<const float4*>(
            partO + (static_cast<std::size_t>(row) * splits + s) * kHeadDim)[lane];
        acc.x = fmaf(w, o.x, acc.x);
        acc.y = fmaf(w, o.y, acc.y);
        acc.z = fmaf(w, o.z, acc.z);
        acc.w = fmaf(w, o.w, acc.w);
    }
    const float inv = 1.0f / sum;
    reinterpret_cast<float4*>(out + static_cast<std::size_t>(row) * kHeadDim)[lane] =
        make_float4(acc.x * inv, acc.y * inv, acc.z * inv, acc.w * inv);
}

}  // namespace

void runPagedKvDecode(RunContext& ctx, DemoResult& r)
{
    const int seqLen =
        static_cast<int>(std::max<long long>(kLenMultiple, r.size / kLenMultiple * kLenMultiple));
    if (seqLen != r.size)
        r.warnings.push_back("context length rounded to " + std::to_string(seqLen) + " (a multiple of "
                             + std::to_string(kLenMultiple) + ")");
    const int splits = (seqLen + kChunk - 1) / kChunk;
    const std::size_t kvRows = static_cast<std::size_t>(kBatch) * kKvHeads * seqLen;
    const std::size_t kvElems = kvRows * kHeadDim;
    const std::size_t qElems = static_cast<std::size_t>(kBatch) * kQueryHeads * kHeadDim;
    const int outRows = kBatch * kQueryHeads;
    const Limit& lim = ctx.copyLimit();
    r.limit = lim;
    cudaStream_t s = ctx.stream();

    SplitMix64 saltRng(ctx.seed() ^ 0x6b76636163686521ULL);
    const std::uint64_t saltK = saltRng.next(), saltV = saltRng.next(), saltQ = saltRng.next();

    // Query on the host (small); K and V are generated on the GPU in each layout.
    std::vector<float> qHost(qElems);
    std::vector<std::uint16_t> qBits(qElems);
    for (std::size_t i = 0; i < qElems; ++i) {
        qHost[i] = hashedValue(saltQ, i, kQStep);
        qBits[i] = toBf16Bits(qHost[i]);  // exact: 8 significant bits
    }
    DeviceBuffer<__nv_bfloat16> dq(qElems), dk(kvElems), dv(kvElems);
    ctx.upload(dq.get(), qBits.data(), qElems * sizeof(std::uint16_t));
    const std::size_t slots = static_cast<std::size_t>(outRows) * splits;
    DeviceBuffer<float> partO(slots * kHeadDim), partM(slots), partL(slots),
        out(static_cast<std::size_t>(outRows) * kHeadDim);

    // Reference: every sequence in selftest, four spread over the batch otherwise; all 32 heads.
    std::vector<int> checkSeqs;
    if (ctx.quick()) {
        checkSeqs.resize(kBatch);
        std::iota(checkSeqs.begin(), checkSeqs.end(), 0);
    } else {
        checkSeqs = {0, kBatch / 3, 2 * kBatch / 3, kBatch - 1};
    }
    std::vector<double> want(checkSeqs.size() * kQueryHeads * kHeadDim);
    {
        std::vector<float> kRef(static_cast<std::size_t>(seqLen) * kHeadDim), vRef(kRef.size());
        for (std::size_t c = 0; c < checkSeqs.size(); ++c) {
            const int b = checkSeqs[c];
            for (int kvh = 0; kvh < kKvHeads; ++kvh) {
                const std::uint64_t base = logicalRow(b, kvh, 0, seqLen) * kHeadDim;
                for (std::size_t i = 0; i < kRef.size(); ++i) {
                    kRef[i] = hashedValue(saltK, base + i, kKvStep);
                    vRef[i] = hashedValue(saltV, base + i, kKvStep);
                }
                for (int h = 0; h < kGroup; ++h) {
                    const int qh = kvh * kGroup + h;
                    decodeAttentionHead(
                        std::span<const float>(qHost).subspan(
                            (static_cast<std::size_t>(b) * kQueryHeads + qh) * kHeadDim, kHeadDim),
                        kRef, vRef, static_cast<std::size_t>(seqLen),
                        std::span<double>(want).subspan((c * kQueryHeads + qh) * kHeadDim, kHeadDim));
                }
            }
        }
    }
    // Exact inputs; what is left is FP32 rounding of 128-term dot products, exp2f and sums over
    // L tokens: about 1e-7 on outputs of order 1e-2 (V entries lie in [-1, 1)).
    constexpr double kTolerance = 1e-5;

    const double kvBytes = 2.0 * static_cast<double>(kvElems) * sizeof(__nv_bfloat16);
    const double qBytes = static_cast<double>(qElems) * sizeof(__nv_bfloat16);
    const double outBytes = static_cast<double>(outRows) * kHeadDim * sizeof(float);
    const double partialBytes = 2.0 * static_cast<double>(slots) * (kHeadDim + 2) * sizeof(float);
    // FLOPs per KV head and token: 4 query heads x (128 for q.k + 128 for p v) multiply-adds.
    const double flops = 2.0 * kGroup * 2.0 * kHeadDim * static_cast<double>(kvRows);
    std::vector<float> back(static_cast<std::size_t>(outRows) * kHeadDim);

    auto runVariant = [&](const std::string& id, const std::string& label, int blockTokens) {
        Variant v;
        v.id = id;
        v.label = label;
        v.precision = "bf16";
        v.problem = std::to_string(kBatch) + " sequences x " + std::to_string(seqLen) + " tokens, "
                    + std::to_string(kQueryHeads) + " query / " + std::to_string(kKvHeads)
                    + " KV heads, d = " + std::to_string(kHeadDim) + ", BF16 K/V ("
                    + std::to_string(static_cast<long long>(kvBytes) >> 20) + " MiB), FP32 out";
        v.limit = lim;

        // Layout: a random permutation of the physical blocks, and its inverse for the fill.
        const std::size_t blocks =
            blockTokens > 0 ? static_cast<std::size_t>(kBatch) * (seqLen / blockTokens) : 0;
        DeviceBuffer<int> table(blocks), logicalOf(blocks);
        double tableBytes = 0.0;
        if (blockTokens > 0) {
            std::vector<int> perm(blocks), inverse(blocks);
            std::iota(perm.begin(), perm.end(), 0);
            SplitMix64 rng(ctx.seed() + static_cast<std::uint64_t>(blockTokens));
            for (std::size_t i = blocks - 1; i > 0; --i)
                std::swap(perm[i], perm[rng.next() % (i + 1)]);
            for (std::size_t i = 0; i < blocks; ++i)
                inverse[static_cast<std::size_t>(perm[i])] = static_cast<int>(i);
            ctx.upload(table.get(), perm.data(), blocks * sizeof(int));
            ctx.upload(logicalOf.get(), inverse.data(), blocks * sizeof(int));
            tableBytes = static_cast<double>(blocks) * sizeof(int);
        }
        const unsigned fillGrid = 4u * static_cast<unsigned>(ctx.device().smCount);
        const void* kernel = nullptr;
        std::function<void()> launch;
        auto makeLaunch = [&](auto fill, auto attend) {
            fill<<<fillGrid, 256, 0, s>>>(dk.get(), dv.get(), logicalOf.get(), seqLen, kvRows, saltK, saltV);
            KD_LAUNCHED();
            kernel = reinterpret_cast<const void*>(attend);
            launch = [&, attend] {
                attend<<<dim3(splits, kKvHeads, kBatch), kThreads, 0, s>>>(
                    dq.get(), dk.get(), dv.get(), table.get(), seqLen, splits, partO.get(), partM.get(),
                    partL.get());
                mergeSplits<<<blocksFor(static_cast<std::size_t>(outRows), kThreads / 32), kThreads, 0, s>>>(
                    partO.get(), partM.get(), partL.get(), splits, outRows, out.get());
            };
        };
        if (blockTokens == 0)
            makeLaunch(fillCache<0>, decodeSplit<0>);
        else if (blockTokens == 16)
            makeLaunch(fillCache<16>, decodeSplit<16>);
        else
            makeLaunch(fillCache<128>, decodeSplit<128>);

        v.bytes = kvBytes + qBytes + outBytes + tableBytes;
        v.flops = flops;
        v.note = "bytes = K + V cache + BF16 query + FP32 output"
                 + std::string(blockTokens > 0 ? " + block table" : "") + "; split-K partials ("
                 + std::to_string(static_cast<long long>(partialBytes) >> 20)
                 + " MiB written and read) in the time, not in the bytes; " + std::to_string(splits)
                 + " slices of " + std::to_string(kChunk)
                 + " tokens per (sequence, KV head), merged by a second kernel";

        partO.poison(s);
        partM.poison(s);
        partL.poison(s);
        out.poison(s);
        launch();
        KD_LAUNCHED();
        ctx.download(back.data(), out.get(), back.size() * sizeof(float));
        std::vector<float> got;
        got.reserve(want.size());
        for (int b : checkSeqs)
            got.insert(got.end(), back.begin() + static_cast<std::ptrdiff_t>(b) * kQueryHeads * kHeadDim,
                       back.begin() + static_cast<std::ptrdiff_t>(b + 1) * kQueryHeads * kHeadDim);
        v.correctness =
            checkClose(got, want, kTolerance,
                       "against a CPU double softmax(q k / sqrt(d)) v for all 32 heads of "
                           + std::to_string(checkSeqs.size()) + " sequences; tolerance 1e-5 absolute");
        applyTiming(v, ctx.time(launch));
        int perSm = 0;
        KD_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, kernel, kThreads, 0));
        v.extra.push_back({"ctas_per_sm", perSm});
        v.extra.push_back({"flop_per_kv_byte", flops / kvBytes});
        v.extra.push_back({"kv_cache_bytes", kvBytes});
        v.extra.push_back({"split_partial_bytes", partialBytes});
        if (blockTokens > 0) {
            v.extra.push_back({"block_table_bytes", tableBytes});
            v.extra.push_back({"page_bytes_per_kv_head",
                               static_cast<double>(blockTokens) * kHeadDim * sizeof(__nv_bfloat16)});
        }
        r.variants.push_back(std::move(v));
    };

    runVariant("contiguous", "contiguous KV per sequence [B][H_kv][L][128]", 0);
    runVariant("paged-16", "paged KV, 16-token blocks in random order, block table", 16);
    runVariant("paged-128", "paged KV, 128-token blocks in random order, block table", 128);

    const Variant* base = findVariant(r, "contiguous");
    for (Variant& v : r.variants)
        if (base && &v != base)
            v.extra.push_back({"fraction_of_contiguous", base->medianMs() / v.medianMs()});
    if (base)
        setTarget(r, "contiguous", "contiguous decode attention traffic / measured memcpy bandwidth", 0.75,
                  base->ratio());
    if (const Variant* p = findVariant(r, "paged-16"); p && base)
        setTarget(r, "paged-16", "paged-16 K/V bandwidth / contiguous (same cache, time ratio)", 0.85,
                  base->medianMs() / p->medianMs());
}

}  // namespace kdemo
