#pragma once
// Today's study queue (the "daily review" policy): due reviews first, most overdue first; then
// new cards up to the daily limit, in learning-path order; then the cards graded below 4 today,
// which SM-2 repeats at the end of the session.

#include <cstdint>
#include <span>
#include <vector>

#include "scheduler/types.h"

namespace scheduler {

struct QueueCandidate {
    std::int64_t key = 0;  ///< The caller's card key, returned as is.
    CardState state;
    int pathRank = 0;            ///< LearningPath::rank of the card's topic.
    int level = 1;               ///< 1-10; easier first within a topic.
    std::int64_t deckOrder = 0;  ///< Position in the deck's source, the last tie-break.
};

struct QueueLimits {
    int newPerDay = 20;
    int maxReviewsPerDay = 200;
    int newIntroducedToday = 0;     ///< New cards already answered today.
    int reviewsDoneToday = 0;       ///< Reviews already answered today.
    bool learningPathOrder = true;  ///< Off: new cards in deck order.
};

struct DailyQueue {
    std::vector<std::int64_t> reviews;
    std::vector<std::int64_t> newCards;
    std::vector<std::int64_t> drill;
    std::int64_t reviewsDueTotal = 0;           ///< Before the review limit was applied.
    std::vector<std::int64_t> ordered() const;  ///< reviews, new, drill.
};

/// True when a card in `state` is a review due on `today` that has not been answered today.
bool isDueReview(const CardState& state, Day today);

DailyQueue buildDailyQueue(std::span<const QueueCandidate> cards, Day today, const QueueLimits& limits);

}  // namespace scheduler
