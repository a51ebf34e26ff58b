#include "report_dates.h"

#include "utf8.h"

#include <algorithm>
#include <cstdio>

namespace importer {

namespace {

bool digit(char c)
{
    return c >= '0' && c <= '9';
}

/// Reads 1–2 digits at `i`; returns the count read (0 when none or more than two).
std::size_t readSmall(std::string_view s, std::size_t i, int& v)
{
    std::size_t n = 0;
    v = 0;
    // At most three digits are added up: more is not a small number anyway (and a run of nines
    // must not overflow: found by the fuzzer).
    while (i + n < s.size() && digit(s[i + n])) {
        if (n < 3)
            v = v * 10 + (s[i + n] - '0');
        ++n;
    }
    return n >= 1 && n <= 2 ? n : 0;
}

std::size_t readSeparator(std::string_view s, std::size_t i, bool& chinese)
{
    if (i >= s.size())
        return 0;
    if (s[i] == '-' || s[i] == '.' || s[i] == '/') {
        chinese = false;
        return 1;
    }
    for (std::string_view w : {"年", "月"})
        if (startsWith(s.substr(i), w)) {
            chinese = true;
            return w.size();
        }
    return 0;
}

/// YY.MM.DD, YY-MM-DD or YY/MM/DD at `i`, its bytes in `len`.
std::optional<std::string> twoDigitYearDate(std::string_view s, std::size_t i, std::size_t* len)
{
    if (i + 2 > s.size() || !digit(s[i]) || !digit(s[i + 1]) || (i + 2 < s.size() && digit(s[i + 2])))
        return std::nullopt;
    const int year = 2000 + (s[i] - '0') * 10 + (s[i + 1] - '0');
    std::size_t j = i + 2;
    bool chinese = false;
    std::size_t sep = readSeparator(s, j, chinese);
    if (sep == 0)
        return std::nullopt;
    j += sep;
    int month = 0, day = 0;
    std::size_t m = readSmall(s, j, month);
    if (m == 0 || month < 1 || month > 12)
        return std::nullopt;
    j += m;
    sep = readSeparator(s, j, chinese);
    if (sep == 0)
        return std::nullopt;
    j += sep;
    std::size_t d = readSmall(s, j, day);
    if (d == 0 || day < 1 || day > 31)
        return std::nullopt;
    j += d;
    if (j < s.size() && digit(s[j]))
        return std::nullopt;
    if (len)
        *len = j - i;
    char buf[16];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", year, month, day);
    return std::string(buf);
}

/// The first English date: an optional day, a month name (three letters or the whole word, any
/// case), an optional day, and a four-digit year 2000–2099.
std::optional<std::string> englishDate(std::string_view s)
{
    static constexpr std::string_view kMonths[] = {"january",   "february", "march",    "april",
                                                   "may",       "june",     "july",     "august",
                                                   "september", "october",  "november", "december"};
    std::string lower(s);
    for (char& c : lower)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    auto isLetter = [&](std::size_t i) { return i < lower.size() && lower[i] >= 'a' && lower[i] <= 'z'; };
    for (std::size_t i = 0; i + 3 <= lower.size(); ++i) {
        if (i > 0 && isLetter(i - 1))
            continue;
        std::size_t j = i;
        while (isLetter(j))
            ++j;
        // The word is a month's name or a prefix of it of three letters or more: "Mar", "Sept".
        const std::string_view word = std::string_view(lower).substr(i, j - i);
        int month = 0;
        for (int m = 0; m < 12 && word.size() >= 3; ++m)
            if (kMonths[m].starts_with(word))
                month = m + 1;
        if (month == 0)
            continue;
        // A day before the month: "09 Mar".
        int day = 0;
        if (i >= 2 && lower[i - 1] == ' ') {
            std::size_t k = i - 1;
            int v = 0, mul = 1;
            std::size_t n = 0;
            while (k > 0 && digit(lower[k - 1]) && n < 2) {
                v += (lower[k - 1] - '0') * mul;
                mul *= 10;
                --k;
                ++n;
            }
            if (n > 0 && (k == 0 || !digit(lower[k - 1])) && v >= 1 && v <= 31)
                day = v;
        }
        // A day after it: "Mar 9, 2018".
        std::size_t y = j;
        while (y < lower.size() && lower[y] == ' ')
            ++y;
        if (day == 0) {
            int v = 0;
            const std::size_t n = readSmall(lower, y, v);
            if (n > 0 && v >= 1 && v <= 31 && !(y + n < lower.size() && digit(lower[y + n]))) {
                day = v;
                y += n;
                while (y < lower.size() && (lower[y] == ',' || lower[y] == ' '))
                    ++y;
            }
        }
        if (y + 4 > lower.size() || lower[y] != '2' || lower[y + 1] != '0' || !digit(lower[y + 2])
            || !digit(lower[y + 3]))
            continue;
        if (y + 4 < lower.size() && digit(lower[y + 4]))
            continue;
        const int year = 2000 + (lower[y + 2] - '0') * 10 + (lower[y + 3] - '0');
        char buf[16];
        if (day > 0)
            std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", year, month, day);
        else
            std::snprintf(buf, sizeof buf, "%04d-%02d", year, month);
        return std::string(buf);
    }
    return std::nullopt;
}

}  // namespace

std::size_t leadingDateBytes(std::string_view s)
{
    std::size_t i = 0;
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t'))
        ++i;
    std::size_t len = 0;
    if (i + 4 <= s.size() && digit(s[i]) && digit(s[i + 1]) && digit(s[i + 2]) && digit(s[i + 3])) {
        // Four-digit year: findDate on the rest must start right here.
        const auto tail = s.substr(i);
        if (!findDate(tail.substr(0, std::min<std::size_t>(tail.size(), 24))))
            return 0;
        std::size_t j = 4;
        bool chinese = false;
        for (int part = 0; part < 2; ++part) {
            const std::size_t sep = readSeparator(tail, j, chinese);
            if (sep == 0)
                break;
            int v = 0;
            const std::size_t n = readSmall(tail, j + sep, v);
            if (n == 0)
                break;
            j += sep + n;
        }
        len = j;
    } else if (!twoDigitYearDate(s, i, &len)) {
        return 0;
    }
    std::size_t j = i + len;
    for (std::string_view w : {"日", "号"})
        if (startsWith(s.substr(j), w)) {
            j += w.size();
            break;
        }
    for (bool more = true; more && j < s.size();) {
        more = false;
        for (std::string_view w : {" ", ",", "，", "、", "\t"})
            if (startsWith(s.substr(j), w)) {
                j += w.size();
                more = true;
                break;
            }
    }
    return j;
}

std::optional<std::string> findDate(std::string_view s)
{
    for (std::size_t i = 0; i + 4 <= s.size(); ++i) {
        if (!(s[i] == '2' && s[i + 1] == '0' && digit(s[i + 2]) && digit(s[i + 3])))
            continue;
        if (i > 0 && digit(s[i - 1]))
            continue;
        if (i + 4 < s.size() && digit(s[i + 4]))
            continue;
        const int year = 2000 + (s[i + 2] - '0') * 10 + (s[i + 3] - '0');
        bool chinese = false;
        std::size_t j = i + 4;
        const std::size_t s1 = readSeparator(s, j, chinese);
        if (s1 == 0)
            continue;
        j += s1;
        int month = 0;
        const std::size_t m = readSmall(s, j, month);
        if (m == 0 || month < 1 || month > 12)
            continue;
        j += m;
        bool chinese2 = false;
        const std::size_t s2 = readSeparator(s, j, chinese2);
        int day = 0;
        std::size_t d = 0;
        if (s2 > 0)
            d = readSmall(s, j + s2, day);
        char buf[16];
        if (d > 0 && day >= 1 && day <= 31) {
            std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", year, month, day);
            return std::string(buf);
        }
        if (chinese) {
            std::snprintf(buf, sizeof buf, "%04d-%02d", year, month);
            return std::string(buf);
        }
    }
    // English: "09 Mar 2018", "Mar 9, 2018", "March 2018", "Jan 2025".
    if (auto d = englishDate(s))
        return d;
    // "面试时间：25.10.11": a two-digit year only after a 时间 label.
    for (std::size_t p = s.find("时间"); p != std::string_view::npos; p = s.find("时间", p + 1)) {
        std::size_t j = p + std::string_view("时间").size();
        for (std::string_view w : {":", "：", " "})
            if (startsWith(s.substr(j), w))
                j += w.size();
        while (j < s.size() && s[j] == ' ')
            ++j;
        if (auto d = twoDigitYearDate(s, j, nullptr))
            return d;
    }
    return std::nullopt;
}

}  // namespace importer
