#pragma once
// Anki .apkg import: a zip holding collection.anki21 or collection.anki2 (SQLite, schema 11);
// each note becomes a candidate card, its HTML reduced to plain text.

#include "import_batch.h"
#include "import_error.h"

#include <string>
#include <string_view>

namespace importer {

/// The first field of a note is the question, the second the answer (both through htmlToText).
/// Tags become tags, except "topic:<id>" which sets the topic; a note guid "ic:<uid>" (what the
/// InfraCards exporter writes) gives the card's uid back. Errors: ZipCorrupt, ZipEncrypted,
/// ApkgLayout (no collection inside, or only the zstd-compressed collection.anki21b of Anki
/// 2.1.50+), NotSqlite, ApkgSchema (SQLite without the notes table).
Result<ImportBatch> readApkg(std::string_view bytes, const std::string& fileName);

} // namespace importer
