#include "csv_reader.h"

#include "ascii_text.h"
#include "company_aliases.h"
#include "round_names.h"
#include "utf8.h"

#include <algorithm>

namespace importer {

namespace {

std::size_t count(std::string_view s, char c)
{
    return static_cast<std::size_t>(std::count(s.begin(), s.end(), c));
}

std::vector<std::string> splitList(std::string_view s)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= s.size()) {
        std::size_t end = s.find(';', start);
        if (end == std::string_view::npos)
            end = s.size();
        std::string item = trim(s.substr(start, end - start));
        if (!item.empty())
            out.push_back(item);
        start = end + 1;
    }
    return out;
}

}  // namespace

Result<CsvTable> parseCsv(std::string_view text, const std::string& fileName, char delimiter)
{
    if (startsWith(text, "\xEF\xBB\xBF"))
        text.remove_prefix(3);
    CsvTable table;
    if (delimiter == 0) {
        const std::string_view first = text.substr(0, text.find('\n'));
        delimiter = count(first, '\t') > count(first, ',') ? '\t' : ',';
    }
    table.delimiter = delimiter;

    std::vector<std::vector<std::string>> records;
    std::vector<std::size_t> lines;
    std::vector<std::string> record;
    std::string field;
    std::size_t line = 1, recordLine = 1;
    bool inQuotes = false, wasQuoted = false, afterQuote = false, recordHasContent = false;
    std::size_t quoteLine = 0;
    auto endField = [&] {
        record.push_back(field);
        field.clear();
        wasQuoted = afterQuote = false;
    };
    auto endRecord = [&] {
        endField();
        const bool blank = record.size() == 1 && record[0].empty() && !recordHasContent;
        if (!blank) {
            records.push_back(std::move(record));
            lines.push_back(recordLine);
        }
        record.clear();
        recordHasContent = false;
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inQuotes) {
            if (c == '"') {
                if (i + 1 < text.size() && text[i + 1] == '"') {
                    field.push_back('"');
                    ++i;
                } else {
                    inQuotes = false;
                    afterQuote = true;
                }
            } else {
                if (c == '\n')
                    ++line;
                field.push_back(c);
            }
            continue;
        }
        if (c == delimiter) {
            endField();
            recordHasContent = true;
            continue;
        }
        if (c == '\r' || c == '\n') {
            if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n')
                ++i;
            endRecord();
            ++line;
            recordLine = line;
            continue;
        }
        if (afterQuote)
            return makeError(ErrorKind::CsvQuoting, fileName, line,
                             "text after the closing quote of field " + std::to_string(record.size() + 1));
        if (c == '"') {
            if (!field.empty() || wasQuoted)
                return makeError(ErrorKind::CsvQuoting, fileName, line,
                                 "a quote inside unquoted field " + std::to_string(record.size() + 1)
                                     + " (quote the whole field and double the quote)");
            inQuotes = wasQuoted = true;
            quoteLine = line;
            recordHasContent = true;
            continue;
        }
        field.push_back(c);
        recordHasContent = true;
    }
    if (inQuotes)
        return makeError(ErrorKind::CsvQuoting, fileName, quoteLine,
                         "a quoted field opened here is never closed");
    if (recordHasContent || !field.empty() || !record.empty())
        endRecord();
    if (records.empty())
        return makeError(ErrorKind::EmptyInput, fileName, 0, "no header row");

    table.header = records.front();
    for (auto& h : table.header)
        h = trim(h);
    for (std::size_t r = 1; r < records.size(); ++r) {
        if (records[r].size() != table.header.size())
            return makeError(ErrorKind::CsvColumns, fileName, lines[r],
                             "the row has " + std::to_string(records[r].size()) + " fields; the header has "
                                 + std::to_string(table.header.size()));
        table.rows.push_back(std::move(records[r]));
        table.rowLines.push_back(lines[r]);
    }
    return table;
}

CsvColumnMap guessColumnMap(const std::vector<std::string>& header)
{
    static const std::vector<std::pair<CsvField, std::vector<std::string>>> kNames = {
        {CsvField::Uid, {"uid", "id", "card id"}},
        {CsvField::Question, {"question", "q", "问题", "题目", "front", "正面"}},
        {CsvField::QuestionEn, {"en", "question_en", "english"}},
        {CsvField::Answer, {"answer", "a", "答案", "back", "背面", "参考答案"}},
        {CsvField::Topic, {"topic", "主题"}},
        {CsvField::Level, {"level", "难度", "等级"}},
        {CsvField::Kind, {"kind", "type", "类型"}},
        {CsvField::Tags, {"tags", "tag", "标签"}},
        {CsvField::Points, {"points", "key points", "要点"}},
        {CsvField::Sources, {"sources", "references", "参考"}},
        {CsvField::Company, {"company", "公司"}},
        {CsvField::Round, {"round", "轮次", "面试轮次"}},
        {CsvField::Role, {"role", "岗位", "方向"}},
        {CsvField::Date, {"date", "日期", "时间"}},
        {CsvField::Source, {"source", "url", "来源", "链接"}},
    };
    CsvColumnMap map;
    for (const auto& h : header) {
        const std::string key = asciiLower(trim(h));
        for (const auto& [field, names] : kNames)
            if (!map.count(field) && std::find(names.begin(), names.end(), key) != names.end())
                map[field] = h;
    }
    return map;
}

Result<ImportBatch> csvToBatch(const CsvTable& table, const CsvColumnMap& columns,
                               const std::string& fileName)
{
    if (!columns.count(CsvField::Question))
        return makeError(ErrorKind::CsvColumns, fileName, 1,
                         "no question column (name one 'question' or map it)");
    std::map<CsvField, std::size_t> index;
    for (const auto& [field, name] : columns) {
        const auto it = std::find(table.header.begin(), table.header.end(), name);
        if (it == table.header.end())
            return makeError(ErrorKind::CsvColumns, fileName, 1, "the header has no column '" + name + "'");
        index[field] = static_cast<std::size_t>(it - table.header.begin());
    }
    ImportBatch batch;
    batch.source = fileName;
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
        const auto& row = table.rows[r];
        auto get = [&](CsvField f) { return index.count(f) ? trim(row[index.at(f)]) : std::string(); };
        CandidateCard card;
        card.line = table.rowLines[r];
        card.content.question = get(CsvField::Question);
        if (card.content.question.empty())
            continue;
        card.content.uid = get(CsvField::Uid);
        card.content.questionEn = get(CsvField::QuestionEn);
        card.content.answer = index.count(CsvField::Answer) ? row[index.at(CsvField::Answer)] : std::string();
        card.content.topic = get(CsvField::Topic);
        if (const std::string level = get(CsvField::Level); !level.empty()) {
            int v = 0;
            const bool digits = level.size() <= 2 && std::all_of(level.begin(), level.end(), [](char c) {
                                    return c >= '0' && c <= '9';
                                });
            if (digits)
                v = std::stoi(level);
            if (v < 1 || v > 10)
                return makeError(ErrorKind::CsvColumns, fileName, card.line,
                                 "level '" + level + "' is not 1-10");
            card.content.level = v;
        }
        if (const std::string kind = get(CsvField::Kind);
            !kind.empty() && !deck::parseCardKind(kind, &card.content.kind))
            return makeError(ErrorKind::CsvColumns, fileName, card.line,
                             "kind '" + kind + "' is not question, formula, demo or coding");
        card.content.tags = splitList(get(CsvField::Tags));
        card.content.keyPoints = splitList(get(CsvField::Points));
        card.content.sources = splitList(get(CsvField::Sources));
        deck::Sighting s;
        const std::string company = get(CsvField::Company);
        s.company = canonicalCompany(company).value_or(company);
        const std::string round = get(CsvField::Round);
        const std::string roundId = normalizeRound(round);
        s.round = roundId.empty() ? round : roundId;
        s.role = get(CsvField::Role);
        s.date = get(CsvField::Date);
        s.sourceUrl = get(CsvField::Source);
        if (!s.company.empty() || !s.round.empty() || !s.role.empty() || !s.date.empty()
            || !s.sourceUrl.empty())
            card.sightings.push_back(std::move(s));
        batch.cards.push_back(std::move(card));
    }
    // A header with nothing under it (or only rows without a question) is a mistake to report,
    // not an empty import to record.
    if (batch.cards.empty())
        return makeError(ErrorKind::EmptyInput, fileName, table.rows.empty() ? 1 : table.rowLines.front(),
                         table.rows.empty() ? "the CSV has a header but no rows below it"
                                            : "no row of the CSV has a question");
    return batch;
}

}  // namespace importer
