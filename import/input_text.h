#pragma once
// Reading an input file or pasted text into checked UTF-8: size limit, binary detection,
// GB18030/GBK and UTF-16 conversion; and writing an output file so that it is never half written.

#include "import_error.h"

#include <cstddef>
#include <istream>
#include <string>
#include <string_view>

namespace importer {

/// Files above this are refused before they are read whole (100 MiB).
inline constexpr std::size_t kMaxInputBytes = 100u * 1024u * 1024u;

enum class SourceEncoding {
    Utf8,
    Gb18030,
    Utf16
};

/// "UTF-8", "GB18030", "UTF-16": how the preview names the encoding it read.
const char* encodingName(SourceEncoding e);

struct InputText {
    std::string utf8;  ///< the text, UTF-8 without a BOM
    SourceEncoding encoding = SourceEncoding::Utf8;
};

/// Reads the bytes of a file; errors: Io (cannot open/read, a folder), TooLarge (over `maxBytes`).
/// A file that is not a regular file (a pipe, a device) is read as a stream, up to the limit.
Result<std::string> readFileBytes(const std::string& path, std::size_t maxBytes = kMaxInputBytes);

/// Reads a stream (standard input) in pieces; stops with TooLarge as soon as it passes `maxBytes`,
/// so that memory never holds more than the limit.
Result<std::string> readStreamBytes(std::istream& in, const std::string& name,
                                    std::size_t maxBytes = kMaxInputBytes);

/// Writes `bytes` to a temporary file beside `path`, flushes it to disk and renames it over `path`:
/// after an interruption `path` holds the old content or the new, never part of it.
Result<bool> writeFileAtomically(const std::string& path, std::string_view bytes);

/// Checks bytes that should be text. UTF-8 (a BOM is dropped) passes; UTF-16 with a BOM is
/// converted; text that is not UTF-8 but decodes as GB18030 (which contains GBK and GB2312) is
/// converted. A file that is UTF-8 except for a few bytes (a GBK word pasted into a UTF-8 file) is
/// refused as mixed with the line and byte of the first bad byte, not read as GB18030 mojibake.
/// NUL or other control bytes give BinaryInput, nothing but white space EmptyInput, anything else
/// BadEncoding with the line of the first bad byte.
Result<InputText> decodeText(std::string_view bytes, const std::string& fileName,
                             std::size_t maxBytes = kMaxInputBytes);

/// Line (1-based) of byte `offset`, for error messages.
std::size_t lineOfOffset(std::string_view text, std::size_t offset);

}  // namespace importer
