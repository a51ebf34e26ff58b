#include "import/csv_reader.h"

#include <catch2/catch.hpp>

using namespace importer;

TEST_CASE("RFC 4180: quotes, doubled quotes, line breaks inside quotes, CRLF", "[csv]")
{
    const std::string text = "question,answer,company\r\n"
                             "\"什么是 KV cache, 怎么估算\",\"按层、头、维度\r\n相乘\",字节\r\n"
                             "\"他说 \"\"paged\"\" 是关键\",,\r\n"
                             "\r\n"
                             "warp divergence,,NVIDIA";
    const auto t = parseCsv(text, "a.csv");
    REQUIRE(t.ok());
    CHECK(t->delimiter == ',');
    CHECK(t->header == std::vector<std::string>{"question", "answer", "company"});
    REQUIRE(t->rows.size() == 3);
    CHECK(t->rows[0][0] == "什么是 KV cache, 怎么估算");
    CHECK(t->rows[0][1] == "按层、头、维度\r\n相乘");
    CHECK(t->rows[1][0] == "他说 \"paged\" 是关键");
    CHECK(t->rows[1][2] == "");
    CHECK(t->rowLines == std::vector<std::size_t>{2, 4, 6});  // row 2 spans lines 2-3; line 5 is blank
}

TEST_CASE("TSV is recognised from the header", "[csv]")
{
    const auto t = parseCsv("问题\t答案\t公司\n讲讲 NCCL\t环形\t腾讯\n", "a.tsv");
    REQUIRE(t.ok());
    CHECK(t->delimiter == '\t');
    REQUIRE(t->rows.size() == 1);
    CHECK(t->rows[0][2] == "腾讯");
}

TEST_CASE("broken quoting and wrong field counts name the line", "[csv][bad-input]")
{
    auto r = parseCsv("question,answer\nok,fine\n\"never closed,x\nmore\n", "bad.csv");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == ErrorKind::CsvQuoting);
    CHECK(r.error().line == 3);
    CHECK(r.error().file == "bad.csv");

    r = parseCsv("question,answer\nab\"c,d\n", "bad.csv");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == ErrorKind::CsvQuoting);
    CHECK(r.error().line == 2);

    r = parseCsv("question,answer\n\"ab\"c,d\n", "bad.csv");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == ErrorKind::CsvQuoting);
    CHECK(r.error().line == 2);

    r = parseCsv("question,answer,company\na,b,c\nd,e\n", "short.csv");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == ErrorKind::CsvColumns);
    CHECK(r.error().line == 3);
    CHECK(r.error().describe() == "short.csv:3: the row has 2 fields; the header has 3");
}

TEST_CASE("columns map to card fields, missing columns are errors", "[csv]")
{
    const auto t = parseCsv("Question,Answer,公司,轮次,Tags,Level\n"
                            "讲讲 ZeRO-3,分片参数,字节跳动,二面,zero; fsdp,2\n"
                            ",空问题被跳过,,,,\n",
                            "deck.csv");
    REQUIRE(t.ok());
    const auto map = guessColumnMap(t->header);
    CHECK(map.at(CsvField::Question) == "Question");
    CHECK(map.at(CsvField::Company) == "公司");
    const auto b = csvToBatch(*t, map, "deck.csv");
    REQUIRE(b.ok());
    REQUIRE(b->cards.size() == 1);
    const auto& c = b->cards[0];
    CHECK(c.content.question == "讲讲 ZeRO-3");
    CHECK(c.content.answer == "分片参数");
    CHECK(c.content.tags == std::vector<std::string>{"zero", "fsdp"});
    CHECK(c.content.level == 2);
    REQUIRE(c.sightings.size() == 1);
    CHECK(c.sightings[0].company == "ByteDance");
    CHECK(c.sightings[0].round == "二面");
    CHECK(c.line == 2);

    CsvColumnMap custom{{CsvField::Question, "Question"}, {CsvField::Answer, "Explanation"}};
    const auto missing = csvToBatch(*t, custom, "deck.csv");
    REQUIRE_FALSE(missing.ok());
    CHECK(missing.error().kind == ErrorKind::CsvColumns);
    CHECK(missing.error().line == 1);
    CHECK(missing.error().message == "the header has no column 'Explanation'");

    const auto noQuestion = csvToBatch(*t, CsvColumnMap{{CsvField::Answer, "Answer"}}, "deck.csv");
    REQUIRE_FALSE(noQuestion.ok());
    CHECK(noQuestion.error().kind == ErrorKind::CsvColumns);

    const auto badLevel = parseCsv("question,level\nq,11\n", "l.csv");
    REQUIRE(badLevel.ok());
    const auto bl = csvToBatch(*badLevel, guessColumnMap(badLevel->header), "l.csv");
    REQUIRE_FALSE(bl.ok());
    CHECK(bl.error().line == 2);
}
