#include "cpu_reference.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

using namespace kdemo;

TEST_CASE("SplitMix64 reproduces the published sequence for seed 0", "[kernels_demo][reference]")
{
    // First outputs of Vigna's splitmix64.c with x = 0 (also reproduced by a separate Python
    // implementation of the three mixing steps).
    SplitMix64 rng(0);
    CHECK(rng.next() == 0xe220a8397b1dcdafULL);
    CHECK(rng.next() == 0x6e789e6aa1b965f4ULL);
    CHECK(rng.next() == 0x06c45d188009454fULL);
}

TEST_CASE("fillBytesAsInt gives the same small integers for the same seed", "[kernels_demo][reference]")
{
    std::vector<std::int32_t> a(1000), b(1000);
    fillBytesAsInt(a, 42);
    fillBytesAsInt(b, 42);
    CHECK(a == b);
    for (std::int32_t v : a)
        REQUIRE((v >= 0 && v <= 255));
    // The first eight values are the bytes of the first draw, lowest byte first: 0xaf, 0xcd, ...
    std::vector<std::int32_t> c(8);
    fillBytesAsInt(c, 0);
    CHECK(c == std::vector<std::int32_t>{0xaf, 0xcd, 0x1d, 0x7b, 0x39, 0xa8, 0x20, 0xe2});
}

TEST_CASE("sumInt is exact in 64 bits", "[kernels_demo][reference]")
{
    const std::vector<std::int32_t> v{2147483647, 2147483647, 2};
    CHECK(sumInt(v) == 4294967296LL);
}

TEST_CASE("transpose of a 2 x 3 matrix", "[kernels_demo][reference]")
{
    const std::vector<float> in{1, 2, 3, 4, 5, 6};  // [[1,2,3],[4,5,6]]
    std::vector<float> out(6);
    transpose(in, out, 2, 3);
    CHECK(out == std::vector<float>{1, 4, 2, 5, 3, 6});  // [[1,4],[2,5],[3,6]]
}

TEST_CASE("stridedSource reads a column at a time and is a permutation", "[kernels_demo][reference]")
{
    // n = 8, stride 2: view as 2 rows of 4, read down the columns.
    const std::vector<std::size_t> want{0, 2, 4, 6, 1, 3, 5, 7};
    for (std::size_t i = 0; i < 8; ++i)
        CHECK(stridedSource(i, 8, 2) == want[i]);
}

TEST_CASE("softmax of [0, ln 2, ln 3] is [1/6, 2/6, 3/6]", "[kernels_demo][reference]")
{
    const std::vector<float> in{0.0f, std::log(2.0f), std::log(3.0f)};
    std::vector<double> out(3);
    softmaxRow(in, out);
    CHECK(out[0] == Approx(1.0 / 6).epsilon(1e-6));
    CHECK(out[1] == Approx(2.0 / 6).epsilon(1e-6));
    CHECK(out[2] == Approx(3.0 / 6).epsilon(1e-6));
}

TEST_CASE("online max and normaliser of [1, 3, 2]", "[kernels_demo][reference]")
{
    // By hand: max 3, sum = e^(1-3) + e^0 + e^(2-3) = 0.135335 + 1 + 0.367879 = 1.503215.
    const OnlineMaxSum r = onlineMaxSum(std::vector<float>{1.0f, 3.0f, 2.0f});
    CHECK(r.max == 3.0);
    CHECK(r.sum == Approx(1.5032147).epsilon(1e-6));
}

TEST_CASE("RMSNorm of [3, 4] with weights [1, 2]", "[kernels_demo][reference]")
{
    // mean of squares 12.5, 1/sqrt(12.5) = 0.2828427; y = [3 x 0.28284 x 1, 4 x 0.28284 x 2].
    std::vector<double> y(2);
    rmsnormRow(std::vector<float>{3, 4}, std::vector<float>{1, 2}, 0.0, y);
    CHECK(y[0] == Approx(0.8485281));
    CHECK(y[1] == Approx(2.2627417));
}

TEST_CASE("gemmEntry of a 2 x 2 product", "[kernels_demo][reference]")
{
    // [[1,2],[3,4]] x [[5,6],[7,8]] = [[19,22],[43,50]]
    const std::vector<float> a{1, 2, 3, 4}, b{5, 6, 7, 8};
    CHECK(gemmEntry(a, b, 2, 2, 0, 0) == 19.0);
    CHECK(gemmEntry(a, b, 2, 2, 0, 1) == 22.0);
    CHECK(gemmEntry(a, b, 2, 2, 1, 0) == 43.0);
    CHECK(gemmEntry(a, b, 2, 2, 1, 1) == 50.0);
    CHECK(gemmTolerance(1e-3, 100, 2.0, 3.0) == Approx(0.06));  // 1e-3 x 10 x 2 x 3
}

TEST_CASE("bfloat16 rounding is to nearest, ties to even", "[kernels_demo][reference]")
{
    CHECK(toBf16Bits(1.0f) == 0x3F80);
    CHECK(toBf16Bits(-2.0f) == 0xC000);
    // 1 + 2^-8 lies halfway between 0x3F80 and 0x3F81: the even one wins.
    CHECK(toBf16Bits(1.00390625f) == 0x3F80);
    // 1 + 3 x 2^-8 lies halfway between 0x3F81 and 0x3F82: again the even one.
    CHECK(toBf16Bits(1.01171875f) == 0x3F82);
    // Just above a half: rounds up.
    CHECK(toBf16Bits(1.0040000f) == 0x3F81);
    CHECK(bf16BitsToFloat(0x3FC0) == 1.5f);
    CHECK(std::isnan(bf16BitsToFloat(toBf16Bits(std::nanf("")))));
}

TEST_CASE("fmaChain applies v*a+b the given number of times", "[kernels_demo][reference]")
{
    CHECK(fmaChain(1.0f, 2.0f, 1.0f, 3) == 15.0f);  // 1 -> 3 -> 7 -> 15
    CHECK(fmaChain(0.5f, 1.0f, 1.0f, 4) == 4.5f);
    CHECK(fmaChain(7.0f, 3.0f, 1.0f, 0) == 7.0f);
}
