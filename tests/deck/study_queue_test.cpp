#include <catch2/catch.hpp>

#include "deck/interviews.h"
#include "deck/study_queue.h"
#include "test_support.h"

using namespace deck;
using testing::dayNow;
using testing::makeCard;

TEST_CASE("An interview ahead adds its plan's cards to today's study queue", "[study-queue]")
{
    testing::TempDir dir;
    std::vector<CardContent> cards;
    for (int i = 0; i < 6; ++i)
        cards.push_back(makeCard("inference-q" + std::to_string(i), "inference", "Q" + std::to_string(i), 4));
    const std::string builtin = dir.file("b.sqlite");
    REQUIRE(writeDefaultDeck(builtin, cards).ok());
    auto c = Collection::open(dir.file("c.sqlite"), {.createIfMissing = true});
    REQUIRE(c.ok());
    REQUIRE(c->mergeBuiltinDeck(builtin, dayNow()).ok());
    CollectionConfig cfg;
    cfg.newPerDay = 0;  // the normal queue is empty, so everything comes from the plan
    REQUIRE(c->setConfig(cfg).ok());
    ImportPlan plan;
    plan.source = "report";
    for (int i = 0; i < 3; ++i)
        plan.sightingsOnExisting.push_back(
            {*c->findByUid("inference-q" + std::to_string(i)),
             {"ByteDance", "二面", "推理框架", "2025-03-01", "https://example.org/r"}});
    REQUIRE(c->applyImport(plan, dayNow()).ok());

    auto plain = studyQueue(*c, dayNow());
    REQUIRE(plain.ok());
    CHECK(plain->order.empty());  // no interview yet: exactly todayQueue

    Interview iv;
    iv.company = "ByteDance";
    iv.role = "推理框架";
    iv.round = "二面";
    iv.day = c->today(dayNow()) + 3;
    REQUIRE(addInterview(*c, iv, dayNow()).ok());
    auto q = studyQueue(*c, dayNow());
    REQUIRE(q.ok());
    // Six relevant cards (three sighted, three more of the same topic), three days: at least
    // two a day so that all six are seen before the interview.
    CHECK(q->interview >= 2);
    CHECK(q->interview == static_cast<int>(q->order.size()));
    // After the date nothing is added.
    CHECK(studyQueue(*c, dayNow(4))->interview == 0);
}
