// Mock interviews: whole rounds driven through deck::MockSession with an injected clock and a
// fake view. Every expected number below is worked out by hand in the comments next to it.

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "deck/storage/database.h"
#include "deck/storage/access.h"
#include "deck/mock_presets.h"
#include "deck/mock_selection.h"
#include "deck/mock_session.h"
#include "test_support.h"

using namespace deck;
using testing::dayNow;
using testing::makeCard;
using testing::TempDir;

namespace {

/// dayNow() plus `seconds`.
Now at(double seconds, int plusDays = 0)
{
    Now n = dayNow(plusDays);
    n.unixMs += static_cast<std::int64_t>(seconds * 1000);
    return n;
}

Collection openDeck(TempDir& dir, const std::vector<CardContent>& cards)
{
    const std::string builtin = dir.file("default.sqlite");
    REQUIRE(writeDefaultDeck(builtin, cards).ok());
    auto c = Collection::open(dir.file("user.sqlite"), {.createIfMissing = true});
    REQUIRE(c.ok());
    REQUIRE(c->mergeBuiltinDeck(builtin, dayNow()).ok());
    return std::move(c).value();
}

CardId idOf(Collection& c, const std::string& uid)
{
    auto id = c.findByUid(uid);
    REQUIRE(id.ok());
    return *id;
}

std::int64_t number(Database& db, const std::string& sql)
{
    auto st = db.prepare(sql);
    REQUIRE(st.ok());
    REQUIRE(st->step());
    return st->int64(0);
}

/// Gives card `uid` sightings from `companies` (one each, round "一面").
void sight(Collection& c, const std::string& uid, const std::vector<std::string>& companies,
           const std::string& round = "一面")
{
    ImportPlan plan;
    plan.source = "test";
    for (const auto& company : companies)
        plan.sightingsOnExisting.push_back(
            {idOf(c, uid), {company, round, "infra", "2025-01-01", "https://example.com/" + company + uid}});
    REQUIRE(c.applyImport(plan, dayNow()).ok());
}

struct FakeView : MockView {
    std::vector<std::string> events;
    std::vector<int> questionsShown;  ///< positions
    MockClock lastClock;
    std::optional<MockReport> report;
    bool lastTimedOut = false;
    void showQuestion(const MockQuestion& q) override
    {
        events.push_back("question " + std::to_string(q.position));
        questionsShown.push_back(q.position);
    }
    void showTime(const MockClock& c) override { lastClock = c; }
    void showAnswer(const MockQuestion& q, bool timedOut) override
    {
        events.push_back("answer " + std::to_string(q.position) + (timedOut ? " timed out" : ""));
        lastTimedOut = timedOut;
    }
    void showScored(const MockQuestion& q, int score) override
    {
        events.push_back("scored " + std::to_string(q.position) + " " + std::to_string(score));
    }
    void showState(MockState s) override { events.push_back(std::string("state ") + toString(s)); }
    void showReport(const MockReport& r) override { report = r; }
};

/// Four cards; a most-asked-first round asks them in the order a, b, c, d (3, 2, 1, 0 companies).
Collection fourCardDeck(TempDir& dir)
{
    Collection c = openDeck(dir, {makeCard("cuda-a", "cuda", "Q-a", 5), makeCard("cuda-b", "cuda", "Q-b", 5),
                                  makeCard("inference-c", "inference", "Q-c", 4),
                                  makeCard("inference-d", "inference", "Q-d", 4)});
    sight(c, "cuda-a", {"ByteDance", "Alibaba", "Tencent"});
    sight(c, "cuda-b", {"ByteDance", "Alibaba"});
    sight(c, "inference-c", {"ByteDance"});
    return c;
}

MockConfig mostAsked(int questions, std::int64_t perQuestionMs, std::int64_t totalMs)
{
    MockConfig config;
    config.questions = questions;
    config.perQuestionMs = perQuestionMs;
    config.totalMs = totalMs;
    config.order = MockOrder::MostAskedFirst;
    return config;
}

}  // namespace

TEST_CASE("A whole round: pause, per-question time-out, skip, report and storage", "[mock]")
{
    TempDir dir;
    Collection c = fourCardDeck(dir);
    auto session = MockSession::create(c, mostAsked(4, 60'000, 200'000), at(0));
    REQUIRE(session.ok());
    MockSession& s = *session;
    FakeView view;
    s.setView(&view);
    CHECK(s.state() == MockState::NotStarted);
    CHECK(s.count() == 4);

    // Q1 (cuda-a): asked at 0 s, paused 20-50 s, revealed at 60 s: 20 + 10 = 30 s on the clock.
    REQUIRE(s.start(at(0)).ok());
    CHECK(s.currentQuestion()->content.uid == "cuda-a");
    REQUIRE(s.tick(at(10)).ok());
    CHECK(view.lastClock.questionElapsedMs == 10'000);
    CHECK(view.lastClock.questionLeftMs() == 50'000);
    REQUIRE(s.pause(at(20)).ok());
    CHECK(s.state() == MockState::Paused);
    REQUIRE(s.tick(at(45)).ok());
    CHECK(view.lastClock.questionElapsedMs == 20'000);  // the clock stood still while paused
    CHECK_FALSE(view.lastClock.running);
    REQUIRE(s.resume(at(50)).ok());
    s.setNotes("warp = 32 threads");
    REQUIRE(s.reveal(at(60)).ok());
    CHECK(s.state() == MockState::Revealed);
    CHECK(s.clock(at(60)).questionElapsedMs == 30'000);
    REQUIRE(s.score(4, at(65)).ok());
    CHECK(s.state() == MockState::Scored);
    REQUIRE(s.next(at(70)).ok());

    // Q2 (cuda-b): asked at 70 s; the tick at 131 s is past its 60 s limit: timed out, and
    // the time stored is the limit, 60 s, not the 61 s the tick saw.
    CHECK(s.currentQuestion()->content.uid == "cuda-b");
    REQUIRE(s.tick(at(129)).ok());
    CHECK(s.state() == MockState::Asking);
    REQUIRE(s.tick(at(131)).ok());
    CHECK(s.state() == MockState::Revealed);
    CHECK(s.timedOut());
    CHECK(view.lastTimedOut);
    REQUIRE(s.score(2, at(135)).ok());
    REQUIRE(s.next(at(140)).ok());

    // Q3 (inference-c): skipped after 10 s. Q4 (inference-d): revealed after 20 s, scored 3.
    CHECK(s.currentQuestion()->content.uid == "inference-c");
    REQUIRE(s.skip(at(150)).ok());
    CHECK(s.state() == MockState::Asking);
    CHECK(s.currentQuestion()->content.uid == "inference-d");
    REQUIRE(s.reveal(at(170)).ok());
    REQUIRE(s.score(3, at(172)).ok());
    REQUIRE(s.next(at(175)).ok());
    CHECK(s.state() == MockState::Finished);

    // Events seen by the view, in order (state changes interleaved).
    const std::vector<std::string> expected = {
        "question 0",         "state asking",   "state paused",  "state asking", "answer 0",
        "state revealed",     "scored 0 4",     "state scored",  "question 1",   "state asking",
        "answer 1 timed out", "state revealed", "scored 1 2",    "state scored", "question 2",
        "state asking",       "question 3",     "state asking",  "answer 3",     "state revealed",
        "scored 3 3",         "state scored",   "state finished"};
    CHECK(view.events == expected);

    // The report: 4 + 2 + 0 + 3 = 9 of 16; pass line ceil(0.8 x 16 = 12.8) = 13: failed.
    REQUIRE(view.report.has_value());
    const MockReport& r = *view.report;
    CHECK(r.status == MockStatus::Finished);
    CHECK(r.total == 9);
    CHECK(r.maxScore == 16);
    CHECK(r.passLine == 13);
    CHECK_FALSE(r.passed);
    REQUIRE(r.items.size() == 4);
    CHECK(r.items[0].timeMs == 30'000);
    CHECK(r.items[1].timeMs == 60'000);
    CHECK(r.items[2].timeMs == 10'000);
    CHECK(r.items[3].timeMs == 20'000);
    CHECK(r.timeMs == 120'000);
    CHECK(r.items[0].notes == "warp = 32 threads");
    CHECK_FALSE(r.items[2].score.has_value());
    CHECK(r.items[2].reached);
    // cuda: (4 + 2) / 8 = 0.75; inference: (0 + 3) / 8 = 0.375 -> inference is the weakest.
    REQUIRE(r.topics.size() == 2);
    CHECK(r.topics[0].topic == "inference");
    CHECK(r.topics[0].points == 3);
    CHECK(r.topics[0].maxPoints == 8);
    CHECK(r.topics[1].topic == "cuda");
    CHECK(r.topics[1].fraction() == Approx(0.75));
    // To review: scored 0-2 (cuda-b) or skipped (inference-c).
    CHECK(r.toReview == std::vector<CardId>{idOf(c, "cuda-b"), idOf(c, "inference-c")});

    // Stored rows.
    Database& db = deck::storage::of(c);
    CHECK(number(db, "SELECT count(*) FROM mock_sessions WHERE status = 'finished'") == 1);
    CHECK(number(db, "SELECT total_score FROM mock_sessions") == 9);
    CHECK(number(db, "SELECT max_score FROM mock_sessions") == 16);
    CHECK(number(db, "SELECT ended_at_ms FROM mock_sessions") == at(175).unixMs);
    CHECK(number(db, "SELECT count(*) FROM mock_answers WHERE score IS NULL") == 1);
    // Three scored answers in the review log (the skip is not an answer), with their times.
    CHECK(number(db, "SELECT count(*) FROM review_log WHERE mode = 'mock'") == 3);
    CHECK(number(db, "SELECT sum(time_taken_ms) FROM review_log") == 30'000 + 60'000 + 20'000);
    // Rubric 2 -> SM-2 quality 2 (scheduler/answer.h).
    CHECK(number(db,
                 "SELECT quality FROM review_log WHERE card_id = " + std::to_string(idOf(c, "cuda-b").value))
          == 2);

    // Scheduler: cuda-b (2, a failure) restarts with repetitions 0 and is due tomorrow;
    // the skipped inference-c was never answered and stays new.
    auto b = c.cardState(idOf(c, "cuda-b"));
    REQUIRE(b.ok());
    CHECK(b->repetitions == 0);
    CHECK(b->due == 20786 + 1);
    CHECK(c.cardState(idOf(c, "inference-c"))->isNew);
    auto tomorrow = c.todayQueue(dayNow(1));
    REQUIRE(tomorrow.ok());
    const auto reviews =
        std::vector<CardId>(tomorrow->order.begin(), tomorrow->order.begin() + tomorrow->reviews);
    CHECK(std::find(reviews.begin(), reviews.end(), idOf(c, "cuda-b")) != reviews.end());
}

TEST_CASE("The scheduler's follow-up: a learned card scored 1 comes back tomorrow, one scored 4 does not",
          "[mock]")
{
    TempDir dir;
    Collection c = openDeck(dir, {makeCard("cuda-a", "cuda", "Q-a"), makeCard("cuda-b", "cuda", "Q-b")});
    const CardId a = idOf(c, "cuda-a"), b = idOf(c, "cuda-b");
    // Two Good answers (quality 4, EF stays 2.5): intervals 1 then 6 days, so both are due on
    // day 0 + 1 + 6 = day 7.
    for (CardId id : {a, b}) {
        REQUIRE(c.answerCard(id, scheduler::Answer::Good, dayNow(0), 1000).ok());
        REQUIRE(c.answerCard(id, scheduler::Answer::Good, dayNow(1), 1000).ok());
        CHECK(c.cardState(id)->due == 20786 + 7);
    }
    MockConfig config;
    config.questions = 2;
    config.topics = {"cuda"};
    auto s = MockSession::create(c, config, at(0, 7));
    REQUIRE(s.ok());
    REQUIRE(s->start(at(0, 7)).ok());
    for (int i = 0; i < 2; ++i) {
        const bool isA = s->currentQuestion()->card == a;
        REQUIRE(s->reveal(at(10 + 20 * i, 7)).ok());
        REQUIRE(s->score(isA ? 1 : 4, at(12 + 20 * i, 7)).ok());
        REQUIRE(s->next(at(15 + 20 * i, 7)).ok());
    }
    CHECK(s->state() == MockState::Finished);
    // a: rubric 1 -> quality 1, a failure: interval 1, due day 8.
    CHECK(c.cardState(a)->due == 20786 + 8);
    // b: rubric 4 -> quality 5: interval ceil(6 x 2.5) = 15 (EF before the update), due day 22.
    CHECK(c.cardState(b)->intervalDays == 15);
    CHECK(c.cardState(b)->due == 20786 + 7 + 15);
    auto day8 = c.todayQueue(dayNow(8));
    REQUIRE(day8.ok());
    CHECK(day8->reviews == 1);
    CHECK(day8->order.front() == a);
}

TEST_CASE("The round's clock runs out: the question in hand is scored, then the round ends", "[mock]")
{
    TempDir dir;
    Collection c = fourCardDeck(dir);
    auto s = MockSession::create(c, mostAsked(3, 0, 100'000), at(0));
    REQUIRE(s.ok());
    FakeView view;
    s->setView(&view);
    REQUIRE(s->start(at(0)).ok());
    REQUIRE(s->reveal(at(70)).ok());  // Q1: 70 s
    REQUIRE(s->score(4, at(71)).ok());
    REQUIRE(s->next(at(72)).ok());  // Q2 asked at 72 s with 100 - 70 = 30 s of the round left
    REQUIRE(s->tick(at(72 + 29)).ok());
    CHECK(view.lastClock.questionLeftMs() == 1'000);
    CHECK(view.lastClock.totalElapsedMs == 99'000);
    REQUIRE(s->tick(at(72 + 40)).ok());
    CHECK(s->state() == MockState::Revealed);
    CHECK(s->outOfTime());
    CHECK(s->clock(at(200)).questionElapsedMs == 30'000);  // capped at what was left
    REQUIRE(s->score(3, at(115)).ok());
    REQUIRE(s->next(at(116)).ok());
    CHECK(s->state() == MockState::Finished);
    REQUIRE(view.report.has_value());
    // 4 + 3 = 7 of 12 (Q3 never reached); pass line ceil(9.6) = 10.
    CHECK(view.report->status == MockStatus::OutOfTime);
    CHECK(view.report->total == 7);
    CHECK(view.report->maxScore == 12);
    CHECK(view.report->passLine == 10);
    CHECK_FALSE(view.report->passed);
    CHECK_FALSE(view.report->items[2].reached);
    CHECK(view.report->timeMs == 100'000);
    CHECK(number(deck::storage::of(c), "SELECT count(*) FROM mock_answers WHERE answered_at_ms IS NULL")
          == 1);
    CHECK(number(deck::storage::of(c), "SELECT status = 'out-of-time' FROM mock_sessions") == 1);
}

TEST_CASE("Ending early keeps what was answered, a high score passes", "[mock]")
{
    TempDir dir;
    Collection c = fourCardDeck(dir);
    MockConfig config = mostAsked(2, 0, 0);
    config.passFraction = 0.5;
    auto s = MockSession::create(c, config, at(0));
    REQUIRE(s.ok());
    REQUIRE(s->start(at(0)).ok());
    REQUIRE(s->reveal(at(5)).ok());
    REQUIRE(s->score(4, at(6)).ok());
    REQUIRE(s->next(at(7)).ok());
    REQUIRE(s->endEarly(at(9)).ok());
    CHECK(s->state() == MockState::Finished);
    auto r = s->report();
    REQUIRE(r.ok());
    // 4 of 8, pass line 0.5 x 8 = 4: passed, though ended early.
    CHECK(r->status == MockStatus::EndedEarly);
    CHECK(r->total == 4);
    CHECK(r->passLine == 4);
    CHECK(r->passed);
    CHECK_FALSE(r->items[1].reached);
    CHECK(r->toReview.empty());
    // Nothing applies any more.
    CHECK(s->start(at(10)).error().kind == ErrorKind::Conflict);
    CHECK(s->endEarly(at(10)).error().kind == ErrorKind::Conflict);
}

TEST_CASE("Events that do not apply are refused and change nothing", "[mock]")
{
    TempDir dir;
    Collection c = fourCardDeck(dir);
    auto s = MockSession::create(c, mostAsked(2, 0, 0), at(0));
    REQUIRE(s.ok());
    CHECK(s->reveal(at(1)).error().kind == ErrorKind::Conflict);
    REQUIRE(s->start(at(1)).ok());
    CHECK(s->score(3, at(2)).error().kind == ErrorKind::Conflict);  // not revealed yet
    CHECK(s->resume(at(2)).error().kind == ErrorKind::Conflict);
    CHECK(s->next(at(2)).error().kind == ErrorKind::Conflict);
    REQUIRE(s->reveal(at(3)).ok());
    CHECK(s->score(5, at(4)).error().kind == ErrorKind::InvalidInput);
    CHECK(s->pause(at(4)).error().kind == ErrorKind::Conflict);
    CHECK(s->state() == MockState::Revealed);
    CHECK(number(deck::storage::of(c), "SELECT count(*) FROM mock_answers WHERE answered_at_ms IS NOT NULL")
          == 0);
    CHECK(number(deck::storage::of(c), "SELECT count(*) FROM review_log") == 0);
}

TEST_CASE("Resume after a restart: reopen the file, continue the round, nothing lost", "[mock]")
{
    TempDir dir;
    SessionId id;
    CardId first, second;
    {
        Collection c = fourCardDeck(dir);
        auto s = MockSession::create(c, mostAsked(3, 0, 0), at(0));
        REQUIRE(s.ok());
        id = s->id();
        REQUIRE(s->start(at(0)).ok());
        first = s->currentQuestion()->card;
        s->setNotes("first notes");
        REQUIRE(s->reveal(at(40)).ok());
        REQUIRE(s->score(3, at(41)).ok());
        REQUIRE(s->next(at(42)).ok());
        second = s->currentQuestion()->card;
        s->setNotes("lost with the crash");
        REQUIRE(s->tick(at(60)).ok());
        // The program dies here: session and collection are dropped without ending the round.
    }
    auto reopened = Collection::open(dir.file("user.sqlite"));
    REQUIRE(reopened.ok());
    Collection& c = *reopened;
    auto running = latestRunningMockSession(c);
    REQUIRE(running.ok());
    REQUIRE(running->has_value());
    CHECK(**running == id);

    auto s = MockSession::reopen(c, id, at(1000));
    REQUIRE(s.ok());
    FakeView view;
    s->setView(&view);
    CHECK(s->state() == MockState::Paused);
    CHECK(s->position() == 1);
    CHECK(s->currentQuestion()->card == second);
    // The answered question's 40 s are kept; the interrupted one starts afresh.
    CHECK(s->clock(at(1000)).totalElapsedMs == 40'000);
    REQUIRE(s->resume(at(1000)).ok());
    CHECK(view.questionsShown == std::vector<int>{1});
    REQUIRE(s->reveal(at(1010)).ok());
    REQUIRE(s->score(4, at(1011)).ok());
    REQUIRE(s->next(at(1012)).ok());
    REQUIRE(s->reveal(at(1030)).ok());
    REQUIRE(s->score(0, at(1031)).ok());
    REQUIRE(s->next(at(1032)).ok());
    CHECK(s->state() == MockState::Finished);

    auto r = s->report();
    REQUIRE(r.ok());
    // 3 + 4 + 0 = 7 of 12; times 40 + 10 + 18 = 68 s.
    CHECK(r->total == 7);
    CHECK(r->timeMs == 68'000);
    CHECK(r->items[0].card == first);
    CHECK(r->items[0].notes == "first notes");
    CHECK(r->items[1].notes.empty());
    CHECK(number(deck::storage::of(c), "SELECT count(*) FROM review_log WHERE mode = 'mock'") == 3);
    CHECK(number(deck::storage::of(c), "SELECT total_score FROM mock_sessions") == 7);
    auto none = latestRunningMockSession(c);
    REQUIRE(none.ok());
    CHECK_FALSE(none->has_value());
}

TEST_CASE("A crash between the stored answer and the review log: reopening logs it once", "[mock]")
{
    TempDir dir;
    SessionId id;
    CardId card;
    {
        Collection c = fourCardDeck(dir);
        auto s = MockSession::create(c, mostAsked(2, 0, 0), at(0));
        REQUIRE(s.ok());
        id = s->id();
        card = s->currentQuestion()->card;
        // Step 1 of an answer only (what score() writes first), then the "crash".
        REQUIRE(storeMockAnswer(c, id, 0, 1, "", 12'000, at(12)).ok());
        CHECK(number(deck::storage::of(c), "SELECT count(*) FROM review_log") == 0);
    }
    for (int round = 0; round < 2; ++round) {
        auto c = Collection::open(dir.file("user.sqlite"));
        REQUIRE(c.ok());
        auto s = MockSession::reopen(*c, id, at(100));
        REQUIRE(s.ok());
        CHECK(s->position() == 1);
        CHECK(number(deck::storage::of(*c), "SELECT count(*) FROM review_log") == 1);
        CHECK(number(deck::storage::of(*c), "SELECT reviewed_at_ms FROM review_log") == at(12).unixMs);
        CHECK(number(deck::storage::of(*c), "SELECT time_taken_ms FROM review_log") == 12'000);
        CHECK(number(deck::storage::of(*c), "SELECT quality FROM review_log") == 1);
        CHECK(c->cardState(card)->due == 20786 + 1);
    }
    // A position cannot be answered twice.
    auto c = Collection::open(dir.file("user.sqlite"));
    REQUIRE(c.ok());
    CHECK(storeMockAnswer(*c, id, 0, 4, "", 1, at(200)).error().kind == ErrorKind::Conflict);
}

TEST_CASE("An answer is one transaction: when the review log refuses it, the mock row is not stored either",
          "[mock]")
{
    TempDir dir;
    Collection c = fourCardDeck(dir);
    auto s = MockSession::create(c, mostAsked(2, 0, 0), at(0));
    REQUIRE(s.ok());
    const CardId card = s->currentQuestion()->card;
    const auto before = c.cardState(card);
    REQUIRE(before.ok());
    // Make the scheduler's half of the answer fail inside the transaction.
    REQUIRE(deck::storage::of(c)
                .exec("CREATE TEMP TRIGGER refuse BEFORE INSERT ON review_log"
                      " BEGIN SELECT RAISE(ABORT, 'refused by test'); END")
                .ok());
    REQUIRE(s->start(at(0)).ok());
    REQUIRE(s->reveal(at(5)).ok());
    CHECK_FALSE(s->score(3, at(9)).ok());
    CHECK(number(deck::storage::of(c), "SELECT count(*) FROM mock_answers WHERE answered_at_ms IS NOT NULL")
          == 0);
    CHECK(number(deck::storage::of(c), "SELECT total_score FROM mock_sessions") == 0);
    CHECK(c.cardState(card)->repetitions == before->repetitions);
    CHECK(c.cardState(card)->due == before->due);
    // With the trigger gone the same answer goes through, both halves at once.
    REQUIRE(deck::storage::of(c).exec("DROP TRIGGER refuse").ok());
    REQUIRE(recordMockAnswer(c, s->id(), 0, 3, "", 9'000, at(9)).ok());
    CHECK(number(deck::storage::of(c), "SELECT count(*) FROM mock_answers WHERE answered_at_ms IS NOT NULL")
          == 1);
    CHECK(number(deck::storage::of(c), "SELECT count(*) FROM review_log WHERE mode = 'mock'") == 1);
    CHECK(number(deck::storage::of(c), "SELECT total_score FROM mock_sessions") == 3);
}

TEST_CASE("Selection: filters by topic, level, company and round, orders", "[mock]")
{
    TempDir dir;
    Collection c = fourCardDeck(dir);
    sight(c, "inference-d", {"Moonshot"}, "二面");

    MockConfig config;
    config.questions = 10;
    config.topics = {"inference"};
    auto sel = selectMockQuestions(c, config);
    REQUIRE(sel.ok());
    CHECK(sel->size() == 2);

    config = {};
    config.levels = {5};
    sel = selectMockQuestions(c, config);
    REQUIRE(sel.ok());
    CHECK(sel->size() == 2);  // the two cuda cards are level 5

    config = {};
    config.companies = {"Alibaba"};
    sel = selectMockQuestions(c, config);
    REQUIRE(sel.ok());
    CHECK(sel->size() == 2);  // cuda-a and cuda-b

    config = {};
    config.rounds = {"二面"};
    sel = selectMockQuestions(c, config);
    REQUIRE(sel.ok());
    CHECK(*sel == std::vector<CardId>{idOf(c, "inference-d")});

    config = {};
    config.companies = {"Nobody"};
    CHECK(selectMockQuestions(c, config).error().kind == ErrorKind::NotFound);

    // Random order: the same seed gives the same round, and every card appears once.
    config = {};
    config.questions = 4;
    config.seed = 42;
    auto r1 = selectMockQuestions(c, config), r2 = selectMockQuestions(c, config);
    REQUIRE(r1.ok());
    CHECK(*r1 == *r2);
    std::vector<CardId> sorted = *r1;
    std::sort(sorted.begin(), sorted.end());
    CHECK(sorted
          == std::vector<CardId>{idOf(c, "cuda-a"), idOf(c, "cuda-b"), idOf(c, "inference-c"),
                                 idOf(c, "inference-d")});
    // Most asked first: companies 3, 2, then inference-c and inference-d with 1 each.
    config.order = MockOrder::MostAskedFirst;
    auto asked = selectMockQuestions(c, config);
    REQUIRE(asked.ok());
    CHECK((*asked)[0] == idOf(c, "cuda-a"));
    CHECK((*asked)[1] == idOf(c, "cuda-b"));
}

TEST_CASE("Selection: a round of cards chosen elsewhere keeps their order, skips suspended ones", "[mock]")
{
    TempDir dir;
    Collection c = fourCardDeck(dir);
    MockConfig config;
    config.questions = 3;
    config.topics = {"cuda"};  // ignored: the cards are given
    config.cards = {idOf(c, "inference-d").value, idOf(c, "cuda-b").value, 999999,
                    idOf(c, "inference-c").value, idOf(c, "cuda-a").value};
    REQUIRE(c.setSuspended(idOf(c, "inference-c"), true, dayNow()).ok());
    auto sel = selectMockQuestions(c, config);
    REQUIRE(sel.ok());
    // 999999 does not exist and inference-c is suspended; three questions asked for.
    CHECK(*sel == std::vector<CardId>{idOf(c, "inference-d"), idOf(c, "cuda-b"), idOf(c, "cuda-a")});
    // Stored with the session and read back the same.
    auto back = mockConfigFromJson(mockConfigToJson(config));
    REQUIRE(back.ok());
    CHECK(*back == config);
    config.cards = {999999};
    CHECK(selectMockQuestions(c, config).error().kind == ErrorKind::NotFound);
}

TEST_CASE("Weakest topics first, from the review log", "[mock]")
{
    TempDir dir;
    Collection c =
        openDeck(dir, {makeCard("cuda-a", "cuda", "Q-a"), makeCard("inference-b", "inference", "Q-b"),
                       makeCard("triton-c", "triton", "Q-c"), makeCard("triton-d", "triton", "Q-d")});
    // cuda: one Good (quality 4) -> weakness (0 + 1) / (1 + 2) = 1/3.
    // inference: one Again (quality 1) -> (1 + 1) / (1 + 2) = 2/3.
    // triton: never answered -> (0 + 1) / (0 + 2) = 1/2.
    REQUIRE(c.answerCard(idOf(c, "cuda-a"), scheduler::Answer::Good, dayNow(), 1).ok());
    REQUIRE(c.answerCard(idOf(c, "inference-b"), scheduler::Answer::Again, dayNow(), 1).ok());
    auto failures = reviewFailures(c);
    REQUIRE(failures.ok());
    CHECK(failures->byTopic["cuda"].weakness() == Approx(1.0 / 3));
    CHECK(failures->byTopic["inference"].weakness() == Approx(2.0 / 3));
    CHECK(FailureCount{}.weakness() == Approx(0.5));

    MockConfig config;
    config.questions = 4;
    config.order = MockOrder::WeakestFirst;
    auto sel = selectMockQuestions(c, config);
    REQUIRE(sel.ok());
    REQUIRE(sel->size() == 4);
    CHECK((*sel)[0] == idOf(c, "inference-b"));
    std::vector<CardId> middle = {(*sel)[1], (*sel)[2]};
    std::sort(middle.begin(), middle.end());
    CHECK(middle == std::vector<CardId>{idOf(c, "triton-c"), idOf(c, "triton-d")});
    CHECK((*sel)[3] == idOf(c, "cuda-a"));
}

TEST_CASE("History lists every session, oldest first, with scores and pass/fail", "[mock]")
{
    TempDir dir;
    Collection c = fourCardDeck(dir);
    auto runRound = [&](double start, int score) {
        auto s = MockSession::create(c, mostAsked(1, 0, 0), at(start));
        REQUIRE(s.ok());
        REQUIRE(s->start(at(start)).ok());
        REQUIRE(s->reveal(at(start + 5)).ok());
        REQUIRE(s->score(score, at(start + 6)).ok());
        REQUIRE(s->next(at(start + 7)).ok());
    };
    runRound(0, 2);
    runRound(3600, 4);
    auto h = mockHistory(c);
    REQUIRE(h.ok());
    REQUIRE(h->size() == 2);
    // One question: max 4, pass line ceil(3.2) = 4.
    CHECK((*h)[0].total == 2);
    CHECK((*h)[0].passLine == 4);
    CHECK_FALSE((*h)[0].passed);
    CHECK((*h)[1].total == 4);
    CHECK((*h)[1].passed);
    CHECK((*h)[1].startedAtMs == at(3600).unixMs);
    CHECK((*h)[1].status == MockStatus::Finished);
}

TEST_CASE("Presets: the built-in presets are valid and as resources/mock_presets.json describes them",
          "[mock][presets]")
{
    auto presets = builtinMockPresets();
    REQUIRE(presets.ok());
    // Seven round types, 60 minutes each, coding 60-90 minutes.
    REQUIRE(presets->size() == 7);
    const std::vector<std::string> ids = {"project-deep-dive", "runtime-internals",   "distributed-training",
                                          "inference-systems", "performance-kernels", "system-design",
                                          "coding-practice"};
    for (std::size_t i = 0; i < ids.size(); ++i)
        CHECK((*presets)[i].id == ids[i]);
    CHECK((*presets)[0].nameZh == "项目深挖");
    CHECK((*presets)[0].minQuestions == 8);
    CHECK((*presets)[0].maxQuestions == 10);
    CHECK((*presets)[1].levels == std::vector<int>{10});  // level 10: runtime and low-level contracts
    CHECK((*presets)[6].minutes >= 60);
    CHECK((*presets)[6].minutes <= 90);

    // Runtime internals: 60 min for 8 questions -> 3,600,000 ms in total, 450,000 ms each.
    const MockConfig config = configForPreset((*presets)[1], 9);
    CHECK(config.totalMs == 3'600'000);
    CHECK(config.perQuestionMs == 450'000);
    CHECK(config.preset == "runtime-internals");
    auto back = mockConfigFromJson(mockConfigToJson(config));
    REQUIRE(back.ok());
    CHECK(*back == config);
}

TEST_CASE("Presets: malformed files are refused with the reason", "[mock][presets]")
{
    const std::string good = R"({"id": "x", "name": {"zh": "甲", "en": "X"}, "minutes": 60, "questions": 8,
        "topics": ["cuda"], "levels": [1], "pass": {"zh": "乙", "en": "Y"}})";
    CHECK(parseMockPresets(R"({"presets": [)" + good + "]}").ok());
    auto topic = parseMockPresets(R"({"presets": [{"id": "x", "name": {"zh": "甲", "en": "X"}, "minutes": 60,
        "questions": 8, "topics": ["gpus"], "pass": {"zh": "乙", "en": "Y"}}]})");
    REQUIRE_FALSE(topic.ok());
    CHECK(topic.error().message.find("gpus") != std::string::npos);
    CHECK_FALSE(parseMockPresets(R"({"presets": [{"id": "x", "name": {"zh": "甲", "en": "X"}, "minutes": 60,
        "questions": 8, "levels": [11], "pass": {"zh": "乙", "en": "Y"}}]})")
                    .ok());
    CHECK_FALSE(parseMockPresets(R"({"presets": [)" + good + "," + good + "]}").ok());  // same id twice
    CHECK_FALSE(parseMockPresets("not json").ok());
    CHECK(mockPassLine(40, 0.8) == 32);  // the pass line: 8 of 10
    CHECK(mockPassLine(16, 0.8) == 13);  // 12.8 rounded up
}

TEST_CASE("Every built-in preset finds its questions in the built-in deck", "[mock][presets]")
{
    TempDir dir;
    auto c = Collection::open(dir.file("user.sqlite"), {.createIfMissing = true});
    REQUIRE(c.ok());
    REQUIRE(c->mergeBuiltinDeck(INFRACARDS_DEFAULT_DECK_FILE, dayNow()).ok());
    auto presets = builtinMockPresets();
    REQUIRE(presets.ok());
    REQUIRE(presets->size() == 7);
    for (const MockPreset& p : *presets) {
        INFO("preset " << p.id);
        const MockConfig config = configForPreset(p, 42);
        auto picked = selectMockQuestions(*c, config);
        REQUIRE(picked.ok());
        CHECK(static_cast<int>(picked->size()) == config.questions);
        // Every question picked is inside the preset's scope.
        for (CardId id : *picked) {
            auto card = c->card(id);
            REQUIRE(card.ok());
            CHECK(std::find(p.topics.begin(), p.topics.end(), card->content.topic) != p.topics.end());
            if (!p.levels.empty())
                CHECK(std::find(p.levels.begin(), p.levels.end(), card->content.level) != p.levels.end());
        }
    }
}

TEST_CASE("Key points ticked after the reveal: the suggested score, the report, the weakest points", "[mock]")
{
    // The rule, by hand: all points 4, >= 3/4 3, >= 1/2 2, some 1, none 0; no points: none.
    CHECK(suggestedRubricScore(3, 3) == 4);
    CHECK(suggestedRubricScore(3, 4) == 3);
    CHECK(suggestedRubricScore(2, 3) == 2);  // 2/3: at least half, below three quarters
    CHECK(suggestedRubricScore(1, 2) == 2);
    CHECK(suggestedRubricScore(1, 3) == 1);
    CHECK(suggestedRubricScore(0, 3) == 0);
    CHECK(suggestedRubricScore(0, 0) == -1);

    TempDir dir;
    Collection c = fourCardDeck(dir);  // every card has the key points one, two, three
    // Two rounds of the same two cards: cuda-a misses "two" both times, cuda-b misses "three" once.
    for (int round = 0; round < 2; ++round) {
        MockConfig config;
        config.questions = 2;
        config.cards = {idOf(c, "cuda-a").value, idOf(c, "cuda-b").value};
        auto s = MockSession::create(c, config, at(1000.0 * round));
        REQUIRE(s.ok());
        REQUIRE(s->start(at(1000.0 * round)).ok());
        REQUIRE(s->reveal(at(1000.0 * round + 10)).ok());
        s->setPointMarks("101");
        REQUIRE(s->score(3, at(1000.0 * round + 11)).ok());
        REQUIRE(s->next(at(1000.0 * round + 11)).ok());
        REQUIRE(s->reveal(at(1000.0 * round + 20)).ok());
        CHECK(s->pointMarks().empty());  // a new question starts unmarked
        s->setPointMarks(round == 0 ? "110" : "111");
        REQUIRE(s->score(round == 0 ? 2 : 4, at(1000.0 * round + 21)).ok());
        REQUIRE(s->next(at(1000.0 * round + 21)).ok());
        auto report = s->report();
        REQUIRE(report.ok());
        CHECK(report->pointsMarked == 6);
        CHECK(report->pointsCovered == (round == 0 ? 4 : 5));
        REQUIRE(report->missedPoints.size() == (round == 0 ? 2u : 1u));
        CHECK(report->missedPoints[0] == std::pair<int, std::string>{0, "two"});
        CHECK(report->items[0].points == "101");
    }
    auto weakest = weakestPoints(c);
    REQUIRE(weakest.ok());
    REQUIRE(weakest->size() == 2);
    // cuda-a "two": missed in 2 of 2 answers; cuda-b "three": 1 of 2.
    CHECK((*weakest)[0].card == idOf(c, "cuda-a"));
    CHECK((*weakest)[0].text == "two");
    CHECK((*weakest)[0].missed == 2);
    CHECK((*weakest)[0].marked == 2);
    CHECK((*weakest)[1].card == idOf(c, "cuda-b"));
    CHECK((*weakest)[1].point == 2);
    CHECK((*weakest)[1].missed == 1);
    CHECK((*weakest)[1].marked == 2);

    // Marks that are not 0/1 are refused and store nothing.
    MockConfig one;
    one.questions = 1;
    one.cards = {idOf(c, "inference-c").value};
    auto s = MockSession::create(c, one, at(5000));
    REQUIRE(s.ok());
    REQUIRE(s->start(at(5000)).ok());
    REQUIRE(s->reveal(at(5001)).ok());
    s->setPointMarks("1x1");
    CHECK(s->score(2, at(5002)).error().kind == ErrorKind::InvalidInput);
    CHECK(s->state() == MockState::Revealed);
}
