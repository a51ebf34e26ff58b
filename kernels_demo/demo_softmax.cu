// Row softmax over 16384-wide fp32 rows. Three-pass: max, sum of exp, normalise (three reads,
// one write). Online (Milakov & Gimelshein, arXiv 1805.02867): max and normaliser in one read,
// then normalise (two reads, one write). Fused: the row stays in registers, one read and one
// write. The tensor is many times the L2, so every pass streams from DRAM.

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

constexpr int kCols = 16384;
constexpr int kThreads = 256;       // two-pass kernels
constexpr int kFusedThreads = 512;  // fused: 8 float4 (32 floats) of the row per thread
constexpr int kFusedVec = kCols / 4 / kFusedThreads;

__global__ void rowMax(const float* __restrict__ x, float* __restrict__ mOut)
{
    __shared__ float scratch[32];
    const float4* row = reinterpret_cast<const float4*>(x + static_cast<size_t>(blockIdx.x) * kCols);
    float m = -INFINITY;
    for (int i = threadIdx.x; i < kCols / 4; i += blockDim.x) {
        const float4 v = row[i];
        m = fmaxf(m, fmaxf(fmaxf(v.x, v.y), fmaxf(v.z, v.w)));
    }
    m = blockMax(m, scratch);
    if (threadIdx.x == 0)
        mOut[blockIdx.x] = m;
}

__global__ void rowSumExp(const float* __restrict__ x, const float* __restrict__ mIn,
                          float* __restrict__ dOut)
{
    __shared__ float scratch[32];
    const float4* row = reinterpret_cast<const float4*>(x + static_cast<size_t>(blockIdx.x) * kCols);
    const float m = mIn[blockIdx.x];
    float d = 0.0f;
    for (int i = threadIdx.x; i < kCols / 4; i += blockDim.x) {
        const float4 v = row[i];
        d += expf(v.x - m) + expf(v.y - m) + expf(v.z - m) + expf(v.w - m);
    }
    d = blockSum(d, scratch);
    if (threadIdx.x == 0)
        dOut[blockIdx.x] = d;
}

/// One pass keeps a running max m and a sum d rescaled whenever m grows.
__global__ void rowOnline(const float* __restrict__ x, float* __restrict__ mOut, float* __restrict__ dOut)
{
    __shared__ float scratch[32];
    const float4* row = reinterpret_cast<const float4*>(x + static_cast<size_t>(blockIdx.x) * kCols);
    float m = -INFINITY, d = 0.0f;
    for (int i = threadIdx.x; i < kCols / 4; i += blockDim.x) {
        const float4 v = row[i];
        const float mNew = fmaxf(m, fmaxf(fmaxf(v.x, v.y), fmaxf(v.z, v.w)));
        d = d * expf(m - mNew) + expf(v.x - mNew) + expf(v.y - mNew) + expf(v.z - mNew) + expf(v.w - mNew);
        m = mNew;
    }
    // Combine the threads' (m, d) pairs: rescale each to the row maximum.
    const float rowM = blockMax(m, scratch);
    const float rowD = blockSum(d * expf(m - rowM), scratch);
    if (threadIdx.x == 0) {
        mOut[blockIdx.x] = rowM;
        dOut[blockIdx.x] = rowD;
    }
}

__global__ void normalise(const float* __restrict__ x, const float* __restrict__ mIn,
                          const float* __restrict__ dIn, float* __restrict__ y)
{
    const size_t off = static_cast<size_t>(blockIdx.x) * kCols;
    const float4* row = reinterpret_cast<const float4*>(x + off);
    float4* out = reinterpret_cast<float4*>(y + off);
    const float m = mIn[blockIdx.x], inv = 1.0f / dIn[blockIdx.x];
    for (int i = threadIdx.x; i < kCols / 4; i += blockDim.x) {
        const float4 v = row[i];
        out[i] =
            make_float4(expf(v.x - m) * inv, expf(v.y - m) * inv, expf(v.z - m) * inv, expf(v.w - m) * inv);
    }
}

__global__ void __launch_bounds__(kFusedThreads)
    softmaxFused(const float* __restrict__ x, float* __restrict__ y)
{
    __shared__ float scratch[32];
    const size_t off = static_cast<size_t>(blockIdx.x) * kCols;
    const float4* row = reinterpret_cast<const float4*>(x + off);
    float4 v[kFusedVec];
#pragma unroll
    for (int k = 0; k < kFusedVec; ++k)
        v[k] = row[threadIdx.x + k * kFusedThreads];
    float m = -INFINITY;
#pragma unroll
    for (int k = 0; k < kFusedVec; ++k)
        m = fmaxf(m, fmaxf(fmaxf(v[k].x, v[k].y), fmaxf(v[k].z, v[k].w)));
    m = blockMax(m, scratch);
    float d = 0.0f;
#pragma unroll
    for (int k = 0; k < kFusedVec; ++k) {
        v[k] = make_float4(expf(v[k].x - m), expf(v[k].y - m), expf(v[k].z - m), expf(v[k].w - m));
        d += (v[k].x + v[k].y) + (v[k].z + v[k].w);
    }
    const float inv = 1.0f / blockSum(d, scratch);
    float4* out = reinterpret_cast<float4*>(y + off);
#pragma unroll
    for (int k = 0; k < kFusedVec; ++k)
        out[threadIdx.x + k * kFusedThreads] =
            make_float4(v[k].x * inv, v[k].y * inv, v[k].z * inv, v[k].w * inv);
}

}  // namespace

void runSoftmax(RunContext& ctx, DemoResult& r)
{
    const int rows = static_cast<int>(r.size);
    const size_t n = static_cast<size_t>(rows) * kCols;
    const Limit& lim = ctx.copyLimit();
    r.limit = lim;
    std::vector<float> host(n), back(n);
    fillUniform(host, ctx.seed(), -8.0f, 8.0f);
    // Rows checked against the CPU: all of them in selftest, 64 spread over the tensor otherwise.
    std::vector<int> checkRows;
    const int step = ctx.quick() ? 1 : std::max(1, rows / 64);
    for (int i = 0; i < rows; i += step)
        checkRows.push_back(i);
    std::vector<double> want(checkRows.size() * kCols);
    for (size_t k = 0; k < checkRows.size(); ++k)
        softmaxRow(std::span<const float>(host).subspan(static_cast<size_t>(checkRows[k]) * kCols, kCols),
                   std::span<double>(want).subspan(k * kCols, kCols));
    const double wantMax = *std::max_element(want.begin(), want.end());

    DeviceBuffer<float> x(n), y(n), m(rows), d(rows);
    ctx.upload(x.get(), host.data(), n * sizeof(float));
    cudaStream_t s = ctx.stream();
    const double tensorBytes = static_cast<double>(n) * sizeof(float);

    auto runVariant = [&](const std::string& id, const std::string& label, int accesses,
                          const std::function<void()>& launch) {
        Variant v;
        v.id = id;
        v.label = label;
        v.problem = std::to_string(rows) + " x " + std::to_string(kCols) + " fp32 ("
                    + std::to_string(static_cast<long long>(tensorBytes) >> 20) + " MiB)";
        v.bytes = accesses * tensorBytes;
        v.limit = lim;
        v.note =
            std::to_string(accesses) + " passes over the tensor counted (reads + write); expf, not __expf";
        y.poison(s);
        m.poison(s);
        d.poison(s);
        launch();
        KD_LAUNCHED();
        ctx.download(back.data(), y.get(), n * sizeof(float));
        std::vector<float> got(checkRows.size() * kCols);
        for (size_t k = 0; k < checkRows.size(); ++k)
            std::copy_n(back.begin() + static_cast<std::ptrdiff_t>(checkRows[k]) * kCols, kCols,
                        got.begin() + static_cast<std::ptrdiff_t>(k * kCols));
        v.correctness = checkClose(got, want, 1e-5 * wantMax,
                                   "against a CPU double softmax on " + std::to_string(checkRows.size())
                                       + " rows; tolerance 1e-5 x the largest output");
        applyTiming(v, ctx.time(launch));
        r.variants.push_back(std::move(v));
    };

    runVariant("three-pass", "three kernels: max, sum of exp, normalise", 4, [&] {
        rowMax<<<rows, kThreads, 0, s>>>(x.get(), m.get());
        rowSumExp<<<rows, kThreads, 0, s>>>(x.get(), m.get(), d.get());
        normalise<<<rows, kThreads, 0, s>>>(x.get(), m.get(), d.get(), y.get());
    });
    runVariant("online", "online max and normaliser in one pass, then normalise", 3, [&] {
        rowOnline<<<rows, kThreads, 0, s>>>(x.get(), m.get(), d.get());
        normalise<<<rows, kThreads, 0, s>>>(x.get(), m.get(), d.get(), y.get());
    });
    runVariant("fused", "one kernel, the row held in registers", 2,
               [&] { softmaxFused<<<rows, kFusedThreads, 0, s>>>(x.get(), y.get()); });

    const Variant* base = findVariant(r, "three-pass");
    for (Variant& v : r.variants)
        if (base)
            v.extra.push_back({"speedup_vs_three_pass", base->medianMs() / v.medianMs()});
    if (const Variant* v = findVariant(r, "fused"))
        setTarget(r, "fused", "fused softmax traffic / measured memcpy bandwidth", 0.90, v->ratio());
}

}  // namespace kdemo
