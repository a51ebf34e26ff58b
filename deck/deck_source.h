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

/// The topic ids of docs/deck-format.md.
const std::vector<std::string>& knownTopics();

} // namespace deck
