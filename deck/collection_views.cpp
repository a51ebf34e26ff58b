// The collection's reads for the windows: each forwards to the query in deck/browse.cpp or
// deck/study_stats.cpp, so that no window holds the database.
#include "deck/browse.h"
#include "deck/collection.h"
#include "deck/collection_impl.h"
#include "deck/study_stats.h"

namespace deck {

Result<std::vector<CompanyNode>> Collection::companyTree(const std::vector<std::string>& directions) const
{
    return deck::companyTree(impl_->db, directions);
}

Result<int> Collection::countCards(const BrowseFilter& filter, scheduler::Day today) const
{
    return deck::countCards(impl_->db, filter, today);
}

Result<std::vector<BrowseRow>> Collection::listCards(const BrowseFilter& filter, const BrowseSort& sort,
                                                     scheduler::Day today, int offset, int limit) const
{
    return deck::listCards(impl_->db, filter, sort, today, offset, limit);
}

Result<std::vector<DayCount>> Collection::reviewsPerDay(scheduler::Day from, scheduler::Day to) const
{
    return deck::reviewsPerDay(impl_->db, from, to);
}

Result<int> Collection::studyStreak(scheduler::Day today) const
{
    return deck::studyStreak(impl_->db, today);
}

Result<std::vector<int>> Collection::dueForecast(scheduler::Day today, int days) const
{
    return deck::dueForecast(impl_->db, today, days);
}

Result<std::vector<TopicRetention>> Collection::retentionByTopic(scheduler::Day since) const
{
    return deck::retentionByTopic(impl_->db, since);
}

Result<StateCounts> Collection::stateCounts(scheduler::Day today) const
{
    return deck::stateCounts(impl_->db, today);
}

}  // namespace deck
