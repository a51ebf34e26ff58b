#pragma once
// Anki .apkg / .colpkg import: a zip holding collection.anki21b (zstd-compressed SQLite, written by
// Anki 2.1.50+ and 23.10+), collection.anki21 or collection.anki2 (SQLite); each note becomes a
// candidate card, its HTML reduced to plain text.

#include "candidate_cards.h"
#include "import_error.h"

#include <string>
#include <string_view>

namespace importer {

/// The first field of a note is the question, the second the answer (both through htmlToText).
/// Tags become tags, except "topic:<id>" which sets the topic; a note guid "ic:<uid>" (what the
/// InfraCards exporter writes) gives the card's uid back. Errors: ZipCorrupt (also bad zstd data),
/// ZipEncrypted, TooLarge (a collection inflating past 100 MiB), ApkgLayout (no collection
/// inside), NotSqlite, ApkgSchema (SQLite without the notes table).
/// With `withProgress`, each note's first card also brings its Anki scheduling (see
/// docs/anki-format.md: review cards keep interval, ease, due day and lapses; suspended cards stay
/// suspended; learning cards come due on their learning day) and its review log (time, button,
/// intervals, ease, answer time) as the card's state and review rows.
Result<ImportBatch> readApkg(std::string_view bytes, const std::string& fileName, bool withProgress = false);

/// zstd data (one or more frames) inflated in pieces; TooLarge as soon as it passes `maxBytes`,
/// ZipCorrupt when it is not zstd or ends early.
Result<std::string> zstdDecompress(std::string_view compressed, std::size_t maxBytes);

}  // namespace importer
