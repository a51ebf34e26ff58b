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

}  // namespace importer
