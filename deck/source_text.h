#pragma once
// Small text helpers shared by the readers of the deck's source files.

#include <string>
#include <string_view>

namespace deck {

/// `s` without leading and trailing spaces, tabs and carriage returns.
inline std::string trimSource(std::string_view s)
{
    const auto begin = s.find_first_not_of(" \t\r");
    if (begin == std::string_view::npos)
        return {};
    const auto end = s.find_last_not_of(" \t\r");
    return std::string(s.substr(begin, end - begin + 1));
}

}  // namespace deck
