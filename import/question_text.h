#pragma once
// Rules for one question's text: inline answers and follow-ups split off, non-questions left out.

#include <string>
#include <string_view>
#include <vector>

namespace importer {

struct SplitQuestion {
    std::string text;
    std::vector<std::string> followUps;
    std::string answer;
};

/// Splits "Q？追问：F1（追问：F2）答：A" into its parts. An answer starts at 答：/回答：/A:, or at
/// "我" right after a question mark ("…的区别？我从显存讲了…").
SplitQuestion splitQuestionText(std::string_view text);

/// Self-introduction and the candidate's own questions (反问) are not interview questions.
bool isNonQuestion(std::string_view text);

/// True when the text asks something: a question mark or a word that asks (什么, 怎么, 区别,
/// 讲讲, 手写, how, why, explain …).
bool looksLikeQuestion(std::string_view text);

/// Trims white space and trailing list punctuation (，。；：,.;:) but keeps ？ and ?.
std::string cleanQuestion(std::string_view text);

}  // namespace importer
