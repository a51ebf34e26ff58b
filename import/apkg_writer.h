#pragma once
// Anki .apkg export: collection.anki2 (schema 11, the format every Anki and AnkiDroid opens)
// plus an empty media map, zipped.

#include "import_error.h"
#include "json_format.h"

#include <cstdint>
#include <string>
#include <vector>

namespace importer {

/// One note per card, of a two-field note type "InfraCards" (Front, Back) in a deck named
/// "InfraCards". Text is HTML-escaped; the topic travels as the tag "topic:<id>" and the uid as the
/// note guid "ic:<uid>", so readApkg gives both back. Learned cards keep their SM-2 state as Anki
/// review cards (interval, ease factor × 1000, due day relative to the collection's creation day,
/// reps, lapses); suspended cards are queue -1. `nowMs` fixes every timestamp, so the output is
/// deterministic.
/// `progress` is called after each card; when it returns false the writer stops with
/// ErrorKind::Stopped.
Result<std::string> writeApkg(const std::vector<ExportedCard>& cards, std::int64_t nowMs,
                              const std::string& fileName, const CardProgress& progress = {});

/// Anki's note checksum: the first 8 hex digits of the SHA-1 of the first field's text, as an
/// integer (used by Anki to find duplicates).
std::uint32_t ankiFieldChecksum(std::string_view text);

}  // namespace importer
