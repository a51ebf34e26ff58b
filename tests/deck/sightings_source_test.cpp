#include <catch2/catch.hpp>

#include "deck/deck_source.h"
#include "deck/sightings_source.h"

using namespace deck;

namespace {

std::vector<std::string> messages(const std::vector<Error>& errors)
{
    std::vector<std::string> out;
    for (const Error& e : errors)
        out.push_back(e.describe());
    return out;
}

const char* kHeader = "card\tcompany\tround\trole\tdirection\tdate\tdate_kind\turl\titem\n";

}  // namespace

TEST_CASE("A sightings table is read with its line numbers, and bad cells are named", "[source]")
{
    const std::string text = std::string(kHeader)
                             + "# a comment\n"
                               "cuda-x\tByteDance\t一面\t推理框架\tinference\t2025-03-14\tinterview\thttps://"
                               "www.nowcoder.com/discuss/1\t\n"
                               "cuda-y\t\t\t\tunknown\t2026-04\tpublished\thttps://example.org/r.md\t3\n"
                               "cuda-x\tTencent\t二面\t\tgame\t14/03/2025\tseen\tftp://x\t0\n"
                               "cuda-x\tOnly three\tcolumns\n";
    SightingsParse p;
    parseSightings(text, "s.tsv", p);
    REQUIRE(p.sightings.size() == 3);
    CHECK(p.sightings[0].sighting.company == "ByteDance");
    CHECK(p.sightings[0].sighting.direction == "inference");
    CHECK(p.sightings[0].sighting.dateKind == "interview");
    CHECK(p.sightings[0].sighting.item == 0);
    CHECK(p.sightings[0].line == 3);
    CHECK(p.sightings[1].sighting.company.empty());  // the report names no company
    CHECK(p.sightings[1].sighting.item == 3);
    const auto m = messages(p.errors);
    REQUIRE(m.size() == 6);
    CHECK(m[0].starts_with("s.tsv:5: direction 'game' must be one of training, inference"));
    CHECK(m[1] == "s.tsv:5: date '14/03/2025' must be YYYY-MM-DD or YYYY-MM");
    CHECK(m[2] == "s.tsv:5: date_kind 'seen' must be one of interview, posted, published");
    CHECK(m[3] == "s.tsv:5: url 'ftp://x' must start with http:// or https://");
    CHECK(m[4] == "s.tsv:5: item '0' must be empty or a positive whole number");
    CHECK(m[5] == "s.tsv:6: expected 9 tab-separated columns, found 3");
}

TEST_CASE("A date with month 13 or day 32 is refused", "[source]")
{
    SightingsParse p;
    parseSightings(std::string(kHeader) + "cuda-x\tA\t一面\t\tunknown\t2026-13\tposted\thttps://a\t\n"
                       + "cuda-x\tA\t一面\t\tunknown\t2026-04-32\tposted\thttps://a\t\n"
                       + "cuda-x\tA\t一面\t\tunknown\t2026-12-31\tposted\thttps://a\t\n",
                   "d.tsv", p);
    const auto m = messages(p.errors);
    REQUIRE(m.size() == 2);
    CHECK(m[0] == "d.tsv:2: date '2026-13' must be YYYY-MM-DD or YYYY-MM");
    CHECK(m[1] == "d.tsv:3: date '2026-04-32' must be YYYY-MM-DD or YYYY-MM");
}

TEST_CASE("An unknown header stops the table at its first line", "[source]")
{
    SightingsParse p;
    parseSightings("card\tcompany\tround\trole\tdate\turl\ncuda-x\tA\tB\tC\t2025-01\thttps://a\n", "old.tsv",
                   p);
    REQUIRE(p.errors.size() == 1);
    CHECK(p.errors[0].describe().starts_with("old.tsv:1: the header must be one of"));
    CHECK(p.sightings.empty());
}

TEST_CASE("Items are counted across tables: none twice, none past the report's count", "[source]")
{
    const std::string url = "https://example.org/report.md";
    SightingsParse p;
    parseSightings("url\titems\n" + url + "\t3\nhttps://example.org/other.md\tx\n", "reports.tsv", p);
    parseSightings(std::string(kHeader) + "cuda-x\tA\t一面\t\tunknown\t2026-04-17\tpublished\t" + url
                       + "\t1\n" + "cuda-x\tA\t一面\t\tunknown\t2026-04-17\tpublished\t" + url + "\t4\n"
                       + "cuda-x\tA\t一面\t\tunknown\t2026-04-17\tpublished\t" + url + "\t\n"
                       + "cuda-nope\tA\t一面\t\tunknown\t2026-04-17\tpublished\thttps://elsewhere.org/\t\n",
                   "rows.tsv", p);
    parseSightings("reason\tcompany\tround\trole\tdirection\tdate\tdate_kind\turl\titem\n"
                   "hr\tA\t一面\t\tunknown\t2026-04-17\tpublished\t"
                       + url
                       + "\t1\n"
                         "coffee\tA\t一面\t\tunknown\t2026-04-17\tpublished\t"
                       + url
                       + "\t2\n"
                         "project\tA\t一面\t\tunknown\t2026-04-17\tpublished\t"
                       + url + "\t\n",
                   "ledger.tsv", p);
    const auto parseErrors = messages(p.errors);
    REQUIRE(parseErrors.size() == 3);
    CHECK(parseErrors[0] == "reports.tsv:3: items 'x' must be a positive whole number");
    CHECK(parseErrors[1].starts_with("ledger.tsv:3: reason 'coffee' must be one of project,"));
    CHECK(parseErrors[2] == "ledger.tsv:4: a ledger row names the report's item");
    REQUIRE(p.ledger.size() == 3);

    const std::vector<SourceCard> cards =
        parseDeckSource(
            "@card cuda-x\ntopic: cuda\nlevel: 1\nq: Q\nen: E\nanswer:\nA\npoints:\n- 1\n- 2\n- 3\n",
            "cuda.cards")
            .cards;
    std::vector<Error> errors;
    checkSightings(p, cards, errors);
    const auto m = messages(errors);
    REQUIRE(m.size() == 5);
    CHECK(m[0] == "rows.tsv:3: item 4 is past the report's 3 items");
    CHECK(m[1] == "rows.tsv:4: a row of a listed report must name its item");
    CHECK(m[2] == "rows.tsv:5: sighting names missing card 'cuda-nope'");
    CHECK(m[3] == "ledger.tsv:2: item 1 of this report is already named at rows.tsv:2");
    CHECK(m[4] == "ledger.tsv:4: a row of a listed report must name its item");
}
