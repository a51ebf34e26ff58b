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
    return std::max(kMinimumEasiness, updated);
}

Memory review(const Memory& memory, int quality)
{
    Memory next = memory;
    if (quality >= 3) {
        if (memory.repetitions == 0)
            next.intervalDays = 1;
        else if (memory.repetitions == 1)
            next.intervalDays = 6;
        else
            next.intervalDays = static_cast<int>(std::ceil(memory.intervalDays * memory.easiness));
        next.repetitions = memory.repetitions + 1;
    } else {
        next.repetitions = 0;
        next.intervalDays = 1;
    }
    next.easiness = nextEasiness(memory.easiness, quality);
    return next;
}

} // namespace sm2

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
    const sm2::Memory memory =
        sm2::review({state.easiness, state.repetitions, state.intervalDays}, quality);
    if (quality < 3 && !state.isNew && state.repetitions > 0)
        ++next.lapses;
    next.isNew = false;
    next.easiness = memory.easiness;
    next.repetitions = memory.repetitions;
    next.intervalDays = memory.intervalDays;
    next.lastReview = today;
    next.due = today + memory.intervalDays;
    next.drillPending = quality < 4;
    return next;
}

} // namespace scheduler
