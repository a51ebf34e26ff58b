#pragma once
// A card's study history (scheduling state and review log) read out of a collection for export,
// and written back by an import together with the cards it belongs to, in one transaction.
// Used by the InfraCards JSON format (docs/json-format.md) so that export -> import loses nothing.

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "deck/card.h"
#include "deck/collection.h"
#include "deck/error.h"
#include "deck/ids.h"
#include "scheduler/types.h"

namespace deck {

/// One row of review_log, without its row id and card id.
struct ReviewRecord {
    std::int64_t reviewedAtMs = 0;  ///< Unix time, milliseconds.
    std::int64_t studyDay = 0;      ///< scheduler::Day of the review.
    std::optional<int> answer;      ///< Button 1-4; empty for a mock-interview rubric score.
    int quality = 0;                ///< SM-2 quality 0-5.
    std::int64_t timeTakenMs = 0;
    std::string mode = "review";
    std::string scheduler = "sm2";
    scheduler::CardState before;
    scheduler::CardState after;
    bool operator==(const ReviewRecord&) const = default;
};

/// Everything about one card that an export carries.
struct CardRecord {
    Card card;                                  ///< Content, flags and sightings (oldest first).
    /// Empty when the stored state is exactly the fresh state a new card gets (never scheduled);
    /// anything else, even a new card with a changed field, is kept so that it round-trips.
    std::optional<scheduler::CardState> state;
    std::vector<ReviewRecord> reviews;          ///< In row order: the order they were written.
};

/// The review log of one card in row order (the order the answers were given).
Result<std::vector<ReviewRecord>> readReviewLog(Collection& collection, CardId id);

/// Every card of the collection, in id order (the order they were added), with sightings,
/// scheduling state and review log. Four queries, whatever the size of the collection.
Result<std::vector<CardRecord>> readAllCardRecords(Collection& collection);

/// (uid, id) of every card: a lookup table an import can use off the thread that owns the
/// collection.
Result<std::vector<std::pair<std::string, CardId>>> readCardUids(Collection& collection);

/// An import that may carry study history: each new card keeps its suspended/flag/user-edited
/// marks, its scheduling state and its review log. A superset of ImportPlan.
struct ProgressImport {
    std::string source;   ///< File name or "pasted text".
    std::string summary;  ///< One line for the import history.
    struct NewCard {
        CardContent content;               ///< uid may be empty: one is generated.
        bool suspended = false;
        int flag = 0;                      ///< 0-4.
        bool userEdited = false;
        std::vector<Sighting> sightings;
        std::optional<scheduler::CardState> state;  ///< Empty: a fresh new card.
        std::vector<ReviewRecord> reviews;
    };
    std::vector<NewCard> newCards;
    /// Sightings on cards already in the collection. Their scheduling state and review log are
    /// never touched: the import stays undoable as a whole (undo removes only what it added).
    std::vector<std::pair<CardId, Sighting>> sightingsOnExisting;
};

/// Turns a plain ImportPlan (no history) into a ProgressImport.
ProgressImport toProgressImport(const ImportPlan& plan);

/// Writes the whole import in one transaction, recorded in the import history so that
/// Collection::undoImport removes it (cards, with their state and review log, and sightings).
/// Nothing is written when any part is refused: a bad level or flag, an empty question, a uid
/// used twice or already in the collection.
Result<ImportId> applyProgressImport(Collection& collection, const ProgressImport& plan, const Now& now);

} // namespace deck
