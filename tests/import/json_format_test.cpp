#include "import/json_format.h"

#include "scheduler/fsrs.h"
#include "scheduler/sm2.h"

#include <catch2/catch.hpp>

#include <random>

using namespace importer;

namespace {

DeckDocument sampleDocument()
{
    DeckDocument doc;
    doc.exportedAtMs = 1767225600000;  // 2026-01-01T00:00:00Z
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
    s.easiness = 2.36;  // not exactly representable: the round trip must keep every bit
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
    e.before = scheduler::CardState{};  // lastReview = kNever: written as null
    e.after = s;
    ReviewEntry mock = e;
    mock.answer.reset();  // a rubric score has no button
    mock.mode = "mock";
    a.reviews = {e, mock};
    ExportedCard b;
    b.content.question = "讲讲 ring allreduce";
    doc.cards = {a, b};
    return doc;
}

}  // namespace

TEST_CASE("export -> import -> export is lossless", "[json]")
{
    const DeckDocument doc = sampleDocument();
    const std::string text = writeJsonDocument(doc);
    const auto back = readJsonDocument(text, "deck.json");
    REQUIRE(back.ok());
    CHECK(*back == doc);
    CHECK(back->cards[0].state->easiness == 2.36);  // bit-exact, not Approx
    CHECK(back->cards[0].reviews[0].before.lastReview == scheduler::kNever);
    CHECK_FALSE(back->cards[0].reviews[1].answer.has_value());
    CHECK_FALSE(back->cards[1].state.has_value());
    CHECK(writeJsonDocument(*back) == text);
}

TEST_CASE("a minimal hand-written document takes the defaults", "[json]")
{
    const auto r = readJsonDocument(
        R"({"format":"infracards","version":1,"cards":[{"question":"什么是 NVLink"}]})", "m.json");
    REQUIRE(r.ok());
    REQUIRE(r->cards.size() == 1);
    CHECK(r->cards[0].content.level == 1);
    CHECK(r->cards[0].content.kind == deck::CardKind::Question);
    CHECK(r->cards[0].sightings.empty());
}

TEST_CASE("bad JSON names the line or the JSON Pointer", "[json][bad-input]")
{
    auto r = readJsonDocument("{\n  \"format\": \"infracards\",\n  \"cards\": [,]\n}", "x.json");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == ErrorKind::JsonSyntax);
    CHECK(r.error().line == 3);

    r = readJsonDocument(R"({"format":"infracards","version":1,"cards":[{"question":"q","levle":3}]})",
                         "x.json");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == ErrorKind::JsonSchema);
    CHECK(r.error().message == "/cards/0/levle: unknown key");

    r = readJsonDocument(R"({"format":"infracards","version":1,"cards":[{"question":"q","level":11}]})",
                         "x.json");
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

TEST_CASE("a number too large for a double is a JSON syntax error, not a crash", "[json]")
{
    // nlohmann reports it as out_of_range, not parse_error (the fuzzer found it).
    const auto r = readJsonDocument(R"({"format": "infracards", "version": 1E400})", "big.json");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == ErrorKind::JsonSyntax);
    CHECK(r.error().file == "big.json");
}

TEST_CASE("a document without its format version is refused, naming the key", "[json][bad-input]")
{
    // Read as version 0 it could not be written back and read again (the fuzzer's round trip).
    const auto r = readJsonDocument(R"({"format":"infracards","cards":[{"question":"q"}]})", "x.json");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == ErrorKind::JsonSchema);
    CHECK(r.error().message.find("/version") != std::string::npos);
}

namespace {

/// One card with `state` as its scheduling state, as text.
std::string withState(const std::string& state)
{
    return R"({"format": "infracards", "version": 1, "cards": [{"question": "q", "state": )" + state + "}]}";
}

std::string refusal(const std::string& json)
{
    const auto r = readJsonDocument(json, "bad.json");
    if (r.ok())
        return "accepted";
    CHECK(r.error().kind == ErrorKind::JsonSchema);
    CHECK(r.error().file == "bad.json");
    return r.error().message;
}

}  // namespace

TEST_CASE("impossible scheduling values are refused, naming the key and the range", "[json][bad-input]")
{
    for (const char* e : {"5000", "-50", "1e308", "1.0"}) {
        INFO(e);
        const std::string m = refusal(withState(std::string(R"({"easiness": )") + e + "}"));
        CHECK(m.find("/cards/0/state/easiness") != std::string::npos);
        CHECK(m.find("1.3-10") != std::string::npos);
    }
    CHECK(refusal(withState(R"({"due_day": -9223372036854775808})")).find("/state/due_day")
          != std::string::npos);
    CHECK(refusal(withState(R"({"interval_days": 36501})"))
              .find("/state/interval_days: expected an integer 0-36500")
          != std::string::npos);
    CHECK(refusal(withState(R"({"last_review_day": 18446744073709551615})")).find("/state/last_review_day")
          != std::string::npos);
    CHECK(refusal(withState(R"({"repetitions": 18446744073709551615})")).find("/state/repetitions")
          != std::string::npos);
    // The upper ends themselves are accepted.
    CHECK(refusal(withState(R"({"easiness": 10, "interval_days": 36500, "due_day": 1000000})"))
          == "accepted");
}

TEST_CASE("a review's button must be 1-4 as a whole 64-bit value, and its time sane", "[json][bad-input]")
{
    const auto review = [](const std::string& fields) {
        return R"({"format": "infracards", "version": 1, "cards": [{"question": "q", "reviews": [{)" + fields
               + R"(, "state_before": {}, "state_after": {}}]}]})";
    };
    // 4294967297 = 2^32 + 1: cut to an int it would read as 1.
    CHECK(refusal(review(R"("answer": 4294967297)")).find("/reviews/0/answer") != std::string::npos);
    CHECK(refusal(review(R"("answer": 2.5)")).find("/reviews/0/answer") != std::string::npos);
    CHECK(refusal(review(R"("answer": 3, "time_taken_ms": -1)")).find("/reviews/0/time_taken_ms")
          != std::string::npos);
    CHECK(refusal(review(R"("answer": 3, "reviewed_at_ms": -5)")).find("/reviews/0/reviewed_at_ms")
          != std::string::npos);
    CHECK(refusal(review(R"("answer": 3)")) == "accepted");
}

TEST_CASE("a key given twice in one object is refused, naming it", "[json][bad-input]")
{
    const std::string m =
        refusal(R"({"format": "infracards", "version": 1, "cards": [{"question": "a", "question": "b"}]})");
    CHECK(m.find("\"question\" appears twice") != std::string::npos);
    // The same key in two different objects is fine.
    CHECK(
        refusal(R"({"format": "infracards", "version": 1, "cards": [{"question": "a"}, {"question": "b"}]})")
        == "accepted");
}

TEST_CASE("property - any state a scheduler reaches from an importable state exports and imports unchanged",
          "[json][property]")
{
    // 2,000 random importable states (anywhere in the documented ranges, the extremes weighted
    // in), each answered 1-8 times by SM-2 or FSRS-6 on later days; every state met on the way
    // must be accepted again and come back bit for bit.
    std::mt19937_64 rng(20261201);
    const auto pick = [&](std::int64_t lo, std::int64_t hi) {
        const int edge = static_cast<int>(rng() % 8);
        if (edge == 0)
            return lo;
        if (edge == 1)
            return hi;
        return lo + static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(hi - lo + 1));
    };
    const scheduler::Sm2Scheduler sm2;
    const scheduler::FsrsScheduler fsrs;
    DeckDocument doc;
    for (int i = 0; i < 2000; ++i) {
        scheduler::CardState s;
        s.isNew = rng() % 4 == 0;
        s.easiness = std::uniform_real_distribution<double>(scheduler::kMinimumEasiness,
                                                            scheduler::kMaximumEasiness)(rng);
        if (rng() % 8 == 0)
            s.easiness = scheduler::kMaximumEasiness;
        s.repetitions = static_cast<int>(pick(0, scheduler::kMaximumCount));
        s.intervalDays = static_cast<int>(pick(0, scheduler::kMaximumIntervalDays));
        s.lastReview = s.isNew ? scheduler::kNever : pick(0, 60000);
        s.due = pick(0, scheduler::kLastDay);
        s.lapses = static_cast<int>(pick(0, scheduler::kMaximumCount));
        ExportedCard c;
        c.content.question = "q" + std::to_string(i);
        c.state = s;
        scheduler::Day today = s.lastReview == scheduler::kNever ? 20000 : s.lastReview;
        const int answers = 1 + static_cast<int>(rng() % 8);
        for (int k = 0; k < answers; ++k) {
            today += static_cast<scheduler::Day>(rng() % 400);
            const auto a = static_cast<scheduler::Answer>(1 + rng() % 4);
            ReviewEntry e;
            e.reviewedAtMs = today * 86'400'000;
            e.studyDay = today;
            e.answer = static_cast<int>(a);
            e.before = *c.state;
            e.after = (i % 2 == 0 ? static_cast<const scheduler::Scheduler&>(sm2) : fsrs)
                          .answer(*c.state, a, today);
            c.state = e.after;
            c.reviews.push_back(e);
        }
        doc.cards.push_back(std::move(c));
    }
    const std::string text = writeJsonDocument(doc);
    const auto back = readJsonDocument(text, "round.json");
    REQUIRE(back.ok());
    REQUIRE(back->cards.size() == doc.cards.size());
    for (std::size_t i = 0; i < doc.cards.size(); ++i) {
        INFO("card " << i);
        REQUIRE(back->cards[i].state == doc.cards[i].state);
        REQUIRE(back->cards[i].reviews.size() == doc.cards[i].reviews.size());
        for (std::size_t k = 0; k < doc.cards[i].reviews.size(); ++k) {
            CHECK(back->cards[i].reviews[k].before == doc.cards[i].reviews[k].before);
            CHECK(back->cards[i].reviews[k].after == doc.cards[i].reviews[k].after);
        }
    }
    CHECK(writeJsonDocument(*back) == text);
}
