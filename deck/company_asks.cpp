#include "deck/company_asks.h"
#include "deck/storage/access.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>

#include "deck/storage/database.h"
#include "deck/interviews.h"

namespace deck {

namespace {

/// "YYYY-MM-DD" or "YYYY-MM" (read as the 15th: the middle of the month) to days since
/// 1970-01-01; unset otherwise.
std::optional<long long> civilDay(const std::string& s)
{
    auto digits = [&](std::size_t at, std::size_t n, int& out) {
        if (at + n > s.size())
            return false;
        out = 0;
        for (std::size_t i = at; i < at + n; ++i) {
            if (s[i] < '0' || s[i] > '9')
                return false;
            out = out * 10 + (s[i] - '0');
        }
        return true;
    };
    int y = 0, m = 0, d = 15;
    if (!digits(0, 4, y) || s.size() < 7 || s[4] != '-' || !digits(5, 2, m))
        return std::nullopt;
    if (s.size() == 7) {
        // month only
    } else if (s.size() == 10 && s[7] == '-' && digits(8, 2, d)) {
    } else {
        return std::nullopt;
    }
    const std::chrono::year_month_day ymd{std::chrono::year{y}, std::chrono::month{static_cast<unsigned>(m)},
                                          std::chrono::day{static_cast<unsigned>(d)}};
    if (!ymd.ok())
        return std::nullopt;
    return std::chrono::sys_days{ymd}.time_since_epoch().count();
}

struct Report {
    std::string date;
    std::string dateKind;
};

}  // namespace

double reportWeight(std::optional<double> ageDays, double halfLifeDays)
{
    const double age = ageDays ? std::max(0.0, *ageDays) : 2.0 * halfLifeDays;
    return std::pow(0.5, age / halfLifeDays);
}

std::optional<double> daysBetween(const std::string& from, const std::string& to)
{
    const auto a = civilDay(from), b = civilDay(to);
    if (!a || !b)
        return std::nullopt;
    return static_cast<double>(*b - *a);
}

Result<std::vector<AskedCard>> companyAsks(Collection& collection, const CompanyAsksQuery& query,
                                           const Now& now)
{
    if (query.company.empty())
        return Error{ErrorKind::InvalidInput, "no company given", {}, 0};
    if (!(query.halfLifeDays > 0.0))
        return Error{ErrorKind::InvalidInput, "the half-life must be more than 0 days", {}, 0};
    if (!civilDay(query.today))
        return Error{ErrorKind::InvalidInput, "today's date is not YYYY-MM-DD: '" + query.today + "'", {}, 0};

    std::string sql =
        "SELECT c.id, c.uid, c.question, c.topic, c.level, s.source_url, s.report_date, s.date_kind, s.id "
        "FROM sightings s JOIN cards c ON c.id = s.card_id "
        "WHERE s.company = ?1 COLLATE NOCASE AND c.suspended = 0";
    if (query.round)
        sql += " AND s.round = ?2";
    if (!query.directions.empty()) {
        sql += " AND (CASE s.direction WHEN '' THEN 'unknown' ELSE s.direction END) IN (";
        for (std::size_t i = 0; i < query.directions.size(); ++i)
            sql += (i ? ", ?" : "?") + std::to_string(3 + i);
        sql += ")";
    }
    sql += " ORDER BY c.id";
    auto st = deck::storage::of(collection).prepare(sql);
    if (!st)
        return st.error();
    st->bind(1, query.company);
    if (query.round)
        st->bind(2, *query.round);
    for (std::size_t i = 0; i < query.directions.size(); ++i)
        st->bind(static_cast<int>(3 + i), query.directions[i]);

    std::vector<AskedCard> cards;
    std::map<std::string, Report> reports;  // of the current card, by source (one report per link)
    auto finish = [&]() {
        if (cards.empty())
            return;
        AskedCard& c = cards.back();
        for (const auto& [source, r] : reports) {
            ++c.reports;
            const auto age = daysBetween(r.date, query.today);
            if (!age)
                ++c.undatedReports;
            c.weight += reportWeight(age, query.halfLifeDays);
            if (age && (c.latestDate.empty() || *daysBetween(c.latestDate, r.date) > 0)) {
                c.latestDate = r.date;
                c.latestIsInterviewDate = r.dateKind == "interview";
            }
        }
        reports.clear();
    };
    while (st->step()) {
        const CardId id(st->int64(0));
        if (cards.empty() || cards.back().id != id) {
            finish();
            AskedCard c;
            c.id = id;
            c.uid = st->text(1);
            c.question = st->text(2);
            c.topic = st->text(3);
            c.level = st->int32(4);
            cards.push_back(std::move(c));
        }
        std::string source = st->text(5);
        if (source.empty())
            source = "#sighting-" + std::to_string(st->int64(8));  // no link: a report of its own
        Report& r = reports[source];
        // One report may carry several sightings of a card (two rounds); keep its best date.
        const std::string date = st->text(6);
        if (r.date.empty() || (!date.empty() && daysBetween(r.date, date).value_or(0) > 0)) {
            r.date = date;
            r.dateKind = st->text(7);
        }
    }
    if (st->error())
        return *st->error();
    finish();
    if (cards.empty())
        return Error{ErrorKind::NotFound,
                     "no report of " + query.company + " asked a card under these filters",
                     {},
                     0};

    // Each ranked card's own history only: a company asks a few hundred cards at most, while the
    // collection may hold a hundred thousand.
    const scheduler::Day day = query.recallDay.value_or(collection.today(now));
    for (AskedCard& c : cards) {
        auto recall = cardRecall(collection, c.id, {day});
        if (!recall)
            return recall.error();
        c.answered = recall->studyDays > 0 && recall->stability.has_value();
        c.recall = recall->recall.front();
    }
    std::stable_sort(cards.begin(), cards.end(), [](const AskedCard& a, const AskedCard& b) {
        if (a.weight != b.weight)
            return a.weight > b.weight;
        if (a.reports != b.reports)
            return a.reports > b.reports;
        return a.id.value < b.id.value;
    });
    return cards;
}

}  // namespace deck
