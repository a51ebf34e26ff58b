// infracards-cli import/export against a real collection file in a temporary folder.
#include "cli/import_command.h"
#include "deck/collection.h"
#include "deck/progress_io.h"
#include "import/apkg_reader.h"
#include "import/apkg_writer.h"
#include "import/csv_reader.h"
#include "import/json_format.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <unistd.h>
#include <fstream>
#include <iostream>
#include <sstream>

namespace fs = std::filesystem;

namespace {

struct TempCollection {
    fs::path dir;
    std::string path;
    TempCollection()
    {
        dir = fs::temp_directory_path()
              / ("infracards-import-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter()++));
        fs::create_directories(dir);
        path = (dir / "collection.sqlite").string();
        deck::CardContent kv;
        kv.uid = "inference-kv-cache";
        kv.topic = "inference";
        kv.level = 4;
        kv.question = "什么是 KV cache";
        kv.answer = "缓存每层的 K 和 V";
        deck::CardContent ring;
        ring.uid = "communication-ring-allreduce";
        ring.topic = "communication";
        ring.question = "讲讲 ring allreduce";
        REQUIRE(deck::writeDefaultDeck(path, {kv, ring}).ok());
    }
    ~TempCollection()
    {
        std::error_code ec;
        fs::remove_all(dir, ec);
    }
    std::string write(const std::string& name, const std::string& content) const
    {
        const auto p = (dir / name).string();
        std::ofstream(p, std::ios::binary) << content;
        return p;
    }
    static int& counter()
    {
        static int n = 0;
        return n;
    }
};

const char* kReport = "字节 推理框架 一面\n1. KV cache 是什么？\n2. PagedAttention 解决什么问题\n3. 反问\n";

}  // namespace

TEST_CASE("import --dry-run --json lists company, rounds, questions and matches, and writes nothing",
          "[cli][import]")
{
    TempCollection t;
    const auto file = t.write("report.txt", kReport);
    std::ostringstream out, err;
    REQUIRE(runImportCommand(t.path, {file, "--dry-run", "--json"}, out, err) == 0);
    INFO(err.str());
    const auto j = nlohmann::json::parse(out.str());
    REQUIRE(j.size() == 1);
    const auto& r = j[0]["reports"].at(0);
    CHECK(r["company"] == "ByteDance");
    CHECK(r["company_raw"] == "字节");
    CHECK(r["role"] == "推理框架");
    REQUIRE(r["rounds"].size() == 1);
    const auto& round = r["rounds"][0];
    CHECK(round["round"] == "一面");
    CHECK(round["questions"] == nlohmann::json::array({"KV cache 是什么？", "PagedAttention 解决什么问题"}));
    // 7/11 = 0.636 by the bigram count in similarity_test.cpp.
    CHECK(round["matches"][0]["card_uid"] == "inference-kv-cache");
    CHECK(round["matches"][0]["score"].get<double>() == Approx(0.636));
    CHECK(round["matches"][1].is_null());
    CHECK(round["topics"][1]["topic"] == "inference");

    auto c = deck::Collection::open(t.path);
    REQUIRE(c.ok());
    CHECK(c->importHistory()->empty());
}

TEST_CASE("import applies sightings and new cards in one undoable import", "[cli][import]")
{
    TempCollection t;
    const auto file = t.write("report.md", kReport);
    std::ostringstream out, err;
    REQUIRE(runImportCommand(t.path, {file}, out, err) == 0);
    INFO(out.str() << err.str());
    auto c = deck::Collection::open(t.path);
    REQUIRE(c.ok());
    const auto history = c->importHistory();
    REQUIRE(history.ok());
    REQUIRE(history->size() == 1);
    CHECK(history->front().cardsAdded == 1);
    CHECK(history->front().sightingsAdded == 2);
    const auto kv = c->card(c->findByUid("inference-kv-cache").value());
    REQUIRE(kv.ok());
    REQUIRE(kv->sightings.size() == 1);
    CHECK(kv->sightings[0].company == "ByteDance");
    CHECK(kv->sightings[0].round == "一面");
    CHECK(kv->sightings[0].role == "推理框架");
    CHECK(c->matchTexts()->size() == 3);
    REQUIRE(c->undoImport(history->front().id).ok());
    CHECK(c->matchTexts()->size() == 2);
}

TEST_CASE("bad files are refused with file and problem, the collection is unchanged",
          "[cli][import][bad-input]")
{
    TempCollection t;
    const auto bin = t.write("photo.txt", std::string("\x89PNG\r\n\x1a\n\0\0\0", 11));
    const auto csv = t.write("broken.csv", "question,answer\n\"open,quote\n");
    const auto empty = t.write("empty.txt", "");
    for (const auto& f : {bin, csv, empty}) {
        std::ostringstream out, err;
        CHECK(runImportCommand(t.path, {f}, out, err) == 1);
        CHECK(err.str().find(f) != std::string::npos);
    }
    std::ostringstream out, err;
    runImportCommand(t.path, {csv}, out, err);
    CHECK(err.str().find("broken.csv:2: a quoted field opened here is never closed") != std::string::npos);
    auto c = deck::Collection::open(t.path);
    CHECK(c->importHistory()->empty());
    CHECK(c->matchTexts()->size() == 2);

    std::ostringstream o2, e2;
    CHECK(runImportCommand(t.path, {}, o2, e2) == 2);
    CHECK(runImportCommand(t.path, {"x", "--threshold", "7"}, o2, e2) == 2);
    CHECK(runExportCommand(t.path, {"--format", "xml", "out"}, o2, e2) == 2);
}

TEST_CASE("export writes JSON, CSV and .apkg that read back", "[cli][export]")
{
    TempCollection t;
    std::ostringstream out, err;
    const auto json = (t.dir / "deck.json").string();
    REQUIRE(runExportCommand(t.path, {"--format", "json", json}, out, err) == 0);
    std::ifstream jf(json);
    const std::string jtext((std::istreambuf_iterator<char>(jf)), {});
    const auto doc = importer::readJsonDocument(jtext, json);
    REQUIRE(doc.ok());
    REQUIRE(doc->cards.size() == 2);
    CHECK(doc->cards[0].content.uid == "inference-kv-cache");
    CHECK(doc->cards[0].content.answer == "缓存每层的 K 和 V");

    // Importing the export again matches every card by uid: nothing new.
    std::ostringstream o2, e2;
    REQUIRE(runImportCommand(t.path, {json, "--dry-run", "--json"}, o2, e2) == 0);
    const auto pj = nlohmann::json::parse(o2.str());
    for (const auto& card : pj[0]["cards"])
        CHECK(card["match"]["score"] == 1.0);

    const auto apkg = (t.dir / "deck.apkg").string();
    REQUIRE(runExportCommand(t.path, {"--format", "apkg", apkg}, out, err) == 0);
    std::ifstream af(apkg, std::ios::binary);
    const std::string abytes((std::istreambuf_iterator<char>(af)), {});
    const auto batch = importer::readApkg(abytes, apkg);
    REQUIRE(batch.ok());
    REQUIRE(batch->cards.size() == 2);
    CHECK(batch->cards[1].content.question == "讲讲 ring allreduce");
    CHECK(batch->cards[1].content.topic == "communication");

    const auto csvPath = (t.dir / "deck.csv").string();
    REQUIRE(runExportCommand(t.path, {"--format", "csv", csvPath}, out, err) == 0);
    std::ifstream cf(csvPath, std::ios::binary);
    const std::string ctext((std::istreambuf_iterator<char>(cf)), {});
    const auto table = importer::parseCsv(ctext, csvPath);
    REQUIRE(table.ok());
    const auto cb = importer::csvToBatch(*table, importer::guessColumnMap(table->header), csvPath);
    REQUIRE(cb.ok());
    REQUIRE(cb->cards.size() == 2);
    CHECK(cb->cards[0].content.uid == "inference-kv-cache");
    CHECK(cb->cards[0].content.level == 4);
}

TEST_CASE("export says how many cards it wrote, in every format", "[cli][export]")
{
    TempCollection t;
    for (const char* format : {"json", "csv", "apkg"}) {
        INFO(format);
        std::ostringstream out, err;
        const auto target = (t.dir / (std::string("deck.") + format)).string();
        REQUIRE(runExportCommand(t.path, {"--format", format, target}, out, err) == 0);
        CHECK(out.str().find("exported 2 cards") != std::string::npos);
        // Written through a temporary file that is renamed: nothing is left beside the target.
        for (const auto& e : fs::directory_iterator(t.dir))
            CHECK(e.path().filename().string().find(".partial-") == std::string::npos);
    }
}

TEST_CASE("CSV export escapes cells a spreadsheet would run as formulas", "[cli][export][bad-input]")
{
    TempCollection t;
    deck::CardContent evil;
    evil.uid = "evil-1";
    evil.topic = "cuda";
    evil.question = "=HYPERLINK(\"https://evil.example\",\"click\")";
    evil.answer = "@SUM(1+1)";
    evil.keyPoints = {"+1", "-2"};
    REQUIRE(deck::writeDefaultDeck(t.path, {evil}).ok());
    const auto csvPath = (t.dir / "deck.csv").string();
    std::ostringstream out, err;
    REQUIRE(runExportCommand(t.path, {"--format", "csv", csvPath}, out, err) == 0);
    std::ifstream cf(csvPath, std::ios::binary);
    const std::string ctext((std::istreambuf_iterator<char>(cf)), {});
    CHECK(ctext.find(",\"'=HYPERLINK(\"\"https://evil.example\"\",\"\"click\"\")\",") != std::string::npos);
    CHECK(ctext.find(",\"'@SUM(1+1)\",") != std::string::npos);
    CHECK(ctext.find(",\"'+1; -2\",") != std::string::npos);
    CHECK(ctext.find(",=") == std::string::npos);
}

TEST_CASE("a folder, a header-only CSV and a UTF-8 file with a GBK word are refused for what they are",
          "[cli][import][bad-input]")
{
    TempCollection t;
    const auto headerOnly = t.write("header.csv", "question,answer\n");
    const auto mixed = t.write("mixed.txt", "字节 一面\n1. 讲讲 \xCF\xD4\xB4\xE6 怎么估算\n");
    const std::pair<std::string, std::string> cases[] = {
        {t.dir.string(), "this is a folder, not a file"},
        {headerOnly, "header.csv:1: the CSV has a header but no rows below it"},
        {mixed, "mixed.txt:2: byte 24 is not UTF-8, though the rest of the file is"},
    };
    for (const auto& [file, message] : cases) {
        INFO(file);
        std::ostringstream out, err;
        CHECK(runImportCommand(t.path, {file, "--json"}, out, err) == 1);
        CHECK(err.str().find(message) != std::string::npos);
    }
    auto c = deck::Collection::open(t.path);
    CHECK(c->importHistory()->empty());
}

TEST_CASE("an .apkg note with bytes that are not UTF-8 is stored as UTF-8, and shows",
          "[cli][import][bad-input]")
{
    TempCollection t;
    importer::ExportedCard card;
    card.content.question = std::string("显存 \xFF\xFE 估算");
    card.content.answer = "答案";
    const auto apkg = importer::writeApkg({card}, 1767225600000, "bad.apkg");
    REQUIRE(apkg.ok());
    const auto file = t.write("bad.apkg", *apkg);
    std::ostringstream out, err;
    REQUIRE(runImportCommand(t.path, {file, "--json"}, out, err) == 0);
    const auto j = nlohmann::json::parse(out.str());
    CHECK(j[0]["repaired_fields"] == 1);
    auto c = deck::Collection::open(t.path);
    REQUIRE(c.ok());
    bool found = false;
    const auto texts = c->matchTexts();
    REQUIRE(texts.ok());
    for (const auto& card : *texts)
        if (card.question == "显存 \xEF\xBF\xBD\xEF\xBF\xBD 估算")
            found = true;
    CHECK(found);
}

TEST_CASE("standard input over the limit is refused without reading it all", "[cli][import][bad-input]")
{
    // The limit is 100 MiB; a stream of 101 MiB of text is refused as too large.
    TempCollection t;
    struct Big : std::streambuf {
        std::size_t left = 101u * 1024 * 1024;
        char buf[65536];
        int_type underflow() override
        {
            if (left == 0)
                return traits_type::eof();
            const std::size_t n = std::min(left, sizeof buf);
            std::fill(buf, buf + n, 'a');
            left -= n;
            setg(buf, buf, buf + n);
            return traits_type::to_int_type(buf[0]);
        }
    } big;
    std::streambuf* old = std::cin.rdbuf(&big);
    std::ostringstream out, err;
    const int rc = runImportCommand(t.path, {"-", "--dry-run"}, out, err);
    std::cin.rdbuf(old);
    CHECK(rc == 1);
    CHECK(err.str().find("<stdin>: the input is larger than 100 MiB") != std::string::npos);
    CHECK(big.left > 0);  // it stopped before the end
}

TEST_CASE("import --with-progress brings an Anki package's scheduling and review log into the collection",
          "[cli][import]")
{
    TempCollection t;
    importer::ExportedCard card;
    card.content.uid = "anki-card-1";
    card.content.question = "讲讲 CUDA stream 和 event";
    card.content.answer = "答案";
    scheduler::CardState s;
    s.isNew = false;
    s.easiness = 2.3;
    s.intervalDays = 12;
    s.repetitions = 3;
    s.due = 20466;
    card.state = s;
    importer::ReviewEntry r;
    r.reviewedAtMs = 1766707200000;
    r.studyDay = 20448;
    r.answer = 3;
    r.quality = 4;
    r.timeTakenMs = 5000;
    r.after = s;
    card.reviews = {r};
    const auto apkg = importer::writeApkg({card}, 1767225600000, "progress.apkg");
    REQUIRE(apkg.ok());
    const auto file = t.write("progress.apkg", *apkg);
    std::ostringstream out, err;
    REQUIRE(runImportCommand(t.path, {file, "--with-progress"}, out, err) == 0);
    INFO(err.str());
    auto c = deck::Collection::open(t.path);
    REQUIRE(c.ok());
    const auto id = c->findByUid("anki-card-1");
    REQUIRE(id.ok());
    const auto state = c->cardState(*id);
    REQUIRE(state.ok());
    CHECK_FALSE(state->isNew);
    CHECK(state->intervalDays == 12);
    CHECK(state->easiness == Approx(2.3));
    CHECK(state->due == 20466);
    const auto stats = c->stats(deck::Now{1767225600000, 0});
    REQUIRE(stats.ok());
    CHECK(stats->reviewsTotal == 1);
}

TEST_CASE("merge brings another computer's answers and cards, after a backup, and says what changed",
          "[cli][merge]")
{
    TempCollection t;
    const std::string laptop = (t.dir / "laptop.sqlite").string();
    fs::copy_file(t.path, laptop);
    const std::int64_t day = 20786LL * 86400 * 1000;  // 2026-11-29 00:00 UTC
    {
        auto desk = deck::Collection::open(t.path);
        REQUIRE(desk.ok());
        const auto kv = desk->findByUid("inference-kv-cache");
        REQUIRE(kv);
        REQUIRE(desk->answerCard(*kv, scheduler::Answer::Good, {day + 10 * 3600000LL, 0}, 3000).ok());
    }
    {
        auto other = deck::Collection::open(laptop);
        REQUIRE(other.ok());
        const auto kv = other->findByUid("inference-kv-cache");
        const auto ring = other->findByUid("communication-ring-allreduce");
        REQUIRE(kv);
        REQUIRE(ring);
        REQUIRE(other->answerCard(*kv, scheduler::Answer::Hard, {day + 12 * 3600000LL, 0}, 9000).ok());
        REQUIRE(
            other->answerCard(*ring, scheduler::Answer::Good, {day + 12 * 3600000LL + 60000, 0}, 4000).ok());
        deck::CardContent own;
        own.uid = "laptop-own-card";
        own.topic = "cuda";
        own.question = "laptop 上自己写的卡片";
        deck::ProgressImport made;
        made.source = "typed on the laptop";
        made.newCards.push_back({own, false, 0, false, {}, std::nullopt, {}});
        REQUIRE(deck::applyProgressImport(*other, made, {day, 0}).ok());
    }
    const std::string backups = (t.dir / "backups").string();

    std::ostringstream out, err;
    REQUIRE(runMergeCommand(t.path, {laptop, "--dry-run", "--json"}, out, err, backups) == 0);
    const auto dry = nlohmann::json::parse(out.str());
    CHECK(dry["new_cards"] == 1);
    CHECK(dry["shared_cards_with_reviews"] == 2);
    CHECK(dry["incoming_reviews"] == 2);
    CHECK_FALSE(fs::exists(backups));  // a dry run writes nothing, not even a backup

    out.str("");
    REQUIRE(runMergeCommand(t.path, {laptop, "--json"}, out, err, backups) == 0);
    const auto j = nlohmann::json::parse(out.str());
    CHECK(j["reviews_added"] == 2);
    CHECK(j["cards_with_reviews_added"] == 2);
    CHECK(j["reviews_already_there"] == 0);
    REQUIRE(fs::exists(backups));
    CHECK(std::distance(fs::directory_iterator(backups), fs::directory_iterator()) == 1);
    {
        auto desk = deck::Collection::open(t.path);
        REQUIRE(desk.ok());
        CHECK(desk->findByUid("laptop-own-card"));
        auto texts = desk->matchTexts();
        CHECK(texts->size() == 3);
    }
    // Again: everything is already there.
    out.str("");
    REQUIRE(runMergeCommand(t.path, {laptop}, out, err, backups) == 0);
    CHECK(out.str().find("0 reviews added to 0 cards, 0 new cards (2 reviews already there)")
          != std::string::npos);

    // Not a collection: refused, naming the file.
    const std::string junk = t.write("junk.sqlite", "not a database at all");
    std::ostringstream out2, err2;
    CHECK(runMergeCommand(t.path, {junk}, out2, err2, backups) == 1);
    CHECK(err2.str().find("junk.sqlite") != std::string::npos);
    std::ostringstream out3, err3;
    CHECK(runMergeCommand(t.path, {}, out3, err3) == 2);
}
