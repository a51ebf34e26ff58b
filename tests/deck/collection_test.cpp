#include <catch2/catch.hpp>

#include <fstream>

#include "deck/storage/database.h"
#include "deck/storage/access.h"
#include "deck/storage/schema.h"
#include "test_support.h"

using namespace deck;
using testing::dayNow;
using testing::makeCard;
using testing::TempDir;

namespace {

Collection deckWith(TempDir& dir, const std::vector<CardContent>& cards)
{
    const std::string builtin = dir.file("default.sqlite");
    REQUIRE(writeDefaultDeck(builtin, cards).ok());
    auto c = Collection::open(dir.file("user.sqlite"), {.createIfMissing = true});
    REQUIRE(c.ok());
    auto merged = c->mergeBuiltinDeck(builtin, dayNow());
    REQUIRE(merged.ok());
    CHECK(merged->added == static_cast<int>(cards.size()));
    return std::move(c).value();
}

int count(Database& db, const std::string& sql)
{
    auto st = db.prepare(sql);
    REQUIRE(st.ok());
    REQUIRE(st->step());
    return st->int32(0);
}

}  // namespace

TEST_CASE("Answering writes the state and a log row and undo restores both", "[collection]")
{
    TempDir dir;
    Collection c = deckWith(dir, {makeCard("cuda-a", "cuda", "什么是 warp？"),
                                  makeCard("cuda-b", "cuda", "什么是 bank conflict？")});
    auto queue = c.todayQueue(dayNow());
    REQUIRE(queue.ok());
    REQUIRE(queue->order.size() == 2);
    CHECK(queue->fresh == 2);
    const CardId first = queue->order[0];

    auto outcome = c.answerCard(first, scheduler::Answer::Good, dayNow(), 4200);
    REQUIRE(outcome.ok());
    CHECK(outcome->before.isNew);
    CHECK(outcome->after.intervalDays == 1);
    CHECK(outcome->after.due == 20786 + 1);
    CHECK(count(deck::storage::of(c), "SELECT count(*) FROM review_log") == 1);
    CHECK(count(deck::storage::of(c), "SELECT time_taken_ms FROM review_log") == 4200);
    CHECK(count(deck::storage::of(c), "SELECT answer FROM review_log") == 3);
    CHECK(count(deck::storage::of(c), "SELECT quality FROM review_log") == 4);

    // Tomorrow it is due again.
    auto tomorrow = c.todayQueue(dayNow(1));
    REQUIRE(tomorrow.ok());
    CHECK(tomorrow->reviews == 1);
    CHECK(tomorrow->order.front() == first);

    auto undone = c.undoLastAnswer();
    REQUIRE(undone.ok());
    CHECK(undone->card == first);
    CHECK(count(deck::storage::of(c), "SELECT count(*) FROM review_log") == 0);
    auto state = c.cardState(first);
    REQUIRE(state.ok());
    CHECK(state->isNew);
    CHECK_FALSE(c.undoLastAnswer().ok());
}

TEST_CASE("Hard puts the card at the end of today's session, once", "[collection]")
{
    TempDir dir;
    Collection c = deckWith(dir, {makeCard("cuda-a", "cuda", "Q1"), makeCard("cuda-b", "cuda", "Q2")});
    auto q = c.todayQueue(dayNow());
    const CardId a = q->order[0], b = q->order[1];
    REQUIRE(c.answerCard(a, scheduler::Answer::Hard, dayNow(), 1000).ok());
    q = c.todayQueue(dayNow());
    REQUIRE(q.ok());
    CHECK(q->order == std::vector<CardId>{b, a});
    CHECK(q->drill == 1);
    REQUIRE(c.answerCard(b, scheduler::Answer::Good, dayNow(), 1000).ok());
    REQUIRE(c.answerCard(a, scheduler::Answer::Good, dayNow(), 1000).ok());
    q = c.todayQueue(dayNow());
    CHECK(q->order.empty());
    // The repeat did not change the first grade's EF (2.5 - 0.14).
    CHECK(c.cardState(a)->easiness == Approx(2.36));
}

TEST_CASE("New-card limit counts cards introduced today", "[collection]")
{
    TempDir dir;
    std::vector<CardContent> cards;
    for (int i = 0; i < 5; ++i)
        cards.push_back(makeCard("cuda-" + std::to_string(i), "cuda", "Q" + std::to_string(i)));
    Collection c = deckWith(dir, cards);
    CollectionConfig cfg;
    cfg.newPerDay = 2;
    REQUIRE(c.setConfig(cfg).ok());
    CHECK(c.config()->newPerDay == 2);
    auto q = c.todayQueue(dayNow());
    REQUIRE(q->fresh == 2);
    REQUIRE(c.answerCard(q->order[0], scheduler::Answer::Good, dayNow(), 10).ok());
    q = c.todayQueue(dayNow());
    CHECK(q->fresh == 1);
    CHECK(c.todayQueue(dayNow(1))->fresh == 2);  // tomorrow: a new allowance
    cfg.rolloverHour = 30;
    CHECK_FALSE(c.setConfig(cfg).ok());
}

TEST_CASE("Search works for Chinese, including one- and two-character terms", "[collection]")
{
    TempDir dir;
    auto k1 = makeCard("inference-kv", "inference", "KV cache 的显存怎么估算？");
    k1.answer = "每个 token 的 KV cache 字节数是 $2 n_{layers} n_{kv} d_{head} b$。";
    auto k2 = makeCard("dist-training-zero", "dist-training", "ZeRO-3 如何切分优化器状态？");
    auto k3 = makeCard("cuda-bank", "cuda", "shared memory bank conflict 是什么？");
    Collection c = deckWith(dir, {k1, k2, k3});
    auto hits = c.search("显存");
    REQUIRE(hits.ok());
    REQUIRE(hits->size() == 1);
    CHECK(hits->front().uid == "inference-kv");
    CHECK(c.search("优化器状态")->size() == 1);
    CHECK(c.search("bank conflict")->front().uid == "cuda-bank");
    CHECK(c.search("token")->front().uid == "inference-kv");         // in the answer only
    CHECK(c.search("KV")->size() == 1);                              // two letters: substring scan
    CHECK(c.search("zero-3")->front().uid == "dist-training-zero");  // case-insensitive
    CHECK(c.search("不存在的词")->empty());
    CHECK(c.search("\"; DROP TABLE cards; --")->empty());
    CHECK(c.search("%")->empty());
    CHECK(c.search("   ")->empty());
}

TEST_CASE("Merging a newer built-in deck keeps progress and user edits", "[collection]")
{
    TempDir dir;
    Collection c = deckWith(dir, {makeCard("cuda-a", "cuda", "Q1"), makeCard("cuda-b", "cuda", "Q2"),
                                  makeCard("cuda-c", "cuda", "Q3")});
    const CardId a = *c.findByUid("cuda-a");
    const CardId b = *c.findByUid("cuda-b");
    REQUIRE(c.answerCard(a, scheduler::Answer::Easy, dayNow(), 10).ok());
    auto edited = c.card(b)->content;
    edited.answer = "my own answer";
    REQUIRE(c.editCard(b, edited, dayNow()).ok());

    auto a2 = makeCard("cuda-a", "cuda", "Q1 (better wording)");
    auto b2 = makeCard("cuda-b", "cuda", "Q2 (better wording)");
    const std::string v2 = dir.file("default-v2.sqlite");
    REQUIRE(writeDefaultDeck(v2, {a2, b2, makeCard("cuda-c", "cuda", "Q3"), makeCard("cuda-d", "cuda", "Q4")})
                .ok());
    auto report = c.mergeBuiltinDeck(v2, dayNow(1));
    REQUIRE(report.ok());
    CHECK(report->added == 1);
    CHECK(report->updated == 1);
    CHECK(report->keptUserEdits == 1);
    CHECK(report->unchanged == 1);
    CHECK(c.card(a)->content.question == "Q1 (better wording)");
    CHECK(c.card(b)->content.answer == "my own answer");
    CHECK_FALSE(c.cardState(a)->isNew);  // progress kept
    CHECK(count(deck::storage::of(c), "SELECT count(*) FROM review_log") == 1);
    // Merging the same deck again changes nothing.
    auto again = c.mergeBuiltinDeck(v2, dayNow(1));
    CHECK(again->added == 0);
    CHECK(again->updated == 0);
}

TEST_CASE("Suspend, bury and flag take cards out of the queue as expected", "[collection]")
{
    TempDir dir;
    Collection c = deckWith(dir, {makeCard("cuda-a", "cuda", "Q1"), makeCard("cuda-b", "cuda", "Q2")});
    const CardId a = *c.findByUid("cuda-a"), b = *c.findByUid("cuda-b");
    REQUIRE(c.setSuspended(a, true, dayNow()).ok());
    REQUIRE(c.bury(b, dayNow()).ok());
    CHECK(c.todayQueue(dayNow())->order.empty());
    CHECK(c.todayQueue(dayNow(1))->order == std::vector<CardId>{b});
    REQUIRE(c.setFlag(b, 2, dayNow()).ok());
    CHECK(c.card(b)->flag == 2);
    CHECK_FALSE(c.setFlag(b, 9, dayNow()).ok());
    CHECK(c.setSuspended(CardId(999), true, dayNow()).error().kind == ErrorKind::NotFound);
    auto stats = c.stats(dayNow());
    CHECK(stats->suspended == 1);
}

TEST_CASE("An import is one transaction and can be undone as a whole", "[collection]")
{
    TempDir dir;
    Collection c = deckWith(dir, {makeCard("cuda-a", "cuda", "Q1")});
    const CardId a = *c.findByUid("cuda-a");
    ImportPlan plan;
    plan.source = "report.txt";
    plan.summary = "ByteDance 一面";
    ImportPlan::NewCard nc;
    nc.content = makeCard("", "inference", "PagedAttention 解决了什么问题？", 4);
    nc.sightings = {{"ByteDance", "一面", "推理框架", "2025-03-01", "https://example.org/r/1"}};
    plan.newCards.push_back(nc);
    plan.sightingsOnExisting.push_back(
        {a, {"ByteDance", "一面", "推理框架", "2025-03-01", "https://example.org/r/1"}});
    auto id = c.applyImport(plan, dayNow());
    REQUIRE(id.ok());
    CHECK(c.stats(dayNow())->cards == 2);
    CHECK(c.card(a)->sightings.size() == 1);
    auto history = c.importHistory();
    REQUIRE(history->size() == 1);
    CHECK(history->front().cardsAdded == 1);
    CHECK(history->front().sightingsAdded == 2);

    REQUIRE(c.undoImport(*id).ok());
    CHECK(c.stats(dayNow())->cards == 1);
    CHECK(c.card(a)->sightings.empty());
    CHECK(c.undoImport(*id).error().kind == ErrorKind::Conflict);

    // A plan with a bad card writes nothing.
    ImportPlan bad = plan;
    bad.newCards.back().content.level = 11;
    CHECK_FALSE(c.applyImport(bad, dayNow()).ok());
    CHECK(c.stats(dayNow())->cards == 1);
}

TEST_CASE("Switching to FSRS-6 and back keeps every answer and schedules from the history",
          "[collection][fsrs]")
{
    TempDir dir;
    Collection c = deckWith(dir, {makeCard("cuda-a", "cuda", "Q1")});
    const CardId a = *c.findByUid("cuda-a");
    // Day 0 Good under SM-2: interval 1.
    REQUIRE(c.answerCard(a, scheduler::Answer::Good, dayNow(), 10).ok());
    CollectionConfig cfg;
    cfg.scheduler = "fsrs-6";
    REQUIRE(c.setConfig(cfg).ok());
    CHECK(c.config()->scheduler == "fsrs-6");
    // Day 1 Good under FSRS-6 (default weights, 90 % retention), replayed from the log.
    // Hand calculation with the FSRS-6 formulas (docs/scheduler.md):
    //   S0(Good) = w2 = 2.3065, D0(Good) = w4 - e^(2 w5) + 1 = 2.1181;
    //   after 1 day R = (1 + f/S0)^(-w20) = 0.94685 with f = 0.9^(-1/w20) - 1;
    //   S1 = S0 (e^w8 (11 - D0) S0^-w9 (e^(w10 (1 - R)) - 1) + 1) = 7.3153 days,
    //   the interval at 90 % retention is S1 itself, and the fuzz window around 7.3 days is
    //   [round(7.3153 - 1.7065), round(7.3153 + 1.7065)] = [6, 9].
    auto next = c.preview(a, dayNow(1));
    REQUIRE(next.ok());
    const int fsrsGood = next->byAnswer[2].intervalDays;
    CHECK(fsrsGood >= 6);
    CHECK(fsrsGood <= 9);
    REQUIRE(c.answerCard(a, scheduler::Answer::Good, dayNow(1), 10).ok());
    CHECK(c.cardState(a)->intervalDays == fsrsGood);
    CHECK(count(deck::storage::of(c), "SELECT count(*) FROM review_log WHERE scheduler = 'fsrs-6'") == 1);

    cfg.scheduler = "sm2-classic";
    REQUIRE(c.setConfig(cfg).ok());
    CHECK(count(deck::storage::of(c), "SELECT count(*) FROM review_log") == 2);
    cfg.scheduler = "leitner";
    CHECK_FALSE(c.setConfig(cfg).ok());
}

TEST_CASE("Demo runs are kept with their device and can be listed per demo", "[collection][demo]")
{
    TempDir dir;
    Collection c = deckWith(dir, {makeCard("cuda-a", "cuda", "Q1")});
    std::ifstream in(std::string(INFRACARDS_SOURCE_DIR) + "/resources/demos/h200/reduction.json");
    REQUIRE(in);
    const std::string json((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto id = c.recordDemoRun(json, true, dayNow());
    REQUIRE(id.ok());
    auto runs = c.demoRuns("reduction");
    REQUIRE(runs.ok());
    REQUIRE(runs->size() == 1);
    CHECK(runs->front().device.find("H200") != std::string::npos);
    CHECK(runs->front().recorded);
    CHECK(c.demoRuns("transpose")->empty());
    CHECK(c.demoRuns("")->size() == 1);
    CHECK_FALSE(c.recordDemoRun("{not json", false, dayNow()).ok());
    CHECK(c.demoRuns("")->size() == 1);
}
