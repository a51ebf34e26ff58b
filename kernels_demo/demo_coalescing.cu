// Coalesced versus strided global-memory access: the same bytes copied with different access
// patterns. A warp's load is served in 32-byte sectors; when neighbouring threads read
// neighbouring words a sector carries 32 useful bytes, at stride s only 32/s of them.

#include <vector>

#include "checks.h"
#include "cpu_reference.h"
#include "cuda_util.h"
#include "demos.h"

namespace kdemo {

namespace {

__global__ void copyScalar(const float* __restrict__ in, float* __restrict__ out, size_t n)
{
    const size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
    if (i < n)
        out[i] = in[i];
}

/// Four float4 per thread, all loads issued before the stores so more bytes are in flight.
__global__ void copyVec4(const float4* __restrict__ in, float4* __restrict__ out, size_t n4)
{
    const size_t base = blockIdx.x * static_cast<size_t>(blockDim.x) * 4 + threadIdx.x;
    float4 v[4];
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        const size_t i = base + static_cast<size_t>(k) * blockDim.x;
        if (i < n4)
            v[k] = in[i];
    }
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        const size_t i = base + static_cast<size_t>(k) * blockDim.x;
        if (i < n4)
            out[i] = v[k];
    }
}

/// Reads are `stride` floats apart across a warp (same mapping as kdemo::stridedSource);
/// writes stay coalesced, so the cost seen is the read pattern's.
__global__ void copyStrided(const float* __restrict__ in, float* __restrict__ out, size_t n, size_t stride)
{
    const size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
    if (i >= n)
        return;
    const size_t perColumn = n / stride;
    out[i] = in[(i % perColumn) * stride + i / perColumn];
}

/// Every read starts one float past a 128-byte boundary, so each warp touches one extra sector.
__global__ void copyMisaligned(const float* __restrict__ in, float* __restrict__ out, size_t n)
{
    const size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
    if (i < n)
        out[i] = in[i + 1 < n ? i + 1 : 0];
}

}  // namespace

void runCoalescing(RunContext& ctx, DemoResult& r)
{
    const size_t n = static_cast<size_t>(r.size);
    const Limit& lim = ctx.copyLimit();
    r.limit = lim;
    std::vector<float> host(n), back(n), want(n);
    fillUniform(host, ctx.seed(), -1.0f, 1.0f);
    DeviceBuffer<float> in(n), out(n);
    ctx.upload(in.get(), host.data(), n * sizeof(float));
    cudaStream_t s = ctx.stream();
    const double bytes = 2.0 * n * sizeof(float);

    auto runVariant = [&](const std::string& id, const std::string& label,
                          const std::function<void()>& launch, const std::function<size_t(size_t)>& source) {
        Variant v;
        v.id = id;
        v.label = label;
        v.problem = std::to_string(n) + " floats (" + std::to_string(n * 4 >> 20) + " MiB) per buffer";
        v.bytes = bytes;
        v.limit = lim;
        v.note = "bytes read + written counted";
        out.poison(s);
        launch();
        KD_LAUNCHED();
        ctx.download(back.data(), out.get(), n * sizeof(float));
        for (size_t i = 0; i < n; ++i)
            want[i] = host[source(i)];
        v.correctness = checkExact(back, want, "bit-exact against the host copy with the same index mapping");
        applyTiming(v, ctx.time(launch));
        r.variants.push_back(std::move(v));
    };

    const unsigned int bs = 256;
    runVariant(
        "memcpy", "cudaMemcpyAsync device-to-device (reference)",
        [&] {
            KD_CUDA(cudaMemcpyAsync(out.get(), in.get(), n * sizeof(float), cudaMemcpyDeviceToDevice, s));
        },
        [](size_t i) { return i; });
    runVariant(
        "scalar", "coalesced, one float per thread",
        [&] { copyScalar<<<blocksFor(n, bs), bs, 0, s>>>(in.get(), out.get(), n); },
        [](size_t i) { return i; });
    if (n % 4 == 0)
        runVariant(
            "float4", "coalesced, four float4 per thread",
            [&] {
                copyVec4<<<blocksFor(n / 4, bs * 4), bs, 0, s>>>(reinterpret_cast<const float4*>(in.get()),
                                                                 reinterpret_cast<float4*>(out.get()), n / 4);
            },
            [](size_t i) { return i; });
    for (size_t stride : {2, 4, 8, 32}) {
        if (n % stride != 0)
            continue;
        runVariant(
            "stride-" + std::to_string(stride),
            "reads " + std::to_string(stride) + " floats apart across a warp",
            [&, stride] { copyStrided<<<blocksFor(n, bs), bs, 0, s>>>(in.get(), out.get(), n, stride); },
            [n, stride](size_t i) { return stridedSource(i, n, stride); });
    }
    runVariant(
        "misaligned", "coalesced but offset by one float (4 B)",
        [&] { copyMisaligned<<<blocksFor(n, bs), bs, 0, s>>>(in.get(), out.get(), n); },
        [n](size_t i) { return i + 1 < n ? i + 1 : 0; });

    if (const Variant* v = findVariant(r, "float4"))
        setTarget(r, "float4", "float4 copy / measured memcpy bandwidth", 0.90, v->ratio());
}

}  // namespace kdemo
