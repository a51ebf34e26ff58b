#include "demos.h"

#include <cmath>

namespace kdemo {

DemoFn demoFunction(std::string_view id)
{
    if (id == "coalescing")
        return runCoalescing;
    if (id == "h2d-pinned")
        return runH2dPinned;
    if (id == "reduction")
        return runReduction;
    if (id == "transpose")
        return runTranspose;
    if (id == "softmax")
        return runSoftmax;
    if (id == "rmsnorm-fusion")
        return runRmsnormFusion;
    if (id == "gemm")
        return runGemm;
    if (id == "occupancy")
        return runOccupancy;
    if (id == "roofline-sweep")
        return runRooflineSweep;
    if (id == "launch-overhead")
        return runLaunchOverhead;
    if (id == "l2-vs-hbm")
        return runL2VsHbm;
    if (id == "nccl-allreduce")
        return runNcclAllreduce;
    if (id == "flash-attention")
        return runFlashAttention;
    if (id == "tensor-core-gemm")
        return runTensorCoreGemm;
    if (id == "bank-conflicts")
        return runBankConflicts;
    if (id == "histogram")
        return runHistogram;
    if (id == "prefix-scan")
        return runPrefixScan;
    if (id == "stream-overlap")
        return runStreamOverlap;
    if (id == "paged-kv-decode")
        return runPagedKvDecode;
    if (id == "fp8-gemm")
        return runFp8Gemm;
    return nullptr;
}

void setTarget(DemoResult& r, const std::string& variant, const std::string& description, double threshold,
               double value)
{
    Target t;
    t.variant = variant;
    t.description = description;
    t.threshold = threshold;
    t.value = value;
    t.met = std::isfinite(value) && value >= threshold;
    r.targets.push_back(std::move(t));
}

void comparePeer(DemoResult& r, const std::string& ours, const std::string& peer)
{
    const Variant* o = findVariant(r, ours);
    const Variant* p = findVariant(r, peer);
    if (o && p)
        r.peers.push_back(compareWithPeer(*o, *p));
}

const Variant* findVariant(const DemoResult& r, std::string_view id)
{
    for (const Variant& v : r.variants)
        if (v.id == id)
            return &v;
    return nullptr;
}

}  // namespace kdemo
