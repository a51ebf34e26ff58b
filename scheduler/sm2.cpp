#include "scheduler/sm2.h"

#include <algorithm>
#include <cmath>

#include "scheduler/answer.h"

namespace scheduler {

namespace sm2 {

double nextEasiness(double easiness, int quality)
{
    const int miss = 5 - quality;
    const double updated = easiness + (0.1 - miss * (0.08 + miss * 0.02));
    return std::clamp(updated, kMinimumEasiness, kMaximumEasiness);
}

Memory review(const Memory& memory, int quality)
{
    Memory next = memory;
    if (quality >= 3) {
        if (memory.repetitions == 0)
            next.intervalDays = 1;
        else if (memory.repetitions == 1)
            next.intervalDays = 6;
        else  // in double and capped before the cast: a long interval times E cannot overflow
            next.intervalDays = static_cast<int>(
                std::min<double>(std::ceil(memory.intervalDays * memory.easiness), kMaximumIntervalDays));
        next.repetitions = std::min(memory.repetitions + 1, kMaximumCount);
    } else {
        next.repetitions = 0;
        next.intervalDays = 1;
    }
    next.easiness = nextEasiness(memory.easiness, quality);
    return next;
}

}  // namespace sm2

CardState Sm2Scheduler::answer(const CardState& state, Answer answer, Day today) const
{
    return answerQuality(state, qualityFor(answer), today);
}

CardState Sm2Scheduler::answerQuality(const CardState& state, int quality, Day today) const
{
    quality = std::clamp(quality, 0, 5);
    CardState next = state;
    if (!state.isNew && state.lastReview == today) {
        // Same-day repeat (SM-2 step 7): only clears or keeps the drill flag.
        next.drillPending = quality < 4;
        return next;
    }
    // A stored state outside the ranges (an old file, a hand-edited database) is brought back
    // into them before any arithmetic.
    const double easiness = std::isfinite(state.easiness)
                                ? std::clamp(state.easiness, kMinimumEasiness, kMaximumEasiness)
                                : sm2::kInitialEasiness;
    const sm2::Memory memory = sm2::review({easiness, std::clamp(state.repetitions, 0, kMaximumCount),
                                            std::clamp(state.intervalDays, 0, kMaximumIntervalDays)},
                                           quality);
    next.lapses = std::clamp(state.lapses, 0, kMaximumCount);
    if (quality < 3 && !state.isNew && state.repetitions > 0)
        next.lapses = std::min(next.lapses + 1, kMaximumCount);
    next.isNew = false;
    next.easiness = memory.easiness;
    next.repetitions = memory.repetitions;
    next.intervalDays = memory.intervalDays;
    next.lastReview = today;
    next.due = std::clamp<Day>(today, 0, kLastDay - kMaximumIntervalDays) + memory.intervalDays;
    next.drillPending = quality < 4;
    return next;
}

}  // namespace scheduler
