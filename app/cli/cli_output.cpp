#include "cli/cli_output.h"

#include <cstdio>

namespace cli {

namespace {

/// Length of the well-formed UTF-8 sequence starting at `s[i]`, or 0 when it is malformed
/// (overlong forms, surrogates and code points past U+10FFFF included).
std::size_t sequenceLength(std::string_view s, std::size_t i, char32_t* cp)
{
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = b(i);
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    std::size_t n = 0;
    char32_t v = 0, min = 0;
    if ((c & 0xE0) == 0xC0) {
        n = 2;
        v = c & 0x1F;
        min = 0x80;
    } else if ((c & 0xF0) == 0xE0) {
        n = 3;
        v = c & 0x0F;
        min = 0x800;
    } else if ((c & 0xF8) == 0xF0) {
        n = 4;
        v = c & 0x07;
        min = 0x10000;
    } else
        return 0;
    if (i + n > s.size())
        return 0;
    for (std::size_t k = 1; k < n; ++k) {
        if ((b(i + k) & 0xC0) != 0x80)
            return 0;
        v = (v << 6) | (b(i + k) & 0x3F);
    }
    if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
        return 0;
    *cp = v;
    return n;
}

const char kReplacement[] = "\xEF\xBF\xBD";

}  // namespace

std::string jsonText(const nlohmann::json& j, int indent)
{
    return j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string jsonText(const nlohmann::ordered_json& j, int indent)
{
    return j.dump(indent, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

namespace {

/// `text` with each malformed byte as U+FFFD and, when `escapeControls`, each control character
/// but newline and tab written as a visible escape.
std::string cleaned(std::string_view text, bool escapeControls)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        char32_t cp = 0;
        const std::size_t n = sequenceLength(text, i, &cp);
        if (n == 0) {
            out += kReplacement;
            ++i;
            continue;
        }
        const bool c0 = cp < 0x20 && cp != '\n' && cp != '\t';
        const bool c1 = cp == 0x7F || (cp >= 0x80 && cp <= 0x9F);
        if (escapeControls && (c0 || c1)) {
            char buf[8];
            std::snprintf(buf, sizeof buf, cp < 0x80 ? "\\x%02x" : "\\u%04x", static_cast<unsigned>(cp));
            out += buf;
        } else {
            out.append(text.substr(i, n));
        }
        i += n;
    }
    return out;
}

}  // namespace

std::string utf8Argument(std::string_view arg)
{
    return cleaned(arg, false);
}

std::string terminalText(std::string_view text)
{
    return cleaned(text, true);
}

}  // namespace cli
