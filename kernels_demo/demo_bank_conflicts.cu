// Shared-memory bank conflicts: what they cost, how to see them, and two ways to remove them.
//
// Shared memory is split into 32 banks, each serving one 4-byte word per clock; word w lives in
// bank w mod 32. A warp request whose 32 lanes touch k distinct words of one bank is split into
// k passes (wavefronts): a k-way conflict, k times the time. Lanes reading the same word share a
// broadcast and do not conflict.
//
// Stride sweep: lane l of a warp reads word (j * 32 + l) * s of its warp's region and writes it
// back incremented, 2 words (j = 0, 1) per thread, size times in a loop. For a power-of-two s the
// 32 lanes fall into 32 / gcd(s, 32) banks: a gcd(s, 32)-way conflict, so time should grow
// linearly with s from 1 to 32.
//
// Column read of a 32 x 32 float tile (the access of a transpose or of a GEMM's transposed
// operand): lane l reads row l of a column. Row-major with 32 words a row puts the whole column in
// one bank (32-way). Padding rows to 33 words moves each row one bank on, so a column covers all
// 32 banks. The XOR swizzle stores column c of row r at column c ^ r: the tile keeps its size,
// rows stay contiguous, and a column again covers every bank (c ^ l is distinct for l = 0..31).
//
// How to measure it: here, by time per access against the bank-limited peak. In Nsight Compute,
// l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum (and _op_st) counts the extra passes,
// and l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum divided by the shared load
// instructions gives the ways directly.
//
// Accounting: bytes = 4 B per lane per shared load and per shared store the kernels issue (what
// the program asks for, not the wavefronts the banks serve, so a conflict shows as lower GB/s).
// The limit is theoretical: SMs x 32 banks x 4 B x maximum SM clock. The loops run in one wave of
// resident blocks, each thread's words private to it (no races, no barriers in the loop), through
// volatile pointers so the compiler keeps every access; global traffic is a few MiB, under 1%.
// Correctness: every thread's sum of what it read, against the CPU, exactly.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "cpu_reference.h"
#include "cuda_util.h"
#include "demos.h"
#include "smem_reference.h"

namespace kdemo {

void runBankConflicts(RunContext& ctx, DemoResult& r);

namespace {

constexpr int kThreads = 128;  // 4 warps
constexpr int kWarps = kThreads / 32;

// Stride sweep: every stride gets the same 32 KiB allocation (sized for stride 32), so every
// variant runs at the same occupancy and only the bank pattern changes.
constexpr int kSweepItems = 2;
constexpr int kMaxStride = 32;
constexpr int kWarpRegionWords = kSweepItems * 32 * kMaxStride;  // 2048 words, 8 KiB
constexpr int kSweepWordsPerBlock = kThreads * kSweepItems;      // words loaded from global

template <int Stride>
__global__ void __launch_bounds__(kThreads)
    strideSweep(const std::uint32_t* __restrict__ in, std::uint32_t* __restrict__ sums, int iters)
{
    static_assert(Stride >= 1 && (kSweepItems * 32 - 1) * Stride < kWarpRegionWords, "stride out of range");
    __shared__ std::uint32_t words[kWarps * kWarpRegionWords];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    // volatile: every iteration must really load and store; the words are private to the lane,
    // so program order is the only ordering needed and no barrier is taken.
    volatile std::uint32_t* region = words + warp * kWarpRegionWords;
    const std::uint32_t* src =
        in + static_cast<size_t>(blockIdx.x) * kSweepWordsPerBlock + warp * (kSweepItems * 32);
#pragma unroll
    for (int j = 0; j < kSweepItems; ++j)
        region[(j * 32 + lane) * Stride] = src[j * 32 + lane];
    std::uint32_t acc = 0;
#pragma unroll 4
    for (int it = 0; it < iters; ++it) {
        std::uint32_t v[kSweepItems];
#pragma unroll
        for (int j = 0; j < kSweepItems; ++j)
            v[j] = region[(j * 32 + lane) * Stride];
#pragma unroll
        for (int j = 0; j < kSweepItems; ++j) {
            acc += v[j];
            region[(j * 32 + lane) * Stride] = v[j] + 1u;
        }
    }
    sums[static_cast<size_t>(blockIdx.x) * kThreads + threadIdx.x] = acc;
}

// Column reads: one 32 x 32 float tile per block; warp w owns columns w, w + 4, ..., w + 28 and
// lane l row l of them, 8 words per thread. Each iteration a warp reads a whole column at a time.
constexpr int kTile = 32;
constexpr int kColsPerWarp = kTile / kWarps;  // 8
constexpr int kTileWords = kTile * kTile;
// Each column thread touches 4x as many words per iteration as a sweep thread, so the column
// loop runs a quarter as often: every variant makes the same number of accesses per thread.
constexpr int kColumnIterDivisor = kColsPerWarp / kSweepItems;

template <TileLayout L>
__device__ __forceinline__ int tileIndex(int row, int col)
{
    if constexpr (L == TileLayout::Naive)
        return row * kTile + col;
    if constexpr (L == TileLayout::Padded)
        return row * (kTile + 1) + col;
    return row * kTile + (col ^ row);
}

template <TileLayout L>
__global__ void __launch_bounds__(kThreads)
    columnReads(const float* __restrict__ in, std::uint32_t* __restrict__ sums, int iters)
{
    __shared__ float tile[kTile * (kTile + 1)];
    const float* src = in + static_cast<size_t>(blockIdx.x) * kTileWords;
    // Filled row by row (conflict-free in every layout), read by column below.
    for (int i = threadIdx.x; i < kTileWords; i += kThreads)
        tile[tileIndex<L>(i / kTile, i % kTile)] = src[i];
    __syncthreads();
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    int idx[kColsPerWarp];
#pragma unroll
    for (int j = 0; j < kColsPerWarp; ++j)
        idx[j] = tileIndex<L>(lane, warp + kWarps * j);
    volatile float* t = tile;
    // The sum is of the bit patterns (integer adds): exact at any loop count, reproducible on the CPU.
    std::uint32_t acc = 0;
#pragma unroll 2
    for (int it = 0; it < iters; ++it) {
        float v[kColsPerWarp];
#pragma unroll
        for (int j = 0; j < kColsPerWarp; ++j)
            v[j] = t[idx[j]];
#pragma unroll
        for (int j = 0; j < kColsPerWarp; ++j) {
            acc += __float_as_uint(v[j]);
            t[idx[j]] = v[j] + 1.0f;
        }
    }
    sums[static_cast<size_t>(blockIdx.x) * kThreads + threadIdx.x] = acc;
}

/// Prefers the largest shared-memory carve-out, then returns one full wave of blocks.
unsigned int oneWave(const void* kernel, int smCount)
{
    KD_CUDA(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout,
                                 static_cast<int>(cudaSharedmemCarveoutMaxShared)));
    return fillingGrid(kernel, kThreads, smCount);
}

Correctness compareWords(const std::vector<std::uint32_t>& got, const std::vector<std::uint32_t>& want,
                         std::string method)
{
    Correctness c;
    c.checked = true;
    c.method = std::move(method);
    c.elementsChecked = want.size();
    c.passed = got.size() == want.size();
    for (size_t i = 0; c.passed && i < want.size(); ++i)
        if (got[i] != want[i]) {
            c.passed = false;
            c.maxAbsErr = std::fabs(static_cast<double>(got[i]) - static_cast<double>(want[i]));
        }
    return c;
}

}  // namespace

void runBankConflicts(RunContext& ctx, DemoResult& r)
{
    // r.size: loop iterations of the stride sweep; a multiple of kColumnIterDivisor.
    const long long clamped = std::clamp<long long>(r.size, kColumnIterDivisor, 1LL << 24);
    const int iters = static_cast<int>(clamped / kColumnIterDivisor * kColumnIterDivisor);
    const int columnIters = iters / kColumnIterDivisor;
    const DeviceInfo& dev = ctx.device();
    cudaStream_t s = ctx.stream();

    Limit lim;
    lim.kind = "bandwidth";
    lim.unit = "GB/s";
    lim.value = sharedMemoryPeakGBs(dev.smCount, dev.smClockMaxKHz);
    lim.how = "theoretical shared-memory bandwidth from device attributes: " + std::to_string(dev.smCount)
              + " SMs x 32 banks x 4 B x " + std::to_string(dev.smClockMaxKHz / 1000)
              + " MHz (cudaDevAttrClockRate)";
    r.limit = lim;

    struct SweepKernel {
        int stride;
        const void* fn;
        void (*launch)(unsigned int, cudaStream_t, const std::uint32_t*, std::uint32_t*, int);
    };
    auto sweepEntry = [](auto strideTag) {
        constexpr int S = decltype(strideTag)::value;
        return SweepKernel{S, reinterpret_cast<const void*>(strideSweep<S>),
                           [](unsigned int g, cudaStream_t st, const std::uint32_t* in, std::uint32_t* out,
                              int it) { strideSweep<S><<<g, kThreads, 0, st>>>(in, out, it); }};
    };
    const SweepKernel sweep[] = {
        sweepEntry(std::integral_constant<int, 1>{}),  sweepEntry(std::integral_constant<int, 2>{}),
        sweepEntry(std::integral_constant<int, 4>{}),  sweepEntry(std::integral_constant<int, 8>{}),
        sweepEntry(std::integral_constant<int, 16>{}), sweepEntry(std::integral_constant<int, 32>{})};

    struct ColumnKernel {
        const char* id;
        const char* label;
        TileLayout layout;
        const void* fn;
        void (*launch)(unsigned int, cudaStream_t, const float*, std::uint32_t*, int);
    };
    auto columnEntry = [](auto layoutTag, const char* id, const char* label) {
        constexpr TileLayout L = decltype(layoutTag)::value;
        return ColumnKernel{id, label, L, reinterpret_cast<const void*>(columnReads<L>),
                            [](unsigned int g, cudaStream_t st, const float* in, std::uint32_t* out, int it) {
                                columnReads<L><<<g, kThreads, 0, st>>>(in, out, it);
                            }};
    };
    using LayoutNaive = std::integral_constant<TileLayout, TileLayout::Naive>;
    using LayoutPadded = std::integral_constant<TileLayout, TileLayout::Padded>;
    using LayoutSwizzled = std::integral_constant<TileLayout, TileLayout::Swizzled>;
    const ColumnKernel columns[] = {
        columnEntry(LayoutNaive{}, "column-naive",
                    "column of a [32][32] float tile (all 32 rows in one bank)"),
        columnEntry(LayoutPadded{}, "column-padded",
                    "column of a [32][33] float tile (padded by one word a row)"),
        columnEntry(LayoutSwizzled{}, "column-swizzled",
                    "column of a [32][32] float tile, XOR swizzle col ^ row"),
    };

    // One wave per kernel: every block resident from the start, so there is no tail wave.
    std::vector<unsigned int> sweepGrid, columnGrid;
    for (const SweepKernel& k : sweep)
        sweepGrid.push_back(oneWave(k.fn, dev.smCount));
    for (const ColumnKernel& k : columns)
        columnGrid.push_back(oneWave(k.fn, dev.smCount));
    const unsigned int maxSweepGrid = *std::max_element(sweepGrid.begin(), sweepGrid.end());
    const unsigned int maxColumnGrid = *std::max_element(columnGrid.begin(), columnGrid.end());

    // Inputs: whole numbers 0..255 (as words for the sweep, as floats for the tiles).
    SplitMix64 rng(ctx.seed());
    std::vector<std::uint32_t> sweepIn(static_cast<size_t>(maxSweepGrid) * kSweepWordsPerBlock);
    for (std::uint32_t& w : sweepIn)
        w = static_cast<std::uint32_t>(rng.next() >> 56);
    std::vector<float> tileIn(static_cast<size_t>(maxColumnGrid) * kTileWords);
    for (float& f : tileIn)
        f = static_cast<float>(rng.next() >> 56);

    DeviceBuffer<std::uint32_t> dSweepIn(sweepIn.size());
    DeviceBuffer<std::uint32_t> sums(static_cast<size_t>(std::max(maxSweepGrid, maxColumnGrid)) * kThreads);
    DeviceBuffer<float> dTileIn(tileIn.size());
    ctx.upload(dSweepIn.get(), sweepIn.data(), sweepIn.size() * sizeof(std::uint32_t));
    ctx.upload(dTileIn.get(), tileIn.data(), tileIn.size() * sizeof(float));
    const std::vector<std::uint32_t> bitsPrefix =
        floatBitsPrefix(256 + static_cast<std::uint32_t>(columnIters));

    auto measure = [&](Variant& v, unsigned int grid, const std::vector<std::uint32_t>& want,
                       const std::function<void()>& launch, const std::string& method) {
        sums.poison(s);
        launch();
        KD_LAUNCHED();
        std::vector<std::uint32_t> got(static_cast<size_t>(grid) * kThreads);
        ctx.download(got.data(), sums.get(), got.size() * sizeof(std::uint32_t));
        v.correctness = compareWords(got, want, method);
        applyTiming(v, ctx.time(launch));
        v.extra.push_back({"blocks", static_cast<double>(grid)});
        v.extra.push_back({"blocks_per_sm", static_cast<double>(grid) / dev.smCount});
        r.variants.push_back(std::move(v));
    };

    for (size_t k = 0; k < std::size(sweep); ++k) {
        const SweepKernel& kern = sweep[k];
        const unsigned int grid = sweepGrid[k];
        std::vector<std::uint32_t> want(static_cast<size_t>(grid) * kThreads);
        for (unsigned int b = 0; b < grid; ++b)
            for (int t = 0; t < kThreads; ++t) {
                const int lane = t % 32, warp = t / 32;
                std::uint32_t sum = 0;
                const size_t first =
                    static_cast<size_t>(b) * kSweepWordsPerBlock + warp * (kSweepItems * 32) + lane;
                for (int j = 0; j < kSweepItems; ++j)
                    sum += incrementRunSum(sweepIn[first + j * 32], static_cast<std::uint32_t>(iters));
                want[static_cast<size_t>(b) * kThreads + t] = sum;
            }
        std::vector<std::uint32_t> firstRequest(32);
        for (int l = 0; l < 32; ++l)
            firstRequest[l] = static_cast<std::uint32_t>(l * kern.stride);
        Variant v;
        v.id = "stride-" + std::to_string(kern.stride);
        v.label = "warp reads and writes back words lane x " + std::to_string(kern.stride) + " ("
                  + std::to_string(stridedConflictWays(kern.stride)) + "-way)";
        v.problem = std::to_string(grid) + " blocks x 128 threads, 2 uint32 words a thread, "
                    + std::to_string(iters) + " read + write-back iterations, 32 KiB shared a block";
        v.precision = "int32";
        v.bytes = static_cast<double>(grid) * kThreads * kSweepItems * 2.0 * 4.0 * iters;
        v.limit = lim;
        v.note =
            "bytes: 4 B per lane per shared load and per shared store (2 words x (load + store) x iterations "
            "per thread); conflict ways = gcd(stride, 32)";
        v.extra.push_back({"ways", static_cast<double>(conflictWays(firstRequest))});
        const std::uint32_t* inPtr = dSweepIn.get();
        std::uint32_t* outPtr = sums.get();
        auto launchFn = kern.launch;
        measure(
            v, grid, want, [=] { launchFn(grid, s, inPtr, outPtr, iters); },
            "every thread's sum of the words it read, exactly, against the CPU ("
                + std::to_string(want.size()) + " sums)");
    }

    for (size_t k = 0; k < std::size(columns); ++k) {
        const ColumnKernel& kern = columns[k];
        const unsigned int grid = columnGrid[k];
        std::vector<std::uint32_t> want(static_cast<size_t>(grid) * kThreads);
        for (unsigned int b = 0; b < grid; ++b)
            for (int t = 0; t < kThreads; ++t) {
                const int lane = t % 32, warp = t / 32;
                std::uint32_t sum = 0;
                for (int j = 0; j < kColsPerWarp; ++j) {
                    const auto x = static_cast<std::uint32_t>(
                        tileIn[static_cast<size_t>(b) * kTileWords + lane * kTile + warp + kWarps * j]);
                    sum += bitsPrefix[x + columnIters] - bitsPrefix[x];
                }
                want[static_cast<size_t>(b) * kThreads + t] = sum;
            }
        std::vector<std::uint32_t> firstRequest(32);
        for (int l = 0; l < 32; ++l)
            firstRequest[l] = tileWord(kern.layout, l, 0);
        Variant v;
        v.id = kern.id;
        v.label = kern.label;
        v.problem = std::to_string(grid)
                    + " blocks x 128 threads, one 32 x 32 fp32 tile a block, 8 column words a "
                      "thread, "
                    + std::to_string(columnIters) + " read + write-back iterations";
        v.precision = "fp32";
        v.bytes = static_cast<double>(grid) * kThreads * kColsPerWarp * 2.0 * 4.0 * columnIters;
        v.limit = lim;
        v.note = "bytes: 4 B per lane per shared load and per shared store (8 words x (load + store) x "
                 "iterations per "
                 "thread; a quarter of the sweep's iterations, so the same accesses per thread)";
        v.extra.push_back({"ways", static_cast<double>(conflictWays(firstRequest))});
        const float* inPtr = dTileIn.get();
        std::uint32_t* outPtr = sums.get();
        auto launchFn = kern.launch;
        measure(
            v, grid, want, [=] { launchFn(grid, s, inPtr, outPtr, columnIters); },
            "every thread's sum of the float bit patterns it read, exactly, against the CPU ("
                + std::to_string(want.size()) + " sums)");
    }

    // Slowdown by throughput, which is comparable across kernels of different grid sizes.
    if (const Variant* base = findVariant(r, "stride-1"))
        for (Variant& v : r.variants)
            v.extra.push_back({"slowdown_vs_stride1", base->metric() / v.metric()});
    const Variant* naive = findVariant(r, "column-naive");
    const Variant* padded = findVariant(r, "column-padded");
    const Variant* swizzled = findVariant(r, "column-swizzled");
    if (naive && padded)
        setTarget(r, "column-padded", "column read: padded tile / naive tile (32-way conflict), speedup", 8.0,
                  padded->metric() / naive->metric());
    if (swizzled && padded)
        setTarget(r, "column-swizzled", "column read: XOR-swizzled tile / padded tile", 0.9,
                  swizzled->metric() / padded->metric());
    if (const Variant* v = findVariant(r, "stride-1"))
        setTarget(r, "stride-1", "stride 1 shared-memory traffic / theoretical shared bandwidth", 0.6,
                  v->ratio());
}

}  // namespace kdemo
