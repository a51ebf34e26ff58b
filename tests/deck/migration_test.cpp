// Round trip for every schema version: a file at version N, holding data, opens in this build,
// is migrated to the current version with a backup taken first, and keeps every row.
#include <catch2/catch.hpp>

#include <filesystem>

#include "deck/storage/database.h"
#include "deck/storage/access.h"
#include "deck/storage/schema.h"
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
                REQUIRE(
                    db->exec("INSERT INTO cards (id, uid, kind, topic, level, question) VALUES"
                             " (1, 'cuda-x', 'question', 'cuda', 3, '共享内存 bank conflict');"
                             "INSERT INTO card_state (card_id, is_new, easiness, repetitions, interval_days, "
                             "due_day)"
                             " VALUES (1, 0, 2.2, 3, 15, 20790);"
                             "INSERT INTO review_log (card_id, reviewed_at_ms, study_day, answer, quality,"
                             " scheduler, state_before, state_after) VALUES (1, 1, 20775, 3, 4, "
                             "'sm2-classic', '{}', '{}');"
                             "INSERT INTO sightings (card_id, company, round, source_url) VALUES (1, "
                             "'NVIDIA', '一面', 'https://example.org/1');")
                        .ok());
                CHECK(*db->userVersion() == version);
            }
            auto c = Collection::open(path);
            REQUIRE(c.ok());
            CHECK(*deck::storage::of(*c).userVersion() == kSchemaVersion);
            CHECK(std::filesystem::exists(path + ".before-v" + std::to_string(kSchemaVersion) + ".bak"));
            auto card = c->card(CardId(1));
            REQUIRE(card.ok());
            CHECK(card->content.question == "共享内存 bank conflict");
            REQUIRE(card->sightings.size() == 1);
            CHECK(card->sightings[0].company == "NVIDIA");
            CHECK(card->sightings[0].item == 0);  // v6 columns: not recorded before
            CHECK(card->sightings[0].dateKind.empty());
            CHECK(c->cardState(CardId(1))->easiness == Approx(2.2));
            CHECK(c->search("bank conflict")->size() == 1);
            // Since v5 short terms come from the index, a field's last characters included.
            CHECK(c->search("ct")->size() == 1);
            CHECK(c->search("存")->size() == 1);
            CHECK(c->search("内核")->empty());
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
    CHECK(*deck::storage::of(*c).userVersion() == kSchemaVersion);
    // Version 2 added the interviews table.
    CHECK(deck::storage::of(*c).exec("SELECT * FROM interviews").ok());
}

namespace {
/// The cards new_queue holds and the cards card_state says are new, each as a sorted list.
std::pair<std::vector<std::int64_t>, std::vector<std::int64_t>> newSets(Database& db)
{
    auto list = [&](const char* sql) {
        std::vector<std::int64_t> out;
        auto st = db.prepare(sql);
        REQUIRE(st.ok());
        while (st->step())
            out.push_back(st->int64(0));
        return out;
    };
    return {list("SELECT card_id FROM new_queue ORDER BY card_id"),
            list("SELECT card_id FROM card_state WHERE is_new = 1 ORDER BY card_id")};
}
}  // namespace

TEST_CASE("Version 4: new_queue is filled from a version 3 file and follows every change", "[migration]")
{
    TempDir dir;
    const std::string path = dir.file("v3.sqlite");
    {
        auto db = Database::open(path, Database::Mode::CreateIfMissing);
        REQUIRE(db.ok());
        REQUIRE(migrateTo(*db, 3).ok());
        // Cards 1 and 3 new, card 2 learned.
        REQUIRE(
            db->exec("INSERT INTO cards (id, uid, kind, topic, level, question, deck_order) VALUES"
                     " (1, 'a', 'question', 'cuda', 3, 'A', 10), (2, 'b', 'question', 'cuda', 2, 'B', 20),"
                     " (3, 'c', 'question', 'triton', 5, 'C', 30);"
                     "INSERT INTO card_state (card_id, is_new, due_day) VALUES (1, 1, 0), (2, 0, 20790), (3, "
                     "1, 0);")
                .ok());
    }
    auto c = Collection::open(path);
    REQUIRE(c.ok());
    Database& db = deck::storage::of(*c);
    auto [queue, fresh] = newSets(db);
    CHECK(queue == std::vector<std::int64_t>{1, 3});
    CHECK(queue == fresh);

    // Answering card 1 takes it out; undoing the answer puts it back.
    REQUIRE(c->answerCard(CardId(1), scheduler::Answer::Good, testing::dayNow(), 1000).ok());
    CHECK(newSets(db).first == std::vector<std::int64_t>{3});
    REQUIRE(c->undoLastAnswer().ok());
    CHECK(newSets(db).first == std::vector<std::int64_t>{1, 3});
    // Editing a card's topic or level moves its queue entry with it.
    CardContent edited = c->card(CardId(3))->content;
    edited.topic = "cuda";
    edited.level = 1;
    REQUIRE(c->editCard(CardId(3), edited, testing::dayNow()).ok());
    auto st = db.prepare("SELECT topic, level FROM new_queue WHERE card_id = 3");
    REQUIRE(st->step());
    CHECK(st->text(0) == "cuda");
    CHECK(st->int32(1) == 1);
    // Deleting a card (as undoing an import does) removes it.
    REQUIRE(db.exec("DELETE FROM cards WHERE id = 3").ok());
    std::tie(queue, fresh) = newSets(db);
    CHECK(queue == std::vector<std::int64_t>{1});
    CHECK(queue == fresh);
    // The queue reads it: card 1 is today's one new card.
    auto today = c->todayQueue(testing::dayNow());
    REQUIRE(today.ok());
    CHECK(today->fresh == 1);
    CHECK(today->order.front() == CardId(1));
}
