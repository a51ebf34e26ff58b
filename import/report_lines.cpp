#include "report_lines.h"

#include "text_normalize.h"
#include "utf8.h"

#include <algorithm>

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

namespace {

struct NumberMark {
    std::size_t at;    ///< first digit
    std::size_t text;  ///< first byte after the separator
    int number;
    bool glued;  ///< right after a Latin letter ("kernel2."): may continue a sequence, not start one
};

bool asciiAlnum(char c)
{
    return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
}

/// Every "N." / "N、" / "N．" in `line` that can start an item.
std::vector<NumberMark> numberMarks(std::string_view line)
{
    std::vector<NumberMark> out;
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (line[i] < '0' || line[i] > '9' || (i > 0 && line[i - 1] >= '0' && line[i - 1] <= '9'))
            continue;
        const bool glued = i > 0 && asciiAlnum(line[i - 1]);
        // One letter before the number is a version or a name ("v1.", "H2."), not a word.
        if (glued && (i < 2 || !asciiAlnum(line[i - 2])))
            continue;
        std::size_t j = i;
        int n = 0;
        while (j < line.size() && j - i < 3 && line[j] >= '0' && line[j] <= '9')
            n = n * 10 + (line[j++] - '0');
        if (j < line.size() && line[j] >= '0' && line[j] <= '9')
            continue;  // four digits or more: a year, a size
        std::size_t sep = 0;
        if (line.compare(j, 1, ".") == 0)
            sep = 1;
        else if (line.compare(j, 3, "、") == 0 || line.compare(j, 3, "．") == 0)
            sep = 3;
        if (sep == 0 || (j + sep < line.size() && line[j + sep] >= '0' && line[j + sep] <= '9')) {
            i = j;
            continue;
        }
        out.push_back({i, j + sep, n, glued});
        i = j + sep - 1;
    }
    return out;
}

/// Where a round label ("二面", "HR面", "终面" with an optional colon) ends `before`, the byte
/// it starts at; npos when there is none.
std::size_t roundLabelStart(std::string_view before)
{
    std::string_view t = before;
    while (!t.empty() && (t.back() == ' ' || t.back() == '\t'))
        t.remove_suffix(1);
    for (std::string_view colon : {":", "：", ""}) {
        if (!colon.empty() && (t.size() < colon.size() || t.substr(t.size() - colon.size()) != colon))
            continue;
        std::string_view u = t.substr(0, t.size() - colon.size());
        static constexpr std::string_view kMian = "面";
        if (u.size() < kMian.size() || u.substr(u.size() - kMian.size()) != kMian)
            continue;
        u.remove_suffix(kMian.size());
        for (std::string_view head : {"一", "二", "三", "四", "五", "终", "HR", "hr", "主管", "交叉"})
            if (u.size() >= head.size() && u.substr(u.size() - head.size()) == head)
                return u.size() - head.size();
    }
    return std::string_view::npos;
}

}  // namespace

std::vector<std::string_view> runOnItems(std::string_view line)
{
    // Most lines hold one number or none: count digits followed by a separator before anything
    // is allocated.
    int separators = 0;
    for (std::size_t i = 0; i + 1 < line.size() && separators < 3; ++i)
        if (line[i] >= '0' && line[i] <= '9'
            && (line[i + 1] == '.' || line.compare(i + 1, 3, "、") == 0 || line.compare(i + 1, 3, "．") == 0))
            ++separators;
    if (separators < 3)
        return {line};
    const std::vector<NumberMark> marks = numberMarks(line);
    // Chains of consecutive numbers, each restarting at 1 (a new round) or continuing.
    std::vector<std::size_t> cuts;      // byte offsets where a piece starts
    std::vector<std::size_t> itemCuts;  // of those, the ones that start a numbered item
    std::size_t k = 0;
    while (k < marks.size()) {
        if (marks[k].glued) {
            ++k;
            continue;
        }
        std::vector<std::size_t> chain{k};
        // The next number of a list comes within a few numbers of the last one ("2. 问了 3 个 4
        // 卡的问题3. …"); looking no further keeps a hostile line of numbers linear.
        constexpr std::size_t kLookAhead = 8;
        for (std::size_t m = k + 1; m < marks.size() && m - chain.back() <= kLookAhead; ++m)
            if (marks[m].number == marks[chain.back()].number + 1)
                chain.push_back(m);
            else if (marks[m].number == 1 && !marks[m].glued && chain.size() >= 3)
                break;  // the next round's list starts here
        // Every item says something: two characters or more after its number ("2. v" and
        // "1. 2. 3." are not a list of questions).
        bool worded = chain.size() >= 3;
        for (std::size_t c = 0; worded && c < chain.size(); ++c) {
            const std::size_t end = c + 1 < chain.size() ? marks[chain[c + 1]].at : line.size();
            std::string_view body = line.substr(marks[chain[c]].text, end - marks[chain[c]].text);
            while (!body.empty() && (body.front() == ' ' || body.front() == '\t'))
                body.remove_prefix(1);
            std::size_t chars = 0;
            for (unsigned char ch : body)
                chars += (ch & 0xC0) != 0x80 && ch != ' ' ? 1 : 0;
            worded = chars >= 2;
        }
        if (worded) {
            for (std::size_t c : chain)
                itemCuts.push_back(marks[c].at);
            k = chain.back() + 1;
        } else {
            ++k;
        }
    }
    if (itemCuts.size() < 3)
        return {line};
    std::sort(itemCuts.begin(), itemCuts.end());
    for (std::size_t idx = 0; idx < itemCuts.size(); ++idx) {
        const std::size_t at = itemCuts[idx];
        const std::size_t from = idx == 0 ? 0 : itemCuts[idx - 1];
        // A round label just before a list that starts again at 1 is a piece of its own.
        const std::size_t label = roundLabelStart(line.substr(from, at - from));
        if (label != std::string_view::npos && label > 0)
            cuts.push_back(from + label);
        cuts.push_back(at);
    }
    std::vector<std::string_view> pieces;
    std::size_t start = 0;
    for (std::size_t c : cuts) {
        if (c > start) {
            const std::string_view piece = line.substr(start, c - start);
            if (piece.find_first_not_of(" \t") != std::string_view::npos)
                pieces.push_back(piece);
        }
        start = c;
    }
    if (start < line.size())
        pieces.push_back(line.substr(start));
    return pieces;
}

}  // namespace importer
