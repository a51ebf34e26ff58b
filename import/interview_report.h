#pragma once
// What the interview-report parser finds in a post.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace importer {

/// How the parser recognised a line as a question, from the surest to the least sure.
enum class QuestionEvidence {
    Numbered,  ///< a numbered list item ("3. …", "（2）…", "Q4: …")
    Marked,    ///< a bulleted item or a question prefix ("- …", "问：…")
    Heading,   ///< a question heading ("### 6、介绍智能指针？")
    Speaker,   ///< the interviewer's words ("面试官：…")
    Plain,     ///< a short line of its own that reads as a question or a subject
    Label,     ///< a bare subject under a label ("八股：" then "TCP 三次握手")
    Prose,     ///< a clause cut out of a paragraph ("二面问了 NCCL，还问了 …")
    Chosen,    ///< made a question by the user in the import window
};

/// The parser's confidence in a question, from how it was recognised: high for a list item, a
/// heading or the interviewer's words; medium for a plain line or a subject under a label; low
/// for a clause out of a paragraph.
enum class QuestionConfidence {
    High,
    Medium,
    Low
};
QuestionConfidence confidenceOf(QuestionEvidence evidence);
/// "numbered", "marked", "heading", "speaker", "plain", "label", "prose".
const char* evidenceName(QuestionEvidence evidence);

struct ReportQuestion {
    std::string text;                    ///< the question as written, list marker removed
    std::vector<std::string> followUps;  ///< 追问 attached to this question, in order
    std::string answer;                  ///< what the poster wrote as their answer, kept apart
    std::size_t line = 0;                ///< 1-based line of the question in the post
    QuestionEvidence evidence = QuestionEvidence::Numbered;

    bool operator==(const ReportQuestion&) const = default;
};

struct ReportRound {
    std::optional<std::string> round;  ///< normalised name ("一面", "HR面" …), empty when not said
    std::string roundRaw;              ///< as written ("二面"), empty when not said
    std::vector<ReportQuestion> questions;
    std::size_t line = 0;  ///< line of the heading that started it (0: none)
};

struct InterviewReport {
    std::optional<std::string> company;  ///< canonical name, empty when unknown (never guessed)
    std::string companyRaw;              ///< the alias as written, or the title line when no alias matched
    std::optional<std::string> role;     ///< normalised direction ("inference-framework" …)
    std::string roleRaw;
    std::optional<std::string> date;  ///< "YYYY-MM-DD" or "YYYY-MM" when the post gives one
    std::vector<ReportRound> rounds;
    std::size_t line = 0;  ///< line where this report starts

    std::size_t questionCount() const
    {
        std::size_t n = 0;
        for (const auto& r : rounds)
            n += r.questions.size();
        return n;
    }
};

}  // namespace importer
