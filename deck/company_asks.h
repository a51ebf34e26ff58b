#pragma once
// What one company asks most: the cards of its interview reports ranked by how many reports
// asked them, recent reports weighing more, each with its predicted recall on the day that
// matters (the interview, or today). No Qt.

#include <optional>
#include <string>
#include <vector>

#include "deck/collection.h"
#include "scheduler/types.h"

namespace deck {

struct CompanyAsksQuery {
    std::string company;                  ///< Required; matched without regard to case.
    std::optional<std::string> round;     ///< Only sightings of this round; unset: any round.
    std::vector<std::string> directions;  ///< Only sightings of these directions; empty: any.
    /// Today's calendar date, "YYYY-MM-DD": the ages of the reports are counted from it.
    std::string today;
    /// A report this many days old counts half as much as one from today.
    double halfLifeDays = 365.0;
    /// Study day of the predicted recall (the interview day); unset: today's study day.
    std::optional<scheduler::Day> recallDay;
};

/// The weight of one report of age `ageDays`: 0.5^(age / half-life), ages below 0 read as 0;
/// a report without a date (ageDays unset) counts as two half-lives old, 0.25.
double reportWeight(std::optional<double> ageDays, double halfLifeDays);

/// Days from `from` to `to` (both "YYYY-MM-DD", or "YYYY-MM" read as the 15th); unset when
/// either is not such a date.
std::optional<double> daysBetween(const std::string& from, const std::string& to);

struct AskedCard {
    CardId id;
    std::string uid;
    std::string question;
    std::string topic;
    int level = 1;
    int reports = 0;         ///< Distinct reports (source links; a sighting without one is its own report).
    int undatedReports = 0;  ///< Of those, reports without a date.
    double weight = 0.0;     ///< Sum of the reports' recency weights: the ranking key.
    std::string latestDate;  ///< Newest report date, "" when none is dated.
    /// True when the newest date is the interview's own date; false when it is only when the
    /// report was posted or published (the interview was earlier, by an unknown margin).
    bool latestIsInterviewDate = false;
    double recall = 0.0;    ///< Predicted recall on the query's recall day; 0 when never answered.
    bool answered = false;  ///< False for a card never answered (recall 0 means "not learned").
};

/// Cards asked at the company (suspended cards left out), most weight first, then most reports,
/// then card id. NotFound when the company has no sighting under these filters.
Result<std::vector<AskedCard>> companyAsks(Collection& collection, const CompanyAsksQuery& query,
                                           const Now& now);

}  // namespace deck
