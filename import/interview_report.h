#pragma once
// What the interview-report parser finds in a post.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace importer {

struct ReportQuestion {
    std::string text;                    ///< the question as written, list marker removed
    std::vector<std::string> followUps;  ///< 追问 attached to this question, in order
    std::string answer;                  ///< what the poster wrote as their answer, kept apart
    std::size_t line = 0;                ///< 1-based line of the question in the post

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
