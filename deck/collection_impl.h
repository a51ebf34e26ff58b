#pragma once
// Internal to deck/: the state behind the Collection facade.

#include "deck/collection.h"
#include "deck/storage/database.h"

namespace deck {

struct Collection::Impl {
    Database db;
    bool readOnly = false;  ///< opened for reading only (asked for, or the file cannot be written)
};

/// Reads a card_state row's columns starting at `first` (is_new, easiness, repetitions,
/// interval_days, due_day, last_review_day, drill_pending, lapses).
scheduler::CardState readState(const Statement& st, int first);

/// Writes `state` into card_state for `id`.
Status writeState(Database& db, CardId id, const scheduler::CardState& state);

/// Inserts a card row (+ its fresh scheduling state); returns its id.
Result<CardId> insertCard(Database& db, const CardContent& content, const char* origin,
                          std::int64_t deckOrder, std::optional<ImportId> importId, std::int64_t nowMs);

Status insertSighting(Database& db, CardId id, const Sighting& s, std::optional<ImportId> importId,
                      bool* inserted = nullptr);

}  // namespace deck
