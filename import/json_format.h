#pragma once
// The InfraCards JSON format (docs/json-format.md): the whole collection, lossless, so that
// export followed by import gives back the same cards, sightings, scheduling state and review log.

#include "deck/card.h"
#include "deck/progress_io.h"
#include "import_error.h"
#include "scheduler/types.h"

#include <cstdint>
#include <optional>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace importer {

inline constexpr int kJsonFormatVersion = 1;

/// One row of the review log (the collection's own record, so export and import share it).
using ReviewEntry = deck::ReviewRecord;

struct ExportedCard {
    deck::CardContent content;
    bool suspended = false;
    int flag = 0;
    bool userEdited = false;
    std::vector<deck::Sighting> sightings;
    std::optional<scheduler::CardState> state;  ///< empty: never scheduled (a new card)
    std::vector<ReviewEntry> reviews;           ///< oldest first
    bool operator==(const ExportedCard&) const = default;
};

struct DeckDocument {
    int version = kJsonFormatVersion;
    std::int64_t exportedAtMs = 0;
    std::vector<ExportedCard> cards;
    bool operator==(const DeckDocument&) const = default;
};

/// Called after each card an exporter has written, with the number written so far; returning
/// false stops the export.
using CardProgress = std::function<bool(std::size_t written)>;

/// Pretty-printed JSON (2-space indent), keys in a fixed order, UTF-8 unescaped. Returns an empty
/// string when `progress` stopped it.
std::string writeJsonDocument(const DeckDocument& doc, const CardProgress& progress = {});

/// Parses the format. Errors: JsonSyntax with the line of the syntax error; JsonSchema naming the
/// JSON Pointer of the bad value ("/cards/3/level: expected an integer 1-10"), an unknown key
/// (so that a typo is not silently lost), or a version newer than this program's.
Result<DeckDocument> readJsonDocument(std::string_view text, const std::string& fileName);

}  // namespace importer
