#include "ascii_text.h"

namespace importer {

bool isAsciiAlnum(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

std::string asciiLower(std::string_view s)
{
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return out;
}

std::string_view trimAscii(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

bool isWordBoundary(std::string_view s, std::size_t pos, std::size_t len)
{
    const bool left = pos == 0 || !isAsciiAlnum(s[pos - 1]);
    const bool right = pos + len >= s.size() || !isAsciiAlnum(s[pos + len]);
    return left && right;
}

}  // namespace importer
