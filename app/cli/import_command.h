#pragma once
// infracards-cli import / export, free of Qt so tests call them with a temporary collection.
//   import FILE... [--dry-run] [--json] [--threshold X]
//   export --format json|csv|apkg OUT

#include <ostream>
#include <string>
#include <vector>

/// Parses each FILE ("-" reads standard input), matches its questions against the collection and,
/// unless --dry-run, applies each file as one import (one transaction, undoable as a whole).
/// --json prints, per file, the reports found: company (canonical or null), company_raw, role,
/// date and rounds, each with round, questions (the texts) and matches (per question: the card it
/// merges into with its score, or null) and topics. Returns 0 on success, 1 when a file or the
/// collection was refused (nothing of that file is written), 2 on bad usage.
int runImportCommand(const std::string& collectionPath, const std::vector<std::string>& args, std::ostream& out,
                     std::ostream& err);

/// Writes the whole collection as the InfraCards JSON format, CSV (content columns) or an Anki
/// .apkg. Returns 0, 1 when reading or writing failed, 2 on bad usage.
int runExportCommand(const std::string& collectionPath, const std::vector<std::string>& args, std::ostream& out,
                     std::ostream& err);
