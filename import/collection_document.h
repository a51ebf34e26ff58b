#pragma once
// The whole collection as a DeckDocument (the InfraCards JSON format): every card with all its
// fields, sightings, scheduling state and review log, in the order the cards were added.

#include "deck/collection.h"
#include "json_format.h"

#include "import_error.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace importer {

/// The collection's cards as the JSON format holds them.
deck::Result<std::vector<ExportedCard>> exportCards(deck::Collection& collection);

/// A document of the whole collection, stamped with `exportedAtMs` (Unix time, ms).
deck::Result<DeckDocument> exportDocument(deck::Collection& collection, std::int64_t exportedAtMs);

enum class ExportFormat {
    Json,
    Csv,
    Apkg
};

/// "json", "csv", "apkg" -> the format; false for anything else.
bool parseExportFormat(std::string_view name, ExportFormat* format);

/// The CSV export's text: a header and one row per card; a cell a spreadsheet would run as a
/// formula (=, +, -, @ first) is written with a leading apostrophe.
std::string csvExport(const std::vector<ExportedCard>& cards);

struct ExportSummary {
    std::size_t cards = 0;
    std::size_t reviews = 0;  ///< Review-log rows written (none in CSV).
    std::size_t bytes = 0;    ///< Size of the file written.
};

/// The steps of an export, in order.
enum class ExportStep {
    Reading,  ///< the collection's cards, sightings, states and review log (total 0: not known yet)
    Writing,  ///< turning the cards into the format, `done` of `total` cards
    Saving,   ///< writing the file (total 1); it can no longer be stopped
};
/// Called as an export goes: once as each step starts and after every card written. Returning
/// false stops the export before the file is touched (ErrorKind::Stopped).
using ExportProgress = std::function<bool(ExportStep step, std::size_t done, std::size_t total)>;

struct ExportOptions {
    /// Scheduling and the review log with the cards (JSON and .apkg); false: the cards alone, as
    /// new cards (for sharing a deck without one's study history).
    bool withProgress = true;
    ExportProgress progress;  ///< may be empty
};

/// Writes the whole collection to `path` in `format` (through a temporary file renamed over it,
/// so an interrupted or stopped export leaves the old file or none). What the CLI's `export` and
/// the window's File > Export run.
Result<ExportSummary> exportCollection(deck::Collection& collection, ExportFormat format,
                                       const std::string& path, std::int64_t nowMs,
                                       const ExportOptions& options = {});

}  // namespace importer
