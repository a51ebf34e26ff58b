#include "stats.h"

#include <catch2/catch.hpp>

#include <vector>

using namespace kdemo;

TEST_CASE("median and minimum of timing samples", "[kernels_demo][stats]")
{
    CHECK(median(std::vector<double>{3, 1, 2}) == 2.0);
    CHECK(median(std::vector<double>{4, 1, 3, 2}) == 2.5);
    CHECK(median(std::vector<double>{}) == 0.0);
    CHECK(minimum(std::vector<double>{4, 1.5, 3}) == 1.5);
}
