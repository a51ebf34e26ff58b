#include "smem_reference.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

using namespace kdemo;

TEST_CASE("theoretical shared-memory bandwidth", "[kernels_demo][smem]")
{
    // H200: 132 SMs x 32 banks x 4 B = 16896 B per clock; x 1.98e9 clocks/s = 33454.08 GB/s.
    CHECK(sharedMemoryPeakGBs(132, 1980000) == Approx(33454.08).epsilon(1e-9));
    // One SM at 1 GHz: 128 B per clock = 128 GB/s.
    CHECK(sharedMemoryPeakGBs(1, 1000000) == Approx(128.0));
    // 16 banks of 8 bytes on 2 SMs at 500 MHz: 2 x 128 B x 0.5e9 = 128 GB/s.
    CHECK(sharedMemoryPeakGBs(2, 500000, 16, 8) == Approx(128.0));
}

TEST_CASE("conflict ways of a strided warp request are gcd(stride, 32)", "[kernels_demo][smem]")
{
    CHECK(stridedConflictWays(1) == 1);
    CHECK(stridedConflictWays(2) == 2);  // lanes l and l + 16 share bank 2l mod 32
    CHECK(stridedConflictWays(3) == 1);  // 3 is odd: 3l mod 32 takes every bank once
    CHECK(stridedConflictWays(6) == 2);
    CHECK(stridedConflictWays(32) == 32);  // every lane in bank 0
    CHECK(stridedConflictWays(33) == 1);
    CHECK(stridedConflictWays(48) == 16);
}

TEST_CASE("conflict ways counted from word addresses", "[kernels_demo][smem]")
{
    std::vector<std::uint32_t> a(32);
    for (std::uint32_t l = 0; l < 32; ++l)
        a[l] = l;  // consecutive words: one per bank
    CHECK(conflictWays(a) == 1);
    for (std::uint32_t l = 0; l < 32; ++l)
        a[l] = 32 * l;  // a column of a [32][32] tile: all bank 0
    CHECK(conflictWays(a) == 32);
    for (std::uint32_t l = 0; l < 32; ++l)
        a[l] = 33 * l;  // padded column: bank l
    CHECK(conflictWays(a) == 1);
    for (std::uint32_t l = 0; l < 32; ++l)
        a[l] = 2 * l;  // stride 2: banks 0, 2, .., 30 twice
    CHECK(conflictWays(a) == 2);
    for (std::uint32_t l = 0; l < 32; ++l)
        a[l] = 7;  // one word for all lanes: a broadcast
    CHECK(conflictWays(a) == 1);
    // Words 0 and 64 (bank 0) read by several lanes each, the rest broadcast word 5: 2-way.
    const std::vector<std::uint32_t> b{0, 64, 0, 64, 5, 5, 5};
    CHECK(conflictWays(b) == 2);
    CHECK(conflictWays(std::vector<std::uint32_t>{}) == 0);
}

TEST_CASE("tile layouts", "[kernels_demo][smem]")
{
    CHECK(tileWord(TileLayout::Naive, 2, 3) == 67);      // 2 x 32 + 3
    CHECK(tileWord(TileLayout::Padded, 2, 3) == 69);     // 2 x 33 + 3
    CHECK(tileWord(TileLayout::Swizzled, 2, 3) == 65);   // 2 x 32 + (3 ^ 2 = 1)
    CHECK(tileWord(TileLayout::Swizzled, 5, 5) == 160);  // 5 x 32 + 0
    CHECK(tileWord(TileLayout::Swizzled, 31, 0) == 1023);
    // Column 0 of the swizzled tile: lane l reads row l at column l, bank l.
    std::vector<std::uint32_t> col(32);
    for (int l = 0; l < 32; ++l)
        col[l] = tileWord(TileLayout::Swizzled, l, 0);
    CHECK(conflictWays(col) == 1);
    // Row 7 of the swizzled tile still covers all 32 words of row 7 (a permutation).
    std::vector<bool> seen(32, false);
    for (int c = 0; c < 32; ++c)
        seen[tileWord(TileLayout::Swizzled, 7, c) - 7 * 32] = true;
    for (int c = 0; c < 32; ++c)
        CHECK(seen[c]);
}

TEST_CASE("sum of a word incremented in place", "[kernels_demo][smem]")
{
    CHECK(incrementRunSum(5, 3) == 18u);   // 5 + 6 + 7
    CHECK(incrementRunSum(10, 4) == 46u);  // 10 + 11 + 12 + 13
    CHECK(incrementRunSum(9, 0) == 0u);
    CHECK(incrementRunSum(0, 1) == 0u);
    // 0xffffffff, then 0 after the wrap: the sum is 0xffffffff.
    CHECK(incrementRunSum(0xffffffffu, 2) == 0xffffffffu);
    // 2^16 terms of 2^16 each plus 0 + 1 + ... + 65535 = 2^32 + 2147450880, modulo 2^32.
    CHECK(incrementRunSum(65536u, 65536u) == 2147450880u);
}

TEST_CASE("sums of float bit patterns", "[kernels_demo][smem]")
{
    CHECK(floatBitsOf(0) == 0u);
    CHECK(floatBitsOf(1) == 0x3f800000u);
    CHECK(floatBitsOf(2) == 0x40000000u);
    CHECK(floatBitsOf(3) == 0x40400000u);  // 1.5 x 2^1
    const std::vector<std::uint32_t> p = floatBitsPrefix(4);
    REQUIRE(p.size() == 5);
    CHECK(p[0] == 0u);
    CHECK(p[1] == 0u);           // 0.0f
    CHECK(p[2] == 0x3f800000u);  // + 1.0f
    CHECK(p[3] == 0x7f800000u);  // + 2.0f
    CHECK(p[4] == 0xbfc00000u);  // + 3.0f
    // Reading 1, 2, 3 (x = 1, three iterations): p[4] - p[1].
    CHECK(p[4] - p[1] == 0xbfc00000u);
}
