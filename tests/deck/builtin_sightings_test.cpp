// A newer built-in deck's sightings replace the ones an older deck shipped (a re-recorded row must
// not stay beside its older self), while sightings the user imported stay.
#include <catch2/catch.hpp>

#include "deck/collection.h"
#include "deck/storage/access.h"
#include "deck/storage/database.h"
#include "test_support.h"

using namespace deck;

TEST_CASE("Merging the built-in deck replaces shipped sightings and keeps imported ones", "[merge]")
{
    testing::TempDir dir;
    auto c = Collection::open(dir.file("c.sqlite"), {.createIfMissing = true});
    REQUIRE(c.ok());
    REQUIRE(c->mergeBuiltinDeck(INFRACARDS_DEFAULT_DECK_FILE, testing::dayNow()).ok());
    auto count = [&](const char* where) {
        auto st = deck::storage::of(*c).prepare(std::string("SELECT count(*) FROM sightings WHERE ") + where);
        REQUIRE(st.ok());
        REQUIRE(st->step());
        return st->int64(0);
    };
    const auto shipped = count("import_id IS NULL");
    REQUIRE(shipped > 1000);

    // A row an older deck shipped (no item, another URL), and one the user imported.
    REQUIRE(deck::storage::of(*c)
                .exec("INSERT INTO sightings (card_id, company, round, source_url)"
                      " SELECT min(id), 'OldCo', '一面', 'https://example.org/old' FROM cards")
                .ok());
    ImportPlan plan;
    plan.source = "mine";
    auto first = deck::storage::of(*c).prepare("SELECT min(id) FROM cards");
    REQUIRE(first.ok());
    REQUIRE(first->step());
    plan.sightingsOnExisting.push_back(
        {CardId(first->int64(0)), Sighting{"MyCo", "二面", "", "2026-11", "https://example.org/mine"}});
    REQUIRE(c->applyImport(plan, testing::dayNow()).ok());
    CHECK(count("company = 'OldCo'") == 1);

    // As if a newer deck file had arrived: the fingerprint of the last merge no longer matches.
    REQUIRE(deck::storage::of(*c)
                .exec("UPDATE meta SET value = 'an older deck' WHERE key = 'builtin.fingerprint'")
                .ok());
    REQUIRE(c->mergeBuiltinDeck(INFRACARDS_DEFAULT_DECK_FILE, testing::dayNow(1)).ok());
    CHECK(count("company = 'OldCo'") == 0);
    CHECK(count("company = 'MyCo'") == 1);
    CHECK(count("import_id IS NULL") == shipped);
}
