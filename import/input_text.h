#pragma once
// Reading an input file or pasted text into checked UTF-8: size limit, binary detection,
// GB18030/GBK conversion.

#include "import_error.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace importer {

/// Files above this are refused before they are read whole (100 MiB).
inline constexpr std::size_t kMaxInputBytes = 100u * 1024u * 1024u;

enum class SourceEncoding { Utf8, Gb18030 };

struct InputText {
    std::string utf8;            ///< the text, UTF-8 without a BOM
    SourceEncoding encoding = SourceEncoding::Utf8;
};

/// Reads the bytes of a file; errors: Io (cannot open/read), TooLarge (over `maxBytes`).
Result<std::string> readFileBytes(const std::string& path, std::size_t maxBytes = kMaxInputBytes);

/// Checks bytes that should be text. UTF-8 (a BOM is dropped) passes; text that is not UTF-8 but
/// decodes as GB18030 (which contains GBK and GB2312) is converted; NUL or other control bytes
/// give BinaryInput, nothing but white space EmptyInput, anything else BadEncoding with the
/// line of the first bad byte.
Result<InputText> decodeText(std::string_view bytes, const std::string& fileName, std::size_t maxBytes = kMaxInputBytes);

/// Line (1-based) of byte `offset`, for error messages.
std::size_t lineOfOffset(std::string_view text, std::size_t offset);

} // namespace importer
