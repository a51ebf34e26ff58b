// Host-to-device copies from pinned and from pageable memory. A pageable source must first be
// staged by the driver into a pinned bounce buffer (a CPU memcpy), so the copy engine waits on
// the CPU; a pinned source is read by DMA straight over PCIe.

#include <cstring>
#include <vector>

#include "checks.h"
#include "cpu_reference.h"
#include "cuda_util.h"
#include "demos.h"
#include "hardware_math.h"
#include "nvml_probe.h"

namespace kdemo {

void runH2dPinned(RunContext& ctx, DemoResult& r)
{
    const size_t bytes = static_cast<size_t>(r.size) / 4 * 4;
    const size_t n = bytes / sizeof(float);
    cudaStream_t s = ctx.stream();
    std::vector<float> pageable(n), back(n);
    fillUniform(pageable, ctx.seed(), -1.0f, 1.0f);
    PinnedBuffer<float> pinned(n), pinnedBack(n);
    std::memcpy(pinned.get(), pageable.data(), bytes);
    DeviceBuffer<float> dev(n);

    Limit pcie;
    pcie.kind = "pcie";
    pcie.unit = "GB/s";

    auto runVariant = [&](const std::string& id, const std::string& label,
                          const std::function<void()>& launch, bool toDevice) {
        Variant v;
        v.id = id;
        v.label = label;
        v.problem = std::to_string(bytes >> 20) + " MiB per copy";
        v.bytes = static_cast<double>(bytes);
        v.note = "bytes copied counted once (one direction)";
        dev.poison(s);
        if (!toDevice)
            ctx.upload(dev.get(), pageable.data(), bytes);
        launch();
        KD_CUDA(cudaStreamSynchronize(s));
        if (toDevice) {
            ctx.download(back.data(), dev.get(), bytes);
            v.correctness = checkExact(back, pageable, "bit-exact round trip of the copied data");
        } else {
            std::memcpy(back.data(), pinnedBack.get(), bytes);
            v.correctness = checkExact(back, pageable, "bit-exact round trip of the copied data");
        }
        applyTiming(v, ctx.time(launch));
        r.variants.push_back(std::move(v));
    };

    runVariant(
        "pageable", "host-to-device from pageable (malloc) memory",
        [&] { KD_CUDA(cudaMemcpyAsync(dev.get(), pageable.data(), bytes, cudaMemcpyHostToDevice, s)); },
        true);
    runVariant(
        "pinned", "host-to-device from pinned (cudaMallocHost) memory",
        [&] { KD_CUDA(cudaMemcpyAsync(dev.get(), pinned.get(), bytes, cudaMemcpyHostToDevice, s)); }, true);

    // Read the link while it is busy: an idle link may have trained down to save power.
    int gen = -1, width = -1;
    KD_CUDA(cudaMemcpyAsync(dev.get(), pinned.get(), bytes, cudaMemcpyHostToDevice, s));
    {
        NvmlProbe nvml(ctx.device().pciBusId);
        nvml.pcieLink(gen, width);
    }
    KD_CUDA(cudaStreamSynchronize(s));
    runVariant(
        "pinned-d2h", "device-to-host into pinned memory",
        [&] { KD_CUDA(cudaMemcpyAsync(pinnedBack.get(), dev.get(), bytes, cudaMemcpyDeviceToHost, s)); },
        false);

    if (gen > 0 && width > 0) {
        pcie.value = pcieGBsPerDirection(gen, width);
        pcie.how = "PCIe Gen" + std::to_string(gen) + " x" + std::to_string(width)
                   + " as NVML reports the link during a copy; per direction, after line encoding";
    } else {
        pcie.how = "PCIe link not readable (no NVML); no limit";
        r.warnings.push_back("PCIe link generation and width could not be read, so no ratio is given");
    }
    for (Variant& v : r.variants)
        v.limit = pcie;
    r.limit = pcie;
    if (const Variant* v = findVariant(r, "pinned"))
        setTarget(r, "pinned", "pinned host-to-device / PCIe per-direction limit", 0.80, v->ratio());
}

}  // namespace kdemo
