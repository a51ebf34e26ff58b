#pragma once
// Plain value types shared by every scheduler. No I/O and no clock: the caller passes "today".

#include <cstdint>
#include <limits>

namespace scheduler {

/// A study day: whole days since 1970-01-01 in the user's local time, shifted by the day
/// rollover hour (see day.h). Reviews on the same study day count as "the same day" for SM-2.
using Day = std::int64_t;
inline constexpr Day kNever = std::numeric_limits<Day>::min();

/// The ranges every scheduler keeps a state in, and what an imported state must lie within
/// (docs/json-format.md): the longest interval is 100 years (Anki's default maximum), the
/// E-Factor stays within 1.3-10, counts within a million, and days within study day 0 (1970) to
/// 1,000,000 (about the year 4700), so that no arithmetic on them can overflow.
inline constexpr int kMaximumIntervalDays = 36500;
inline constexpr double kMinimumEasiness = 1.3;
inline constexpr double kMaximumEasiness = 10.0;
inline constexpr int kMaximumCount = 1'000'000;
inline constexpr Day kLastDay = 1'000'000;

/// The four answer buttons of the review screen.
enum class Answer {
    Again = 1,
    Hard = 2,
    Good = 3,
    Easy = 4
};

/// Scheduling state of one card. Intervals are whole days.
struct CardState {
    bool isNew = true;
    double easiness = 2.5;      ///< SM-2 E-Factor, >= 1.3.
    int repetitions = 0;        ///< Consecutive successful first-of-day grades (q >= 3).
    int intervalDays = 0;       ///< Last interval given, days.
    Day due = 0;                ///< Study day the card is due (meaningless while isNew).
    Day lastReview = kNever;    ///< Study day of the last first-of-day grade.
    bool drillPending = false;  ///< Graded below 4 today: repeat it at the end of today's session.
    int lapses = 0;             ///< Failures (q < 3) after the card had been learned.

    bool operator==(const CardState&) const = default;
};

}  // namespace scheduler
