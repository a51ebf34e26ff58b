#pragma once
// The whole collection as a DeckDocument (the InfraCards JSON format): every card with all its
// fields, sightings, scheduling state and review log, in the order the cards were added.

#include "deck/collection.h"
#include "json_format.h"

#include <cstdint>
#include <vector>

namespace importer {

/// The collection's cards as the JSON format holds them.
deck::Result<std::vector<ExportedCard>> exportCards(deck::Collection& collection);

/// A document of the whole collection, stamped with `exportedAtMs` (Unix time, ms).
deck::Result<DeckDocument> exportDocument(deck::Collection& collection, std::int64_t exportedAtMs);

} // namespace importer
