#pragma once
// The whole collection as a DeckDocument (the InfraCards JSON format): every card with all its
// fields, sightings, scheduling state and review log, in the order the cards were added.

#include "deck/collection.h"
#include "json_format.h"

#include "import_error.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace importer {

/// The collection's cards as the JSON format holds them.
deck::Result<std::vector<ExportedCard>> exportCards(deck::Collection& collection);

/// A document of the whole collection, stamped with `exportedAtMs` (Unix time, ms).
deck::Result<DeckDocument> exportDocument(deck::Collection& collection, std::int64_t exportedAtMs);

enum class ExportFormat { Json, Csv, Apkg };

/// "json", "csv", "apkg" -> the format; false for anything else.
bool parseExportFormat(std::string_view name, ExportFormat* format);

/// The CSV export's text: a header and one row per card; a cell a spreadsheet would run as a
/// formula (=, +, -, @ first) is written with a leading apostrophe.
std::string csvExport(const std::vector<ExportedCard>& cards);

struct ExportSummary {
    std::size_t cards = 0;
};

/// Writes the whole collection to `path` in `format` (through a temporary file renamed over it,
/// so an interrupted export leaves the old file or none). What the CLI's `export` and the
/// window's File > Export run.
Result<ExportSummary> exportCollection(deck::Collection& collection, ExportFormat format, const std::string& path,
                                       std::int64_t nowMs);

} // namespace importer
