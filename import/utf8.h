#pragma once
// UTF-8 <-> code points, and the line splitting every parser shares.

#include <string>
#include <string_view>
#include <vector>

namespace importer {

/// True when `bytes` is well-formed UTF-8 (no overlongs, no surrogates, nothing past U+10FFFF).
bool isValidUtf8(std::string_view bytes);

/// Decodes UTF-8; each malformed byte becomes U+FFFD, so the result always has a code point per
/// position a reader would see.
std::u32string decodeUtf8(std::string_view bytes);

std::string encodeUtf8(std::u32string_view text);
void appendUtf8(std::string& out, char32_t cp);

/// Splits on "\n", "\r\n" and "\r"; the line terminators are not kept. Line i of the result is
/// line i+1 of the input as an editor numbers it.
std::vector<std::string_view> splitLines(std::string_view text);

/// Removes ASCII and Unicode white space (U+3000, U+00A0, U+FEFF) at both ends.
std::string_view trimView(std::string_view s);
std::string trim(std::string_view s);

/// Number of code points, the length people perceive for mixed CJK/Latin text.
std::size_t codePointCount(std::string_view utf8);

bool startsWith(std::string_view s, std::string_view prefix);

}  // namespace importer
