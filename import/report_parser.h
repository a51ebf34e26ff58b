#pragma once
// Splits interview reports, as people post them, into companies, rounds and questions.

#include "import_error.h"
#include "interview_report.h"

#include <string>
#include <string_view>
#include <vector>

namespace importer {

/// Parses UTF-8 text holding one or more interview reports. A heading that names a company
/// starts a new report; a heading that names a round starts a new round. Questions are found in
/// numbered lists (1. 1、 (1) （1） Q1 **1.**), bullets, Q/A pairs and prose ("先问了 X，然后问了
/// Y"). 追问 lines join their question; inline answers go to `answer`; self-introduction and 反问
/// are left out. Text with no question at all gives an EmptyInput error naming `fileName`.
Result<std::vector<InterviewReport>> parseInterviewReports(std::string_view text,
                                                           const std::string& fileName);

/// Where a question is in parsed reports.
struct QuestionPlace {
    std::size_t report = 0, round = 0, question = 0;
};

/// The user's corrections in the import window. A line read as a question is the answer to the
/// question above it in the same round: its text (with its follow-ups and answer) is appended to
/// that answer, and it is no longer a question. False when there is no question above.
bool questionToAnswer(std::vector<InterviewReport>& reports, const QuestionPlace& at);
/// The lines of a question's answer as the parser kept them (empty: no answer).
std::vector<std::string> answerLinesOf(const ReportQuestion& question);
/// Line `line` (0-based, of answerLinesOf) of a question's answer is a question of its own: it
/// follows that question, the answer lines after it become its answer, those before stay.
/// False when there is no such line or it is blank.
bool answerLineToQuestion(std::vector<InterviewReport>& reports, const QuestionPlace& at, std::size_t line);

}  // namespace importer
