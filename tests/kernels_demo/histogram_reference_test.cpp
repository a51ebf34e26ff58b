#include "histogram_reference.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <numeric>
#include <vector>

using namespace kdemo;

TEST_CASE("uniform bytes come from the SplitMix64 draws, lowest byte first", "[kernels_demo][histogram]")
{
    // Seed 0's first draw is 0xe220a8397b1dcdaf (cpu_reference_test.cpp).
    std::vector<std::uint8_t> v(8);
    fillUniformBytes(v, 0);
    CHECK(v == std::vector<std::uint8_t>{0xaf, 0xcd, 0x1d, 0x7b, 0x39, 0xa8, 0x20, 0xe2});
}

TEST_CASE("skewed bytes", "[kernels_demo][histogram]")
{
    // Seed 0: draws 0xe220a8397b1dcdaf and 0x6e789e6aa1b965f4, halves low first:
    //   0x7b1dcdaf: decide 0xcdaf = 52655, value 0x1d; 0xe220a839: 0xa839 = 43065, value 0x20;
    //   0xa1b965f4: 0x65f4 = 26100, value 0xb9;      0x6e789e6a: 0x9e6a = 40554, value 0x78.
    // With hotFraction 0.5 (threshold 32768) only 26100 is below: the third value is hot.
    std::vector<std::uint8_t> v(4);
    fillSkewedBytes(v, 0, 0.5, 0x80);
    CHECK(v == std::vector<std::uint8_t>{0x1d, 0x20, 0x80, 0x78});
    // With 0.9 (threshold 58982) all four are below it.
    fillSkewedBytes(v, 0, 0.9, 0x80);
    CHECK(v == std::vector<std::uint8_t>{0x80, 0x80, 0x80, 0x80});
    // An odd count uses the low half of the last draw only.
    std::vector<std::uint8_t> odd(3);
    fillSkewedBytes(odd, 0, 0.0, 0x80);
    CHECK(odd == std::vector<std::uint8_t>{0x1d, 0x20, 0xb9});
    std::vector<std::uint8_t> all(1000);
    fillSkewedBytes(all, 7, 1.0, 42);
    for (std::uint8_t b : all)
        REQUIRE(b == 42);
}

TEST_CASE("a 90% skewed input puts about 90% of its values in the hot bin", "[kernels_demo][histogram]")
{
    // Expected share: 0.9 + 0.1 / 256 = 0.90039; 100000 values give 90039, one standard
    // deviation about 95, so 89500..90500 is more than five of them.
    std::vector<std::uint8_t> v(100000);
    fillSkewedBytes(v, 123, 0.9, 128);
    const std::vector<std::uint32_t> h = histogram256(v);
    CHECK(h[128] > 89500u);
    CHECK(h[128] < 90500u);
}

TEST_CASE("histogram of a few bytes", "[kernels_demo][histogram]")
{
    const std::vector<std::uint8_t> in{0, 0, 5, 255, 5, 0, 7};
    const std::vector<std::uint32_t> h = histogram256(in);
    REQUIRE(h.size() == 256);
    CHECK(h[0] == 3u);
    CHECK(h[5] == 2u);
    CHECK(h[7] == 1u);
    CHECK(h[255] == 1u);
    CHECK(std::accumulate(h.begin(), h.end(), 0u) == 7u);
}

TEST_CASE("distinct values per 32-lane request", "[kernels_demo][histogram]")
{
    // One 512-byte chunk, all zero except lanes 0 and 1 of byte position 3 (elements 3 and 19)
    // set to 9: position 3 has 2 distinct values, the other 15 positions 1: (2 + 15) / 16.
    std::vector<std::uint8_t> in(512, 0);
    in[3] = 9;
    in[19] = 9;
    CHECK(meanDistinctPerWarpRequest(in, 10) == Approx(17.0 / 16.0));
    // Every element of lane l set to l: 32 distinct values at every byte position.
    for (int l = 0; l < 32; ++l)
        for (int k = 0; k < 16; ++k)
            in[16 * l + k] = static_cast<std::uint8_t>(l);
    CHECK(meanDistinctPerWarpRequest(in, 10) == Approx(32.0));
    CHECK(meanDistinctPerWarpRequest(std::vector<std::uint8_t>(100, 0), 10) == 0.0);
}

TEST_CASE("exact comparison of counts", "[kernels_demo][histogram]")
{
    const std::vector<std::uint32_t> want{1, 2, 3};
    Correctness ok = compareCounts(std::vector<std::uint32_t>{1, 2, 3}, want, "m");
    CHECK(ok.checked);
    CHECK(ok.passed);
    CHECK(ok.elementsChecked == 3);
    CHECK(ok.maxAbsErr == 0.0);
    Correctness off = compareCounts(std::vector<std::uint32_t>{1, 5, 0}, want, "m");
    CHECK_FALSE(off.passed);
    CHECK(off.maxAbsErr == 3.0);  // |5 - 2| = |0 - 3| = 3
    // A poisoned (0xffffffff) bin fails.
    CHECK_FALSE(compareCounts(std::vector<std::uint32_t>{1, 2, 0xffffffffu}, want, "m").passed);
    CHECK_FALSE(compareCounts(std::vector<std::uint32_t>{1, 2}, want, "m").passed);
}
