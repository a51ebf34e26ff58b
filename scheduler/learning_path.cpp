#include "scheduler/learning_path.h"

#include <algorithm>
#include <iterator>
#include <map>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/topological_sort.hpp>

namespace scheduler {

std::vector<std::string> standardTopics()
{
    // Listed stage by stage, so that the DFS-based topological sort breaks ties in stage order.
    return {
        // Stage 1: memory ledger and core kernels.
        "gpu-arch",
        "model-arch",
        "cuda",
        "triton",
        "kernel-opt",
        "coding",
        // Stage 2: microarchitecture and compilers.
        "cutlass-hopper",
        "compilers",
        "quantization",
        // Stage 3: runtime and systems.
        "systems",
        "runtime",
        "inference",
        "rag-agents",
        "communication",
        "cluster",
        // Stage 4: large-scale parallelism and post-training.
        "dist-training",
        "rl-infra",
        // Stage 5: design and audits.
        "system-design",
    };
}

std::vector<Prerequisite> standardPrerequisites()
{
    return {
        {"gpu-arch", "cuda"},
        {"cuda", "triton"},
        {"cuda", "kernel-opt"},
        {"kernel-opt", "cutlass-hopper"},
        {"triton", "compilers"},
        {"model-arch", "quantization"},
        {"kernel-opt", "quantization"},
        {"cuda", "runtime"},
        {"model-arch", "inference"},
        {"runtime", "inference"},
        {"inference", "rag-agents"},
        {"gpu-arch", "communication"},
        {"systems", "cluster"},
        {"communication", "dist-training"},
        {"model-arch", "dist-training"},
        {"runtime", "dist-training"},
        {"dist-training", "cluster"},
        {"dist-training", "rl-infra"},
        {"inference", "rl-infra"},
        {"cluster", "system-design"},
        {"inference", "system-design"},
        {"dist-training", "system-design"},
    };
}

std::optional<LearningPath> LearningPath::build(const std::vector<std::string>& topics,
                                                const std::vector<Prerequisite>& edges, std::string* error)
{
    using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
    // Vertices are added in reverse: topological_sort emits reverse DFS finishing order, in
    // which the roots visited last come first. Reversing the input makes topics listed earlier
    // come earlier whenever the prerequisites leave the choice open.
    const std::size_t n = topics.size();
    std::map<std::string, std::size_t, std::less<>> index;
    for (std::size_t i = 0; i < n; ++i)
        index.emplace(topics[i], n - 1 - i);

    Graph graph(topics.size());
    for (const Prerequisite& edge : edges) {
        auto from = index.find(edge.before);
        auto to = index.find(edge.after);
        if (from == index.end() || to == index.end()) {
            if (error)
                *error = "prerequisite names an unknown topic: " + edge.before + " -> " + edge.after;
            return std::nullopt;
        }
        boost::add_edge(from->second, to->second, graph);
    }

    std::vector<std::size_t> reversed;
    try {
        boost::topological_sort(graph, std::back_inserter(reversed));
    } catch (const boost::not_a_dag&) {
        if (error)
            *error = "the prerequisite graph has a cycle";
        return std::nullopt;
    }
    LearningPath path;
    for (auto it = reversed.rbegin(); it != reversed.rend(); ++it)
        path.order_.push_back(topics[n - 1 - *it]);
    return path;
}

const LearningPath& LearningPath::standard()
{
    static const LearningPath path = *build(standardTopics(), standardPrerequisites());
    return path;
}

int LearningPath::rank(std::string_view topic) const
{
    auto it = std::find(order_.begin(), order_.end(), topic);
    return static_cast<int>(it - order_.begin());
}

}  // namespace scheduler
