#pragma once
// Reader for the sightings tables of the deck's source (resources/deck/sightings/*.tsv, format in
// docs/deck-format.md). Three kinds of table, told apart by their header line:
//   card   company round role direction date date_kind url item  -- sightings: a card a report asked
//   reason company round role direction date date_kind url item  -- ledger: items that are not
//                                                                     technical questions
//   url    items                                                  -- reports: how many numbered
//                                                                     items a report holds
// Every problem is reported with its file and line.

#include <string>
#include <string_view>
#include <vector>

#include "deck/card.h"
#include "deck/deck_source.h"
#include "deck/error.h"

namespace deck {

struct SourceSighting {
    std::string cardUid;
    Sighting sighting;
    std::string file;
    int line = 0;
};

/// A numbered item of a report that asks no technical question, and why.
struct LedgerItem {
    std::string reason;  ///< One of ledgerReasons().
    Sighting where;      ///< Company, round, role, direction, date, url and item of the report.
    std::string file;
    int line = 0;
};

/// The number of numbered items a report holds at the pinned version of its source.
struct ReportItems {
    std::string url;
    int items = 0;
    std::string file;
    int line = 0;
};

struct SightingsParse {
    std::vector<SourceSighting> sightings;
    std::vector<LedgerItem> ledger;
    std::vector<ReportItems> reports;
    std::vector<Error> errors;
};

/// Reads one table; `fileName` is used in error messages only. Appends to `into`.
void parseSightings(std::string_view text, const std::string& fileName, SightingsParse& into);

/// Checks across tables: every sighting names an existing card; no report item is named twice
/// (by two sightings, or a sighting and a ledger row); an item of a listed report lies within
/// its count. Appends to `errors`.
void checkSightings(const SightingsParse& tables, const std::vector<SourceCard>& cards,
                    std::vector<Error>& errors);

}  // namespace deck
