#include "import/report_dates.h"
#include "import/round_names.h"

#include <catch2/catch.hpp>

using namespace importer;

TEST_CASE("round names normalise", "[round]")
{
    CHECK(normalizeRound("一面") == "一面");
    CHECK(normalizeRound("技术一面") == "一面");
    CHECK(normalizeRound("第二轮") == "二面");
    CHECK(normalizeRound("二面") == "二面");
    CHECK(normalizeRound("三面") == "三面");
    CHECK(normalizeRound("HR面") == "HR面");
    CHECK(normalizeRound("hr 面") == "HR面");
    CHECK(normalizeRound("主管面") == "主管面");
    CHECK(normalizeRound("leader面") == "主管面");
    CHECK(normalizeRound("交叉面") == "交叉面");
    CHECK(normalizeRound("笔试") == "笔试");
    CHECK(normalizeRound("First Round") == "一面");
    CHECK(normalizeRound("round 2") == "二面");
    CHECK(normalizeRound("OA") == "笔试");
    CHECK(normalizeRound("load") == "");  // "oa" only as a word
    CHECK(normalizeRound("21面") == "");  // "1面" not inside a longer number
    CHECK(normalizeRound("后端") == "");
}

TEST_CASE("several rounds in one title are all found, left to right", "[round]")
{
    const auto r = findRounds("快手 一面+二面+HR面");
    REQUIRE(r.size() == 3);
    CHECK(r[0].id == "一面");
    CHECK(r[1].id == "二面");
    CHECK(r[2].id == "HR面");
    CHECK(r[2].raw == "HR面");
}

TEST_CASE("dates in headings", "[date]")
{
    CHECK(findDate("2024.3.15 字节一面") == "2024-03-15");
    CHECK(findDate("面试时间：2024-11-02") == "2024-11-02");
    CHECK(findDate("2025/1/7") == "2025-01-07");
    CHECK(findDate("2024年9月3日 二面") == "2024-09-03");
    CHECK(findDate("2024年9月 秋招") == "2024-09");
    CHECK_FALSE(findDate("LeetCode 2024. 考试的最大困扰度").has_value());  // a problem number, no month
    CHECK_FALSE(findDate("2024.13.01").has_value());                       // no 13th month
    CHECK_FALSE(findDate("3.15").has_value());
}

TEST_CASE("hyphenated English round headings and long loops", "[round]")
{
    CHECK(normalizeRound("First-Round (2021-03-04)") == "一面");
    CHECK(normalizeRound("Second-Round") == "二面");
    CHECK(normalizeRound("Round 7: Coding") == "七面");
    CHECK(normalizeRound("Round 5") == "五面");
    CHECK(normalizeRound("Round 17") == "");  // "round 1" is not read inside a longer number
}

TEST_CASE("long digit runs are no date and do not overflow", "[date]")
{
    CHECK_FALSE(findDate("888888888888.88").has_value());
    CHECK_FALSE(findDate("24.999999999999").has_value());
    CHECK(findDate("2024.3.15") == "2024-03-15");
    CHECK(findDate("面试时间：24.3.15") == "2024-03-15");
}
