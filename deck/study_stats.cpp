#include "deck/study_stats.h"
#include "deck/storage/database.h"

#include <algorithm>

namespace deck {

Result<std::vector<DayCount>> reviewsPerDay(const Database& db, scheduler::Day from, scheduler::Day to)
{
    auto st = db.prepare("SELECT study_day, count(*) FROM review_log"
                         " WHERE study_day BETWEEN ?1 AND ?2 GROUP BY study_day ORDER BY study_day");
    if (!st)
        return st.error();
    st->bind(1, from).bind(2, to);
    std::vector<DayCount> out;
    while (st->step())
        out.push_back({st->int64(0), st->int32(1)});
    if (st->error())
        return *st->error();
    return out;
}

Result<int> studyStreak(const Database& db, scheduler::Day today)
{
    // Walks distinct days backwards over the study_day index and stops at the first gap.
    auto st = db.prepare("SELECT DISTINCT study_day FROM review_log WHERE study_day <= ?1"
                         " ORDER BY study_day DESC");
    if (!st)
        return st.error();
    st->bind(1, today);
    int streak = 0;
    scheduler::Day expected = today;
    while (st->step()) {
        const scheduler::Day day = st->int64(0);
        if (streak == 0 && day == today - 1)
            expected = today - 1;  // nothing yet today: yesterday's run still stands
        if (day != expected)
            break;
        ++streak;
        --expected;
    }
    if (st->error())
        return *st->error();
    return streak;
}

Result<std::vector<int>> dueForecast(const Database& db, scheduler::Day today, int days)
{
    if (days < 1)
        return Error{ErrorKind::InvalidInput, "a forecast needs at least one day", {}, 0};
    // max(due_day, today) puts overdue cards on today; the card_state (is_new, due_day) index
    // limits the scan to learned cards due inside the window.
    auto st = db.prepare("SELECT max(s.due_day, ?1) AS d, count(*)"
                         " FROM card_state s JOIN cards c ON c.id = s.card_id"
                         " WHERE s.is_new = 0 AND s.due_day < ?2 AND c.suspended = 0"
                         " GROUP BY d");
    if (!st)
        return st.error();
    st->bind(1, today).bind(2, today + days);
    std::vector<int> out(static_cast<std::size_t>(days), 0);
    while (st->step())
        out[static_cast<std::size_t>(st->int64(0) - today)] = st->int32(1);
    if (st->error())
        return *st->error();
    return out;
}

Result<std::vector<TopicRetention>> retentionByTopic(const Database& db, scheduler::Day since)
{
    // state_before is the JSON written by stateToJson(); lastReview is null before the first
    // answer. A same-day repeat has lastReview equal to the row's study day and is left out.
    auto st = db.prepare("SELECT c.topic, count(*), sum(l.quality >= 4)"
                         " FROM review_log l JOIN cards c ON c.id = l.card_id"
                         " WHERE l.study_day >= ?1"
                         "   AND json_extract(l.state_before, '$.isNew') = 0"
                         "   AND json_extract(l.state_before, '$.intervalDays') >= ?2"
                         "   AND json_extract(l.state_before, '$.lastReview') IS NOT l.study_day"
                         " GROUP BY c.topic ORDER BY c.topic");
    if (!st)
        return st.error();
    st->bind(1, since).bind(2, kMatureDays);
    std::vector<TopicRetention> out;
    while (st->step())
        out.push_back({st->text(0), st->int32(1), st->int32(2)});
    if (st->error())
        return *st->error();
    return out;
}

Result<StateCounts> stateCounts(const Database& db, scheduler::Day today)
{
    // The CASE yields BrowseState's numeric value; the order of its arms is the precedence.
    static_assert(static_cast<int>(BrowseState::Suspended) == 0 && static_cast<int>(BrowseState::Buried) == 1
                  && static_cast<int>(BrowseState::New) == 2 && static_cast<int>(BrowseState::Learning) == 3
                  && static_cast<int>(BrowseState::Due) == 4 && static_cast<int>(BrowseState::Young) == 5
                  && static_cast<int>(BrowseState::Mature) == 6);
    auto st = db.prepare("SELECT CASE"
                         "  WHEN c.suspended = 1 THEN 0"
                         "  WHEN c.buried_until > ?1 THEN 1"
                         "  WHEN s.is_new = 1 THEN 2"
                         "  WHEN s.last_review_day = ?1 AND s.drill_pending = 1 THEN 3"
                         "  WHEN s.due_day <= ?1 AND s.last_review_day IS NOT ?1 THEN 4"
                         "  WHEN s.interval_days >= ?2 THEN 6"
                         "  ELSE 5 END AS state, count(*), sum(s.lapses >= ?3)"
                         " FROM cards c JOIN card_state s ON s.card_id = c.id GROUP BY state");
    if (!st)
        return st.error();
    st->bind(1, today).bind(2, kMatureDays).bind(3, kLeechLapses);
    StateCounts out;
    while (st->step()) {
        const int n = st->int32(1);
        out.byState[static_cast<std::size_t>(st->int32(0))] = n;
        out.total += n;
        out.leeches += st->int32(2);
    }
    if (st->error())
        return *st->error();
    return out;
}

}  // namespace deck
