#pragma once
// Thin wrapper over libzip for in-memory archives: the .apkg reader and writer use it.

#include "import_error.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace importer {

struct ZipContents {
    std::vector<std::string> names;  ///< every entry, in archive order
};

/// Lists the entries. Errors: ZipCorrupt (not a zip, truncated, inconsistent).
Result<ZipContents> listZip(std::string_view bytes, const std::string& fileName);

/// Reads one entry whole. Errors: ZipCorrupt (missing entry, CRC mismatch, short read),
/// ZipEncrypted (the entry needs a password), TooLarge (over maxBytes once inflated).
Result<std::string> readZipEntry(std::string_view bytes, const std::string& entry,
                                 const std::string& fileName, std::size_t maxBytes);

/// Writes a zip holding `entries` (name, data), deflated; returns its bytes.
Result<std::string> writeZip(const std::vector<std::pair<std::string, std::string>>& entries,
                             const std::string& fileName);

}  // namespace importer
