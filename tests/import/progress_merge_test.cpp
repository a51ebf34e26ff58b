// Progress brought back: a collection's .apkg export studied further on AnkiDroid (simulated by
// writing into the package what AnkiDroid writes: a revlog row and the card's new interval) and
// imported back merges each review once and replays the scheduler over the union; answers given
// on two machines the same day are both kept. Expected states are SM-2 worked out by hand.
#include "deck/progress_io.h"
#include "import/collection_document.h"
#include "import/apkg_reader.h"
#include "import/import_pipeline.h"
#include "import/zip_archive.h"

#include <catch2/catch.hpp>
#include <sqlite3.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <tuple>
#include <vector>

namespace fs = std::filesystem;

namespace {

struct Dir {
    fs::path path;
    Dir()
    {
        std::random_device rd;
        path =
            fs::temp_directory_path() / ("infracards-merge-" + std::to_string(rd()) + std::to_string(rd()));
        fs::create_directories(path);
    }
    ~Dir()
    {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    std::string file(const std::string& name) const { return (path / name).string(); }
};

/// 2026-11-29 10:00 UTC plus whole days and hours: study day 20786 + days (04:00 rollover, UTC).
deck::Now at(int days, int hours = 0)
{
    return {(20786LL * 86400 + (10 + hours) * 3600LL + days * 86400LL) * 1000, 0};
}

deck::Collection collectionWith(const Dir& dir, const std::string& name)
{
    deck::CardContent warp;
    warp.uid = "cuda-warp";
    warp.topic = "cuda";
    warp.question = "什么是 warp divergence？";
    deck::CardContent ring;
    ring.uid = "communication-ring";
    ring.topic = "communication";
    ring.question = "讲讲 ring allreduce";
    const std::string builtin = dir.file("default.sqlite");
    if (!fs::exists(builtin))
        REQUIRE(deck::writeDefaultDeck(builtin, {warp, ring}).ok());
    auto c = deck::Collection::open(dir.file(name), {.createIfMissing = true});
    REQUIRE(c.ok());
    REQUIRE(c->mergeBuiltinDeck(builtin, at(0)).ok());
    return std::move(c).value();
}

std::string readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

/// What AnkiDroid writes when the card is answered Good on `day` with a new interval of `ivl`
/// days: a revlog row (id = answer time in ms, ease 3, type 1 = review) and the card's interval,
/// due day (days since the collection's creation) and repetition count.
std::string studiedOnAnkiDroid(const std::string& apkg, const std::string& guid, std::int64_t answeredMs,
                               int ivl, int lastIvl)
{
    auto inner = importer::readZipEntry(apkg, "collection.anki2", "out.apkg", 1 << 26);
    REQUIRE(inner.ok());
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(":memory:", &db) == SQLITE_OK);
    auto* buf = static_cast<unsigned char*>(sqlite3_malloc64(inner->size()));
    std::memcpy(buf, inner->data(), inner->size());
    REQUIRE(sqlite3_deserialize(db, "main", buf, static_cast<sqlite3_int64>(inner->size()),
                                static_cast<sqlite3_int64>(inner->size()),
                                SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE)
            == SQLITE_OK);
    const std::string sql =
        "INSERT INTO revlog (id, cid, usn, ease, ivl, lastIvl, factor, time, type)"
        " SELECT "
        + std::to_string(answeredMs) + ", c.id, -1, 3, " + std::to_string(ivl) + ", "
        + std::to_string(lastIvl)
        + ", 2500, 7000, 1 FROM cards c JOIN notes n ON n.id = c.nid WHERE n.guid = '" + guid
        + "';"
          " UPDATE cards SET ivl = "
        + std::to_string(ivl)
        + ", reps = reps + 1, usn = -1,"
          " due = ("
        + std::to_string(answeredMs / 86400000) + " - (SELECT crt FROM col) / 86400) + " + std::to_string(ivl)
        + " WHERE nid = (SELECT id FROM notes WHERE guid = '" + guid + "');";
    char* err = nullptr;
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &err);
    INFO((err ? err : ""));
    REQUIRE(rc == SQLITE_OK);
    REQUIRE(sqlite3_changes(db) == 1);
    sqlite3_int64 size = 0;
    unsigned char* p = sqlite3_serialize(db, "main", &size, 0);
    std::string bytes(reinterpret_cast<char*>(p), static_cast<std::size_t>(size));
    sqlite3_free(p);
    sqlite3_close(db);
    auto zip = importer::writeZip({{"collection.anki2", bytes}, {"media", "{}"}}, "out.apkg");
    REQUIRE(zip.ok());
    return *zip;
}

deck::ReviewMerge importInto(deck::Collection& c, const std::string& name, const std::string& bytes,
                             const deck::Now& now)
{
    auto texts = c.matchTexts();
    REQUIRE(texts.ok());
    importer::PreviewOptions o;
    o.ankiProgress = true;
    o.findByUid = [&c](const std::string& uid) -> std::optional<deck::CardId> {
        auto r = c.findByUid(uid);
        return r ? std::optional<deck::CardId>(*r) : std::nullopt;
    };
    auto preview = importer::previewImport(name, bytes, *texts, o);
    REQUIRE(preview.ok());
    deck::ReviewMerge merged;
    REQUIRE(deck::applyProgressImport(c, importer::buildProgressImport(*preview), now, &merged).ok());
    return merged;
}

}  // namespace

TEST_CASE("An .apkg studied on AnkiDroid comes back: the new review merged once, the state replayed",
          "[merge][apkg]")
{
    Dir dir;
    deck::Collection c = collectionWith(dir, "desk.sqlite");
    const deck::CardId warp = *c.findByUid("cuda-warp");
    // SM-2 by hand: Good (quality 4) on a new card gives interval 1, the second Good interval 6;
    // E stays 2.5 (E' = E + 0.1 - (5 - q)(0.08 + (5 - q) 0.02) = E for q = 4).
    REQUIRE(c.answerCard(warp, scheduler::Answer::Good, at(0), 4000).ok());
    REQUIRE(c.answerCard(warp, scheduler::Answer::Good, at(1), 3000).ok());
    REQUIRE(c.cardState(warp)->intervalDays == 6);

    const std::string path = dir.file("out.apkg");
    REQUIRE(importer::exportCollection(c, importer::ExportFormat::Apkg, path, at(1, 1).unixMs).ok());
    // On the train, six days later (day 7): Good, AnkiDroid's interval 15.
    const std::int64_t trainMs = at(7).unixMs;
    const std::string back = studiedOnAnkiDroid(readFile(path), "ic:cuda-warp", trainMs, 15, 6);

    const auto merged = importInto(c, "back.apkg", back, at(8));
    CHECK(merged.reviewsAdded == 1);
    CHECK(merged.cardsChanged == 1);
    CHECK(merged.alreadyThere == 2);  // the two answers exported from this collection
    auto log = deck::readReviewLog(c, warp);
    REQUIRE(log.ok());
    REQUIRE(log->size() == 3);
    CHECK((*log)[0].reviewedAtMs == at(0).unixMs);
    CHECK((*log)[1].reviewedAtMs == at(1).unixMs);
    CHECK((*log)[2].reviewedAtMs == trainMs);
    // Replayed with this collection's SM-2: the third Good gives round(6 x 2.5) = 15 days from
    // day 20793.
    const auto state = c.cardState(warp);
    REQUIRE(state.ok());
    CHECK(state->repetitions == 3);
    CHECK(state->intervalDays == 15);
    CHECK(state->due == 20786 + 7 + 15);
    CHECK(state->easiness == Approx(2.5));
    CHECK((*log)[2].before == (*log)[1].after);
    CHECK((*log)[2].after == *state);
    CHECK((*log)[2].scheduler == "sm2-classic");

    // The same package again adds nothing.
    const auto again = importInto(c, "back.apkg", back, at(8, 1));
    CHECK(again.reviewsAdded == 0);
    CHECK(again.alreadyThere == 3);
    CHECK(deck::readReviewLog(c, warp)->size() == 3);
    CHECK(c.cardState(warp)->intervalDays == 15);
}

TEST_CASE("Two machines answered the same card the same day: merging keeps both answers", "[merge][json]")
{
    Dir dir;
    deck::Collection desk = collectionWith(dir, "desk.sqlite");
    deck::Collection laptop = collectionWith(dir, "laptop.sqlite");
    const deck::CardId deskRing = *desk.findByUid("communication-ring");
    const deck::CardId laptopRing = *laptop.findByUid("communication-ring");
    // The laptop answers first (10:00), the desk two hours later, both on day 0.
    REQUIRE(laptop.answerCard(laptopRing, scheduler::Answer::Good, at(0), 5000).ok());
    REQUIRE(desk.answerCard(deskRing, scheduler::Answer::Easy, at(0, 2), 2000).ok());
    const std::string path = dir.file("laptop.json");
    REQUIRE(importer::exportCollection(laptop, importer::ExportFormat::Json, path, at(0, 3).unixMs).ok());
    const auto merged = importInto(desk, "laptop.json", readFile(path), at(0, 4));
    CHECK(merged.reviewsAdded == 1);
    CHECK(merged.cardsChanged == 1);
    auto log = deck::readReviewLog(desk, deskRing);
    REQUIRE(log.ok());
    REQUIRE(log->size() == 2);
    // In answer order: the laptop's Good, then the desk's Easy.
    CHECK((*log)[0].reviewedAtMs == at(0).unixMs);
    CHECK((*log)[0].answer == 3);
    CHECK((*log)[1].reviewedAtMs == at(0, 2).unixMs);
    CHECK((*log)[1].answer == 4);
    // Good first: a new card's first interval, 1 day. The Easy later that day is not the day's
    // first grade, so SM-2 keeps the interval (only the first grade of a day schedules).
    CHECK((*log)[0].after.intervalDays == 1);
    CHECK((*log)[1].before == (*log)[0].after);
    CHECK((*log)[1].after.intervalDays == 1);
    CHECK(*desk.cardState(deskRing) == (*log)[1].after);
    // The laptop's collection is untouched.
    CHECK(deck::readReviewLog(laptop, laptopRing)->size() == 1);
}

TEST_CASE("Export reports its progress card by card and a stop leaves the old file", "[export][progress]")
{
    Dir dir;
    deck::Collection c = collectionWith(dir, "c.sqlite");
    auto warp = c.findByUid("cuda-warp");
    REQUIRE(warp.ok());
    REQUIRE(c.answerCard(*warp, scheduler::Answer::Good, at(0), 1000).ok());
    REQUIRE(c.answerCard(*warp, scheduler::Answer::Good, at(1), 1000).ok());

    for (const auto format :
         {importer::ExportFormat::Json, importer::ExportFormat::Apkg, importer::ExportFormat::Csv}) {
        const std::string path = dir.file("out-" + std::to_string(static_cast<int>(format)));
        std::vector<std::tuple<importer::ExportStep, std::size_t, std::size_t>> calls;
        importer::ExportOptions options;
        options.progress = [&](importer::ExportStep step, std::size_t n, std::size_t total) {
            calls.emplace_back(step, n, total);
            return true;
        };
        auto done = importer::exportCollection(c, format, path, at(2).unixMs, options);
        REQUIRE(done.ok());
        CHECK(done->cards == 2);
        CHECK(done->reviews == (format == importer::ExportFormat::Csv ? 0u : 2u));
        CHECK(done->bytes == fs::file_size(path));
        // Reading, then Writing 0, then each card (CSV: all at once), then Saving 0 and 1 of 1.
        using S = importer::ExportStep;
        std::vector<std::tuple<S, std::size_t, std::size_t>> expected = {{S::Reading, 0, 0},
                                                                         {S::Writing, 0, 2}};
        if (format == importer::ExportFormat::Csv)
            expected.emplace_back(S::Writing, 2, 2);
        else {
            expected.emplace_back(S::Writing, 1, 2);
            expected.emplace_back(S::Writing, 2, 2);
        }
        expected.emplace_back(S::Saving, 0, 1);
        expected.emplace_back(S::Saving, 1, 1);
        CHECK(calls == expected);

        // Stopped after the first card: an error of kind Stopped, and the file from before is
        // still there, byte for byte.
        std::ifstream in(path, std::ios::binary);
        const std::string before((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        in.close();
        importer::ExportOptions stopAfterOne;
        stopAfterOne.progress = [](importer::ExportStep step, std::size_t n, std::size_t) {
            return !(step == importer::ExportStep::Writing && n >= 1);
        };
        auto stopped = importer::exportCollection(c, format, path, at(3).unixMs, stopAfterOne);
        REQUIRE_FALSE(stopped.ok());
        CHECK(stopped.error().kind == importer::ErrorKind::Stopped);
        std::ifstream again(path, std::ios::binary);
        const std::string after((std::istreambuf_iterator<char>(again)), std::istreambuf_iterator<char>());
        CHECK(after == before);
        // Stopped before reading: the same.
        importer::ExportOptions stopAtOnce;
        stopAtOnce.progress = [](importer::ExportStep, std::size_t, std::size_t) { return false; };
        CHECK(importer::exportCollection(c, format, dir.file("never"), at(3).unixMs, stopAtOnce).error().kind
              == importer::ErrorKind::Stopped);
        CHECK_FALSE(fs::exists(dir.file("never")));
    }
}

TEST_CASE("An Anki package without progress carries the cards as new cards", "[export][apkg]")
{
    Dir dir;
    deck::Collection c = collectionWith(dir, "c.sqlite");
    auto warp = c.findByUid("cuda-warp");
    REQUIRE(warp.ok());
    REQUIRE(c.answerCard(*warp, scheduler::Answer::Good, at(0), 1000).ok());
    const std::string path = dir.file("cards-only.apkg");
    importer::ExportOptions options;
    options.withProgress = false;
    auto done = importer::exportCollection(c, importer::ExportFormat::Apkg, path, at(1).unixMs, options);
    REQUIRE(done.ok());
    CHECK(done->cards == 2);
    CHECK(done->reviews == 0);
    std::ifstream in(path, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), {});
    auto batch = importer::readApkg(bytes, path, true);
    REQUIRE(batch.ok());
    REQUIRE(batch->cards.size() == 2);
    for (const auto& card : batch->cards) {
        CHECK(card.reviews.empty());
        CHECK_FALSE(card.state.has_value());
    }
}

TEST_CASE("A drill answer goes to Anki as a filtered-deck answer and comes back as one",
          "[export][apkg][drill]")
{
    Dir dir;
    deck::Collection c = collectionWith(dir, "c.sqlite");
    auto warp = c.findByUid("cuda-warp");
    REQUIRE(warp.ok());
    REQUIRE(c.answerCard(*warp, scheduler::Answer::Good, at(0), 1000).ok());
    REQUIRE(c.answerDrill(*warp, scheduler::Answer::Again, at(1), 1000).ok());
    const std::string path = dir.file("drill.apkg");
    REQUIRE(importer::exportCollection(c, importer::ExportFormat::Apkg, path, at(2).unixMs).ok());
    std::ifstream in(path, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), {});
    auto batch = importer::readApkg(bytes, path, true);
    REQUIRE(batch.ok());
    const auto card =
        std::find_if(batch->cards.begin(), batch->cards.end(),
                     [](const importer::CandidateCard& k) { return k.content.uid == "cuda-warp"; });
    REQUIRE(card != batch->cards.end());
    REQUIRE(card->reviews.size() == 2);
    CHECK(card->reviews[0].mode == "review");
    CHECK(card->reviews[1].mode == "drill");
    CHECK(card->reviews[1].answer == std::optional<int>(1));
}
