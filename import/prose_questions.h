#pragma once
// Questions written as sentences: "面试官先问了 X，然后问了 Y，最后让手写 Z。"

#include <string>
#include <string_view>
#include <vector>

namespace importer {

enum class ClauseRole {
    Question,
    FollowUp,
    Answer
};

struct ProseClause {
    ClauseRole role = ClauseRole::Question;
    std::string text;
};

/// Splits a line of prose into clauses (at 。；，！？ and their ASCII forms) and keeps those that
/// ask something: the text after an asking verb (问了, 问到, 考了, 聊了, asked about …), after 让
/// (让我手写 X -> 手写 X), or a clause that reads as a question by itself. Clauses starting with
/// 我 / "I " are the poster's answer; 追问 starts a follow-up; narrative clauses are dropped, or
/// appended to the question before them in the same sentence when they continue it.
std::vector<ProseClause> extractProseQuestions(std::string_view line);

/// True when the line uses an asking verb, so that a heading line such as "二面问了 X" is also
/// read for questions.
bool hasAskingVerb(std::string_view line);

}  // namespace importer
