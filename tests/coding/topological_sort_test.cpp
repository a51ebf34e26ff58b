// Checks the topological sort solution (resources/deck/coding/coding-topological-sort.cpp).
#include <catch2/catch.hpp>

#include <functional>
#include <random>
#include <utility>
#include <vector>

#include "coding-topological-sort.cpp"

namespace {

// Independent cycle check: depth-first search with three colours (a back edge to a grey node is a
// cycle).
bool hasCycleDfs(int n, const std::vector<std::pair<int, int>>& edges)
{
    std::vector<std::vector<int>> adj(static_cast<std::size_t>(n));
    for (auto [u, v] : edges)
        adj[static_cast<std::size_t>(u)].push_back(v);
    std::vector<int> colour(static_cast<std::size_t>(n), 0);  // 0 white, 1 grey, 2 black
    std::function<bool(int)> visit = [&](int u) {
        colour[static_cast<std::size_t>(u)] = 1;
        for (int v : adj[static_cast<std::size_t>(u)]) {
            if (colour[static_cast<std::size_t>(v)] == 1)
                return true;
            if (colour[static_cast<std::size_t>(v)] == 0 && visit(v))
                return true;
        }
        colour[static_cast<std::size_t>(u)] = 2;
        return false;
    };
    for (int u = 0; u < n; ++u)
        if (colour[static_cast<std::size_t>(u)] == 0 && visit(u))
            return true;
    return false;
}

bool respectsEdges(int n, const std::vector<int>& order, const std::vector<std::pair<int, int>>& edges)
{
    if (order.size() != static_cast<std::size_t>(n))
        return false;
    std::vector<int> position(static_cast<std::size_t>(n), -1);
    for (std::size_t i = 0; i < order.size(); ++i)
        position[static_cast<std::size_t>(order[i])] = static_cast<int>(i);
    for (int p : position)
        if (p < 0)
            return false;
    for (auto [u, v] : edges)
        if (position[static_cast<std::size_t>(u)] >= position[static_cast<std::size_t>(v)])
            return false;
    return true;
}

}  // namespace

TEST_CASE("Topological sort of a chain has exactly one answer", "[coding][topo]")
{
    // 3 -> 1 -> 4 -> 0 -> 2: the only valid order, worked out by hand.
    const auto order = topo::topologicalOrder(5, {{3, 1}, {1, 4}, {4, 0}, {0, 2}});
    REQUIRE(order.has_value());
    CHECK(*order == std::vector<int>{3, 1, 4, 0, 2});
}

TEST_CASE("Topological sort detects a cycle", "[coding][topo]")
{
    CHECK_FALSE(topo::topologicalOrder(3, {{0, 1}, {1, 2}, {2, 0}}).has_value());
    CHECK_FALSE(topo::topologicalOrder(2, {{0, 0}}).has_value());  // self-loop
    CHECK_FALSE(topo::topologicalOrder(2, {{0, 5}}).has_value());  // node out of range
}

TEST_CASE("Topological sort agrees with a DFS cycle check on random graphs", "[coding][topo]")
{
    std::mt19937 rng(7);
    for (int trial = 0; trial < 500; ++trial) {
        const int n = 1 + static_cast<int>(rng() % 8);
        const int m = static_cast<int>(rng() % 12);
        std::vector<std::pair<int, int>> edges;
        for (int e = 0; e < m; ++e)
            edges.emplace_back(static_cast<int>(rng() % static_cast<unsigned>(n)),
                               static_cast<int>(rng() % static_cast<unsigned>(n)));
        const auto order = topo::topologicalOrder(n, edges);
        REQUIRE(order.has_value() == !hasCycleDfs(n, edges));
        if (order)
            REQUIRE(respectsEdges(n, *order, edges));
    }
}
