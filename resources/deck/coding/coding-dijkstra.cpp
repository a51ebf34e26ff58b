// Reference solution for card coding-dijkstra: single-source shortest paths with non-negative edge
// weights, using a binary heap with lazy deletion.
//
// Instead of a decrease-key operation, a node is pushed again whenever its distance improves and
// stale heap entries (whose distance no longer matches) are skipped when popped. The heap then holds
// at most E entries: O((V + E) log E) time, O(V + E) memory.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <queue>
#include <utility>
#include <vector>

namespace dijkstra {

struct Edge {
    int from;
    int to;
    std::int64_t weight;  // must be >= 0
};

inline constexpr std::int64_t kUnreachable = std::numeric_limits<std::int64_t>::max();

// Distances from source to every node 0..nodeCount-1; kUnreachable where there is no path.
inline std::vector<std::int64_t> shortestPaths(int nodeCount, const std::vector<Edge>& edges, int source) {
    const auto n = static_cast<std::size_t>(nodeCount);
    std::vector<std::vector<std::pair<int, std::int64_t>>> adjacency(n);
    for (const Edge& e : edges) {
        adjacency[static_cast<std::size_t>(e.from)].emplace_back(e.to, e.weight);
    }
    std::vector<std::int64_t> dist(n, kUnreachable);
    using Item = std::pair<std::int64_t, int>;  // (distance, node); smallest distance on top
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> heap;
    dist[static_cast<std::size_t>(source)] = 0;
    heap.emplace(0, source);
    while (!heap.empty()) {
        const auto [d, u] = heap.top();
        heap.pop();
        if (d != dist[static_cast<std::size_t>(u)]) {
            continue;  // stale entry: u was already settled with a smaller distance
        }
        for (const auto& [v, w] : adjacency[static_cast<std::size_t>(u)]) {
            const std::int64_t candidate = d + w;
            if (candidate < dist[static_cast<std::size_t>(v)]) {
                dist[static_cast<std::size_t>(v)] = candidate;
                heap.emplace(candidate, v);
            }
        }
    }
    return dist;
}

}  // namespace dijkstra
