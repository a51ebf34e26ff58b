#include "deck/card_scheduler.h"

#include "deck/storage/database.h"
#include "scheduler/answer.h"

namespace deck {

CardScheduler::CardScheduler(const CollectionConfig& config, CardId card)
    : fsrs_(config.scheduler == "fsrs-6")
{
    if (fsrs_) {
        scheduler::FsrsSettings settings;
        settings.desiredRetention = config.desiredRetentionPercent / 100.0;
        settings.fuzzSeed = static_cast<std::uint64_t>(card.value) * 0x9E3779B97F4A7C15ull;
        fsrsScheduler_.emplace(settings);
    }
}

std::string_view CardScheduler::name() const
{
    return fsrs_ ? fsrsScheduler_->name() : sm2_.name();
}

Result<std::vector<scheduler::fsrs::ReviewEvent>> CardScheduler::history(const Database& db,
                                                                         CardId card) const
{
    if (!fsrs_)
        return std::vector<scheduler::fsrs::ReviewEvent>{};
    return historyEvents(db, card);
}

scheduler::fsrs::ReviewEvent CardScheduler::event(std::optional<int> button, int quality, scheduler::Day day)
{
    return {day, scheduler::ratingForLogRow(button, quality)};
}

scheduler::CardState CardScheduler::next(const scheduler::CardState& before,
                                         std::optional<scheduler::Answer> button, int quality,
                                         scheduler::Day day,
                                         std::span<const scheduler::fsrs::ReviewEvent> earlier) const
{
    if (!fsrs_)
        return sm2_.answerQuality(before, quality, day);
    const auto memory = scheduler::fsrs::replay(fsrsScheduler_->model(), earlier);
    const auto rating = button ? *button : scheduler::ratingForLogRow(std::nullopt, quality);
    return fsrsScheduler_->answerCard({before, memory}, rating, day).state;
}

Result<std::vector<scheduler::fsrs::ReviewEvent>> historyEvents(const Database& db, CardId id)
{
    auto st = db.prepare("SELECT study_day, answer, quality FROM review_log WHERE card_id = ?1"
                         " AND mode <> 'drill' ORDER BY reviewed_at_ms, id");
    if (!st)
        return st.error();
    st->bind(1, id.value);
    std::vector<scheduler::fsrs::ReviewEvent> history;
    while (st->step())
        history.push_back(CardScheduler::event(
            st->isNull(1) ? std::nullopt : std::optional<int>(st->int32(1)), st->int32(2), st->int64(0)));
    if (st->error())
        return *st->error();
    return history;
}

}  // namespace deck
