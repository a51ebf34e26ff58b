#pragma once
// The collection's configured scheduler (SM-2 or FSRS-6) for one card, in one place: answering
// a card and replaying a card's whole history both go through it, so they cannot disagree.

#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "deck/collection.h"
#include "deck/error.h"
#include "deck/ids.h"
#include "scheduler/fsrs.h"
#include "scheduler/sm2.h"
#include "scheduler/types.h"

namespace deck {

class Database;

class CardScheduler {
public:
    CardScheduler(const CollectionConfig& config, CardId card);
    /// Stored with every review-log row: "sm2-classic" or "fsrs-6".
    std::string_view name() const;
    /// Whether next() reads `earlier` (FSRS does; SM-2's state holds all it needs).
    bool readsHistory() const { return fsrs_; }
    /// The state after one more answer. `button` is empty for a mock-interview rubric score
    /// (then `quality`, 0-5, gives the rating); `earlier` is the card's history before this
    /// answer, oldest first (FSRS replays it into the memory state; SM-2 ignores it).
    scheduler::CardState next(const scheduler::CardState& before, std::optional<scheduler::Answer> button,
                              int quality, scheduler::Day day,
                              std::span<const scheduler::fsrs::ReviewEvent> earlier) const;
    /// The card's history as next() needs it: its answers for FSRS, nothing for SM-2.
    Result<std::vector<scheduler::fsrs::ReviewEvent>> history(const Database& db, CardId card) const;
    /// The history event one answer adds.
    static scheduler::fsrs::ReviewEvent event(std::optional<int> button, int quality, scheduler::Day day);

private:
    bool fsrs_ = false;
    scheduler::Sm2Scheduler sm2_;
    std::optional<scheduler::FsrsScheduler> fsrsScheduler_;
};

/// A card's answers as history events, in the order they were given (answer time, then row).
Result<std::vector<scheduler::fsrs::ReviewEvent>> historyEvents(const Database& db, CardId id);

}  // namespace deck
