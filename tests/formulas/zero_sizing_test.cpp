#include <catch2/catch.hpp>

#include "test_support.h"
#include "zero_memory.h"
#include "zero_sizing.h"

using namespace formulas;
using formulas::test::pick;
using formulas::test::run;

// Rajbhandari et al., "ZeRO: Memory Optimizations Toward Training Trillion Parameter Models",
// SC20 (arXiv:1910.02054), Table 2: the largest model that fits 32 GB V100s with N_d = 64 data-
// parallel ranks and MP-way model parallelism, K = 12. The paper prints 2B / 7.6B / 14.4B /
// 128B for MP = 1 and 16B / 60.8B / 115.2B / 1T for MP = 8.
TEST_CASE("ZeRO Table 2: the largest model per configuration", "[zero][sizing]")
{
    const Results one = run("zero-sizing", {{"memory_gb", 32}, {"dp", 64}, {"mp", 1}, {"k", 12}});
    CHECK(pick(one, "max_params_stage0_b") == Approx(2.0));
    CHECK(pick(one, "max_params_stage1_b") == Approx(7.6).epsilon(0.01));
    CHECK(pick(one, "max_params_stage2_b") == Approx(14.4).epsilon(0.01));
    CHECK(pick(one, "max_params_stage3_b") == Approx(128.0));
    const Results eight = run("zero-sizing", {{"memory_gb", 32}, {"dp", 64}, {"mp", 8}, {"k", 12}});
    CHECK(pick(eight, "max_params_stage0_b") == Approx(16.0));
    CHECK(pick(eight, "max_params_stage1_b") == Approx(60.8).epsilon(0.01));
    CHECK(pick(eight, "max_params_stage2_b") == Approx(115.2).epsilon(0.01));
    CHECK(pick(eight, "max_params_stage3_b") == Approx(1024.0));  // "1T"
    // Bytes per parameter at N_d = 64 by hand: 16, 4 + 12/64 = 4.1875, 2 + 14/64 = 2.21875, 16/64.
    CHECK(pick(one, "bytes_per_param_stage1") == Approx(4.1875));
    CHECK(pick(one, "bytes_per_param_stage2") == Approx(2.21875));
    CHECK(pick(one, "bytes_per_param_stage3") == Approx(0.25));
}

TEST_CASE("The fewest GPUs for a model is the inverse of the per-GPU memory", "[zero][sizing]")
{
    // 7.5B on 32 GB: plain DP needs 120 GB, never fits; ZeRO-1 keeps 4 Psi = 30 GB unsplit, so
    // 90 GB of optimizer state must shrink below 2 GB: N_d >= 45; ZeRO-2 keeps 15 GB, so 105 GB
    // below 17 GB: N_d >= 7 (6.18 rounded up); ZeRO-3: 120 / 32 = 3.75, N_d >= 4.
    const auto n = zeroMinDataParallel(7.5e9, 32e9, 12, 1);
    CHECK_FALSE(n[0]);
    REQUIRE(n[1]);
    CHECK(*n[1] == 45);
    CHECK(*n[2] == 7);
    CHECK(*n[3] == 4);
    // At that size each stage fits, one rank fewer it does not (ZeroMemory, the forward formula).
    for (int s = 1; s < 4; ++s) {
        const ZeroMemory at = zeroMemory(7.5e9, 12, *n[s]), below = zeroMemory(7.5e9, 12, *n[s] - 1);
        const double fit[] = {at.baseline, at.stage1, at.stage2, at.stage3};
        const double miss[] = {below.baseline, below.stage1, below.stage2, below.stage3};
        CHECK(fit[s] <= 32e9);
        CHECK(miss[s] > 32e9);
    }
    // Through the calculator: GPUs = N_d x MP; 0 means it never fits.
    const Results r = run("zero-sizing", {{"memory_gb", 32}, {"params_b", 7.5}, {"mp", 2}});
    CHECK(pick(r, "min_gpus_stage0") == 0);  // 120 GB / 2 = 60 GB per GPU
    CHECK(pick(r, "min_gpus_stage3") == 4);  // 60 / 32 -> N_d = 2, x 2
}

// ZeRO, section 7.2: plain data parallel moves 2 Psi per step (reduce-scatter + all-gather of the
// gradients); P_os+g the same 2 Psi; P_os+g+p 3 Psi, "1.5x" of the baseline.
TEST_CASE("Data-parallel traffic: 2 Psi for DDP and ZeRO-1/2, 3 Psi for ZeRO-3", "[zero][traffic]")
{
    const Results r =
        run("dp-traffic", {{"params_b", 7.5}, {"dp", 64}, {"dtype_bytes", 2}, {"bandwidth_gbs", 50}});
    // By hand: 2 x 7.5e9 x 63/64 x 2 B = 29.53 GB; x 1.5 = 44.30 GB; at 50 GB/s 590.6 ms.
    CHECK(pick(r, "ddp_gb") == Approx(29.53125));
    CHECK(pick(r, "zero3_gb") == Approx(44.296875));
    CHECK(pick(r, "zero3_ratio") == Approx(1.5));
    CHECK(pick(r, "ddp_ms") == Approx(590.625));
    CHECK(zeroStepElementsSent(1.0, 2, 1) == Approx(1.0));  // two ranks: half of 2 Psi each
}
