#include "import/json_format.h"

#include <catch2/catch.hpp>

using namespace importer;

namespace {

DeckDocument sampleDocument() {
    DeckDocument doc;
    doc.exportedAtMs = 1767225600000; // 2026-01-01T00:00:00Z
    ExportedCard a;
    a.content.uid = "inference-kv-cache-size";
    a.content.kind = deck::CardKind::Formula;
    a.content.topic = "inference";
    a.content.level = 4;
    a.content.question = "KV cache 的显存怎么估算？\n第二行 \"引号\" 与 \\ 反斜杠 😀";
    a.content.questionEn = "How big is the KV cache?";
    a.content.answer = "$$M = 2 \\cdot L \\cdot H \\cdot d \\cdot s \\cdot b$$";
    a.content.keyPoints = {"two tensors, K and V", "per layer"};
    a.content.tags = {"kv", "memory"};
    a.content.links = {"formula:kv-cache"};
    a.content.sources = {"https://arxiv.org/abs/2309.06180 (PagedAttention)"};
    a.suspended = true;
    a.flag = 3;
    a.userEdited = true;
    a.sightings = {{"ByteDance", "一面", "推理框架", "2024-10-12", "https://example.org/post/1"},
                   {"", "", "", "", ""}};
    scheduler::CardState s;
    s.isNew = false;
    s.easiness = 2.36; // not exactly representable: the round trip must keep every bit
    s.repetitions = 3;
    s.intervalDays = 15;
    s.due = 20471;
    s.lastReview = 20456;
    s.lapses = 1;
    a.state = s;
    ReviewEntry e;
    e.reviewedAtMs = 1767139200123;
    e.studyDay = 20456;
    e.answer = 3;
    e.quality = 4;
    e.timeTakenMs = 8200;
    e.before = scheduler::CardState{};           // lastReview = kNever: written as null
    e.after = s;
    ReviewEntry mock = e;
    mock.answer.reset();                          // a rubric score has no button
    mock.mode = "mock";
    a.reviews = {e, mock};
    ExportedCard b;
    b.content.question = "讲讲 ring allreduce";
    doc.cards = {a, b};
    return doc;
}

} // namespace

TEST_CASE("export -> import -> export is lossless", "[json]") {
    const DeckDocument doc = sampleDocument();
    const std::string text = writeJsonDocument(doc);
    const auto back = readJsonDocument(text, "deck.json");
    REQUIRE(back.ok());
    CHECK(*back == doc);
    CHECK(back->cards[0].state->easiness == 2.36); // bit-exact, not Approx
    CHECK(back->cards[0].reviews[0].before.lastReview == scheduler::kNever);
    CHECK_FALSE(back->cards[0].reviews[1].answer.has_value());
    CHECK_FALSE(back->cards[1].state.has_value());
    CHECK(writeJsonDocument(*back) == text);
}

TEST_CASE("a minimal hand-written document takes the defaults", "[json]") {
    const auto r = readJsonDocument(R"({"format":"infracards","version":1,"cards":[{"question":"什么是 NVLink"}]})", "m.json");
    REQUIRE(r.ok());
    REQUIRE(r->cards.size() == 1);
    CHECK(r->cards[0].content.level == 1);
    CHECK(r->cards[0].content.kind == deck::CardKind::Question);
    CHECK(r->cards[0].sightings.empty());
}

TEST_CASE("bad JSON names the line or the JSON Pointer", "[json][bad-input]") {
    auto r = readJsonDocument("{\n  \"format\": \"infracards\",\n  \"cards\": [,]\n}", "x.json");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == ErrorKind::JsonSyntax);
    CHECK(r.error().line == 3);

    r = readJsonDocument(R"({"format":"infracards","version":1,"cards":[{"question":"q","levle":3}]})", "x.json");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == ErrorKind::JsonSchema);
    CHECK(r.error().message == "/cards/0/levle: unknown key");

    r = readJsonDocument(R"({"format":"infracards","version":1,"cards":[{"question":"q","level":11}]})", "x.json");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message == "/cards/0/level: expected an integer 1-10");

    r = readJsonDocument(R"({"format":"infracards","version":1,"cards":[{"answer":"a"}]})", "x.json");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message == "/cards/0/question: missing");

    r = readJsonDocument(R"({"format":"infracards","version":2,"cards":[]})", "x.json");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message.find("newer InfraCards") != std::string::npos);

    r = readJsonDocument(R"([1,2,3])", "x.json");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == ErrorKind::JsonSchema);
}

TEST_CASE("a number too large for a double is a JSON syntax error, not a crash", "[json]") {
    // nlohmann reports it as out_of_range, not parse_error (the fuzzer found it).
    const auto r = readJsonDocument(R"({"format": "infracards", "version": 1E400})", "big.json");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == ErrorKind::JsonSyntax);
    CHECK(r.error().file == "big.json");
}

TEST_CASE("a document without its format version is refused, naming the key", "[json][bad-input]") {
    // Read as version 0 it could not be written back and read again (the fuzzer's round trip).
    const auto r = readJsonDocument(R"({"format":"infracards","cards":[{"question":"q"}]})", "x.json");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == ErrorKind::JsonSchema);
    CHECK(r.error().message.find("/version") != std::string::npos);
}
