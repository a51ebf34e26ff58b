// Reference solution for card coding-topological-sort: Kahn's algorithm with cycle detection.
//
// Count incoming edges per node, start from all nodes with in-degree 0, and each time a node is
// output decrement its successors' in-degrees, enqueueing those that reach 0. If fewer than n nodes
// are output, the remaining ones all sit on or behind a cycle. O(V + E) time and memory.
#include <cstddef>
#include <optional>
#include <queue>
#include <utility>
#include <vector>

namespace topo {

// Nodes are 0..nodeCount-1; an edge (u, v) means u must come before v. Returns nothing when the
// graph has a cycle (or an edge names a node out of range).
inline std::optional<std::vector<int>> topologicalOrder(int nodeCount,
                                                        const std::vector<std::pair<int, int>>& edges) {
    if (nodeCount < 0) {
        return std::nullopt;
    }
    const auto n = static_cast<std::size_t>(nodeCount);
    std::vector<std::vector<int>> successors(n);
    std::vector<int> inDegree(n, 0);
    for (const auto& [from, to] : edges) {
        if (from < 0 || to < 0 || from >= nodeCount || to >= nodeCount) {
            return std::nullopt;
        }
        successors[static_cast<std::size_t>(from)].push_back(to);
        ++inDegree[static_cast<std::size_t>(to)];
    }
    std::queue<int> ready;
    for (int v = 0; v < nodeCount; ++v) {
        if (inDegree[static_cast<std::size_t>(v)] == 0) {
            ready.push(v);
        }
    }
    std::vector<int> order;
    order.reserve(n);
    while (!ready.empty()) {
        const int u = ready.front();
        ready.pop();
        order.push_back(u);
        for (int v : successors[static_cast<std::size_t>(u)]) {
            if (--inDegree[static_cast<std::size_t>(v)] == 0) {
                ready.push(v);
            }
        }
    }
    if (order.size() != n) {
        return std::nullopt;
    }
    return order;
}

}  // namespace topo
