#pragma once
// What every parser produces: candidate cards, each with the sightings that go with it, before
// they are matched against the deck.

#include "deck/card.h"
#include "deck/progress_io.h"
#include "scheduler/types.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace importer {

struct CandidateCard {
    deck::CardContent content;              ///< uid may be empty: the collection makes one
    std::vector<deck::Sighting> sightings;  ///< who asked it, when known
    std::size_t line = 0;                   ///< where it came from in the input (0: no lines)
    // Study history: from the InfraCards JSON format, and from an Anki package read with its
    // progress; defaults elsewhere.
    bool suspended = false;
    int flag = 0;  ///< 0-4
    bool userEdited = false;
    std::optional<scheduler::CardState> state;  ///< empty: never scheduled
    std::vector<deck::ReviewRecord> reviews;
};

struct ImportBatch {
    std::string source;  ///< file name, or "<paste>"
    std::vector<CandidateCard> cards;
    /// Fields the reader found not to be UTF-8 and repaired (an .apkg's note fields).
    std::size_t repairedFields = 0;
};

}  // namespace importer
