// RMSNorm, y = x / sqrt(mean(x^2) + eps) * w, over rows of 4096 fp32. Written as an eager
// framework would run it (one kernel per operation, each intermediate stored to DRAM), as
// statistics + apply, and fused (one read of x, one write of y).

#include <algorithm>
#include <cmath>
#include <vector>

#include "block_reduce.cuh"
#include "checks.h"
#include "cpu_reference.h"
#include "cuda_util.h"
#include "demos.h"

namespace kdemo {

namespace {

constexpr int kHidden = 4096;
constexpr int kThreads = 256;
constexpr int kVec = kHidden / 4 / kThreads;  // float4 per thread in the fused kernel
constexpr float kEps = 1e-6f;

__global__ void squareK(const float4* __restrict__ x, float4* __restrict__ t, size_t n4)
{
    const size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
    if (i < n4) {
        const float4 v = x[i];
        t[i] = make_float4(v.x * v.x, v.y * v.y, v.z * v.z, v.w * v.w);
    }
}

__global__ void rowMeanK(const float* __restrict__ t, float* __restrict__ ms)
{
    __shared__ float scratch[32];
    const float4* row = reinterpret_cast<const float4*>(t + static_cast<size_t>(blockIdx.x) * kHidden);
    float s = 0.0f;
    for (int i = threadIdx.x; i < kHidden / 4; i += blockDim.x) {
        const float4 v = row[i];
        s += (v.x + v.y) + (v.z + v.w);
    }
    s = blockSum(s, scratch);
    if (threadIdx.x == 0)
        ms[blockIdx.x] = s / kHidden;
}

__global__ void rsqrtK(const float* __restrict__ ms, float* __restrict__ rr, int rows)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < rows)
        rr[i] = rsqrtf(ms[i] + kEps);
}

__global__ void scaleRowsK(const float4* __restrict__ x, const float* __restrict__ rr, float4* __restrict__ t,
                           size_t n4)
{
    const size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
    if (i < n4) {
        const float r = rr[i / (kHidden / 4)];
        const float4 v = x[i];
        t[i] = make_float4(v.x * r, v.y * r, v.z * r, v.w * r);
    }
}

__global__ void mulWeightK(const float4* __restrict__ t, const float4* __restrict__ w, float4* __restrict__ y,
                           size_t n4)
{
    const size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
    if (i < n4) {
        const float4 v = t[i], g = w[i % (kHidden / 4)];
        y[i] = make_float4(v.x * g.x, v.y * g.y, v.z * g.z, v.w * g.w);
    }
}

__global__ void statsK(const float* __restrict__ x, float* __restrict__ rr)
{
    __shared__ float scratch[32];
    const float4* row = reinterpret_cast<const float4*>(x + static_cast<size_t>(blockIdx.x) * kHidden);
    float s = 0.0f;
    for (int i = threadIdx.x; i < kHidden / 4; i += blockDim.x) {
        const float4 v = row[i];
        s += (v.x * v.x + v.y * v.y) + (v.z * v.z + v.w * v.w);
    }
    s = blockSum(s, scratch);
    if (threadIdx.x == 0)
        rr[blockIdx.x] = rsqrtf(s / kHidden + kEps);
}

__global__ void applyK(const float4* __restrict__ x, const float* __restrict__ rr,
                       const float4* __restrict__ w, float4* __restrict__ y, size_t n4)
{
    const size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
    if (i < n4) {
        const float r = rr[i / (kHidden / 4)];
        const float4 v = x[i], g = w[i % (kHidden / 4)];
        y[i] = make_float4(v.x * r * g.x, v.y * r * g.y, v.z * r * g.z, v.w * r * g.w);
    }
}

__global__ void __launch_bounds__(kThreads)
    rmsnormFused(const float* __restrict__ x, const float4* __restrict__ w, float* __restrict__ y)
{
    __shared__ float scratch[32];
    const size_t off = static_cast<size_t>(blockIdx.x) * kHidden;
    const float4* row = reinterpret_cast<const float4*>(x + off);
    float4 v[kVec];
    float s = 0.0f;
#pragma unroll
    for (int k = 0; k < kVec; ++k)
        v[k] = row[threadIdx.x + k * kThreads];
#pragma unroll
    for (int k = 0; k < kVec; ++k)
        s += (v[k].x * v[k].x + v[k].y * v[k].y) + (v[k].z * v[k].z + v[k].w * v[k].w);
    const float r = rsqrtf(blockSum(s, scratch) / kHidden + kEps);
    float4* out = reinterpret_cast<float4*>(y + off);
#pragma unroll
    for (int k = 0; k < kVec; ++k) {
        const int i = threadIdx.x + k * kThreads;
        const float4 g = w[i];
        out[i] = make_float4(v[k].x * r * g.x, v[k].y * r * g.y, v[k].z * r * g.z, v[k].w * r * g.w);
    }
}

}  // namespace

void runRmsnormFusion(RunContext& ctx, DemoResult& r)
{
    const int rows = static_cast<int>(r.size);
    const size_t n = static_cast<size_t>(rows) * kHidden;
    const size_t n4 = n / 4;
    const Limit& lim = ctx.copyLimit();
    r.limit = lim;
    std::vector<float> hx(n), hw(kHidden), back(n);
    fillUniform(hx, ctx.seed(), -2.0f, 2.0f);
    fillUniform(hw, ctx.seed() + 1, 0.5f, 1.5f);
    std::vector<int> checkRows;
    const int step = ctx.quick() ? 1 : std::max(1, rows / 64);
    for (int i = 0; i < rows; i += step)
        checkRows.push_back(i);
    std::vector<double> want(checkRows.size() * kHidden);
    for (size_t k = 0; k < checkRows.size(); ++k)
        rmsnormRow(std::span<const float>(hx).subspan(static_cast<size_t>(checkRows[k]) * kHidden, kHidden),
                   hw, kEps, std::span<double>(want).subspan(k * kHidden, kHidden));
    double wantMax = 0.0;
    for (double v : want)
        wantMax = std::max(wantMax, std::fabs(v));

    DeviceBuffer<float> x(n), w(kHidden), y(n), t(n), ms(rows), rr(rows);
    ctx.upload(x.get(), hx.data(), n * sizeof(float));
    ctx.upload(w.get(), hw.data(), kHidden * sizeof(float));
    cudaStream_t s = ctx.stream();
    const auto* x4 = reinterpret_cast<const float4*>(x.get());
    const auto* w4 = reinterpret_cast<const float4*>(w.get());
    auto* y4 = reinterpret_cast<float4*>(y.get());
    auto* t4 = reinterpret_cast<float4*>(t.get());
    const unsigned int eltBlocks = blocksFor(n4, kThreads);
    const double usefulBytes = 2.0 * n * sizeof(float) + kHidden * sizeof(float);

    auto runVariant = [&](const std::string& id, const std::string& label, int passes,
                          const std::function<void()>& launch) {
        Variant v;
        v.id = id;
        v.label = label;
        v.problem = std::to_string(rows) + " x " + std::to_string(kHidden) + " fp32 ("
                    + std::to_string(n * 4 >> 20) + " MiB)";
        v.bytes = usefulBytes;
        v.limit = lim;
        v.note = "effective bandwidth: read x + write y + weight once, whatever the variant moves; this "
                 "variant makes "
                 "about "
                 + std::to_string(passes) + " full passes over the tensor";
        y.poison(s);
        launch();
        KD_LAUNCHED();
        ctx.download(back.data(), y.get(), n * sizeof(float));
        std::vector<float> got(checkRows.size() * kHidden);
        for (size_t k = 0; k < checkRows.size(); ++k)
            std::copy_n(back.begin() + static_cast<std::ptrdiff_t>(checkRows[k]) * kHidden, kHidden,
                        got.begin() + static_cast<std::ptrdiff_t>(k * kHidden));
        v.correctness = checkClose(got, want, 1e-5 * wantMax,
                                   "against a CPU double RMSNorm on " + std::to_string(checkRows.size())
                                       + " rows; tolerance 1e-5 x the largest output");
        applyTiming(v, ctx.time(launch));
        r.variants.push_back(std::move(v));
    };

    runVariant("eager", "five kernels: square, mean, rsqrt, scale, weight", 7, [&] {
        squareK<<<eltBlocks, kThreads, 0, s>>>(x4, t4, n4);
        rowMeanK<<<rows, kThreads, 0, s>>>(t.get(), ms.get());
        rsqrtK<<<blocksFor(rows, kThreads), kThreads, 0, s>>>(ms.get(), rr.get(), rows);
        scaleRowsK<<<eltBlocks, kThreads, 0, s>>>(x4, rr.get(), t4, n4);
        mulWeightK<<<eltBlocks, kThreads, 0, s>>>(t4, w4, y4, n4);
    });
    runVariant("two-kernel", "statistics kernel, then apply", 3, [&] {
        statsK<<<rows, kThreads, 0, s>>>(x.get(), rr.get());
        applyK<<<eltBlocks, kThreads, 0, s>>>(x4, rr.get(), w4, y4, n4);
    });
    runVariant("fused", "one kernel, the row held in registers", 2,
               [&] { rmsnormFused<<<rows, kThreads, 0, s>>>(x.get(), w4, y.get()); });

    const Variant* base = findVariant(r, "eager");
    for (Variant& v : r.variants)
        if (base)
            v.extra.push_back({"speedup_vs_eager", base->medianMs() / v.medianMs()});
    if (const Variant* v = findVariant(r, "fused"))
        setTarget(r, "fused", "fused RMSNorm effective bandwidth / measured memcpy bandwidth", 0.80,
                  v->ratio());
}

}  // namespace kdemo
