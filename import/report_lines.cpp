#include "report_lines.h"

#include "text_normalize.h"
#include "utf8.h"

namespace importer {

namespace {

bool isDigit(char32_t c)
{
    return c >= U'0' && c <= U'9';
}
bool isBlank(char32_t c)
{
    return c == U' ' || c == U'\t' || c == 0x3000 || c == 0xA0;
}

/// True when `s` starts with `prefix` after width folding and ASCII lower-casing of `s`.
bool foldedStartsWith(const std::u32string& s, std::size_t at, std::u32string_view prefix)
{
    if (s.size() - at < prefix.size())
        return false;
    for (std::size_t i = 0; i < prefix.size(); ++i) {
        char32_t c = foldWidth(s[at + i]);
        if (c >= U'A' && c <= U'Z')
            c = c - U'A' + U'a';
        if (c != prefix[i])
            return false;
    }
    return true;
}

std::size_t skipBlanks(const std::u32string& s, std::size_t i)
{
    while (i < s.size() && isBlank(s[i]))
        ++i;
    return i;
}

int chineseDigit(char32_t c)
{
    constexpr std::u32string_view digits = U"一二三四五六七八九十";
    const auto p = digits.find(c);
    return p == std::u32string_view::npos ? 0 : static_cast<int>(p) + 1;
}

/// Recognises a numbered marker at `i`; returns the index after it, or 0 when there is none.
std::size_t numberMarker(const std::u32string& s, std::size_t i, int& number, NumberStyle& style)
{
    std::size_t j = i;
    const bool paren = j < s.size() && (foldWidth(s[j]) == U'(');
    if (paren)
        ++j;
    if (j < s.size() && chineseDigit(s[j]) && !paren) {
        // 一、 二、 … : a Chinese numeral needs the enumeration comma.
        if (j + 1 < s.size() && s[j + 1] == U'、') {
            number = chineseDigit(s[j]);
            style = NumberStyle::Chinese;
            return j + 2;
        }
        return 0;
    }
    const std::size_t digitsStart = j;
    int n = 0;
    while (j < s.size() && isDigit(foldWidth(s[j])) && j - digitsStart < 4)
        n = n * 10 + static_cast<int>(foldWidth(s[j++]) - U'0');
    if (j == digitsStart || j - digitsStart > 3)
        return 0;
    if (j >= s.size())
        return 0;
    const char32_t sep = foldWidth(s[j]);
    if (paren) {
        if (sep != U')')
            return 0;
        number = n;
        style = NumberStyle::Paren;
        return j + 1;
    }
    if (sep == U'.' || sep == U'、' || sep == U')' || sep == U':') {
        // "3.15" is a date or a decimal, "1.5x" a ratio: a digit after the separator is no marker.
        if (j + 1 < s.size() && isDigit(foldWidth(s[j + 1])))
            return 0;
        number = n;
        style = NumberStyle::Dot;
        return j + 1;
    }
    return 0;
}

std::size_t prefixAfter(const std::u32string& s, std::size_t i,
                        std::initializer_list<std::u32string_view> prefixes)
{
    for (auto p : prefixes)
        if (foldedStartsWith(s, i, p))
            return i + p.size();
    return 0;
}

}  // namespace

ReportLine classifyLine(std::string_view rawLine)
{
    ReportLine out;
    std::u32string s = decodeUtf8(rawLine);
    std::size_t i = 0;
    for (; i < s.size() && isBlank(s[i]); ++i)
        out.indent += s[i] == U'\t' ? 4 : (s[i] == 0x3000 ? 2 : 1);
    // Block quotes ("> ") are how forums mark quoted posts; the quote marks carry no meaning here.
    while (i < s.size() && foldWidth(s[i]) == U'>')
        i = skipBlanks(s, i + 1);
    if (i < s.size() && s[i] == U'#') {
        std::size_t j = i;
        while (j < s.size() && s[j] == U'#')
            ++j;
        if (j == s.size() || isBlank(s[j])) {
            out.markdownHeading = true;
            out.headingLevel = static_cast<int>(j - i);
            i = skipBlanks(s, j);
        }
    }
    // Bold markers are dropped everywhere: "**1.**", "**Q1**" and "**一面**" read as plain text.
    std::u32string t;
    for (std::size_t k = i; k < s.size(); ++k) {
        if (s[k] == U'*' && k + 1 < s.size() && s[k + 1] == U'*') {
            ++k;
            continue;
        }
        t.push_back(s[k]);
    }
    while (!t.empty() && isBlank(t.back()))
        t.pop_back();
    out.text = encodeUtf8(t);

    std::size_t p = 0;
    if (!t.empty()) {
        const char32_t c = t[0];
        const bool spacedBullet = (c == U'-' || c == U'*' || c == U'+') && t.size() > 1 && isBlank(t[1]);
        const bool glyphBullet =
            c == U'•' || c == U'·' || c == U'●' || c == U'○' || c == U'▪' || c == U'◦' || c == U'■';
        if (spacedBullet || glyphBullet) {
            out.marker = LineMarker::Bullet;
            p = skipBlanks(t, 1);
        }
    }
    if (std::size_t q = prefixAfter(t, p, {U"追问", U"follow-up", U"follow up", U"followup"})) {
        out.marker = LineMarker::FollowUpPrefix;
        p = q;
        if (p < t.size() && t[p] == U'了')
            ++p;
        if (p < t.size() && foldWidth(t[p]) == U':')
            ++p;
    } else if (std::size_t a =
                   prefixAfter(t, p, {U"答:", U"回答:", U"答案:", U"我的回答:", U"我答:", U"a:"})) {
        out.marker = LineMarker::AnswerPrefix;
        p = a;
    } else if (std::size_t w = prefixAfter(t, p, {U"问:", U"问题:"})) {
        out.marker = LineMarker::QuestionPrefix;
        p = w;
    } else if (foldedStartsWith(t, p, U"q") || foldedStartsWith(t, p, U"问题")
               || foldedStartsWith(t, p, U"第")) {
        // Q1: / Q1. / Q: / 问题1： / 第1题
        std::size_t j = p + (foldedStartsWith(t, p, U"q") ? 1 : (foldedStartsWith(t, p, U"问题") ? 2 : 1));
        int n = 0;
        const std::size_t d = j;
        while (j < t.size() && isDigit(foldWidth(t[j])) && j - d < 3)
            n = n * 10 + static_cast<int>(foldWidth(t[j++]) - U'0');
        const bool di = foldedStartsWith(t, p, U"第");
        if (di ? (j > d && j < t.size() && t[j] == U'题') : true) {
            const bool hasDigits = j > d;
            const char32_t sep = j < t.size() ? foldWidth(t[j]) : U'\0';
            const bool sepOk = di || sep == U':' || sep == U'.' || sep == U'、' || sep == U')'
                               || (hasDigits && isBlank(sep));
            const bool isQ = foldedStartsWith(t, p, U"q");
            if (sepOk && (hasDigits || (isQ && sep == U':'))) {
                out.marker = LineMarker::QuestionPrefix;
                out.numberStyle = NumberStyle::Q;
                out.number = n;
                p = j + 1;
                if (di && p < t.size() && foldWidth(t[p]) == U':')
                    ++p;
            }
        }
    }
    if (out.marker == LineMarker::None || out.marker == LineMarker::Bullet) {
        int n = 0;
        NumberStyle style = NumberStyle::None;
        if (std::size_t m = numberMarker(t, p, n, style)) {
            out.marker = LineMarker::Number;
            out.number = n;
            out.numberStyle = style;
            p = m;
        }
    }
    p = skipBlanks(t, p);
    out.content = trim(encodeUtf8(std::u32string_view(t).substr(std::min(p, t.size()))));
    return out;
}

}  // namespace importer
