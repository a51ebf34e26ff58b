#pragma once
// What the review screen studies today: the daily queue (due reviews, new cards, today's
// repeats) plus, when interviews are set, the extra cards their plans schedule for today.

#include "deck/collection.h"

namespace deck {

/// Daily queue with the interview-date plans' cards for today inserted before the repeats.
/// Without an interview ahead this is exactly Collection::todayQueue.
Result<TodayQueue> studyQueue(Collection& collection, const Now& now);

}  // namespace deck
