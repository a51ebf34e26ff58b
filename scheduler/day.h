#pragma once
#include "scheduler/types.h"

namespace scheduler {

/// Where one study day ends and the next begins.
struct DayBoundary {
    int utcOffsetSeconds = 0;  ///< Local time minus UTC, seconds (e.g. +28800 for UTC+8).
    int rolloverHour = 4;      ///< Local hour at which a new study day starts (0-23).
};

/// The study day that contains the instant `unixSeconds` (seconds since the Unix epoch, UTC).
/// A review at 01:30 local time with rollover 4 belongs to the previous day, as in Anki.
Day studyDay(std::int64_t unixSeconds, const DayBoundary& boundary);

}  // namespace scheduler
