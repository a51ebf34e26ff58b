#include "round_names.h"

#include "ascii_text.h"

#include <algorithm>
#include <array>

namespace importer {

namespace {

struct RoundName {
    const char* text;
    const char* id;
};

// Longer spellings come first so that "技术一面" and "HR面" win over their shorter parts.
constexpr std::array kRoundNames = {
    RoundName{"第一轮", "first"},  RoundName{"第二轮", "second"}, RoundName{"第三轮", "third"},
    RoundName{"第四轮", "fourth"}, RoundName{"第五轮", "fifth"},  RoundName{"第一面", "first"},
    RoundName{"第二面", "second"}, RoundName{"第三面", "third"},  RoundName{"hrbp面", "hr"},
    RoundName{"hr 面", "hr"},      RoundName{"hr面", "hr"},       RoundName{"人事面", "hr"},
    RoundName{"主管面", "manager"}, RoundName{"leader面", "manager"}, RoundName{"leader 面", "manager"},
    RoundName{"老板面", "manager"}, RoundName{"总监面", "manager"}, RoundName{"部门负责人面", "manager"},
    RoundName{"交叉面", "cross"},  RoundName{"终面", "final"},    RoundName{"加面", "extra"},
    RoundName{"电话面", "phone-screen"}, RoundName{"在线笔试", "written"}, RoundName{"笔试", "written"},
    RoundName{"机试", "written"},  RoundName{"一面", "first"},    RoundName{"二面", "second"},
    RoundName{"三面", "third"},    RoundName{"四面", "fourth"},   RoundName{"五面", "fifth"},
    RoundName{"1面", "first"},     RoundName{"2面", "second"},    RoundName{"3面", "third"},
    RoundName{"4面", "fourth"},    RoundName{"first round", "first"}, RoundName{"second round", "second"},
    RoundName{"third round", "third"}, RoundName{"fourth round", "fourth"}, RoundName{"1st round", "first"},
    RoundName{"2nd round", "second"}, RoundName{"3rd round", "third"}, RoundName{"round 1", "first"},
    RoundName{"round 2", "second"}, RoundName{"round 3", "third"}, RoundName{"round 4", "fourth"},
    RoundName{"hr round", "hr"},   RoundName{"manager round", "manager"}, RoundName{"hiring manager", "manager"},
    RoundName{"final round", "final"}, RoundName{"phone screen", "phone-screen"},
    RoundName{"online assessment", "written"}, RoundName{"written test", "written"}, RoundName{"oa", "written"},
};

bool isAscii(std::string_view s) {
    for (char c : s)
        if (static_cast<unsigned char>(c) >= 0x80) return false;
    return true;
}

} // namespace

std::vector<RoundMatch> findRounds(std::string_view text) {
    const std::string lower = asciiLower(text);
    std::vector<RoundMatch> found;
    std::vector<bool> taken(lower.size(), false);
    for (const RoundName& r : kRoundNames) {
        const std::string_view needle(r.text);
        for (std::size_t pos = lower.find(needle); pos != std::string::npos; pos = lower.find(needle, pos + 1)) {
            // Latin names and names starting with a digit must stand as words ("1面" is not in "21面").
            const bool latinStart = isAscii(needle.substr(0, 1));
            const bool latinEnd = isAscii(needle.substr(needle.size() - 1));
            if (latinStart && pos > 0 && isAsciiAlnum(lower[pos - 1])) continue;
            if (latinEnd && pos + needle.size() < lower.size() && isAsciiAlnum(lower[pos + needle.size()])) continue;
            bool overlap = false;
            for (std::size_t k = pos; k < pos + needle.size(); ++k) overlap = overlap || taken[k];
            if (overlap) continue;
            for (std::size_t k = pos; k < pos + needle.size(); ++k) taken[k] = true;
            found.push_back(RoundMatch{r.id, std::string(text.substr(pos, needle.size())), pos});
        }
    }
    std::sort(found.begin(), found.end(), [](const RoundMatch& a, const RoundMatch& b) { return a.offset < b.offset; });
    return found;
}

std::string normalizeRound(std::string_view name) {
    const auto rounds = findRounds(trimAscii(name));
    return rounds.size() == 1 ? rounds.front().id : std::string();
}

} // namespace importer
