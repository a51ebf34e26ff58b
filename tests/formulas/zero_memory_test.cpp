#include <catch2/catch.hpp>

#include "test_support.h"
#include "zero_memory.h"

using namespace formulas;
using formulas::test::pick;
using formulas::test::run;

// Rajbhandari et al., "ZeRO: Memory Optimizations Toward Training Trillion Parameter Models",
// SC20 (arXiv:1910.02054), Figure 1: Psi = 7.5B, Nd = 64, K = 12 gives 120 GB, 31.4 GB,
// 16.6 GB and 1.88 GB per device for the baseline and the three stages.
TEST_CASE("ZeRO Figure 1: 7.5B parameters on 64 GPUs", "[zero]")
{
    const Results r = run("zero-memory", {{"params_b", 7.5}, {"dp", 64}, {"k", 12}});
    CHECK(pick(r, "baseline_gb") == Approx(120.0));
    CHECK(pick(r, "stage1_gb") == Approx(31.4).margin(0.05));
    CHECK(pick(r, "stage2_gb") == Approx(16.6).margin(0.05));
    CHECK(pick(r, "stage3_gb") == Approx(1.88).margin(0.005));
    // The same bytes in GiB: 120e9 / 2^30 = 111.76 (hand calculation).
    CHECK(pick(r, "baseline_gib") == Approx(111.76).margin(0.01));
}

// ZeRO paper, Table 1 (per-device memory in GB for the three stages, by DP degree and size).
TEST_CASE("ZeRO Table 1 rows", "[zero]")
{
    struct Row {
        double psiB, nd, os, osg, osgp;
    };
    const Row rows[] = {
        {7.5, 1, 120, 120, 120},        {7.5, 4, 52.5, 41.3, 30},      {7.5, 16, 35.6, 21.6, 7.5},
        {7.5, 256, 30.4, 15.4, 0.47},   {7.5, 1024, 30.1, 15.1, 0.12}, {128, 4, 896, 704, 512},
        {128, 64, 536, 284, 32},        {128, 1024, 513, 257, 2},      {1000, 16, 4750, 2875, 1000},
        {1000, 1024, 4011, 2013, 15.6},
    };
    for (const Row& row : rows) {
        const ZeroMemory z = zeroMemory(row.psiB * 1e9, 12.0, row.nd);
        INFO("Psi " << row.psiB << "B, Nd " << row.nd);
        // The table rounds to three significant figures (two decimals below 1 GB).
        CHECK(z.stage1 / 1e9 == Approx(row.os).epsilon(0.005));
        CHECK(z.stage2 / 1e9 == Approx(row.osg).epsilon(0.005));
        CHECK(z.stage3 / 1e9 == Approx(row.osgp).epsilon(0.005).margin(0.005));
    }
}
