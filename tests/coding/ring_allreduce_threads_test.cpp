// Checks the threaded ring all-reduce solution (resources/deck/coding/coding-ring-allreduce-threads.cpp).
#include <catch2/catch.hpp>

#include <cstddef>
#include <vector>

#include "coding-ring-allreduce-threads.cpp"

TEST_CASE("Ring all-reduce gives every rank the element-wise sum", "[coding][allreduce]")
{
    // Rank r holds x[i] = 100 r + i (integers, exact in float). The sum over r = 0..P-1 is
    // 100 * P(P-1)/2 + P * i, computed here directly from that formula.
    for (std::size_t p : {std::size_t{2}, std::size_t{3}, std::size_t{4}, std::size_t{7}}) {
        for (std::size_t len : {std::size_t{1}, std::size_t{10}, std::size_t{64}, std::size_t{1001}}) {
            std::vector<std::vector<float>> buffers(p, std::vector<float>(len));
            for (std::size_t r = 0; r < p; ++r)
                for (std::size_t i = 0; i < len; ++i)
                    buffers[r][i] = float(100 * r + i);
            const auto result = ringar::ringAllReduce(buffers);
            for (std::size_t r = 0; r < p; ++r)
                for (std::size_t i = 0; i < len; ++i)
                    REQUIRE(result.buffers[r][i] == float(100 * p * (p - 1) / 2 + p * i));
        }
    }
}

TEST_CASE("Ring all-reduce sends 2(P-1)/P of the buffer per rank", "[coding][allreduce]")
{
    // With len divisible by P every chunk is len/P, and each rank sends P-1 chunks in each of the two
    // phases: 2 (P-1) len / P elements. P = 4, len = 400 gives 600.
    const std::size_t p = 4, len = 400;
    const auto result =
        ringar::ringAllReduce(std::vector<std::vector<float>>(p, std::vector<float>(len, 1.0f)));
    for (std::size_t r = 0; r < p; ++r) {
        CHECK(result.elementsSent[r] == 600);
        for (float v : result.buffers[r])
            REQUIRE(v == 4.0f);
    }
    // One rank: nothing to exchange.
    const auto single = ringar::ringAllReduce({{1.0f, 2.0f}});
    CHECK(single.buffers[0] == std::vector<float>{1.0f, 2.0f});
}
