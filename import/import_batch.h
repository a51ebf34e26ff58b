#pragma once
// What every parser produces: candidate cards, each with the sightings that go with it, before
// they are matched against the deck.

#include "deck/card.h"

#include <cstddef>
#include <string>
#include <vector>

namespace importer {

struct CandidateCard {
    deck::CardContent content;              ///< uid may be empty: the collection makes one
    std::vector<deck::Sighting> sightings;  ///< who asked it, when known
    std::size_t line = 0;                   ///< where it came from in the input (0: no lines)
};

struct ImportBatch {
    std::string source;                     ///< file name, or "<paste>"
    std::vector<CandidateCard> cards;
};

} // namespace importer
