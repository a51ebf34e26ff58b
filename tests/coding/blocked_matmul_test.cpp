// Checks the cache-blocked matrix multiply solution (resources/deck/coding/coding-blocked-matmul.cpp).
#include <catch2/catch.hpp>

#include <cstddef>
#include <random>
#include <vector>

#include "coding-blocked-matmul.cpp"

TEST_CASE("Blocked matmul of a 2x2 example worked by hand", "[coding][matmul]")
{
    // [1 2; 3 4] * [5 6; 7 8] = [19 22; 43 50].
    std::vector<float> c;
    blocked::matmulBlocked({1, 2, 3, 4}, {5, 6, 7, 8}, c, 2, 2, 2, 1);
    CHECK(c == std::vector<float>{19, 22, 43, 50});
}

TEST_CASE("Blocked matmul matches a naive double-precision reference", "[coding][matmul]")
{
    // Odd sizes so that no dimension is a multiple of the tile.
    const std::size_t m = 67, n = 45, k = 53;
    std::mt19937 rng(3);
    std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
    std::vector<float> a(m * k), b(k * n);
    for (float& x : a)
        x = dist(rng);
    for (float& x : b)
        x = dist(rng);
    for (std::size_t tile :
         {std::size_t{1}, std::size_t{7}, std::size_t{16}, std::size_t{64}, std::size_t{100}}) {
        std::vector<float> c;
        blocked::matmulBlocked(a, b, c, m, n, k, tile);
        for (std::size_t i = 0; i < m; ++i) {
            for (std::size_t j = 0; j < n; ++j) {
                double ref = 0.0;
                for (std::size_t kk = 0; kk < k; ++kk)
                    ref += double(a[i * k + kk]) * double(b[kk * n + j]);
                // |terms| <= 1 and k = 53: float accumulation error stays far below 1e-4.
                REQUIRE(c[i * n + j] == Approx(ref).margin(1e-4));
            }
        }
    }
}
