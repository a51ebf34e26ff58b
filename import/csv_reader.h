#pragma once
// CSV and TSV (RFC 4180) with a header row, and the mapping of its columns to card fields.

#include "candidate_cards.h"
#include "import_error.h"

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace importer {

struct CsvTable {
    char delimiter = ',';
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
    std::vector<std::size_t> rowLines;  ///< 1-based line on which each row starts
};

/// Parses RFC 4180 text: fields split by `delimiter`, quoted fields with "" for a quote and line
/// breaks allowed inside quotes, CRLF or LF between records, empty lines skipped. delimiter 0
/// picks ',' or '\t', whichever the header line has more of. Errors name the line: a quote
/// inside an unquoted field, text after a closing quote, a quote never closed (the line where it
/// opened), a row whose field count differs from the header's.
Result<CsvTable> parseCsv(std::string_view text, const std::string& fileName, char delimiter = 0);

/// Card fields a column can fill. "question" is required; list fields (tags, points, sources)
/// take ';'-separated values.
enum class CsvField {
    Uid,
    Question,
    QuestionEn,
    Answer,
    Topic,
    Level,
    Kind,
    Tags,
    Points,
    Sources,
    Company,
    Round,
    Role,
    Date,
    Source
};

/// Field -> header name. Headers not named are ignored.
using CsvColumnMap = std::map<CsvField, std::string>;

/// Recognises the usual header names (question/问题/q, answer/答案/a, topic/主题, company/公司,
/// round/轮次, role/岗位, date/日期, source/url/来源, tags/标签, level/难度, en, uid/id, kind,
/// points/要点), case-insensitively.
CsvColumnMap guessColumnMap(const std::vector<std::string>& header);

/// Turns rows into candidate cards. Errors: CsvColumns when a mapped header is missing from the
/// table (line 1) or no question column is mapped, or a level is not 1–10 (that row's line).
/// Rows with an empty question are skipped. Company names go through the alias table; unknown
/// ones are kept as written.
Result<ImportBatch> csvToBatch(const CsvTable& table, const CsvColumnMap& columns,
                               const std::string& fileName);

}  // namespace importer
