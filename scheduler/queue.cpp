#include "scheduler/queue.h"

#include <algorithm>
#include <tuple>

namespace scheduler {

bool isDueReview(const CardState& state, Day today)
{
    return !state.isNew && state.due <= today && state.lastReview != today;
}

std::vector<std::int64_t> DailyQueue::ordered() const
{
    std::vector<std::int64_t> all;
    all.reserve(reviews.size() + newCards.size() + drill.size());
    all.insert(all.end(), reviews.begin(), reviews.end());
    all.insert(all.end(), newCards.begin(), newCards.end());
    all.insert(all.end(), drill.begin(), drill.end());
    return all;
}

DailyQueue buildDailyQueue(std::span<const QueueCandidate> cards, Day today, const QueueLimits& limits)
{
    std::vector<const QueueCandidate*> reviews, fresh, drill;
    for (const QueueCandidate& c : cards) {
        if (c.state.isNew)
            fresh.push_back(&c);
        else if (isDueReview(c.state, today))
            reviews.push_back(&c);
        else if (c.state.lastReview == today && c.state.drillPending)
            drill.push_back(&c);
    }

    DailyQueue queue;
    queue.reviewsDueTotal = static_cast<std::int64_t>(reviews.size());

    const auto reviewLimit =
        static_cast<std::size_t>(std::max(0, limits.maxReviewsPerDay - limits.reviewsDoneToday));
    auto byOverdue = [](const QueueCandidate* a, const QueueCandidate* b) {
        return std::tie(a->state.due, a->deckOrder, a->key) < std::tie(b->state.due, b->deckOrder, b->key);
    };
    const std::size_t nReviews = std::min(reviewLimit, reviews.size());
    std::partial_sort(reviews.begin(), reviews.begin() + static_cast<std::ptrdiff_t>(nReviews), reviews.end(),
                      byOverdue);
    for (std::size_t i = 0; i < nReviews; ++i)
        queue.reviews.push_back(reviews[i]->key);

    const auto newLimit = static_cast<std::size_t>(std::max(0, limits.newPerDay - limits.newIntroducedToday));
    auto byPath = [&](const QueueCandidate* a, const QueueCandidate* b) {
        if (limits.learningPathOrder)
            return std::tie(a->pathRank, a->level, a->deckOrder, a->key)
                   < std::tie(b->pathRank, b->level, b->deckOrder, b->key);
        return std::tie(a->deckOrder, a->key) < std::tie(b->deckOrder, b->key);
    };
    const std::size_t nNew = std::min(newLimit, fresh.size());
    std::partial_sort(fresh.begin(), fresh.begin() + static_cast<std::ptrdiff_t>(nNew), fresh.end(), byPath);
    for (std::size_t i = 0; i < nNew; ++i)
        queue.newCards.push_back(fresh[i]->key);

    std::sort(drill.begin(), drill.end(), [](const QueueCandidate* a, const QueueCandidate* b) {
        return std::tie(a->deckOrder, a->key) < std::tie(b->deckOrder, b->key);
    });
    for (const QueueCandidate* c : drill)
        queue.drill.push_back(c->key);
    return queue;
}

}  // namespace scheduler
