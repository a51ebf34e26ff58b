#include "deck/sightings_source.h"

#include <algorithm>
#include <map>
#include <set>

#include "deck/sighting_fields.h"
#include "deck/source_text.h"

namespace deck {

namespace {

std::string trimmed(std::string_view s)
{
    return trimSource(s);
}

std::vector<std::string> cellsOf(std::string_view line)
{
    std::vector<std::string> cells;
    std::size_t start = 0;
    while (true) {
        const std::size_t tab = line.find('\t', start);
        cells.push_back(trimmed(
            line.substr(start, tab == std::string_view::npos ? std::string_view::npos : tab - start)));
        if (tab == std::string_view::npos)
            return cells;
        start = tab + 1;
    }
}

bool isIsoDate(const std::string& date)
{
    const bool shape =
        (date.size() == 10 || date.size() == 7)
        && std::all_of(date.begin(), date.end(), [](char c) { return (c >= '0' && c <= '9') || c == '-'; })
        && date[4] == '-' && (date.size() == 7 || date[7] == '-')
        && std::count(date.begin(), date.end(), '-') == (date.size() == 7 ? 1 : 2);
    if (!shape)
        return false;
    const int month = std::stoi(date.substr(5, 2));
    const int day = date.size() == 10 ? std::stoi(date.substr(8, 2)) : 1;
    return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/// A positive whole number of at most 6 digits, else 0.
int positive(const std::string& s)
{
    if (s.empty() || s.size() > 6
        || !std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return 0;
    return std::stoi(s);
}

bool oneOf(const std::vector<std::string>& set, const std::string& value)
{
    return std::find(set.begin(), set.end(), value) != set.end();
}

std::string joined(const std::vector<std::string>& set)
{
    std::string out;
    for (const std::string& s : set)
        out += (out.empty() ? "" : ", ") + s;
    return out;
}

enum class Table {
    Unknown,
    Sightings,
    Ledger,
    Reports
};

const std::vector<std::string> kSightingsHeader = {"card", "company",   "round", "role", "direction",
                                                   "date", "date_kind", "url",   "item"};
const std::vector<std::string> kLedgerHeader = {"reason", "company",   "round", "role", "direction",
                                                "date",   "date_kind", "url",   "item"};
const std::vector<std::string> kReportsHeader = {"url", "items"};

}  // namespace

void parseSightings(std::string_view text, const std::string& fileName, SightingsParse& into)
{
    Table table = Table::Unknown;
    bool header = true;
    std::size_t pos = 0;
    int lineNo = 0;
    while (pos < text.size()) {
        std::size_t nl = text.find('\n', pos);
        if (nl == std::string_view::npos)
            nl = text.size();
        std::string_view line = text.substr(pos, nl - pos);
        pos = nl + 1;
        ++lineNo;
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (trimmed(line).empty() || line.front() == '#')
            continue;
        const std::vector<std::string> cells = cellsOf(line);
        auto fail = [&](const std::string& message) {
            into.errors.push_back({ErrorKind::InvalidInput, message, fileName, lineNo});
        };
        if (header) {
            header = false;
            if (cells == kSightingsHeader)
                table = Table::Sightings;
            else if (cells == kLedgerHeader)
                table = Table::Ledger;
            else if (cells == kReportsHeader)
                table = Table::Reports;
            else {
                fail("the header must be one of: '" + joined(kSightingsHeader) + "' (sightings), '"
                     + joined(kLedgerHeader) + "' (ledger), '" + joined(kReportsHeader)
                     + "' (reports), tab-separated");
                return;
            }
            continue;
        }
        if (table == Table::Reports) {
            if (cells.size() != 2) {
                fail("expected 2 tab-separated columns, found " + std::to_string(cells.size()));
                continue;
            }
            ReportItems r{cells[0], positive(cells[1]), fileName, lineNo};
            if (!(r.url.starts_with("https://") || r.url.starts_with("http://")))
                fail("url '" + r.url + "' must start with http:// or https://");
            if (r.items == 0)
                fail("items '" + cells[1] + "' must be a positive whole number");
            into.reports.push_back(std::move(r));
            continue;
        }
        if (cells.size() != 9) {
            fail("expected 9 tab-separated columns, found " + std::to_string(cells.size()));
            continue;
        }
        Sighting s;
        s.company = cells[1];
        s.round = cells[2];
        s.role = cells[3];
        s.direction = cells[4];
        s.date = cells[5];
        s.dateKind = cells[6];
        s.sourceUrl = cells[7];
        if (!oneOf(sightingDirections(), s.direction))
            fail("direction '" + s.direction + "' must be one of " + joined(sightingDirections()));
        if (!isIsoDate(s.date))
            fail("date '" + s.date + "' must be YYYY-MM-DD or YYYY-MM");
        if (!oneOf(sightingDateKinds(), s.dateKind))
            fail("date_kind '" + s.dateKind + "' must be one of " + joined(sightingDateKinds()));
        if (!(s.sourceUrl.starts_with("https://") || s.sourceUrl.starts_with("http://")))
            fail("url '" + s.sourceUrl + "' must start with http:// or https://");
        if (!cells[8].empty()) {
            s.item = positive(cells[8]);
            if (s.item == 0)
                fail("item '" + cells[8] + "' must be empty or a positive whole number");
        }
        if (table == Table::Sightings) {
            if (cells[0].empty())
                fail("a sighting needs a card id");
            into.sightings.push_back({cells[0], std::move(s), fileName, lineNo});
        } else {
            if (!oneOf(ledgerReasons(), cells[0]))
                fail("reason '" + cells[0] + "' must be one of " + joined(ledgerReasons()));
            if (s.item == 0)
                fail("a ledger row names the report's item");
            into.ledger.push_back({cells[0], std::move(s), fileName, lineNo});
        }
    }
}

void checkSightings(const SightingsParse& tables, const std::vector<SourceCard>& cards,
                    std::vector<Error>& errors)
{
    std::set<std::string> uids;
    for (const SourceCard& c : cards)
        uids.insert(c.content.uid);
    std::map<std::string, const ReportItems*> reports;
    for (const ReportItems& r : tables.reports) {
        auto [it, inserted] = reports.emplace(r.url, &r);
        if (!inserted)
            errors.push_back({ErrorKind::InvalidInput,
                              "report '" + r.url + "' is listed twice (also at " + it->second->file + ":"
                                  + std::to_string(it->second->line) + ")",
                              r.file, r.line});
    }
    std::map<std::pair<std::string, int>, std::string> named;  // (url, item) -> "file:line"
    auto claim = [&](const Sighting& s, const std::string& file, int line) {
        if (s.item == 0) {
            if (reports.count(s.sourceUrl))
                errors.push_back(
                    {ErrorKind::InvalidInput, "a row of a listed report must name its item", file, line});
            return;
        }
        if (auto r = reports.find(s.sourceUrl); r != reports.end() && s.item > r->second->items)
            errors.push_back({ErrorKind::InvalidInput,
                              "item " + std::to_string(s.item) + " is past the report's "
                                  + std::to_string(r->second->items) + " items",
                              file, line});
        const std::string here = file + ":" + std::to_string(line);
        auto [it, inserted] = named.emplace(std::make_pair(s.sourceUrl, s.item), here);
        if (!inserted)
            errors.push_back(
                {ErrorKind::InvalidInput,
                 "item " + std::to_string(s.item) + " of this report is already named at " + it->second, file,
                 line});
    };
    for (const SourceSighting& s : tables.sightings) {
        if (!uids.count(s.cardUid))
            errors.push_back(
                {ErrorKind::InvalidInput, "sighting names missing card '" + s.cardUid + "'", s.file, s.line});
        claim(s.sighting, s.file, s.line);
    }
    for (const LedgerItem& l : tables.ledger)
        claim(l.where, l.file, l.line);
}

}  // namespace deck
