// What a company asks most, against sightings counted by hand: reports are distinct links,
// recent reports weigh more (0.5 per 365 days), undated ones count 0.25, suspended cards and
// other companies are left out.
#include <catch2/catch.hpp>

#include <cmath>

#include "deck/company_asks.h"
#include "deck/interviews.h"
#include "test_support.h"

using namespace deck;
using testing::dayNow;
using testing::makeCard;
using testing::TempDir;

namespace {

Collection deckWith(TempDir& dir, const std::vector<CardContent>& cards)
{
    const std::string builtin = dir.file("default.sqlite");
    REQUIRE(writeDefaultDeck(builtin, cards).ok());
    auto c = Collection::open(dir.file("user.sqlite"), {.createIfMissing = true});
    REQUIRE(c.ok());
    REQUIRE(c->mergeBuiltinDeck(builtin, dayNow()).ok());
    return std::move(c).value();
}

CardId idOf(Collection& c, const std::string& uid)
{
    auto id = c.findByUid(uid);
    REQUIRE(id.ok());
    return *id;
}

Sighting seen(const std::string& company, const std::string& round, const std::string& date,
              const std::string& url, const std::string& kind = "interview",
              const std::string& direction = "")
{
    Sighting s;
    s.company = company;
    s.round = round;
    s.date = date;
    s.sourceUrl = url;
    s.dateKind = kind;
    s.direction = direction;
    return s;
}

}  // namespace

TEST_CASE("Company asks: report dates and their weights", "[company_asks]")
{
    CHECK(daysBetween("2025-12-02", "2026-12-02") == Approx(365.0));
    CHECK(daysBetween("2024-02-28", "2024-03-01") == Approx(2.0));  // 2024 is a leap year
    CHECK(daysBetween("2026-06", "2026-06-20") == Approx(5.0));     // a month reads as its 15th
    CHECK_FALSE(daysBetween("", "2026-12-02"));
    CHECK_FALSE(daysBetween("2026-13-01", "2026-12-02"));
    CHECK_FALSE(daysBetween("2026-02-30", "2026-12-02"));
    CHECK_FALSE(daysBetween("yesterday", "2026-12-02"));
    CHECK(reportWeight(0.0, 365.0) == Approx(1.0));
    CHECK(reportWeight(365.0, 365.0) == Approx(0.5));
    CHECK(reportWeight(730.0, 365.0) == Approx(0.25));
    CHECK(reportWeight(-10.0, 365.0) == Approx(1.0));          // a date after today reads as today
    CHECK(reportWeight(std::nullopt, 365.0) == Approx(0.25));  // undated: two half-lives
}

TEST_CASE("Company asks: cards ranked by recent reports, counted by hand", "[company_asks]")
{
    TempDir dir;
    Collection c = deckWith(dir, {makeCard("a", "cuda", "A"), makeCard("b", "cuda", "B"),
                                  makeCard("c", "inference", "C"), makeCard("d", "inference", "D"),
                                  makeCard("e", "cuda", "E")});
    ImportPlan plan;
    plan.source = "test";
    auto add = [&](const std::string& uid, const Sighting& s) {
        plan.sightingsOnExisting.push_back({idOf(c, uid), s});
    };
    // A: two reports, 183 and 365 days before 2026-12-02 (the second only a posting date).
    add("a", seen("NVIDIA", "一面", "2026-06-02", "u1"));
    add("a", seen("NVIDIA", "二面", "2025-12-02", "u2", "posted"));
    // B: one report of today, asked in two of its rounds: still one report.
    add("b", seen("NVIDIA", "一面", "2026-12-02", "u3", "interview", "inference"));
    add("b", seen("NVIDIA", "二面", "2026-12-02", "u3", "interview", "inference"));
    // C: three undated reports; one has no link, so it is a report of its own.
    add("c", seen("nvidia", "一面", "", "u4", ""));
    add("c", seen("NVIDIA", "一面", "", "u5", ""));
    add("c", seen("NVIDIA", "三面", "", "", ""));
    // D: another company only. E: NVIDIA, but suspended below.
    add("d", seen("AMD", "一面", "2026-11-01", "u6"));
    add("e", seen("NVIDIA", "一面", "2026-11-01", "u7"));
    REQUIRE(c.applyImport(plan, dayNow()).ok());
    REQUIRE(c.setSuspended(idOf(c, "e"), true, dayNow()).ok());
    // A answered Good today: predicted recall 1 today; the others never answered.
    REQUIRE(c.answerCard(idOf(c, "a"), scheduler::Answer::Good, dayNow(), 1000).ok());

    CompanyAsksQuery q;
    q.company = "NVIDIA";
    q.today = "2026-12-02";
    auto r = companyAsks(c, q, dayNow());
    REQUIRE(r.ok());
    REQUIRE(r->size() == 3);
    // Weights: A 0.5^(183/365) + 0.5 = 0.70643 + 0.5 = 1.20643; B 1.0; C 3 x 0.25 = 0.75.
    const AskedCard& a = (*r)[0];
    CHECK(a.uid == "a");
    CHECK(a.reports == 2);
    CHECK(a.weight == Approx(1.20643).margin(1e-4));
    CHECK(a.latestDate == "2026-06-02");
    CHECK(a.latestIsInterviewDate);
    CHECK(a.answered);
    CHECK(a.recall == Approx(1.0));
    const AskedCard& b = (*r)[1];
    CHECK(b.uid == "b");
    CHECK(b.reports == 1);
    CHECK(b.weight == Approx(1.0));
    CHECK_FALSE(b.answered);
    CHECK(b.recall == 0.0);
    const AskedCard& cc = (*r)[2];
    CHECK(cc.uid == "c");
    CHECK(cc.reports == 3);
    CHECK(cc.undatedReports == 3);
    CHECK(cc.weight == Approx(0.75));
    CHECK(cc.latestDate.empty());

    // Round 二面: A (u2, weight 0.5) and B (u3, 1.0): B first.
    q.round = "二面";
    r = companyAsks(c, q, dayNow());
    REQUIRE(r.ok());
    REQUIRE(r->size() == 2);
    CHECK((*r)[0].uid == "b");
    CHECK((*r)[1].uid == "a");
    CHECK((*r)[1].weight == Approx(0.5));
    CHECK_FALSE((*r)[1].latestIsInterviewDate);  // u2's date is only when it was posted

    // Direction: only B was recorded as inference; "unknown" takes the sightings with none.
    q.round.reset();
    q.directions = {"inference"};
    r = companyAsks(c, q, dayNow());
    REQUIRE(r.ok());
    REQUIRE(r->size() == 1);
    CHECK((*r)[0].uid == "b");
    q.directions = {"unknown"};
    r = companyAsks(c, q, dayNow());
    REQUIRE(r.ok());
    CHECK(r->size() == 2);

    // Recall on a later day (the interview) is below 1 for the answered card.
    q.directions.clear();
    q.recallDay = c.today(dayNow()) + 30;
    r = companyAsks(c, q, dayNow());
    REQUIRE(r.ok());
    CHECK((*r)[0].recall < 0.9);
    CHECK((*r)[0].recall == Approx(*predictedRecall(c, idOf(c, "a"), *q.recallDay)));

    // A company nobody reported, and bad input.
    q.company = "Nowhere";
    r = companyAsks(c, q, dayNow());
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == ErrorKind::NotFound);
    q.company = "NVIDIA";
    q.today = "02/12/2026";
    CHECK_FALSE(companyAsks(c, q, dayNow()).ok());
}
