// Interviews table, relevant cards, FSRS memory states replayed from the review log, and the
// interview queue. FSRS reference values: ts-fsrs packages/fsrs/__tests__/FSRS-6.test.ts
// (commit 32b6081475fe4d195b51f87e084b12efaaa97af8), 'first repeat': a new card answered Good
// has S = 2.3065, D = 2.11810397; answered Again, S = 0.212, D = 6.4133.
#include <catch2/catch.hpp>

#include <cmath>

#include <algorithm>
#include <set>

#include "deck/interviews.h"
#include "deck/mock_session.h"
#include "deck/progress_io.h"
#include "test_support.h"

using namespace deck;
using testing::dayNow;
using testing::makeCard;
using testing::TempDir;

namespace {

constexpr scheduler::Day kDay0 = 20786;  // test_support.h: dayNow() is study day 20786

Collection deckWith(TempDir& dir, const std::vector<CardContent>& cards)
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

/// triton and cuda (triton's direct prerequisite), gpu-arch (cuda's prerequisite, two steps
/// from triton) and an unrelated inference card; ByteDance asked the first triton card.
Collection sampleDeck(TempDir& dir)
{
    Collection c = deckWith(dir, {makeCard("triton-a", "triton", "T1"), makeCard("triton-b", "triton", "T2"),
                                  makeCard("cuda-a", "cuda", "C1"), makeCard("cuda-b", "cuda", "C2"),
                                  makeCard("gpu-a", "gpu-arch", "G1"), makeCard("inf-a", "inference", "I1")});
    ImportPlan plan;
    plan.source = "test";
    plan.sightingsOnExisting.push_back(
        {idOf(c, "triton-a"), Sighting{"ByteDance", "二面", "推理框架", "2026-10-01", "u1"}});
    plan.sightingsOnExisting.push_back(
        {idOf(c, "inf-a"), Sighting{"Alibaba", "一面", "推理框架", "2026-10-02", "u2"}});
    REQUIRE(c.applyImport(plan, dayNow()).ok());
    return c;
}

}  // namespace

TEST_CASE("Interviews: add, list soonest first, remove", "[interviews]")
{
    TempDir dir;
    Collection c = sampleDeck(dir);
    CHECK_FALSE(addInterview(c, Interview{0, "", "", "", kDay0 + 3, ""}, dayNow()).ok());
    auto late = addInterview(c, Interview{0, "ByteDance", "推理框架", "二面", kDay0 + 11, "note"}, dayNow());
    auto soon = addInterview(c, Interview{0, "Alibaba", "", "一面", kDay0 + 4, ""}, dayNow());
    REQUIRE(late.ok());
    REQUIRE(soon.ok());
    auto list = listInterviews(c);
    REQUIRE(list.ok());
    REQUIRE(list->size() == 2);
    CHECK((*list)[0].company == "Alibaba");
    CHECK((*list)[1].round == "二面");
    CHECK((*list)[1].note == "note");
    CHECK((*list)[1].day == kDay0 + 11);
    CHECK((*list)[1].createdAtMs == dayNow().unixMs);
    REQUIRE(removeInterview(c, *soon).ok());
    CHECK(listInterviews(c)->size() == 1);
    CHECK(removeInterview(c, *soon).error().kind == ErrorKind::NotFound);
}

TEST_CASE("Interviews: relevant cards are sighted cards, their topics and direct prerequisites",
          "[interviews]")
{
    TempDir dir;
    Collection c = sampleDeck(dir);
    const Interview bd{0, "bytedance", "推理框架", "二面", kDay0 + 10, ""};  // company case ignored
    auto r = relevantCards(c, bd);
    REQUIRE(r.ok());
    CHECK(r->sighted == std::vector<CardId>{idOf(c, "triton-a")});
    CHECK(r->topics == std::vector<std::string>{"triton", "cuda"});
    std::vector<CardId> expected = {idOf(c, "triton-a"), idOf(c, "triton-b"), idOf(c, "cuda-a"),
                                    idOf(c, "cuda-b")};
    std::sort(expected.begin(), expected.end());
    CHECK(r->cards == expected);

    auto sightedOnly = relevantCards(c, bd, {.sameTopics = false, .prerequisites = false});
    CHECK(sightedOnly->cards == std::vector<CardId>{idOf(c, "triton-a")});
    // ByteDance asked 1 of the 2 triton cards (50 %): a topic is taken whole, with its
    // prerequisites, only when at least topicShare of it was asked.
    auto strict = relevantCards(c, bd, {.topicShare = 0.6});
    CHECK(strict->topics.empty());
    CHECK(strict->cards == std::vector<CardId>{idOf(c, "triton-a")});
    CHECK(relevantCards(c, bd, {.topicShare = 0.5})->cards == expected);
    // A role nobody reported at that company finds nothing.
    CHECK(relevantCards(c, Interview{0, "ByteDance", "训练框架", "", kDay0 + 10, ""})->cards.empty());
    // Suspended cards are left out.
    REQUIRE(c.setSuspended(idOf(c, "cuda-b"), true, dayNow()).ok());
    CHECK(relevantCards(c, bd)->cards.size() == 3);
}

TEST_CASE("Interviews: FSRS memory replayed from first-of-day answers and mock scores", "[interviews]")
{
    TempDir dir;
    Collection c = sampleDeck(dir);
    const CardId a = idOf(c, "cuda-a"), b = idOf(c, "cuda-b");
    // Day 0: Good, then a same-day Again that the replay ignores. Day 3: mock score 3 ->
    // SM-2 quality 4 -> Good.
    REQUIRE(c.answerCard(a, scheduler::Answer::Good, dayNow(), 1000).ok());
    REQUIRE(c.answerCard(a, scheduler::Answer::Again, dayNow(0, 1), 1000).ok());
    REQUIRE(c.answerWithRubric(a, 3, dayNow(3), 1000).ok());
    REQUIRE(c.answerCard(b, scheduler::Answer::Again, dayNow(), 1000).ok());

    auto all = fsrsMemories(c);
    REQUIRE(all.ok());
    const CardMemory& ma = (*all)[a];
    REQUIRE(ma.memory);
    const scheduler::fsrs::Model model;
    const std::vector<scheduler::fsrs::ReviewEvent> hist = {{kDay0, scheduler::Answer::Good},
                                                            {kDay0 + 3, scheduler::Answer::Good}};
    CHECK(*ma.memory == *scheduler::fsrs::replay(model, hist));
    CHECK(ma.lastReview == kDay0 + 3);
    const CardMemory& mb = (*all)[b];
    REQUIRE(mb.memory);
    CHECK(mb.memory->stability == Approx(0.212).margin(1e-4));
    CHECK(mb.memory->difficulty == Approx(6.4133).margin(1e-4));
    CHECK_FALSE((*all)[idOf(c, "gpu-a")].memory);

    // Only the answers before day 3: the first Good alone (S = 2.3065).
    auto before = fsrsMemories(c, kDay0 + 3);
    REQUIRE((*before)[a].memory);
    CHECK((*before)[a].memory->stability == Approx(2.3065).margin(1e-4));
    CHECK((*before)[a].memory->difficulty == Approx(2.11810397).margin(1e-4));

    // Predicted recall: 1 on the day of the answer; 0.9 after S days; 0 for a new card.
    CHECK(*predictedRecall(c, b, kDay0) == Approx(1.0));
    const double s = ma.memory->stability;
    CHECK(*predictedRecall(c, a, kDay0 + 3) == Approx(1.0));
    CHECK(*predictedRecall(c, a, kDay0 + 3 + 10) == Approx(model.retrievability(10, s)).margin(1e-12));
    CHECK(*predictedRecall(c, idOf(c, "gpu-a"), kDay0 + 5) == 0.0);

    // The one-card replay agrees with the whole-collection one, and for a card answered Good once
    // (S = w2 = 2.3065) gives the FSRS-6 forgetting curve by hand:
    // R(t) = (1 + 0.9803464944134797 t / 2.3065)^-0.1542, t = 7: 0.8173…
    auto info = cardRecall(c, a, {kDay0 + 3, kDay0 + 13});
    REQUIRE(info.ok());
    CHECK(info->studyDays == 2);
    CHECK(info->lastReview == kDay0 + 3);
    CHECK(*info->stability == Approx(ma.memory->stability).margin(1e-12));
    CHECK(info->recall[0] == Approx(1.0));
    CHECK(info->recall[1] == Approx(model.retrievability(10, s)).margin(1e-12));
    TempDir dir2;
    Collection once = sampleDeck(dir2);
    const CardId g = idOf(once, "gpu-a");
    REQUIRE(once.answerCard(g, scheduler::Answer::Good, dayNow(), 1000).ok());
    auto curve = cardRecall(once, g, {kDay0 + 7});
    REQUIRE(curve.ok());
    CHECK(curve->recall[0]
          == Approx(std::pow(1.0 + 0.9803464944134797 * 7.0 / 2.3065, -0.1542)).margin(1e-9));
    CHECK(cardRecall(once, CardId(999'999), {kDay0}).error().kind == ErrorKind::NotFound);

    CHECK(ratingForLogRow(std::nullopt, 0) == scheduler::Answer::Again);
    CHECK(ratingForLogRow(std::nullopt, 2) == scheduler::Answer::Again);
    CHECK(ratingForLogRow(std::nullopt, 3) == scheduler::Answer::Hard);
    CHECK(ratingForLogRow(std::nullopt, 5) == scheduler::Answer::Easy);
    CHECK(ratingForLogRow(2, 3) == scheduler::Answer::Hard);
}

TEST_CASE("Interviews: the plan covers the relevant cards and feeds today's queue", "[interviews]")
{
    TempDir dir;
    Collection c = sampleDeck(dir);
    REQUIRE(c.setConfig({.newPerDay = 0}).ok());  // the normal queue adds no new cards
    REQUIRE(addInterview(c, Interview{0, "ByteDance", "推理框架", "二面", kDay0 + 4, ""}, dayNow()).ok());

    auto plan = interviewPlan(c, dayNow(), {.dailyBudget = 2, .relevance = {}});
    REQUIRE(plan.ok());
    CHECK(plan->feasible);
    REQUIRE(plan->interviews.size() == 1);
    CHECK(plan->interviews[0].cards == 4);  // triton x2, cuda x2
    CHECK(plan->interviews[0].covered == 4);
    CHECK(plan->interviews[0].daysLeft == 4);
    CHECK(plan->neededPerDay == 1);  // 4 cards in 4 days

    auto extra = interviewQueue(c, dayNow(), {.dailyBudget = 2, .relevance = {}});
    REQUIRE(extra.ok());
    REQUIRE_FALSE(extra->empty());
    CHECK(static_cast<int>(extra->size()) <= 2);
    // Answering today's extra cards removes them from the queue; the plan does not refill
    // today with other cards.
    for (CardId id : *extra)
        REQUIRE(c.answerCard(id, scheduler::Answer::Good, dayNow(0, 1), 1000).ok());
    CHECK(interviewQueue(c, dayNow(0, 2), {.dailyBudget = 2, .relevance = {}})->empty());

    // Over the four days every relevant card is shown before the interview.
    std::set<CardId> shown(extra->begin(), extra->end());
    for (int d = 1; d < 4; ++d) {
        auto q = interviewQueue(c, dayNow(d), {.dailyBudget = 2, .relevance = {}});
        REQUIRE(q.ok());
        for (CardId id : *q) {
            shown.insert(id);
            REQUIRE(c.answerCard(id, scheduler::Answer::Good, dayNow(d), 1000).ok());
        }
        // Cards the normal scheduler makes due are answered from the normal queue.
        auto normal = c.todayQueue(dayNow(d));
        for (CardId id : normal->order) {
            shown.insert(id);
            REQUIRE(c.answerCard(id, scheduler::Answer::Good, dayNow(d), 1000).ok());
        }
    }
    const RelevantCards r = *relevantCards(c, Interview{0, "ByteDance", "推理框架", "", kDay0 + 4, ""});
    for (CardId id : r.cards)
        CHECK(shown.count(id) == 1);
    // After the date there is no active plan.
    CHECK(interviewQueue(c, dayNow(4), {.dailyBudget = 2, .relevance = {}})->empty());
}

TEST_CASE("Interviews: the overview counts relevant and covered cards per interview", "[interviews]")
{
    TempDir dir;
    Collection c = sampleDeck(dir);
    // Both added today: a ByteDance interview four days ahead, an Alibaba one yesterday.
    REQUIRE(addInterview(c, Interview{0, "ByteDance", "推理框架", "二面", kDay0 + 4, ""}, dayNow()).ok());
    REQUIRE(addInterview(c, Interview{0, "Alibaba", "", "一面", kDay0 - 1, ""}, dayNow()).ok());
    // Two of ByteDance's four relevant cards answered today, one card of no interview.
    REQUIRE(c.answerCard(idOf(c, "triton-a"), scheduler::Answer::Good, dayNow(0, 1), 1000).ok());
    REQUIRE(c.answerCard(idOf(c, "cuda-b"), scheduler::Answer::Hard, dayNow(0, 1), 1000).ok());
    REQUIRE(c.answerCard(idOf(c, "gpu-a"), scheduler::Answer::Good, dayNow(0, 1), 1000).ok());

    auto overview = interviewOverview(c, dayNow(0, 2));
    REQUIRE(overview.ok());
    CHECK(overview->today == kDay0);
    REQUIRE(overview->rows.size() == 2);
    const InterviewFigures& past = overview->rows[0];  // soonest first
    const InterviewFigures& next = overview->rows[1];
    CHECK(past.interview.company == "Alibaba");
    CHECK(past.daysLeft == -1);
    CHECK_FALSE(past.ahead);
    CHECK(past.relevant == 1);  // inf-a: one sighted card, its topic holds only it
    CHECK(past.covered == 0);   // added today, after its day
    CHECK(past.perDay == 0);
    CHECK(next.interview.company == "ByteDance");
    CHECK(next.daysLeft == 4);
    CHECK(next.ahead);
    CHECK(next.relevant == 4);  // triton x2 and cuda x2 (cuda is triton's prerequisite)
    CHECK(next.covered == 2);   // triton-a and cuda-b; gpu-a is not relevant
    // The plan shows each of the four cards at least once in four days: one a day at least,
    // never more than the four cards on every day.
    CHECK(next.perDay >= 1);
    CHECK(next.perDay <= 4);
    CHECK(next.recall > 0.0);
    CHECK(next.recall <= 1.0);
    CHECK(next.recall >= next.recallNoPlan);
    CHECK(overview->planCards == 4);  // only the interview ahead is planned
}

TEST_CASE("Interviews: the simulation request holds the relevant cards as of the start of today",
          "[interviews]")
{
    TempDir dir;
    Collection c = sampleDeck(dir);
    REQUIRE(c.setConfig({.desiredRetentionPercent = 85}).ok());
    const Interview iv{0, "ByteDance", "推理框架", "二面", kDay0 + 10, ""};
    REQUIRE(c.answerCard(idOf(c, "triton-a"), scheduler::Answer::Good, dayNow(0, 1), 1000).ok());
    // Answered today, the day of the request: not part of the state "as of the start of today".
    REQUIRE(c.answerCard(idOf(c, "cuda-a"), scheduler::Answer::Good, dayNow(1, 1), 1000).ok());

    auto request = simulationRequest(c, iv, dayNow(1, 2), 25);
    REQUIRE(request.ok());
    CHECK(request->today == kDay0 + 1);
    CHECK(request->interviewDay == kDay0 + 10);
    CHECK(request->dailyBudget == 25);
    CHECK(request->desiredRetention == Approx(0.85));
    REQUIRE(request->cards.size() == 4);
    for (const scheduler::PlanCard& card : request->cards) {
        if (card.key == idOf(c, "triton-a").value) {
            REQUIRE(card.memory.has_value());
            CHECK(card.memory->stability == Approx(2.3065).epsilon(1e-4));  // ts-fsrs first Good
            CHECK(card.lastReview == kDay0);
        } else {
            CHECK_FALSE(card.memory.has_value());
            CHECK(card.lastReview == scheduler::kNever);
        }
    }

    auto none = simulationRequest(c, iv, dayNow(1, 2), 0);
    REQUIRE_FALSE(none.ok());
    CHECK(none.error().kind == ErrorKind::InvalidInput);
    auto passed = simulationRequest(c, iv, dayNow(10, 2), 25);
    REQUIRE_FALSE(passed.ok());
    CHECK(passed.error().kind == ErrorKind::InvalidInput);
}

TEST_CASE("Interviews: a drill answer is logged and leaves the schedule alone", "[interviews][drill]")
{
    TempDir dir;
    Collection c = sampleDeck(dir);  // SM-2, the default scheduler
    const CardId id = idOf(c, "triton-a");
    REQUIRE(c.answerCard(id, scheduler::Answer::Good, dayNow(0, 1), 1000).ok());
    const scheduler::CardState first = *c.cardState(id);
    CHECK(first.intervalDays == 1);
    auto recallBefore = cardRecall(c, id, {kDay0 + 5});
    REQUIRE(recallBefore.ok());

    auto drill = c.answerDrill(id, scheduler::Answer::Again, dayNow(1, 1), 2000);
    REQUIRE(drill.ok());
    CHECK(drill->before == first);
    CHECK(drill->after == first);
    CHECK(*c.cardState(id) == first);
    auto log = readReviewLog(c, id);
    REQUIRE(log.ok());
    REQUIRE(log->size() == 2);
    CHECK(log->back().mode == "drill");
    CHECK(log->back().answer == std::optional<int>(1));
    // FSRS memory and recall do not count it.
    auto recallAfter = cardRecall(c, id, {kDay0 + 5});
    REQUIRE(recallAfter.ok());
    CHECK(recallAfter->studyDays == 1);
    CHECK(recallAfter->recall == recallBefore->recall);

    // The next real answer continues from the first one: SM-2's second Good is 6 days (an Again
    // counted would have restarted it at 1).
    auto second = c.answerCard(id, scheduler::Answer::Good, dayNow(1, 2), 1000);
    REQUIRE(second.ok());
    CHECK(second->before == first);
    CHECK(second->after.intervalDays == 6);
    // Undo takes the real answer back first, then the drill answer, the schedule unchanged.
    REQUIRE(c.undoLastAnswer().ok());
    CHECK(*c.cardState(id) == first);
    auto undone = c.undoLastAnswer();
    REQUIRE(undone.ok());
    CHECK(*c.cardState(id) == first);
    CHECK(readReviewLog(c, id)->size() == 1);
}

TEST_CASE("Interviews: weak spots are failed mock answers, then the lowest predicted recall",
          "[interviews][drill]")
{
    TempDir dir;
    Collection c = sampleDeck(dir);
    REQUIRE(c.setConfig({.scheduler = "fsrs-6"}).ok());
    const Interview iv{0, "ByteDance", "推理框架", "二面", kDay0 + 10, ""};
    REQUIRE(c.answerCard(idOf(c, "triton-a"), scheduler::Answer::Good, dayNow(0, 1), 1000).ok());
    REQUIRE(c.answerCard(idOf(c, "cuda-a"), scheduler::Answer::Again, dayNow(0, 1), 1000).ok());
    // cuda-b scored 1 in a mock round; triton-b was never answered.
    MockConfig config;
    config.questions = 1;
    config.cards = {idOf(c, "cuda-b").value};
    auto mock = MockSession::create(c, config, dayNow(0, 2));
    REQUIRE(mock.ok());
    REQUIRE(mock->start(dayNow(0, 2)).ok());
    REQUIRE(mock->reveal(dayNow(0, 2)).ok());
    REQUIRE(mock->score(1, dayNow(0, 2)).ok());

    auto weak = weakSpots(c, iv, dayNow(0, 3), 10);
    REQUIRE(weak.ok());
    REQUIRE(weak->size() == 3);
    CHECK((*weak)[0].card == idOf(c, "cuda-b"));
    CHECK((*weak)[0].mockScore == std::optional<int>(1));
    // Retrievability on day 10, R = (1 + f t / S)^-w20 with w20 = 0.1542 and f = 0.9^(-1/w20) - 1
    // = 0.98040: S = 0.212 after Again gives 0.5518, S = 2.3065 after Good gives 0.7744.
    CHECK((*weak)[1].card == idOf(c, "cuda-a"));
    CHECK((*weak)[1].recall == Approx(0.5518).margin(5e-4));
    CHECK((*weak)[2].card == idOf(c, "triton-a"));
    CHECK((*weak)[2].recall == Approx(0.7744).margin(5e-4));

    auto two = weakSpots(c, iv, dayNow(0, 3), 2);
    REQUIRE(two.ok());
    REQUIRE(two->size() == 2);
    CHECK((*two)[1].card == idOf(c, "cuda-a"));
    auto strict = weakSpots(c, iv, dayNow(0, 3), 10, 0.6);  // triton-a's 0.77 is not weak enough
    REQUIRE(strict.ok());
    CHECK(strict->size() == 2);
    CHECK_FALSE(weakSpots(c, iv, dayNow(0, 3), 0).ok());
}
