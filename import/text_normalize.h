#pragma once
// Normalisation used before two question texts are compared.

#include <string>
#include <string_view>

namespace importer {

/// Full-width ASCII forms (U+FF01..U+FF5E) to ASCII and the ideographic space to ' '.
char32_t foldWidth(char32_t c);

/// CJK ideographs, kana and Hangul: the scripts written without spaces between words.
bool isCjk(char32_t c);

/// ASCII punctuation, the CJK symbols block, general punctuation and the half/full-width forms
/// that are not letters or digits.
bool isPunctuation(char32_t c);

/// The matching form of a text: widths folded, ASCII lower-cased, punctuation and symbols
/// dropped, white space collapsed to one ASCII space between two non-CJK words and removed next
/// to CJK characters. "什么是 KV Cache？" and "什么是kv cache?" give the same string.
std::u32string normalizeForMatch(std::string_view utf8);

/// Same as normalizeForMatch, in UTF-8.
std::string normalizeText(std::string_view utf8);

}  // namespace importer
