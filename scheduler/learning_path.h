#pragma once
// The order in which new cards are introduced: a prerequisite graph over topics, put in a
// topological order with Boost.Graph. The default is the seed course's five-stage path
// (single-GPU kernels -> microarchitecture and compilers -> runtime and systems ->
// large-scale parallelism and post-training -> profiling and audits).

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace scheduler {

struct Prerequisite {
    std::string before;  ///< Topic to study first.
    std::string after;   ///< Topic that builds on it.
};

class LearningPath {
public:
    /// The topics in the order given, with the edges; nullopt (and `error` set) on a cycle or
    /// an edge naming a topic that is not listed.
    static std::optional<LearningPath> build(const std::vector<std::string>& topics,
                                             const std::vector<Prerequisite>& edges,
                                             std::string* error = nullptr);
    static const LearningPath& standard();

    /// Position of `topic` in the path (0 first); topics not on the path come after all others.
    int rank(std::string_view topic) const;
    const std::vector<std::string>& order() const { return order_; }

private:
    std::vector<std::string> order_;
};

/// The default graph's topics (in stage order) and edges.
std::vector<std::string> standardTopics();
std::vector<Prerequisite> standardPrerequisites();

}  // namespace scheduler
