#include <catch2/catch.hpp>

#include "formula.h"
#include "presets.h"

using namespace formulas;

// NVIDIA datasheets print tensor peaks "with sparsity" at twice the dense figure; both are kept.
// H200 SXM: 989 TFLOP/s dense BF16, 4.8 TB/s, 141 GB (NVIDIA H200 product page).
TEST_CASE("Device presets keep dense and sparse apart and cite a source", "[presets]")
{
    for (const DevicePreset& d : devicePresets()) {
        INFO(d.id);
        CHECK(d.source.rfind("https://", 0) == 0);
        if (d.bf16SparseTflops > 0)
            CHECK(d.bf16SparseTflops == Approx(2 * d.bf16DenseTflops).epsilon(0.001));
    }
    const DevicePreset* h200 = findDevice("h200-sxm");
    REQUIRE(h200 != nullptr);
    CHECK(h200->bf16DenseTflops == 989.0);
    CHECK(h200->bandwidthGBs == 4800.0);
    CHECK(h200->memoryGB == 141.0);
    CHECK(findDevice("v100-sxm2")->bf16SparseTflops == 0.0);  // Volta has no sparsity support
}

TEST_CASE("Model presets apply to the formulas that use them", "[presets]")
{
    for (const ModelPreset& m : modelPresets())
        CHECK(!m.source.empty());
    const ModelPreset* v3 = findModel("deepseek-v3");
    REQUIRE(v3 != nullptr);
    const Formula* kv = find("kv-cache");
    Values v = kv->fromModel(*v3);
    const Result<Results> r = kv->compute(v);
    REQUIRE(r.ok());
    // (512 + 64) x 61 layers = 35 136 elements per token (DeepSeek-V3 report, section 4.2).
    for (const ResultValue& out : r.value()) {
        if (out.name == "elements_per_token")
            CHECK(out.value == 35136.0);
    }
    for (const Formula& f : all()) {
        INFO(f.id);
        if (f.fromModel) {
            for (const ModelPreset& m : modelPresets())
                CHECK(f.compute(f.fromModel(m)).ok());
        }
        if (f.fromDevice) {
            for (const DevicePreset& d : devicePresets())
                CHECK(f.compute(f.fromDevice(d)).ok());
        }
    }
}
