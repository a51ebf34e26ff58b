#include <catch2/catch.hpp>

#include "scheduler/queue.h"

using namespace scheduler;

namespace {
QueueCandidate fresh(std::int64_t key, int rank, int level, std::int64_t order)
{
    QueueCandidate c;
    c.key = key;
    c.pathRank = rank;
    c.level = level;
    c.deckOrder = order;
    return c;
}
QueueCandidate review(std::int64_t key, Day due, Day last = 0)
{
    QueueCandidate c;
    c.key = key;
    c.state.isNew = false;
    c.state.due = due;
    c.state.lastReview = last;
    c.deckOrder = key;
    return c;
}
}  // namespace

TEST_CASE("Due reviews first (most overdue first), then new cards up to the limit", "[queue]")
{
    const Day today = 500;
    std::vector<QueueCandidate> cards = {
        fresh(1, 3, 1, 1), fresh(2, 0, 5, 2), fresh(3, 0, 2, 3), fresh(4, 1, 1, 4),
        review(10, 499),   review(11, 450),   review(12, 501),  // 12 is not due yet
    };
    QueueLimits limits;
    limits.newPerDay = 3;
    const DailyQueue q = buildDailyQueue(cards, today, limits);
    CHECK(q.reviews == std::vector<std::int64_t>{11, 10});
    // Learning-path order: rank 0 (level 2 then 5), then rank 1; card 1 (rank 3) misses the cut.
    CHECK(q.newCards == std::vector<std::int64_t>{3, 2, 4});
    CHECK(q.ordered() == std::vector<std::int64_t>{11, 10, 3, 2, 4});

    limits.learningPathOrder = false;
    CHECK(buildDailyQueue(cards, today, limits).newCards == std::vector<std::int64_t>{1, 2, 3});
}

TEST_CASE("Limits count what was already done today and drills come last", "[queue]")
{
    const Day today = 500;
    std::vector<QueueCandidate> cards = {review(1, 490), review(2, 495), review(3, 499), fresh(4, 0, 1, 4),
                                         fresh(5, 0, 1, 5)};
    QueueCandidate drilled = review(6, 501, today);
    drilled.state.drillPending = true;
    cards.push_back(drilled);
    QueueCandidate answered = review(7, 510, today);  // answered today, not drilled
    cards.push_back(answered);

    QueueLimits limits;
    limits.maxReviewsPerDay = 3;
    limits.reviewsDoneToday = 1;
    limits.newPerDay = 2;
    limits.newIntroducedToday = 2;
    const DailyQueue q = buildDailyQueue(cards, today, limits);
    CHECK(q.reviews == std::vector<std::int64_t>{1, 2});
    CHECK(q.reviewsDueTotal == 3);
    CHECK(q.newCards.empty());
    CHECK(q.drill == std::vector<std::int64_t>{6});
}
