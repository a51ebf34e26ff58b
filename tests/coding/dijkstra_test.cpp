// Checks the Dijkstra solution (resources/deck/coding/coding-dijkstra.cpp).
#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <vector>

#include "coding-dijkstra.cpp"

using dijkstra::Edge;
using dijkstra::kUnreachable;

TEST_CASE("Dijkstra reproduces the textbook example distances", "[coding][dijkstra]")
{
    // The five-node example of Cormen, Leiserson, Rivest, Stein, "Introduction to Algorithms",
    // 3rd ed., Figure 24.6 (s=0, t=1, x=2, y=3, z=4); the figure's final distances are
    // s 0, t 8, x 9, y 5, z 7.
    const std::vector<Edge> edges = {{0, 1, 10}, {0, 3, 5}, {1, 2, 1}, {1, 3, 2}, {3, 1, 3},
                                     {3, 2, 9},  {3, 4, 2}, {2, 4, 4}, {4, 0, 7}, {4, 2, 6}};
    CHECK(dijkstra::shortestPaths(5, edges, 0) == std::vector<std::int64_t>{0, 8, 9, 5, 7});
}

TEST_CASE("Dijkstra marks unreachable nodes", "[coding][dijkstra]")
{
    const auto d = dijkstra::shortestPaths(3, {{0, 1, 4}}, 0);
    CHECK(d == std::vector<std::int64_t>{0, 4, kUnreachable});
}

TEST_CASE("Dijkstra matches Bellman-Ford on random graphs", "[coding][dijkstra]")
{
    // Independent reference: Bellman-Ford relaxes every edge n-1 times, O(V E), no heap.
    std::mt19937 rng(2024);
    for (int trial = 0; trial < 300; ++trial) {
        const int n = 1 + static_cast<int>(rng() % 10);
        std::vector<Edge> edges;
        const int m = static_cast<int>(rng() % 30);
        for (int e = 0; e < m; ++e)
            edges.push_back({static_cast<int>(rng() % static_cast<unsigned>(n)),
                             static_cast<int>(rng() % static_cast<unsigned>(n)),
                             static_cast<std::int64_t>(rng() % 20)});
        std::vector<std::int64_t> ref(static_cast<std::size_t>(n), kUnreachable);
        ref[0] = 0;
        for (int it = 0; it + 1 < n; ++it)
            for (const Edge& e : edges)
                if (ref[static_cast<std::size_t>(e.from)] != kUnreachable
                    && ref[static_cast<std::size_t>(e.from)] + e.weight < ref[static_cast<std::size_t>(e.to)])
                    ref[static_cast<std::size_t>(e.to)] = ref[static_cast<std::size_t>(e.from)] + e.weight;
        REQUIRE(dijkstra::shortestPaths(n, edges, 0) == ref);
    }
}
