#pragma once
// The collection's schema: numbered migrations on PRAGMA user_version. Version 0 is an empty
// file; each migration takes the file one version up inside one transaction.

#include <string>

#include "deck/storage/database.h"

namespace deck {

inline constexpr int kSchemaVersion = 7;

/// Brings `db` up to kSchemaVersion. Refuses (ErrorKind::TooNew) a file from a newer version.
/// Before migrating a file that already holds data (version >= 1), a copy is written next to it
/// as "<file>.before-v<N>.bak" with the online backup API (not for ":memory:").
Status migrate(Database& db);

/// Applies migrations up to `target` only; tests use it to build files of older versions.
Status migrateTo(Database& db, int target);

}  // namespace deck
