#include "checks.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

using namespace kdemo;

TEST_CASE("checkExact fails on a NaN left in the output", "[kernels_demo][checks]")
{
    const std::vector<float> want{1, 2, 3};
    CHECK(checkExact(std::vector<float>{1, 2, 3}, want, "m").passed);
    CHECK_FALSE(checkExact(std::vector<float>{1, std::nanf(""), 3}, want, "m").passed);
    CHECK_FALSE(checkExact(std::vector<float>{1, 2}, want, "m").passed);
}

TEST_CASE("checkClose reports the largest error against the tolerance", "[kernels_demo][checks]")
{
    const std::vector<double> want{1.0, 2.0};
    const Correctness ok = checkClose(std::vector<float>{1.0f, 2.25f}, want, 0.5, "m");
    CHECK(ok.passed);
    CHECK(ok.maxAbsErr == Approx(0.25));
    CHECK_FALSE(checkClose(std::vector<float>{1.0f, 2.75f}, want, 0.5, "m").passed);
    CHECK_FALSE(checkClose(std::vector<float>{std::nanf(""), 2.0f}, want, 0.5, "m").passed);
}

TEST_CASE("checkExactInt", "[kernels_demo][checks]")
{
    CHECK(checkExactInt(42, 42, "m").passed);
    CHECK_FALSE(checkExactInt(41, 42, "m").passed);
}
