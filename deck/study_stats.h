#pragma once
// Read-only figures behind the Statistics screen, computed in SQL from review_log and card_state:
// reviews per study day (the calendar heatmap), the study streak, the due forecast, retention by
// topic and the number of cards in each state.

#include <array>
#include <string>
#include <vector>

#include "deck/browse.h"
#include "deck/error.h"
#include "scheduler/types.h"

namespace deck {

class Database;

struct DayCount {
    scheduler::Day day = 0;
    int count = 0;
    bool operator==(const DayCount&) const = default;
};

/// Review-log rows (every answer, mock-interview scores included) per study day in [from, to],
/// ascending; days without a review are left out.
Result<std::vector<DayCount>> reviewsPerDay(const Database& db, scheduler::Day from, scheduler::Day to);

/// Consecutive study days with at least one review, ending today; when today has none yet the
/// run ending yesterday still counts (the day is not over), so the streak is not shown as broken
/// before the user had a chance to study.
Result<int> studyStreak(const Database& db, scheduler::Day today);

/// Reviews falling due on each of the `days` study days from today: element 0 is today and
/// includes overdue cards. New and suspended cards are not counted.
Result<std::vector<int>> dueForecast(const Database& db, scheduler::Day today, int days = 30);

/// Mature cards are those whose interval before the answer was at least this many days.
inline constexpr int kMatureDays = 21;

struct TopicRetention {
    std::string topic;
    int answers = 0;  ///< First-of-day answers on mature cards.
    int passed = 0;   ///< Of them, answered Good or Easy (SM-2 quality >= 4).
    double rate() const { return answers > 0 ? static_cast<double>(passed) / answers : 0.0; }
};

/// Retention per topic from review_log rows on study days >= `since` (pass scheduler::kNever for
/// the whole history). Only the first answer of a card on a study day counts (state_before's
/// lastReview differs from the row's study day), and only when the card was mature before it.
/// Topics without such answers are left out; ordered by topic id.
Result<std::vector<TopicRetention>> retentionByTopic(const Database& db, scheduler::Day since);

struct StateCounts {
    /// Cards per BrowseState (indexed by its value), with the same precedence as the Browse list.
    std::array<int, 7> byState{};
    int leeches = 0;  ///< Lapses >= kLeechLapses, in any state.
    int total = 0;
    int operator[](BrowseState s) const { return byState[static_cast<std::size_t>(s)]; }
};

Result<StateCounts> stateCounts(const Database& db, scheduler::Day today);

}  // namespace deck
