// Checks the top-k solution (resources/deck/coding/coding-top-k.cpp).
#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <random>
#include <vector>

#include "coding-top-k.cpp"

TEST_CASE("Top-k of a small hand example", "[coding][topk]")
{
    // {5, 1, 9, 3, 9, 7}: the three largest, by inspection, are 9, 9, 7.
    CHECK(topk::largestK({5, 1, 9, 3, 9, 7}, 3) == std::vector<int>{9, 9, 7});
    CHECK(topk::largestK({5, 1}, 5) == std::vector<int>{5, 1});
    CHECK(topk::largestK({5, 1}, 0).empty());
}

TEST_CASE("Top-k matches a full sort on random data", "[coding][topk]")
{
    // Reference: sort descending and take the first k.
    std::mt19937 rng(99);
    for (int trial = 0; trial < 200; ++trial) {
        std::vector<int> values(rng() % 200);
        for (int& v : values)
            v = static_cast<int>(rng() % 100) - 50;
        const std::size_t k = rng() % 20;
        std::vector<int> sorted = values;
        std::sort(sorted.begin(), sorted.end(), std::greater<int>());
        sorted.resize(std::min(k, sorted.size()));
        REQUIRE(topk::largestK(values, k) == sorted);
    }
}
