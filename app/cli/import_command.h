#pragma once
// infracards-cli import / export, free of Qt so tests call them with a temporary collection.
//   import FILE... [--dry-run] [--json] [--threshold X]
//   export --format json|csv|apkg OUT
//   merge OTHER.sqlite [--dry-run] [--json]

#include <ostream>
#include <string>
#include <vector>

/// Parses each FILE ("-" reads standard input), matches its questions against the collection and,
/// unless --dry-run, applies each file as one import (one transaction, undoable as a whole).
/// --json prints, per file, the reports found: company (canonical or null), company_raw, role,
/// date and rounds, each with round, questions (the texts) and matches (per question: the card it
/// merges into with its score, or null) and topics. Returns 0 on success, 1 when a file or the
/// collection was refused (nothing of that file is written), 2 on bad usage.
///
/// An import that merges reviews into cards the collection already has (an .apkg with
/// --with-progress, an InfraCards JSON export) first backs the collection up into `backupFolder`
/// and refuses to go on when that fails; with an empty `backupFolder` no backup is made.
int runImportCommand(const std::string& collectionPath, const std::vector<std::string>& args,
                     std::ostream& out, std::ostream& err, const std::string& backupFolder = {});

/// Merges another InfraCards collection file (a second computer's) into this one by card uid:
/// cards it lacks come in with their history, and the shared cards' review logs are merged by
/// answer time and replayed (deck::planCollectionMerge). Backs up first, as import does. Prints
/// what changed ("N reviews added to M cards, K new cards"). 0, 1 on a refused file, 2 on bad usage.
int runMergeCommand(const std::string& collectionPath, const std::vector<std::string>& args,
                    std::ostream& out, std::ostream& err, const std::string& backupFolder = {});

/// Writes the whole collection as the InfraCards JSON format, CSV (content columns) or an Anki
/// .apkg. Returns 0, 1 when reading or writing failed, 2 on bad usage.
int runExportCommand(const std::string& collectionPath, const std::vector<std::string>& args,
                     std::ostream& out, std::ostream& err);
