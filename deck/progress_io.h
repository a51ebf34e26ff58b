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
    Card card;  ///< Content, flags and sightings (oldest first).
    /// Empty when the stored state is exactly the fresh state a new card gets (never scheduled);
    /// anything else, even a new card with a changed field, is kept so that it round-trips.
    std::optional<scheduler::CardState> state;
    std::vector<ReviewRecord> reviews;  ///< In row order: the order they were written.
};

/// The review log of one card in row order (the order the answers were given).
Result<std::vector<ReviewRecord>> readReviewLog(Collection& collection, CardId id);

/// Every card of the collection, in id order (the order they were added), with sightings,
/// scheduling state and review log. Four queries, whatever the size of the collection.
Result<std::vector<CardRecord>> readAllCardRecords(Collection& collection);

/// (uid, id) of every card: a lookup table an import can use off the thread that owns the
/// collection.
Result<std::vector<std::pair<std::string, CardId>>> readCardUids(Collection& collection);

/// Reviews that another collection, an export or an Anki package holds for a card this
/// collection already has.
struct ReviewsForCard {
    CardId card;
    std::vector<ReviewRecord> reviews;
};

/// What merging review logs into existing cards changed.
struct ReviewMerge {
    int reviewsAdded = 0;  ///< reviews the cards did not have yet
    int cardsChanged = 0;  ///< cards that got at least one (their state replayed)
    int alreadyThere = 0;  ///< incoming reviews a card already had: same answer time to the second
    bool operator==(const ReviewMerge&) const = default;
};

/// An import that may carry study history: each new card keeps its suspended/flag/user-edited
/// marks, its scheduling state and its review log. A superset of ImportPlan.
struct ProgressImport {
    std::string source;   ///< File name or "pasted text".
    std::string summary;  ///< One line for the import history.
    struct NewCard {
        CardContent content;  ///< uid may be empty: one is generated.
        bool suspended = false;
        int flag = 0;  ///< 0-4.
        bool userEdited = false;
        std::vector<Sighting> sightings;
        std::optional<scheduler::CardState> state;  ///< Empty: a fresh new card.
        std::vector<ReviewRecord> reviews;
    };
    std::vector<NewCard> newCards;
    /// Sightings on cards already in the collection (undo removes them with the import).
    std::vector<std::pair<CardId, Sighting>> sightingsOnExisting;
    /// Review logs for cards already in the collection: merged by answer time with no duplicates,
    /// and each card's state replayed over the union (mergeReviews below). Undoing the import
    /// does not take merged reviews out again; the app and the CLI make a backup before an import
    /// that merges any.
    std::vector<ReviewsForCard> reviewsOnExisting;
};

/// Turns a plain ImportPlan (no history) into a ProgressImport.
ProgressImport toProgressImport(const ImportPlan& plan);

/// Writes the whole import in one transaction, recorded in the import history so that
/// Collection::undoImport removes it (cards, with their state and review log, and sightings).
/// Nothing is written when any part is refused: a bad level or flag, an empty question, a uid
/// used twice or already in the collection.
/// `merged`, when given, receives what the review-log merge changed.
Result<ImportId> applyProgressImport(Collection& collection, const ProgressImport& plan, const Now& now,
                                     ReviewMerge* merged = nullptr);

/// What merging another InfraCards collection (`other`, e.g. a laptop's) into `into` brings, by
/// card uid: the cards `into` lacks, with their scheduling state, review log and sightings, as new
/// cards; for the cards both have, `other`'s review log (merged by answer time) and its sightings.
/// Apply it with applyProgressImport; nothing is written here.
Result<ProgressImport> planCollectionMerge(Collection& into, Collection& other, const std::string& otherName);

/// Merges review logs into existing cards in one transaction: a review is new to a card when
/// the card has no review answered in the same second; the card's history (old and new, in answer
/// time order) is replayed with the collection's scheduler from the state before its earliest
/// review, every row's before/after state rewritten, and the card's state set to the last one.
/// Answers given on two machines the same day are both kept.
Result<ReviewMerge> mergeReviews(Collection& collection, const std::vector<ReviewsForCard>& incoming);

}  // namespace deck
