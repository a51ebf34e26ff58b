#include "scan_reference.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

using namespace kdemo;

TEST_CASE("Inclusive scan adds every element up to and including its own", "[kernels_demo][scan]")
{
    // 3, 3+1, 3+1+4, 3+1+4+1, 3+1+4+1+5.
    const std::vector<std::uint32_t> in{3, 1, 4, 1, 5};
    std::vector<std::uint32_t> out(5);
    inclusiveScanU32(in, out);
    CHECK(out == std::vector<std::uint32_t>{3, 4, 8, 9, 14});
}

TEST_CASE("Inclusive scan wraps around modulo 2^32", "[kernels_demo][scan]")
{
    // 0xffffffff + 2 = 0x1'00000001 -> 1; 1 + 0x80000000 = 0x80000001; + 0x80000000 -> 0x1'00000001 -> 1.
    const std::vector<std::uint32_t> in{0xffffffffu, 2u, 0x80000000u, 0x80000000u};
    std::vector<std::uint32_t> out(4);
    inclusiveScanU32(in, out);
    CHECK(out == std::vector<std::uint32_t>{0xffffffffu, 1u, 0x80000001u, 1u});
}

TEST_CASE("Inclusive scan works in place and on empty input", "[kernels_demo][scan]")
{
    std::vector<std::uint32_t> v{2, 2, 2};
    inclusiveScanU32(v, v);
    CHECK(v == std::vector<std::uint32_t>{2, 4, 6});
    std::vector<std::uint32_t> none;
    inclusiveScanU32(none, none);
    CHECK(none.empty());
}

TEST_CASE("fillNibbles takes sixteen 4-bit values from each draw, lowest first", "[kernels_demo][scan]")
{
    // SplitMix64(0) first draws 0xe220a8397b1dcdaf, then 0x6e789e6aa1b965f4. Hex digits of the
    // first from the lowest: f a d c d 1 b 7 9 3 8 a 0 2 2 e; the 17th value is the second
    // draw's lowest digit, 4.
    std::vector<std::uint32_t> v(17);
    fillNibbles(v, 0);
    CHECK(v == std::vector<std::uint32_t>{15, 10, 13, 12, 13, 1, 11, 7, 9, 3, 8, 10, 0, 2, 2, 14, 4});
}

TEST_CASE("checkExactU32 passes equal data and measures mismatches", "[kernels_demo][scan]")
{
    const std::vector<std::uint32_t> want{1, 2, 3};
    const Correctness same = checkExactU32(std::vector<std::uint32_t>{1, 2, 3}, want, "m");
    CHECK(same.checked);
    CHECK(same.passed);
    CHECK(same.elementsChecked == 3);
    CHECK(same.maxAbsErr == 0.0);

    // 5 - 2 = 3.
    const Correctness off = checkExactU32(std::vector<std::uint32_t>{1, 5, 3}, want, "m");
    CHECK_FALSE(off.passed);
    CHECK(off.maxAbsErr == 3.0);

    // A poisoned element (0xffffffff) against 1: 4294967295 - 1 = 4294967294.
    const Correctness poisoned = checkExactU32(std::vector<std::uint32_t>{0xffffffffu, 2, 3}, want, "m");
    CHECK_FALSE(poisoned.passed);
    CHECK(poisoned.maxAbsErr == 4294967294.0);

    CHECK_FALSE(checkExactU32(std::vector<std::uint32_t>{1, 2}, want, "m").passed);
}
