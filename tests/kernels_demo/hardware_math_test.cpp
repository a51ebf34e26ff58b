#include "hardware_math.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace kdemo;

TEST_CASE("theoretical DRAM bandwidth of an H200", "[kernels_demo][hardware]")
{
    // cuda-demos.md 2.1: 3201 MHz, 6016-bit bus: 2 x 3.201e9 x 752 B = 4814.3 GB/s.
    CHECK(theoreticalDramGBs(3201000, 6016) == Approx(4814.3).epsilon(1e-4));
}

TEST_CASE("PCIe bandwidth per direction", "[kernels_demo][hardware]")
{
    // Gen5: 32 GT/s x 16 lanes x 128/130 / 8 = 63.015 GB/s (cuda-demos.md: "about 63 GB/s").
    CHECK(pcieGBsPerDirection(5, 16) == Approx(63.0154).epsilon(1e-5));
    // Gen3 x16: 8 x 16 x 128/130 / 8 = 15.754 GB/s; Gen1 x1: 2.5 x 0.8 / 8 = 0.25 GB/s.
    CHECK(pcieGBsPerDirection(3, 16) == Approx(15.7538).epsilon(1e-5));
    CHECK(pcieGBsPerDirection(1, 1) == Approx(0.25));
    CHECK(pcieGBsPerDirection(9, 16) == 0.0);
}

TEST_CASE("all-reduce bus bandwidth factor 2(n-1)/n", "[kernels_demo][hardware]")
{
    // nccl-tests doc/PERFORMANCE.md: n = 2 gives 1, n = 8 gives 1.75.
    CHECK(allReduceBusFactor(2) == 1.0);
    CHECK(allReduceBusFactor(8) == 1.75);
}

TEST_CASE("FP32 peak of an H200", "[kernels_demo][hardware]")
{
    // cuda-demos.md 1.9: 132 x 128 x 2 x 1.98 GHz = 66.9 TFLOP/s.
    CHECK(fp32LanesPerSm(9, 0) == 128);
    CHECK(fp32PeakTflops(132, 128, 1980000) == Approx(66.908).epsilon(1e-4));
}

TEST_CASE("dense tensor peaks", "[kernels_demo][hardware]")
{
    // H100/H200 SXM datasheet, dense: BF16 989.4, FP8 1978.9 (twice BF16), TF32 494.7 (half).
    CHECK(denseTensorPeakTflops("9.0", "bf16") == Approx(989.4));
    CHECK(denseTensorPeakTflops("9.0", "fp8") == Approx(2 * 989.4).epsilon(1e-4));
    CHECK(denseTensorPeakTflops("9.0", "tf32") == Approx(989.4 / 2).epsilon(1e-4));
    CHECK(std::isnan(denseTensorPeakTflops("8.0", "bf16")));  // no datasheet figure kept for A100
    CHECK(std::isnan(denseTensorPeakTflops("9.0", "fp64")));
}
