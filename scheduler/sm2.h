#pragma once
// SuperMemo SM-2 as published by P. A. Wozniak (1990), in the reading called "sm2-classic"
// (the one with the most tested implementations, e.g. the Python package supermemo2):
//  - EF' = EF + (0.1 - (5-q)(0.08 + (5-q)0.02)) after every first-of-day grade, failures included,
//    floor 1.3, no cap;
//  - the interval is computed with the EF from *before* this grade's update;
//  - I(1) = 1, I(2) = 6, I(n) = ceil(I(n-1) * EF) for n > 2, iterating on the previous whole-day
//    interval (the text says fractions are rounded up);
//  - q < 3 sets repetitions to 0 and the interval to 1 day (the failing review itself schedules
//    tomorrow; the next success starts again at 1, then 6);
//  - same-day rule (step 7): only the first grade of a study day changes EF and the interval;
//    a card graded below 4 is repeated at the end of that day's session until it scores 4 or 5,
//    and those repeats change nothing else.
// Details and the other readings: docs/scheduler.md.

#include "scheduler/scheduler.h"

namespace scheduler {

namespace sm2 {

inline constexpr double kInitialEasiness = 2.5;
inline constexpr double kMinimumEasiness = scheduler::kMinimumEasiness;

/// The part of the state that the published algorithm updates.
struct Memory {
    double easiness = kInitialEasiness;
    int repetitions = 0;
    int intervalDays = 0;
    bool operator==(const Memory&) const = default;
};

/// EF after a grade of quality q (0-5), with the 1.3 floor.
double nextEasiness(double easiness, int quality);

/// One published SM-2 repetition: quality q (0-5) applied to `memory`.
Memory review(const Memory& memory, int quality);

}  // namespace sm2

class Sm2Scheduler final : public Scheduler {
public:
    std::string_view name() const override { return "sm2-classic"; }
    CardState answer(const CardState& state, Answer answer, Day today) const override;
    /// Grade with an SM-2 quality directly (0-5); used by mock interviews (rubric scores).
    CardState answerQuality(const CardState& state, int quality, Day today) const;
};

}  // namespace scheduler
