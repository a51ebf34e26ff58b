#pragma once
// Puts a new question into one of the deck's topics (docs/deck-format.md) by keywords.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace importer {

struct TopicScore {
    std::string topic;  ///< a topic id of docs/deck-format.md
    double score = 0;   ///< sum of the weights of the keywords found
};

struct TopicGuess {
    std::optional<std::string> topic;  ///< empty when no keyword matched: the user picks
    /// share × strength, 0–1: share = best score / sum of all scores (how clearly one topic wins),
    /// strength = min(1, best / 3) (3 = one strong keyword plus some support). A single weak
    /// keyword gives a low confidence even when nothing competes with it.
    double confidence = 0;
    std::vector<TopicScore> ranking;    ///< every topic with a non-zero score, best first
    std::vector<std::string> keywords;  ///< the keywords that matched, for the preview's tooltip
};

/// The taxonomy is built from the ten themes the public interview reports group into (system
/// basics and cloud native; GPU and CUDA; kernel optimisation; model structure and quantisation;
/// inference serving; distributed training and communication; PyTorch/C++ runtime; cluster
/// engineering; RAG, alignment and agents; hand coding and project) mapped onto the deck's 18 topics.
TopicGuess classifyTopic(std::string_view question);

/// The deck's topic ids, in the order of docs/deck-format.md.
const std::vector<std::string>& topicIds();

}  // namespace importer
