// The JSON format over a real collection: export -> import into an empty collection -> export
// must give the same bytes (docs/json-format.md promises a lossless round trip). The source
// collection has reviews (buttons and a mock rubric score), sightings (shipped and imported),
// a user edit, a flag, a suspended and a buried card, and cards made by a report import.
#include "deck/progress_io.h"
#include "import/collection_document.h"
#include "import/import_pipeline.h"
#include "import/json_format.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <random>

namespace fs = std::filesystem;

namespace {

struct Dir {
    fs::path path;
    Dir()
    {
        std::random_device rd;
        path = fs::temp_directory_path()
               / ("infracards-roundtrip-" + std::to_string(rd()) + std::to_string(rd()));
        fs::create_directories(path);
    }
    ~Dir()
    {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    std::string file(const std::string& name) const { return (path / name).string(); }
};

/// 2026-11-29 10:00 UTC plus whole days (study day 20786 + days with the 04:00 rollover).
deck::Now at(int days, int hours = 0)
{
    return {(20786LL * 86400 + (10 + hours) * 3600LL + days * 86400LL) * 1000, 0};
}

deck::CardContent card(const std::string& uid, const std::string& topic, int level, const std::string& q)
{
    deck::CardContent c;
    c.uid = uid;
    c.topic = topic;
    c.level = level;
    c.question = q;
    c.questionEn = "EN " + uid;
    c.answer = "答案：$O(n)$ 与 **粗体**";
    c.keyPoints = {"要点一", "要点二"};
    c.tags = {"t1", "面试"};
    c.links = {"card:cuda-warp"};
    c.sources = {"https://example.org/a (doc)"};
    return c;
}

deck::Collection open(const std::string& path)
{
    auto c = deck::Collection::open(path, {.createIfMissing = true});
    REQUIRE(c.ok());
    return std::move(c).value();
}

importer::PreviewOptions uidLookup(deck::Collection& c)
{
    importer::PreviewOptions o;
    o.findByUid = [&c](const std::string& uid) -> std::optional<deck::CardId> {
        auto r = c.findByUid(uid);
        return r ? std::optional<deck::CardId>(*r) : std::nullopt;
    };
    return o;
}

std::vector<importer::DeckEntry> entries(deck::Collection& c)
{
    auto texts = c.matchTexts();
    REQUIRE(texts.ok());
    return std::move(texts.value());
}

std::string exportText(deck::Collection& c, std::int64_t ms)
{
    auto doc = importer::exportDocument(c, ms);
    REQUIRE(doc.ok());
    return importer::writeJsonDocument(*doc);
}

/// Imports `bytes` as `name` into `c` through the same steps as the CLI and the dialog.
deck::ImportId importInto(deck::Collection& c, const std::string& name, const std::string& bytes,
                          const deck::Now& now)
{
    auto preview = importer::previewImport(name, bytes, entries(c), uidLookup(c));
    REQUIRE(preview.ok());
    auto id = deck::applyProgressImport(c, importer::buildProgressImport(*preview), now);
    REQUIRE(id.ok());
    return *id;
}

}  // namespace

TEST_CASE("export -> import into an empty collection -> export gives identical JSON", "[json][round-trip]")
{
    Dir dir;
    const std::string builtin = dir.file("default.sqlite");
    // Two questions that read alike: the text matcher would merge them; the JSON import must not.
    REQUIRE(deck::writeDefaultDeck(
                builtin,
                {card("cuda-warp", "cuda", 2, "什么是 warp divergence？"),
                 card("cuda-warp-2", "cuda", 3, "什么是 warp divergence？如何避免"),
                 card("inference-kv", "inference", 4, "KV cache 占多少显存"),
                 card("communication-ring", "communication", 5, "讲讲 ring allreduce")},
                {{"inference-kv", {"ByteDance", "一面", "推理框架", "2025-03-14", "https://example.org/r1"}},
                 {"inference-kv", {"Alibaba", "二面", "", "2025-04", ""}}})
                .ok());
    deck::Collection src = open(dir.file("src.sqlite"));
    REQUIRE(src.mergeBuiltinDeck(builtin, at(0)).ok());
    const deck::CardId warp = *src.findByUid("cuda-warp");
    const deck::CardId kv = *src.findByUid("inference-kv");
    const deck::CardId ring = *src.findByUid("communication-ring");

    REQUIRE(src.answerCard(warp, scheduler::Answer::Good, at(0), 4200).ok());
    REQUIRE(src.answerCard(warp, scheduler::Answer::Hard, at(1), 8000).ok());
    REQUIRE(src.answerCard(warp, scheduler::Answer::Good, at(1, 1), 2000).ok());
    REQUIRE(src.answerCard(kv, scheduler::Answer::Again, at(0), 15000).ok());
    REQUIRE(src.answerWithRubric(kv, 3, at(2), 90000).ok());
    deck::CardContent edited = src.card(kv)->content;
    edited.answer = "用户改写的答案，含 \"引号\" 与换行\n第二行";
    edited.tags.push_back("mine");
    REQUIRE(src.editCard(kv, edited, at(2)).ok());
    REQUIRE(src.setSuspended(ring, true, at(2)).ok());
    REQUIRE(src.setFlag(warp, 3, at(2)).ok());
    REQUIRE(src.bury(*src.findByUid("cuda-warp-2"), at(2)).ok());
    // A pasted report: one question matches the ring card (a sighting on it), one makes a new card.
    importInto(src, "<paste>", "腾讯 二面 2025-05-02\n1. 讲讲 ring allreduce\n2. 什么是 NCCL 的 tree 算法\n",
               at(3));

    const std::int64_t stamp = at(4).unixMs;
    const std::string first = exportText(src, stamp);

    // What the export holds, so the comparison below cannot pass on an empty or partial document.
    auto doc = importer::readJsonDocument(first, "first.json");
    REQUIRE(doc.ok());
    REQUIRE(doc->cards.size() == 5);
    CHECK(doc->cards[0].reviews.size() == 3);
    CHECK(doc->cards[0].flag == 3);
    REQUIRE(doc->cards[2].reviews.size() == 2);
    CHECK_FALSE(doc->cards[2].reviews[1].answer);
    CHECK(doc->cards[2].userEdited);
    CHECK(doc->cards[2].sightings.size() == 2);
    CHECK(doc->cards[3].suspended);
    CHECK(doc->cards[3].sightings.size() == 1);
    CHECK(doc->cards[3].sightings[0].company == "Tencent");
    CHECK(doc->cards[4].content.question == "什么是 NCCL 的 tree 算法");
    CHECK_FALSE(doc->cards[4].state);
    CHECK(doc->cards[1].content.question == "什么是 warp divergence？如何避免");

    deck::Collection dst = open(dir.file("dst.sqlite"));
    const deck::ImportId id = importInto(dst, "deck.json", first, at(5));
    const std::string second = exportText(dst, stamp);
    CHECK(second == first);

    // The import is one undoable unit: undo leaves the collection empty again.
    REQUIRE(dst.undoImport(id).ok());
    auto after = importer::exportDocument(dst, stamp);
    REQUIRE(after.ok());
    CHECK(after->cards.empty());
}

TEST_CASE("re-importing a collection's own export adds nothing and keeps its history", "[json][round-trip]")
{
    Dir dir;
    const std::string builtin = dir.file("default.sqlite");
    REQUIRE(deck::writeDefaultDeck(builtin, {card("cuda-warp", "cuda", 2, "什么是 warp divergence？")},
                                   {{"cuda-warp", {"NVIDIA", "一面", "", "2025-01", ""}}})
                .ok());
    deck::Collection c = open(dir.file("c.sqlite"));
    REQUIRE(c.mergeBuiltinDeck(builtin, at(0)).ok());
    REQUIRE(c.answerCard(*c.findByUid("cuda-warp"), scheduler::Answer::Good, at(0), 1000).ok());
    const std::string before = exportText(c, 1);
    importInto(c, "self.json", before, at(1));
    CHECK(exportText(c, 1) == before);
    auto history = c.importHistory();
    REQUIRE(history.ok());
    REQUIRE(history->size() == 1);
    CHECK(history->at(0).cardsAdded == 0);
    CHECK(history->at(0).sightingsAdded == 0);
}
