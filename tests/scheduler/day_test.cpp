#include <catch2/catch.hpp>

#include "scheduler/day.h"

using namespace scheduler;

TEST_CASE("Study days roll over at the configured local hour", "[day]")
{
    // 2026-11-29 is day 20786 since 1970-01-01 (date arithmetic by hand: 56 years incl. 14 leap days = 20454, + 332 days into 2026).
    const std::int64_t midnightUtc = 20786LL * 86400;
    const DayBoundary utc{0, 4};
    CHECK(studyDay(midnightUtc + 5 * 3600, utc) == 20786);      // 05:00 -> that day
    CHECK(studyDay(midnightUtc + 3 * 3600, utc) == 20785);      // 03:00 -> previous day
    const DayBoundary beijing{8 * 3600, 4};                     // UTC+8
    CHECK(studyDay(midnightUtc - 5 * 3600, beijing) == 20785);  // 03:00 local on the 29th
    CHECK(studyDay(midnightUtc - 3 * 3600, beijing) == 20786);  // 05:00 local on the 29th
    CHECK(studyDay(-1, DayBoundary{0, 0}) == -1);               // floor before the epoch
}
