// Round trip for every schema version: a file at version N, holding data, opens in this build,
// is migrated to the current version with a backup taken first, and keeps every row.
#include <catch2/catch.hpp>

#include <filesystem>

#include "deck/database.h"
#include "deck/schema.h"
#include "test_support.h"

using namespace deck;
using testing::TempDir;

TEST_CASE("Every older schema version migrates with its data and a backup", "[migration]")
{
    for (int version = 1; version < kSchemaVersion; ++version) {
        DYNAMIC_SECTION("from version " << version)
        {
            TempDir dir;
            const std::string path = dir.file("old.sqlite");
            {
                auto db = Database::open(path, Database::Mode::CreateIfMissing);
                REQUIRE(db.ok());
                REQUIRE(migrateTo(*db, version).ok());
                REQUIRE(db->exec(
                    "INSERT INTO cards (id, uid, kind, topic, level, question) VALUES"
                    " (1, 'cuda-x', 'question', 'cuda', 3, '共享内存 bank conflict');"
                    "INSERT INTO card_state (card_id, is_new, easiness, repetitions, interval_days, due_day)"
                    " VALUES (1, 0, 2.2, 3, 15, 20790);"
                    "INSERT INTO review_log (card_id, reviewed_at_ms, study_day, answer, quality,"
                    " scheduler, state_before, state_after) VALUES (1, 1, 20775, 3, 4, 'sm2-classic', '{}', '{}');"
                    "INSERT INTO sightings (card_id, company, round, source_url) VALUES (1, 'NVIDIA', '一面', 'https://example.org/1');")
                            .ok());
                CHECK(*db->userVersion() == version);
            }
            auto c = Collection::open(path);
            REQUIRE(c.ok());
            CHECK(*c->database().userVersion() == kSchemaVersion);
            CHECK(std::filesystem::exists(path + ".before-v" + std::to_string(kSchemaVersion) + ".bak"));
            auto card = c->card(CardId(1));
            REQUIRE(card.ok());
            CHECK(card->content.question == "共享内存 bank conflict");
            CHECK(card->sightings.size() == 1);
            CHECK(c->cardState(CardId(1))->easiness == Approx(2.2));
            CHECK(c->search("bank conflict")->size() == 1);
            // The backup is the old version, intact.
            auto old = Database::open(path + ".before-v" + std::to_string(kSchemaVersion) + ".bak",
                                      Database::Mode::ReadOnly);
            REQUIRE(old.ok());
            CHECK(*old->userVersion() == version);
        }
    }
}

TEST_CASE("A new collection is created at the current version", "[migration]")
{
    auto c = Collection::open(":memory:", {.createIfMissing = true});
    REQUIRE(c.ok());
    CHECK(*c->database().userVersion() == kSchemaVersion);
    // Version 2 added the interviews table.
    CHECK(c->database().exec("SELECT * FROM interviews").ok());
}
