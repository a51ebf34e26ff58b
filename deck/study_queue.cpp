#include "deck/study_queue.h"

#include <algorithm>

#include "deck/interviews.h"

namespace deck {

Result<TodayQueue> studyQueue(Collection& collection, const Now& now)
{
    auto queue = collection.todayQueue(now);
    if (!queue)
        return queue.error();
    auto interviews = listInterviews(collection);
    if (!interviews)
        return interviews.error();
    const scheduler::Day today = collection.today(now);
    const bool ahead = std::any_of(interviews->begin(), interviews->end(),
                                   [today](const Interview& i) { return i.day > today; });
    if (!ahead)
        return queue;
    auto extra = interviewQueue(collection, now);
    if (!extra)
        return extra.error();
    // Insert before today's repeats, which SM-2 keeps for the end of the session.
    const auto drillStart = queue->order.end() - queue->drill;
    std::vector<CardId> added;
    for (CardId id : *extra)
        if (std::find(queue->order.begin(), queue->order.end(), id) == queue->order.end())
            added.push_back(id);
    queue->order.insert(drillStart, added.begin(), added.end());
    queue->interview = static_cast<int>(added.size());
    return queue;
}

}  // namespace deck
