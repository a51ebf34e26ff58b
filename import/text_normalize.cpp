#include "text_normalize.h"

#include "utf8.h"

namespace importer {

char32_t foldWidth(char32_t c)
{
    if (c >= 0xFF01 && c <= 0xFF5E)
        return c - 0xFEE0;
    if (c == 0x3000)
        return U' ';
    return c;
}

bool isCjk(char32_t c)
{
    return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x20000 && c <= 0x2FA1F)
           || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x3040 && c <= 0x30FF) || (c >= 0xAC00 && c <= 0xD7AF);
}

bool isPunctuation(char32_t c)
{
    if (c < 0x80) {
        return (c >= 0x21 && c <= 0x2F) || (c >= 0x3A && c <= 0x40) || (c >= 0x5B && c <= 0x60)
               || (c >= 0x7B && c <= 0x7E);
    }
    return (c >= 0x2000 && c <= 0x206F)     // general punctuation: dashes, quotes, ellipsis
           || (c >= 0x3001 && c <= 0x303F)  // CJK symbols and punctuation: 、。「」【】
           || (c >= 0xFF01 && c <= 0xFF0F) || (c >= 0xFF1A && c <= 0xFF20) || (c >= 0xFF3B && c <= 0xFF40)
           || (c >= 0xFF5B && c <= 0xFF65)  // half/full-width punctuation
           || (c >= 0xFE30 && c <= 0xFE4F)  // CJK compatibility forms
           || c == 0x00B7 || c == 0x00A0 || c == 0xFEFF || (c >= 0x2190 && c <= 0x21FF);
}

namespace {
bool isSpace(char32_t c)
{
    return c == U' ' || c == U'\t' || c == U'\n' || c == U'\r' || c == U'\f' || c == U'\v';
}
}  // namespace

std::u32string normalizeForMatch(std::string_view utf8)
{
    const std::u32string in = decodeUtf8(utf8);
    std::u32string out;
    out.reserve(in.size());
    bool pendingSpace = false;
    for (char32_t c : in) {
        c = foldWidth(c);
        if (c >= U'A' && c <= U'Z')
            c = c - U'A' + U'a';
        if (isSpace(c) || isPunctuation(c) || c == 0xFFFD) {
            pendingSpace = !out.empty();
            continue;
        }
        if (pendingSpace && !isCjk(c) && !isCjk(out.back()))
            out.push_back(U' ');
        pendingSpace = false;
        out.push_back(c);
    }
    return out;
}

std::string normalizeText(std::string_view utf8)
{
    return encodeUtf8(normalizeForMatch(utf8));
}

}  // namespace importer
