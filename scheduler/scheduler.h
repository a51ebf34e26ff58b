#pragma once
// The narrow interface every scheduling algorithm implements (SM-2 now, FSRS later): a card's
// state and today's date in, the next state for each answer out. Nothing here stores or reads.

#include <array>
#include <string_view>

#include "scheduler/types.h"

namespace scheduler {

/// The state each of the four buttons would lead to, in button order (Again, Hard, Good, Easy).
/// The review screen labels its buttons from these, so the UI never computes an interval.
struct NextStates {
    std::array<CardState, 4> byAnswer;
    const CardState& operator[](Answer a) const { return byAnswer[static_cast<int>(a) - 1]; }
};

class Scheduler {
public:
    virtual ~Scheduler() = default;
    /// Stable name stored with every review-log row, e.g. "sm2-classic".
    virtual std::string_view name() const = 0;
    virtual CardState answer(const CardState& state, Answer answer, Day today) const = 0;
    NextStates preview(const CardState& state, Day today) const
    {
        NextStates next;
        for (int i = 0; i < 4; ++i)
            next.byAnswer[i] = answer(state, static_cast<Answer>(i + 1), today);
        return next;
    }
};

}  // namespace scheduler
