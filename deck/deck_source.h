#pragma once
// Reader for the deck's human-editable source files (resources/deck/*.cards,
// format in docs/deck-format.md). Every problem is reported with its file and line.

#include <string>
#include <string_view>
#include <vector>

#include "deck/card.h"
#include "deck/error.h"

namespace deck {

/// A number a card presents as measured by this project (docs/deck-format.md, "Measured
/// numbers"): `stated` is written in the answer and must equal the recorded value of
/// resources/demos/h200/<demo>.json at `path` (inside variant `variant`, or from the file's top
/// when the variant is "-"), divided by `divisor`, rounded to the decimals `stated` shows.
struct MeasuredRef {
    std::string demo;
    std::string variant;
    std::string path;    ///< Dotted JSON path, e.g. "metric.value".
    std::string stated;  ///< The number as the answer writes it, e.g. "4.58".
    double divisor = 1.0;
    int line = 0;
};

struct SourceCard {
    CardContent content;
    std::vector<MeasuredRef> measured;
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

}  // namespace deck
