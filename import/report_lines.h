#pragma once
// One line of an interview report, with its list marker recognised.

#include <cstddef>
#include <string>
#include <string_view>

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

}  // namespace importer
