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
    RoundName{"第一轮", "一面"},
    RoundName{"第二轮", "二面"},
    RoundName{"第三轮", "三面"},
    RoundName{"第四轮", "四面"},
    RoundName{"第五轮", "五面"},
    RoundName{"第一面", "一面"},
    RoundName{"第二面", "二面"},
    RoundName{"第三面", "三面"},
    RoundName{"hrbp面", "HR面"},
    RoundName{"hr 面", "HR面"},
    RoundName{"hr面", "HR面"},
    RoundName{"人事面", "HR面"},
    RoundName{"主管面", "主管面"},
    RoundName{"leader面", "主管面"},
    RoundName{"leader 面", "主管面"},
    RoundName{"老板面", "主管面"},
    RoundName{"总监面", "主管面"},
    RoundName{"部门负责人面", "主管面"},
    RoundName{"交叉面", "交叉面"},
    RoundName{"终面", "终面"},
    RoundName{"加面", "加面"},
    RoundName{"电话面", "电话面"},
    RoundName{"在线笔试", "笔试"},
    RoundName{"笔试", "笔试"},
    RoundName{"机试", "笔试"},
    RoundName{"一面", "一面"},
    RoundName{"二面", "二面"},
    RoundName{"三面", "三面"},
    RoundName{"四面", "四面"},
    RoundName{"五面", "五面"},
    RoundName{"1面", "一面"},
    RoundName{"2面", "二面"},
    RoundName{"3面", "三面"},
    RoundName{"4面", "四面"},
    RoundName{"first round", "一面"},
    RoundName{"second round", "二面"},
    RoundName{"third round", "三面"},
    RoundName{"fourth round", "四面"},
    RoundName{"1st round", "一面"},
    RoundName{"2nd round", "二面"},
    RoundName{"3rd round", "三面"},
    RoundName{"round 1", "一面"},
    RoundName{"round 2", "二面"},
    RoundName{"round 3", "三面"},
    RoundName{"round 4", "四面"},
    RoundName{"hr round", "HR面"},
    RoundName{"manager round", "主管面"},
    RoundName{"hiring manager", "主管面"},
    RoundName{"final round", "终面"},
    RoundName{"phone screen", "电话面"},
    RoundName{"online assessment", "笔试"},
    RoundName{"written test", "笔试"},
    RoundName{"oa", "笔试"},
    // Seen in the field test on public reports (issue #10).
    RoundName{"初面", "一面"},
    RoundName{"复面", "二面"},
    RoundName{"一轮面试", "一面"},
    RoundName{"二轮面试", "二面"},
    RoundName{"三轮面试", "三面"},
    RoundName{"技术面", "技术面"},
    RoundName{"1st interview", "一面"},
    RoundName{"2nd interview", "二面"},
    RoundName{"3rd interview", "三面"},
    RoundName{"first interview", "一面"},
    RoundName{"second interview", "二面"},
    RoundName{"third interview", "三面"},
    RoundName{"round - 1", "一面"},
    RoundName{"round - 2", "二面"},
    RoundName{"round - 3", "三面"},
    RoundName{"round - 4", "四面"},
    RoundName{"round-1", "一面"},
    RoundName{"round-2", "二面"},
    RoundName{"round-3", "三面"},
    RoundName{"round-4", "四面"},
    RoundName{"phone 1", "一面"},
    RoundName{"phone 2", "二面"},
    RoundName{"phone 3", "三面"},
    RoundName{"onsite", "onsite"},
    // "## First-Round (2021-03-04)" headings and loops of more than four rounds.
    RoundName{"first-round", "一面"},
    RoundName{"second-round", "二面"},
    RoundName{"third-round", "三面"},
    RoundName{"fourth-round", "四面"},
    RoundName{"fifth round", "五面"},
    RoundName{"round 5", "五面"},
    RoundName{"round 6", "六面"},
    RoundName{"round 7", "七面"},
    RoundName{"round 8", "八面"},
    RoundName{"六面", "六面"},
    RoundName{"七面", "七面"},
    RoundName{"fourth interview", "四面"},
};

bool isAscii(std::string_view s)
{
    for (char c : s)
        if (static_cast<unsigned char>(c) >= 0x80)
            return false;
    return true;
}

}  // namespace

std::vector<RoundMatch> findRounds(std::string_view text)
{
    const std::string lower = asciiLower(text);
    std::vector<RoundMatch> found;
    std::vector<bool> taken(lower.size(), false);
    for (const RoundName& r : kRoundNames) {
        const std::string_view needle(r.text);
        for (std::size_t pos = lower.find(needle); pos != std::string::npos;
             pos = lower.find(needle, pos + 1)) {
            // Latin names and names starting with a digit must stand as words ("1面" is not in "21面").
            const bool latinStart = isAscii(needle.substr(0, 1));
            const bool latinEnd = isAscii(needle.substr(needle.size() - 1));
            if (latinStart && pos > 0 && isAsciiAlnum(lower[pos - 1]))
                continue;
            if (latinEnd && pos + needle.size() < lower.size() && isAsciiAlnum(lower[pos + needle.size()]))
                continue;
            // "技术面试" is "a technical interview", not a round called 技术面.
            if (needle == "技术面" && lower.compare(pos + needle.size(), 3, "试") == 0)
                continue;
            bool overlap = false;
            for (std::size_t k = pos; k < pos + needle.size(); ++k)
                overlap = overlap || taken[k];
            if (overlap)
                continue;
            for (std::size_t k = pos; k < pos + needle.size(); ++k)
                taken[k] = true;
            found.push_back(RoundMatch{r.id, std::string(text.substr(pos, needle.size())), pos});
        }
    }
    std::sort(found.begin(), found.end(),
              [](const RoundMatch& a, const RoundMatch& b) { return a.offset < b.offset; });
    return found;
}

std::string normalizeRound(std::string_view name)
{
    const auto rounds = findRounds(trimAscii(name));
    return rounds.size() == 1 ? rounds.front().id : std::string();
}

}  // namespace importer
