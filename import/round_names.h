#pragma once
// Interview rounds as people name them, normalised to a small set of ids.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace importer {

/// Normalised round names, in the form the deck's sightings store ("一面", "HR面", "笔试"):
/// 一面 … 五面, HR面, 主管面, 交叉面, 终面, 笔试, 电话面, 加面. "NVIDIA first round" gives 一面 too,
/// so that browsing by round groups Chinese and English reports.
struct RoundMatch {
    std::string id;
    std::string raw;         ///< as written: "二面", "HR面", "first round"
    std::size_t offset = 0;  ///< byte offset in the searched text
};

/// Every round named in `text`, left to right, without overlaps ("一面+二面" gives two).
std::vector<RoundMatch> findRounds(std::string_view text);

/// The id for a round name written alone ("第二轮" -> "二面"); empty when not a round.
std::string normalizeRound(std::string_view name);

}  // namespace importer
