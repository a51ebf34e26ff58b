#include "import/report_dates.h"
#include "import/round_names.h"

#include <catch2/catch.hpp>

using namespace importer;

TEST_CASE("round names normalise", "[round]") {
    CHECK(normalizeRound("一面") == "first");
    CHECK(normalizeRound("技术一面") == "first");
    CHECK(normalizeRound("第二轮") == "second");
    CHECK(normalizeRound("二面") == "second");
    CHECK(normalizeRound("三面") == "third");
    CHECK(normalizeRound("HR面") == "hr");
    CHECK(normalizeRound("hr 面") == "hr");
    CHECK(normalizeRound("主管面") == "manager");
    CHECK(normalizeRound("leader面") == "manager");
    CHECK(normalizeRound("交叉面") == "cross");
    CHECK(normalizeRound("笔试") == "written");
    CHECK(normalizeRound("First Round") == "first");
    CHECK(normalizeRound("round 2") == "second");
    CHECK(normalizeRound("OA") == "written");
    CHECK(normalizeRound("load") == "");   // "oa" only as a word
    CHECK(normalizeRound("21面") == "");   // "1面" not inside a longer number
    CHECK(normalizeRound("后端") == "");
}

TEST_CASE("several rounds in one title are all found, left to right", "[round]") {
    const auto r = findRounds("快手 一面+二面+HR面");
    REQUIRE(r.size() == 3);
    CHECK(r[0].id == "first");
    CHECK(r[1].id == "second");
    CHECK(r[2].id == "hr");
    CHECK(r[2].raw == "HR面");
}

TEST_CASE("dates in headings", "[date]") {
    CHECK(findDate("2024.3.15 字节一面") == "2024-03-15");
    CHECK(findDate("面试时间：2024-11-02") == "2024-11-02");
    CHECK(findDate("2025/1/7") == "2025-01-07");
    CHECK(findDate("2024年9月3日 二面") == "2024-09-03");
    CHECK(findDate("2024年9月 秋招") == "2024-09");
    CHECK_FALSE(findDate("LeetCode 2024. 考试的最大困扰度").has_value()); // a problem number, no month
    CHECK_FALSE(findDate("2024.13.01").has_value());                       // no 13th month
    CHECK_FALSE(findDate("3.15").has_value());
}
