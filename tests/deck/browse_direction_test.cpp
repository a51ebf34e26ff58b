// Browse by the position's direction: sightings of algorithm, backend and client positions can be
// left out, so an AI-infrastructure round is not mixed with them; a sighting's item, direction and
// date kind survive the collection.
#include <catch2/catch.hpp>

#include <set>

#include "deck/browse.h"
#include "deck/storage/access.h"
#include "deck/storage/database.h"
#include "deck/sighting_fields.h"
#include "test_support.h"

using namespace deck;

namespace {

constexpr scheduler::Day kToday = 20786;

CardContent card(const std::string& uid)
{
    CardContent c;
    c.uid = uid;
    c.topic = "inference";
    c.level = 4;
    c.question = "问题 " + uid;
    c.questionEn = "Question " + uid;
    c.answer = "Answer";
    c.keyPoints = {"a", "b", "c"};
    return c;
}

Sighting seen(const std::string& company, const std::string& direction, int item)
{
    Sighting s{company, "一面", "", "2026-04-17", "https://example.org/" + company};
    s.direction = direction;
    s.dateKind = "published";
    s.item = item;
    return s;
}

std::vector<std::string> infra()
{
    std::vector<std::string> out;
    for (const auto& d : sightingDirections())
        if (isInfraDirection(d))
            out.push_back(d);
    return out;
}

}  // namespace

TEST_CASE("The direction filter keeps AI-infrastructure positions apart from the others", "[browse]")
{
    auto c = Collection::open(":memory:", {.createIfMissing = true});
    REQUIRE(c.ok());
    ImportPlan plan;
    plan.source = "test";
    // a: a recommendation-algorithm round; b: an inference round; c: a sighting whose direction
    // was never recorded (a user's own import); d: a backend round at another company.
    plan.newCards.push_back({card("inference-a"), {seen("ByteDance", "algorithm", 1)}});
    plan.newCards.push_back({card("inference-b"), {seen("ByteDance", "inference", 2)}});
    plan.newCards.push_back({card("inference-c"), {seen("ByteDance", "", 3)}});
    plan.newCards.push_back({card("inference-d"), {seen("Tencent", "backend", 1)}});
    REQUIRE(c->applyImport(plan, testing::dayNow()).ok());
    const Database& db = deck::storage::of(*c);

    // By hand: infra directions keep b (inference) and c (unknown), at ByteDance only.
    auto tree = companyTree(db, infra());
    REQUIRE(tree.ok());
    REQUIRE(tree->size() == 1);
    CHECK(tree->at(0).company == "ByteDance");
    CHECK(tree->at(0).counts.cards == 2);
    auto all = companyTree(db);
    REQUIRE(all.ok());
    CHECK(all->size() == 2);

    auto uids = [&](const BrowseFilter& f) {
        std::set<std::string> out;
        auto rows = listCards(db, f, {}, kToday, 0, 100);
        REQUIRE(rows.ok());
        for (const auto& r : *rows)
            out.insert(r.uid);
        auto n = countCards(db, f, kToday);
        REQUIRE(n.ok());
        CHECK(*n == static_cast<int>(out.size()));
        return out;
    };
    BrowseFilter f;
    f.directions = infra();
    CHECK(uids(f) == std::set<std::string>{"inference-b", "inference-c"});
    f.directions = {"algorithm"};
    CHECK(uids(f) == std::set<std::string>{"inference-a"});
    f.directions = {"unknown"};
    f.company = "ByteDance";
    CHECK(uids(f) == std::set<std::string>{"inference-c"});

    // The recorded fields come back with the card.
    auto id = c->findByUid("inference-b");
    REQUIRE(id.ok());
    auto b = c->card(*id);
    REQUIRE(b.ok());
    REQUIRE(b->sightings.size() == 1);
    CHECK(b->sightings[0].direction == "inference");
    CHECK(b->sightings[0].dateKind == "published");
    CHECK(b->sightings[0].item == 2);
}
