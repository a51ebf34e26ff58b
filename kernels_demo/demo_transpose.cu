// Matrix transpose three ways. Naive: reads coalesced, writes strided by a whole row. Shared
// tile: both global accesses coalesced, but reading a tile column hits one shared-memory bank
// 32 times. Padded tile [32][33]: a column then spans all 32 banks.

#include <vector>

#include "checks.h"
#include "cpu_reference.h"
#include "cuda_util.h"
#include "demos.h"

namespace kdemo {

namespace {

constexpr int kTile = 32;
constexpr int kRows = 8;  // threads per tile column; each thread moves kTile / kRows elements

__global__ void transposeNaive(const float* __restrict__ in, float* __restrict__ out, int rows, int cols)
{
    const int x = blockIdx.x * kTile + threadIdx.x;
    const int y0 = blockIdx.y * kTile + threadIdx.y;
    if (x >= cols)
        return;
    for (int k = 0; k < kTile; k += kRows) {
        const int y = y0 + k;
        if (y < rows)
            out[static_cast<size_t>(x) * rows + y] = in[static_cast<size_t>(y) * cols + x];
    }
}

template <int Pad>
__global__ void transposeTiled(const float* __restrict__ in, float* __restrict__ out, int rows, int cols)
{
    __shared__ float tile[kTile][kTile + Pad];
    int x = blockIdx.x * kTile + threadIdx.x;
    int y = blockIdx.y * kTile + threadIdx.y;
    for (int k = 0; k < kTile; k += kRows)
        if (x < cols && y + k < rows)
            tile[threadIdx.y + k][threadIdx.x] = in[static_cast<size_t>(y + k) * cols + x];
    __syncthreads();
    // Swap the block coordinates: this block writes the transposed tile, again row by row.
    x = blockIdx.y * kTile + threadIdx.x;
    y = blockIdx.x * kTile + threadIdx.y;
    for (int k = 0; k < kTile; k += kRows)
        if (x < rows && y + k < cols)
            out[static_cast<size_t>(y + k) * rows + x] = tile[threadIdx.x][threadIdx.y + k];
}

}  // namespace

void runTranspose(RunContext& ctx, DemoResult& r)
{
    const int side = static_cast<int>(r.size);
    const size_t n = static_cast<size_t>(side) * side;
    const Limit& lim = ctx.copyLimit();
    r.limit = lim;
    std::vector<float> host(n), back(n), want(n);
    fillUniform(host, ctx.seed(), -1.0f, 1.0f);
    transpose(host, want, side, side);
    DeviceBuffer<float> in(n), out(n);
    ctx.upload(in.get(), host.data(), n * sizeof(float));
    cudaStream_t s = ctx.stream();
    const dim3 block(kTile, kRows);
    const dim3 grid((side + kTile - 1) / kTile, (side + kTile - 1) / kTile);

    auto runVariant = [&](const std::string& id, const std::string& label,
                          const std::function<void()>& launch) {
        Variant v;
        v.id = id;
        v.label = label;
        v.problem = std::to_string(side) + " x " + std::to_string(side) + " fp32 ("
                    + std::to_string(n * 4 >> 20) + " MiB), tile 32 x 32, 32 x 8 threads";
        v.bytes = 2.0 * n * sizeof(float);
        v.limit = lim;
        v.note = "bytes read + written counted";
        out.poison(s);
        launch();
        KD_LAUNCHED();
        ctx.download(back.data(), out.get(), n * sizeof(float));
        v.correctness = checkExact(back, want, "bit-exact against a CPU transpose");
        applyTiming(v, ctx.time(launch));
        r.variants.push_back(std::move(v));
    };
    runVariant("naive", "naive: strided writes",
               [&] { transposeNaive<<<grid, block, 0, s>>>(in.get(), out.get(), side, side); });
    runVariant("shared", "shared-memory tile [32][32] (32-way bank conflicts)",
               [&] { transposeTiled<0><<<grid, block, 0, s>>>(in.get(), out.get(), side, side); });
    runVariant("padded", "shared-memory tile [32][33] (padded, no conflicts)",
               [&] { transposeTiled<1><<<grid, block, 0, s>>>(in.get(), out.get(), side, side); });

    const Variant* naive = findVariant(r, "naive");
    for (Variant& v : r.variants)
        if (naive)
            v.extra.push_back({"speedup_vs_naive", naive->medianMs() / v.medianMs()});
    if (const Variant* v = findVariant(r, "padded"))
        setTarget(r, "padded", "padded transpose / measured memcpy bandwidth", 0.80, v->ratio());
}

}  // namespace kdemo
