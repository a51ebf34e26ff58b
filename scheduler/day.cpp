#include "scheduler/day.h"

namespace scheduler {

Day studyDay(std::int64_t unixSeconds, const DayBoundary& boundary)
{
    const std::int64_t local =
        unixSeconds + boundary.utcOffsetSeconds - static_cast<std::int64_t>(boundary.rolloverHour) * 3600;
    // Floor division, so instants before 1970 still land on the right day.
    const std::int64_t secondsPerDay = 86400;
    Day d = local / secondsPerDay;
    if (local % secondsPerDay < 0)
        --d;
    return d;
}

}  // namespace scheduler
