// A roofline measured on the device: a streaming kernel doing K dependent FMAs per element,
// swept over K, so arithmetic intensity runs from 1/4 to 128 FLOP per DRAM byte. Each point is
// held against min(measured FMA peak, measured copy bandwidth x intensity).

#include <algorithm>
#include <cstring>
#include <vector>

#include "checks.h"
#include "cpu_reference.h"
#include "cuda_util.h"
#include "demos.h"

namespace kdemo {

namespace {

/// a and b arrive at run time so the compiler cannot fold the chain away; four independent
/// chains (the float4's lanes) per thread.
template <int K>
__global__ void fmaStream(const float4* __restrict__ in, float4* __restrict__ out, size_t n4, float a,
                          float b)
{
    const size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
    if (i >= n4)
        return;
    float4 v = in[i];
#pragma unroll 16
    for (int s = 0; s < K; ++s) {
        v.x = fmaf(v.x, a, b);
        v.y = fmaf(v.y, a, b);
        v.z = fmaf(v.z, a, b);
        v.w = fmaf(v.w, a, b);
    }
    out[i] = v;
}

constexpr int kPeakChains = 8;
constexpr int kPeakIters = 4096;

/// No memory traffic to speak of: eight independent chains per thread keep the FMA pipes full.
__global__ void fmaPeak(float* __restrict__ out, float a, float b)
{
    const size_t t = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
    float v[kPeakChains];
#pragma unroll
    for (int c = 0; c < kPeakChains; ++c)
        v[c] = static_cast<float>(c);
    for (int s = 0; s < kPeakIters; ++s)
#pragma unroll
        for (int c = 0; c < kPeakChains; ++c)
            v[c] = fmaf(v[c], a, b);
    float sum = 0.0f;
#pragma unroll
    for (int c = 0; c < kPeakChains; ++c)
        sum += v[c];
    out[t] = sum;
}

}  // namespace

void runRooflineSweep(RunContext& ctx, DemoResult& r)
{
    const size_t n = static_cast<size_t>(r.size) / 4 * 4;
    const size_t n4 = n / 4;
    const Limit& bw = ctx.copyLimit();
    const float a = 0.999f, b = 0.01f;
    cudaStream_t s = ctx.stream();

    // The compute roof, measured.
    const unsigned int peakBlocks = static_cast<unsigned int>(ctx.device().smCount) * 8, peakThreads = 256;
    const size_t peakN = static_cast<size_t>(peakBlocks) * peakThreads;
    DeviceBuffer<float> peakOut(peakN);
    Variant pv;
    pv.id = "fma-peak";
    pv.label = "FMA peak: 8 independent chains per thread, no memory traffic";
    pv.metricKind = MetricKind::Flops;
    pv.problem = std::to_string(peakN) + " threads x 8 chains x 4096 FMAs";
    pv.flops = 2.0 * peakN * kPeakChains * kPeakIters;
    pv.limit = Limit{"compute", ctx.device().fp32PeakTflops, "TFLOP/s",
                     "FP32 peak from device attributes: SMs x FP32 lanes per SM x 2 x max SM clock"};
    pv.note = "an FMA counts as 2 FLOPs";
    {
        auto launch = [&] { fmaPeak<<<peakBlocks, peakThreads, 0, s>>>(peakOut.get(), a, b); };
        peakOut.poison(s);
        launch();
        KD_LAUNCHED();
        std::vector<float> got(peakN), want(peakN);
        ctx.download(got.data(), peakOut.get(), peakN * sizeof(float));
        float expect = 0.0f;
        for (int c = 0; c < kPeakChains; ++c)
            expect += fmaChain(static_cast<float>(c), a, b, kPeakIters);
        std::fill(want.begin(), want.end(), expect);
        pv.correctness = checkExact(got, want, "bit-exact against the same FMA chain on the CPU (std::fma)");
        applyTiming(pv, ctx.time(launch));
    }
    const double peak = pv.metric();
    r.variants.push_back(pv);
    r.limit = Limit{"roofline", kNone, "TFLOP/s",
                    "min(measured FMA peak, measured copy bandwidth x arithmetic intensity) per point"};

    std::vector<float> host(n), back(n);
    fillUniform(host, ctx.seed(), -1.0f, 1.0f);
    DeviceBuffer<float> in(n), out(n);
    ctx.upload(in.get(), host.data(), n * sizeof(float));
    const unsigned int blocks = blocksFor(n4, 256);

    auto point = [&](int k, void (*kernel)(const float4*, float4*, size_t, float, float)) {
        const double ai = 2.0 * k / 8.0;  // FLOP per byte: 2K FLOPs per float, 4 B read + 4 B written
        Variant v;
        v.id = "k" + std::to_string(k);
        v.label = std::to_string(k) + " FMAs per element (" + std::to_string(ai) + " FLOP/B)";
        v.metricKind = MetricKind::Flops;
        v.problem = std::to_string(n) + " floats (" + std::to_string(n * 4 >> 20) + " MiB) per buffer";
        v.flops = 2.0 * k * static_cast<double>(n);
        v.bytes = 2.0 * n * sizeof(float);
        const double memRoof = bw.value * ai / 1000.0;  // GB/s x FLOP/B = GFLOP/s; /1000 for TFLOP/s
        v.limit = Limit{"roofline", std::min(peak, memRoof), "TFLOP/s",
                        memRoof < peak ? "memory roof: measured copy bandwidth x intensity"
                                       : "compute roof: measured FMA peak"};
        v.extra.push_back({"arithmetic_intensity_flop_per_byte", ai});
        v.extra.push_back({"memory_roof_tflops", memRoof});
        v.extra.push_back({"compute_roof_tflops", peak});
        auto launch = [&] {
            kernel<<<blocks, 256, 0, s>>>(reinterpret_cast<const float4*>(in.get()),
                                          reinterpret_cast<float4*>(out.get()), n4, a, b);
        };
        out.poison(s);
        launch();
        KD_LAUNCHED();
        ctx.download(back.data(), out.get(), n * sizeof(float));
        // Keep the CPU work near 2^26 FMAs: every element for short chains, a stride otherwise.
        const size_t step = std::max<size_t>(1, n * static_cast<size_t>(k) / (size_t{1} << 26));
        std::vector<float> got, ref;
        for (size_t i = 0; i < n; i += step) {
            got.push_back(back[i]);
            ref.push_back(fmaChain(host[i], a, b, k));
        }
        v.correctness = checkExact(got, ref,
                                   "bit-exact against the same FMA chain on the CPU (std::fma), every "
                                       + std::to_string(step) + "th element");
        applyTiming(v, ctx.time(launch));
        r.variants.push_back(std::move(v));
    };
    point(1, fmaStream<1>);
    point(4, fmaStream<4>);
    point(16, fmaStream<16>);
    point(32, fmaStream<32>);
    point(64, fmaStream<64>);
    point(128, fmaStream<128>);
    point(256, fmaStream<256>);
    point(512, fmaStream<512>);
    setTarget(r, "fma-peak", "measured FMA peak / FP32 peak from device attributes", 0.90, pv.ratio());
}

}  // namespace kdemo
