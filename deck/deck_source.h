#pragma once
// Reader for the deck's human-editable source files (resources/deck/*.cards,
// format in docs/deck-format.md). Every problem is reported with its file and line.

#include <string>
#include <string_view>
#include <vector>

#include "deck/card.h"
#include "deck/error.h"

namespace deck {

struct SourceCard {
    CardContent content;
    std::string file;
    int line = 0;  ///< Line of the "@card" header.
};

struct SourceParse {
    std::vector<SourceCard> cards;
    std::vector<Error> errors;  ///< Empty when the text is valid.
};

/// Parses one file's text; `fileName` is used in error messages only.
SourceParse parseDeckSource(std::string_view text, const std::string& fileName);

/// Checks across files: unique ids, card: links that resolve. Appends to `errors`.
void checkDeckLinks(const std::vector<SourceCard>& cards, std::vector<Error>& errors);

struct SourceSighting {
    std::string cardUid;
    Sighting sighting;
    std::string file;
    int line = 0;
};

struct SightingsParse {
    std::vector<SourceSighting> sightings;
    std::vector<Error> errors;
};

/// Reads a sightings table (resources/deck/sightings/*.tsv): a header line
/// "card<TAB>company<TAB>round<TAB>role<TAB>date<TAB>url", then one sighting per line.
/// Dates are ISO (YYYY-MM-DD, or YYYY-MM when the report gives only a month); URLs are http(s).
SightingsParse parseSightings(std::string_view text, const std::string& fileName);

/// Checks that every sighting names an existing card. Appends to `errors`.
void checkSightings(const std::vector<SourceSighting>& sightings,
                    const std::vector<SourceCard>& cards, std::vector<Error>& errors);

/// The topic ids of docs/deck-format.md.
const std::vector<std::string>& knownTopics();

} // namespace deck
