#include <catch2/catch.hpp>

#include "gemm_intensity.h"
#include "test_support.h"

using namespace formulas;
using formulas::test::pick;
using formulas::test::run;

// NVIDIA, "GPU Performance Background User's Guide", section 4 (Understanding Performance),
// Table 2 (https://docs.nvidia.com/deeplearning/performance/dl-performance-gpu-background/):
// FP16 linear layer with 4096 outputs and 1024 inputs: batch 512 has arithmetic intensity 315
// FLOPS/B (arithmetic-limited), batch 1 has 1 FLOPS/B (memory-limited), counting inputs,
// weights and outputs once.
TEST_CASE("NVIDIA's linear-layer intensities 315 and 1 FLOP/B", "[gemm]")
{
    const Results big = run("gemm-intensity", {{"m", 512}, {"n", 4096}, {"k", 1024}});
    CHECK(pick(big, "intensity") == Approx(315).margin(0.5));
    const Results one = run("gemm-intensity", {{"m", 1}, {"n", 4096}, {"k", 1024}});
    CHECK(pick(one, "intensity") == Approx(1).margin(0.01));
    // Without the output write the batch-512 layer reads 2 (512 x 1024 + 1024 x 4096) bytes:
    // 4.295e9 / 9.437e6 = 455.1 FLOP/B (hand calculation).
    const Results fused = run("gemm-intensity", {{"m", 512}, {"n", 4096}, {"k", 1024}, {"write_output", 0}});
    CHECK(pick(fused, "intensity") == Approx(2.0 * 512 * 4096 * 1024 / (2.0 * (512 * 1024 + 1024 * 4096))));
}

// The V100 SXM2 preset (NVIDIA V100 datasheet: 125 FP16 Tensor TFLOPS, 900 GB/s) gives a ridge
// of 125e12 / 900e9 = 138.9 FLOP/B (hand calculation); against it the batch-512 layer is
// compute-bound and the batch-1 layer memory-bound at about 1 x 900 GB/s = 0.9 TFLOP/s, the
// classification of the guide's Table 2.
TEST_CASE("The two layers against a V100 ridge point", "[gemm]")
{
    const Formula* f = find("gemm-intensity");
    Values v = f->fromDevice(*findDevice("v100-sxm2"));
    v["m"] = 1;
    const Results one = f->compute(v).value();
    CHECK(pick(one, "ridge") == Approx(138.9).margin(0.05));
    CHECK(pick(one, "attainable_tflops") == Approx(0.9).margin(0.01));
    v["m"] = 512;
    const Results big = f->compute(v).value();
    CHECK(pick(big, "attainable_tflops") == Approx(125));
}
