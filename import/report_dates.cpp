#include "report_dates.h"

#include "utf8.h"

#include <cstdio>

namespace importer {

namespace {

bool digit(char c) { return c >= '0' && c <= '9'; }

/// Reads 1–2 digits at `i`; returns the count read (0 when none or more than two).
std::size_t readSmall(std::string_view s, std::size_t i, int& v) {
    std::size_t n = 0;
    v = 0;
    while (i + n < s.size() && digit(s[i + n])) v = v * 10 + (s[i + n++] - '0');
    return n >= 1 && n <= 2 ? n : 0;
}

std::size_t readSeparator(std::string_view s, std::size_t i, bool& chinese) {
    if (i >= s.size()) return 0;
    if (s[i] == '-' || s[i] == '.' || s[i] == '/') { chinese = false; return 1; }
    for (std::string_view w : {"年", "月"})
        if (startsWith(s.substr(i), w)) { chinese = true; return w.size(); }
    return 0;
}

} // namespace

std::optional<std::string> findDate(std::string_view s) {
    for (std::size_t i = 0; i + 4 <= s.size(); ++i) {
        if (!(s[i] == '2' && s[i + 1] == '0' && digit(s[i + 2]) && digit(s[i + 3]))) continue;
        if (i > 0 && digit(s[i - 1])) continue;
        if (i + 4 < s.size() && digit(s[i + 4])) continue;
        const int year = 2000 + (s[i + 2] - '0') * 10 + (s[i + 3] - '0');
        bool chinese = false;
        std::size_t j = i + 4;
        const std::size_t s1 = readSeparator(s, j, chinese);
        if (s1 == 0) continue;
        j += s1;
        int month = 0;
        const std::size_t m = readSmall(s, j, month);
        if (m == 0 || month < 1 || month > 12) continue;
        j += m;
        bool chinese2 = false;
        const std::size_t s2 = readSeparator(s, j, chinese2);
        int day = 0;
        std::size_t d = 0;
        if (s2 > 0) d = readSmall(s, j + s2, day);
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
    return std::nullopt;
}

} // namespace importer
