#pragma once
// One line of an interview report, with its list marker recognised.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace importer {

enum class LineMarker {
    None,            ///< plain text
    Number,          ///< 1.  1、  1)  (1)  （1）  一、
    Bullet,          ///< -  *  +  •  ·  ●
    QuestionPrefix,  ///< Q:  Q1:  问：  问题1：  第1题
    AnswerPrefix,    ///< A:  答：  回答：
    FollowUpPrefix,  ///< 追问：  follow-up:
};

/// Numbering styles are counted separately, so "(1)" inside a "1." list keeps its own sequence.
enum class NumberStyle {
    None,
    Dot,
    Paren,
    Q,
    Chinese
};

struct ReportLine {
    std::size_t indent = 0;        ///< leading columns (tab = 4, ideographic space = 2)
    bool markdownHeading = false;  ///< started with '#'
    int headingLevel = 0;          ///< the number of '#' of a markdown heading (1 for "# ..."), else 0
    LineMarker marker = LineMarker::None;
    NumberStyle numberStyle = NumberStyle::None;
    int number = 0;       ///< the list number, for Number and numbered Q prefixes
    std::string text;     ///< the line without indent, '#', '>' and '**'
    std::string content;  ///< `text` without the list marker, trimmed
    bool empty() const { return text.empty(); }
};

ReportLine classifyLine(std::string_view rawLine);

/// A line that holds a whole numbered list run together ("一面 1. 自我介绍2. 项目3. 量化",
/// "…底层实现)2. 动态图…", "…？二面:1. …") split into its items: the text before the first
/// number, then one piece per number, with a round label that restarts the numbering
/// ("二面:") on its own piece. Numbers count as items only in an unbroken sequence of three or
/// more (1, 2, 3 …), each followed by '.', '、' or '．' and no digit, never right after a digit
/// ("3.5", "2024.") and, for the first of a sequence, not right after a Latin letter ("v1.",
/// "GPT4."); a later one may be ("…CUDA kernel2. NCCL…"). Any other line is returned whole.
std::vector<std::string_view> runOnItems(std::string_view line);

}  // namespace importer
