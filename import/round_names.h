#pragma once
// Interview rounds as people name them, normalised to a small set of ids.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace importer {

/// Normalised round ids: "first" … "fifth", "hr", "manager", "cross", "final", "written",
/// "phone-screen", "extra".
struct RoundMatch {
    std::string id;
    std::string raw;        ///< as written: "二面", "HR面", "first round"
    std::size_t offset = 0; ///< byte offset in the searched text
};

/// Every round named in `text`, left to right, without overlaps ("一面+二面" gives two).
std::vector<RoundMatch> findRounds(std::string_view text);

/// The id for a round name written alone ("二面" -> "second"); empty when not a round.
std::string normalizeRound(std::string_view name);

} // namespace importer
