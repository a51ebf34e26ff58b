#pragma once
// The company alias table: every spelling people use in reports, mapped to one canonical name.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace importer {

struct CompanyMatch {
    std::string canonical;   ///< e.g. "ByteDance"
    std::string raw;         ///< the spelling found in the text, e.g. "字节"
    std::size_t offset = 0;  ///< byte offset of `raw` in the searched text
};

/// The first company named in `text` (leftmost; the longest alias wins at one position). Latin
/// aliases match case-insensitively and only as whole words ("Meta" is not found in "metadata").
/// A name not in the table is never guessed: the result is empty.
std::optional<CompanyMatch> findCompany(std::string_view text);

/// The canonical name for an exact alias ("字节跳动" -> "ByteDance"), case-insensitive for Latin.
std::optional<std::string> canonicalCompany(std::string_view alias);

}  // namespace importer
