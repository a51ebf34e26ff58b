#pragma once
// The one place where an error from the cores (deck, import) becomes text for a window: its kind
// is turned into a translated sentence naming the file and line. The cores' own English detail
// is for logs and the command-line tool; the windows show it only as a tooltip (errorDetail).

#include <QString>

#include "deck/error.h"
#include "import/import_error.h"

namespace app {

/// A translated sentence for `e`, with the file (and line) it concerns.
QString errorText(const deck::Error& e);
QString errorText(const importer::ImportError& e);

/// errorText, then on a second line "Details:" and the core's detail (a JSON Pointer, a byte
/// offset): for the import window, where the user has to find the fault in the file.
QString errorTextWithDetail(const importer::ImportError& e);

/// The core's English detail ("file:line: message"), for a tooltip or a log.
QString errorDetail(const deck::Error& e);
QString errorDetail(const importer::ImportError& e);

}  // namespace app
