#pragma once
// The similarity graph of a set of questions and its connected components (Boost.Graph): the
// questions that ask the same thing, for the import merge and for the deck's content check.

#include "minhash_index.h"
#include "term_matcher.h"

#include <cstddef>
#include <optional>
#include <string>
#include <functional>
#include <vector>

namespace importer {

struct MatchOptions {
    /// Two texts ask the same question when their n-gram Jaccard is at least this. The user can
    /// change it in the preview; 0.5 keeps paraphrases such as "什么是 KV cache" / "KV cache 是什么"
    /// (0.64) together and keeps apart questions that only share a topic word.
    double threshold = 0.5;
    /// Import only (planMerge): an incoming question with no card at the threshold by n-grams
    /// also matches the card that covers at least `threshold` of its term weight
    /// (term_matcher.h), so short report lines find their longer cards.
    bool termCoverage = true;
    /// The coverage a term match needs (and at least `threshold`). 0.5 found the most cards on
    /// the hand-labelled field test (tests/import/data/short_questions.tsv: 28 of 37, 0.6: 25,
    /// 0.7: 24 with fewer sibling cards), none of the unrelated questions at any of them.
    double termThreshold = 0.5;
    LshParams lsh{};
    /// planMerge calls this with the share of questions matched so far (0-1) every few hundred
    /// questions; returning false stops it (MergePlan::stopped). Empty: no reports.
    std::function<bool(double done)> progress;
};

struct ScoredPair {
    std::size_t a = 0;
    std::size_t b = 0;
    double score = 0;  ///< Jaccard, 0–1
};

struct DuplicateGroup {
    std::vector<std::size_t> members;  ///< ascending indices into the input
    /// Pairs at or above the threshold that joined them: a spanning set (pairs already joined
    /// through others are not compared), so every member is reached, not every similar pair listed.
    std::vector<ScoredPair> edges;
};

/// Every pair at or above the threshold among `texts`, found through MinHash/LSH candidates and
/// confirmed with the exact Jaccard. Sub-quadratic: only candidate pairs are compared.
std::vector<ScoredPair> similarPairs(const std::vector<std::string>& texts, const MatchOptions& options = {});

/// Groups of two or more texts joined by similar pairs (connected components of the graph),
/// ordered by their smallest member. Run on the whole deck, it lists cards asking the same thing.
std::vector<DuplicateGroup> findDuplicateGroups(const std::vector<std::string>& texts,
                                                const MatchOptions& options = {});

/// What the import proposes for one incoming question.
struct ProposedMatch {
    std::optional<std::size_t> deckIndex;  ///< the existing card it merges into, if any
    double score =
        0;  ///< similarity with that card (Jaccard or term coverage); without one, the best seen below the threshold
    std::size_t group = 0;  ///< incoming questions with the same group become one card
    /// The card that covers most of the question's terms (term_matcher.h) when it does not merge
    /// anywhere: shown to the user as "closest card", never merged without the user's say.
    std::optional<std::size_t> suggestion;
    double suggestionScore = 0;  ///< its term coverage, 0-1
    /// The best-ranked cards of the term matcher (up to kClosestCards, best first, with their
    /// coverage), for the user to pick another card than the proposed one.
    std::vector<std::pair<std::size_t, double>> closest;
};

/// How many closest cards a question offers the user.
inline constexpr std::size_t kClosestCards = 3;

struct MergePlan {
    std::vector<ProposedMatch> questions;  ///< one per incoming question, in input order
    std::size_t groupCount = 0;
    bool stopped = false;  ///< MatchOptions::progress asked to stop: the plan is empty
};

/// Matches incoming questions against the deck and against each other. Questions whose
/// similarity graph component holds a deck card merge into that card (the one with the best
/// direct score to any member); the other components become one new card each.
///
/// `deckSubjects`, when given (one per deck text), are the cards' subject words for the
/// term-coverage matcher: their ids' words ("kernel opt flashattention v1"), see term_matcher.h.
MergePlan planMerge(const std::vector<std::string>& deckTexts, const std::vector<std::string>& incoming,
                    const MatchOptions& options = {}, const std::vector<std::string>& deckSubjects = {});
/// The same with every field of each card that the term matcher reads (term_matcher.h).
MergePlan planMerge(const std::vector<CardText>& deck, const std::vector<std::string>& incoming,
                    const MatchOptions& options = {});

}  // namespace importer
