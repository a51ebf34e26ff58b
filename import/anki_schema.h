#pragma once
// Anki's collection schema version 11 (the one inside collection.anki2 files that every Anki
// since 2.0 and AnkiDroid open). Column names and order follow Anki's own definition
// (rslib/src/storage/schema11.sql in github.com/ankitects/anki).

#include <string_view>

namespace importer {

/// CREATE statements for the tables col, notes, cards, revlog, graves and their indexes.
std::string_view ankiSchema11Sql();

}  // namespace importer
