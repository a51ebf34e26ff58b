#include "html_text.h"

#include "ascii_text.h"
#include "utf8.h"

#include <cstdlib>

namespace importer {

namespace {

std::string tagName(std::string_view tag) {
    std::size_t i = 0;
    if (i < tag.size() && tag[i] == '/') ++i;
    std::size_t j = i;
    while (j < tag.size() && (isAsciiAlnum(tag[j]) || tag[j] == '-')) ++j;
    return asciiLower(tag.substr(i, j - i));
}

void decodeEntity(std::string_view s, std::size_t& i, std::string& out) {
    const std::size_t semi = s.find(';', i);
    if (semi == std::string_view::npos || semi - i > 10) { out.push_back('&'); ++i; return; }
    const std::string_view name = s.substr(i + 1, semi - i - 1);
    char32_t cp = 0;
    if (name == "amp") cp = '&';
    else if (name == "lt") cp = '<';
    else if (name == "gt") cp = '>';
    else if (name == "quot") cp = '"';
    else if (name == "apos") cp = '\'';
    else if (name == "nbsp") cp = ' ';
    else if (!name.empty() && name[0] == '#') {
        const bool hex = name.size() > 1 && (name[1] == 'x' || name[1] == 'X');
        const std::string digits(name.substr(hex ? 2 : 1));
        char* end = nullptr;
        const unsigned long v = std::strtoul(digits.c_str(), &end, hex ? 16 : 10);
        if (!digits.empty() && end && *end == '\0' && v > 0 && v <= 0x10FFFF && !(v >= 0xD800 && v <= 0xDFFF))
            cp = static_cast<char32_t>(v);
    }
    if (cp == 0 || cp == 0xFFFD) { out.push_back('&'); ++i; return; }
    // A decoded control character would be markup-free but invisible; keep it as a space.
    if (cp < 0x20 && cp != '\n' && cp != '\t') cp = ' ';
    appendUtf8(out, cp);
    i = semi + 1;
}

} // namespace

std::string htmlToText(std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size();) {
        const char c = s[i];
        if (c == '<') {
            const std::size_t close = s.find('>', i);
            if (close == std::string_view::npos) break; // an unterminated tag: drop the rest
            const std::string_view tag = s.substr(i + 1, close - i - 1);
            const std::string name = tagName(tag);
            const bool closing = !tag.empty() && tag[0] == '/';
            if (!closing && (name == "script" || name == "style" || name == "head" || name == "template")) {
                const std::string lower = asciiLower(s.substr(close));
                const std::size_t end = lower.find("</" + name);
                if (end == std::string::npos) break;
                const std::size_t endClose = s.find('>', close + end);
                i = endClose == std::string_view::npos ? s.size() : endClose + 1;
                continue;
            }
            if (name == "br" || (closing && (name == "p" || name == "div" || name == "li" || name == "tr" || name == "h1" ||
                                             name == "h2" || name == "h3" || name == "pre")))
                out.push_back('\n');
            else if (!closing && name == "li")
                out += "- ";
            i = close + 1;
            continue;
        }
        if (c == '&') { decodeEntity(s, i, out); continue; }
        if (c == '[' && s.substr(i, 7) == "[sound:") {
            const std::size_t close = s.find(']', i);
            i = close == std::string_view::npos ? s.size() : close + 1;
            continue;
        }
        out.push_back(c == '\r' ? '\n' : c);
        ++i;
    }
    // Trim each line's end, collapse runs of blank lines to one, trim the whole.
    std::string result;
    int blank = 0;
    for (auto line : splitLines(out)) {
        const std::string t = std::string(trimView(line));
        if (t.empty()) { ++blank; continue; }
        if (!result.empty()) result += blank > 0 ? "\n\n" : "\n";
        blank = 0;
        result += t;
    }
    return result;
}

std::string textToHtml(std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '&') out += "&amp;";
        else if (c == '<') out += "&lt;";
        else if (c == '>') out += "&gt;";
        else if (c == '"') out += "&quot;";
        else if (c == '\r') continue;
        else if (c == '\n') out += "<br>";
        else out.push_back(c);
    }
    return out;
}

} // namespace importer
