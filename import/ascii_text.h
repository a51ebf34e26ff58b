#pragma once
// ASCII-only functions that keep byte offsets unchanged (UTF-8 bytes >= 0x80 pass through).

#include <string>
#include <string_view>

namespace importer {

std::string asciiLower(std::string_view s);
std::string_view trimAscii(std::string_view s);

/// True when s[pos, pos+len) is not glued to an ASCII letter or digit on either side, so that a
/// Latin keyword is found as a word ("AMD" in "AMD 一面", not in "AMDAHL").
bool isWordBoundary(std::string_view s, std::size_t pos, std::size_t len);

bool isAsciiAlnum(char c);

}  // namespace importer
