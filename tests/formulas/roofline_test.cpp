#include <catch2/catch.hpp>

#include "presets.h"
#include "roofline.h"
#include "test_support.h"

using namespace formulas;
using formulas::test::pick;
using formulas::test::run;

// Ridge points by hand from the datasheet roofs (BF16 dense / HBM):
// H100 SXM 989e12 / 3.35e12 = 295.2 FLOP/B; H200 989e12 / 4.8e12 = 206.0; A100 80 GB
// 312e12 / 2.039e12 = 153.0.
TEST_CASE("Ridge points of the presets", "[roofline]")
{
    auto ridgeOf = [](const char* id) {
        const DevicePreset* d = findDevice(id);
        REQUIRE(d != nullptr);
        return ridgePoint(d->bf16DenseTflops * 1e12, d->bandwidthGBs * 1e9);
    };
    CHECK(ridgeOf("h100-sxm") == Approx(295.22).margin(0.01));
    CHECK(ridgeOf("h200-sxm") == Approx(206.04).margin(0.01));
    CHECK(ridgeOf("a100-80gb-sxm") == Approx(153.02).margin(0.01));
}

// Below the ridge the memory roof binds: AI 64 on H100 reaches 64 x 3.35 = 214.4 TFLOP/s,
// 21.7 % of 989; above it the compute roof binds.
TEST_CASE("Attainable throughput and the bound", "[roofline]")
{
    const Results low = run("roofline", {{"peak_tflops", 989}, {"bandwidth_gbs", 3350}, {"intensity", 64}});
    CHECK(pick(low, "attainable_tflops") == Approx(214.4));
    CHECK(pick(low, "fraction_of_peak") == Approx(21.678).margin(0.001));
    for (const ResultValue& v : low) {
        if (v.name == "attainable_tflops")
            CHECK(v.note == "memory-bound");
    }
    const Results high =
        run("roofline", {{"peak_tflops", 989}, {"bandwidth_gbs", 3350}, {"intensity", 1000}});
    CHECK(pick(high, "attainable_tflops") == Approx(989.0));
}
