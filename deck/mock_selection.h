#pragma once
// Which cards a mock interview asks, and in what order.

#include <map>
#include <string>
#include <vector>

#include "deck/collection.h"
#include "deck/mock_config.h"

namespace deck {

/// Failures and answers in the review log (every mode), per topic or per card.
struct FailureCount {
    int failures = 0;  ///< Rows with SM-2 quality < 3.
    int answers = 0;
    /// (failures + 1) / (answers + 2): the failure rate with one pseudo-failure and one
    /// pseudo-success (Laplace's rule), so an untried topic sits at 0.5 and one answer cannot
    /// make a topic the weakest or the strongest outright.
    double weakness() const { return (failures + 1.0) / (answers + 2.0); }
};

struct ReviewFailures {
    std::map<std::string, FailureCount> byTopic;
    std::map<std::int64_t, FailureCount> byCard;  ///< Keyed by CardId::value.
};
Result<ReviewFailures> reviewFailures(Collection& collection);

/// The cards of the round: not suspended, not demo cards, matching every filter of `config`
/// (topics, levels, and a sighting whose company and round are in the lists when those are
/// given), ordered by config.order, at most config.questions of them. An empty result is an
/// Error of kind NotFound.
Result<std::vector<CardId>> selectMockQuestions(Collection& collection, const MockConfig& config);

}  // namespace deck
