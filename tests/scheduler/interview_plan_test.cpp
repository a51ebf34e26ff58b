// Interview-date plan and simulator on generated card sets. The expected daily minimums are
// hand calculations: with one deadline and every card available from today, the smallest
// uniform daily load that covers T cards in D days is ceil(T / D).
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <random>
#include <set>

#include "scheduler/interview_plan.h"

using namespace scheduler;

namespace {

constexpr Day kToday = 20000;

/// `count` cards with keys from `firstKey`: a third new, the rest with a random memory state
/// reviewed in the last 60 days and due at round(S) after that review.
std::vector<PlanCard> generateCards(int count, std::uint64_t seed, std::int64_t firstKey = 0)
{
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> stability(0.5, 60.0), difficulty(1.0, 10.0);
    std::uniform_int_distribution<int> ago(1, 60), kind(0, 2);
    std::vector<PlanCard> cards;
    for (int i = 0; i < count; ++i) {
        PlanCard c;
        c.key = firstKey + i;
        if (kind(rng) != 0) {
            c.memory = fsrs::Memory{stability(rng), difficulty(rng)};
            c.lastReview = kToday - ago(rng);
            c.due = c.lastReview + std::max<Day>(1, std::llround(c.memory->stability));
        } else {
            c.due = kToday;
        }
        cards.push_back(c);
    }
    return cards;
}

std::vector<std::int64_t> keysOf(const std::vector<PlanCard>& cards)
{
    std::vector<std::int64_t> keys;
    for (const PlanCard& c : cards)
        keys.push_back(c.key);
    return keys;
}

/// Days on which `key` is planned (required or revisit).
std::vector<Day> plannedDays(const InterviewPlan& plan, std::int64_t key)
{
    std::vector<Day> days;
    for (const PlanDay& d : plan.days) {
        if (std::count(d.required.begin(), d.required.end(), key)
                + std::count(d.revisits.begin(), d.revisits.end(), key)
            > 0)
            days.push_back(d.day);
    }
    return days;
}

}  // namespace

TEST_CASE("Plan: every relevant card reviewed before the date, load level and in budget", "[plan]")
{
    PlanRequest req;
    req.today = kToday;
    req.cards = generateCards(300, 7);
    req.interviews = {{1, kToday + 20, keysOf(req.cards)}};
    req.dailyBudget = 40;
    const InterviewPlan plan = buildInterviewPlan(req);

    CHECK(plan.feasible);
    CHECK(plan.warning.empty());
    CHECK(plan.neededPerDay == 15);  // ceil(300 / 20)
    REQUIRE(plan.days.size() == 20);
    CHECK(plan.days.front().day == kToday);
    CHECK(plan.days.back().day == kToday + 19);

    for (const PlanCard& c : req.cards) {
        const auto days = plannedDays(plan, c.key);
        REQUIRE_FALSE(days.empty());
        CHECK(days.front() >= kToday);
        CHECK(days.back() < kToday + 20);
    }
    int most = 0, least = 1 << 30, required = 0;
    for (const PlanDay& d : plan.days) {
        CHECK(d.load() <= req.dailyBudget);
        CHECK(d.load() <= plan.levelPerDay);
        most = std::max(most, d.load());
        least = std::min(least, d.load());
        required += static_cast<int>(d.required.size());
    }
    CHECK(required == 300);
    CHECK(least > 0);
    CHECK(most <= 2 * least);  // spread, not piled up
    // The last day is not heavier than the level: no cramming.
    CHECK(plan.days.back().load() <= plan.levelPerDay);

    REQUIRE(plan.interviews.size() == 1);
    const InterviewOutlook& out = plan.interviews[0];
    CHECK(out.cards == 300);
    CHECK(out.covered == 300);
    CHECK(out.daysLeft == 20);
    CHECK(out.averageRecall > out.averageRecallNoPlan);
    CHECK(out.averageRecall > 0.0);
    CHECK(out.averageRecall <= 1.0);
}

TEST_CASE("Plan: a budget too small gives a clear warning and stays within it", "[plan]")
{
    PlanRequest req;
    req.today = kToday;
    req.cards = generateCards(300, 11);
    req.interviews = {{1, kToday + 5, keysOf(req.cards)}};
    req.dailyBudget = 20;
    const InterviewPlan plan = buildInterviewPlan(req);

    CHECK_FALSE(plan.feasible);
    CHECK(plan.neededPerDay == 60);                  // ceil(300 / 5)
    CHECK(plan.unscheduled.size() == 300 - 5 * 20);  // what 5 days at 20 cannot hold
    CHECK(plan.warning.find("60 cards a day") != std::string::npos);
    CHECK(plan.warning.find("200 of 300") != std::string::npos);
    for (const PlanDay& d : plan.days)
        CHECK(d.load() <= 20);
    CHECK(plan.interviews[0].covered == 100);
}

TEST_CASE("Plan: overlapping interviews review shared cards before each date", "[plan]")
{
    PlanRequest req;
    req.today = kToday;
    req.cards = generateCards(250, 3);
    std::vector<std::int64_t> a, b;
    for (std::int64_t k = 0; k < 150; ++k)
        a.push_back(k);
    for (std::int64_t k = 100; k < 250; ++k)
        b.push_back(k);
    req.interviews = {{2, kToday + 20, b}, {1, kToday + 10, a}};  // out of order on purpose
    req.dailyBudget = 30;
    const InterviewPlan plan = buildInterviewPlan(req);

    CHECK(plan.feasible);
    // Hand count: 150 cards by day 9 -> 15 a day; days 10-19 then hold the 100 cards only in
    // B and the 50 shared cards' second review: 150 in 10 days -> 15.
    CHECK(plan.neededPerDay == 15);
    for (std::int64_t k : a) {
        const auto days = plannedDays(plan, k);
        CHECK(std::any_of(days.begin(), days.end(), [](Day d) { return d < kToday + 10; }));
    }
    for (std::int64_t k = 100; k < 150; ++k) {
        const auto days = plannedDays(plan, k);
        CHECK(
            std::any_of(days.begin(), days.end(), [](Day d) { return d >= kToday + 10 && d < kToday + 20; }));
    }
    for (std::int64_t k : b) {
        const auto days = plannedDays(plan, k);
        CHECK(std::any_of(days.begin(), days.end(), [](Day d) { return d < kToday + 20; }));
    }
    for (const PlanDay& d : plan.days)
        CHECK(d.load() <= 30);
    REQUIRE(plan.interviews.size() == 2);
    CHECK(plan.interviews[0].id == 2);  // request order kept
    CHECK(plan.interviews[0].covered == 150);
    CHECK(plan.interviews[1].covered == 150);
}

TEST_CASE("Plan: the last day revisits the card with the lowest predicted recall", "[plan]")
{
    // Three cards, one a day; the required reviews land before the final day, which is then
    // given to the card whose predicted recall on the interview day is lowest.
    PlanRequest req;
    req.today = kToday;
    req.cards = {{1, fsrs::Memory{50.0, 3.0}, kToday - 1, kToday + 49},
                 {2, fsrs::Memory{5.0, 6.0}, kToday - 4, kToday + 1},
                 {3, fsrs::Memory{1.0, 9.0}, kToday - 10, kToday - 9}};
    req.interviews = {{1, kToday + 6, {1, 2, 3}}};
    req.dailyBudget = 1;
    req.finalDays = 1;
    const InterviewPlan plan = buildInterviewPlan(req);
    REQUIRE(plan.feasible);
    REQUIRE(plan.days.size() == 6);
    const PlanDay& last = plan.days.back();
    CHECK(last.required.empty());
    REQUIRE(last.revisits.size() == 1);

    // Independent check: predict each card's recall on the day from its required reviews
    // (answered Good) and find the lowest.
    const fsrs::Model m;
    double lowest = 2.0;
    std::int64_t weakest = 0;
    for (const PlanCard& c : req.cards) {
        std::optional<fsrs::Memory> mem = c.memory;
        Day lastDay = c.lastReview;
        for (const PlanDay& d : plan.days)
            if (std::count(d.required.begin(), d.required.end(), c.key)) {
                mem = m.next(mem, double(d.day - lastDay), Answer::Good);
                lastDay = d.day;
            }
        const double r = m.retrievability(double(kToday + 6 - lastDay), mem->stability);
        if (r < lowest) {
            lowest = r;
            weakest = c.key;
        }
    }
    CHECK(last.revisits[0] == weakest);
}

TEST_CASE("Plan: deterministic, and an interview today plans nothing", "[plan]")
{
    PlanRequest req;
    req.today = kToday;
    req.cards = generateCards(120, 5);
    req.interviews = {{1, kToday + 9, keysOf(req.cards)}};
    req.dailyBudget = 25;
    const InterviewPlan a = buildInterviewPlan(req);
    const InterviewPlan b = buildInterviewPlan(req);
    REQUIRE(a.days.size() == b.days.size());
    for (std::size_t i = 0; i < a.days.size(); ++i) {
        CHECK(a.days[i].required == b.days[i].required);
        CHECK(a.days[i].revisits == b.days[i].revisits);
    }
    CHECK(a.interviews[0].averageRecall == b.interviews[0].averageRecall);

    // A card already answered since the plan began counts as covered and needs no review.
    PlanRequest since;
    since.today = kToday;
    since.cards = {{1, fsrs::Memory{10.0, 5.0}, kToday - 1, kToday + 9},
                   {2, fsrs::Memory{10.0, 5.0}, kToday - 5, kToday + 5}};
    since.interviews = {{1, kToday + 4, {1, 2}, kToday - 2}};
    const InterviewPlan sincePlan = buildInterviewPlan(since);
    int required = 0;
    for (const PlanDay& d : sincePlan.days) {
        required += static_cast<int>(d.required.size());
        CHECK(std::count(d.required.begin(), d.required.end(), 1) == 0);
    }
    CHECK(required == 1);
    CHECK(sincePlan.interviews[0].covered == 2);

    req.interviews = {{1, kToday, keysOf(req.cards)}};
    const InterviewPlan today = buildInterviewPlan(req);
    CHECK(today.days.empty());
    CHECK(today.feasible);
    CHECK(today.interviews[0].daysLeft == 0);
    CHECK(today.interviews[0].covered == 0);
}

TEST_CASE("Simulator: SM-2 vs FSRS vs the plan, seeded", "[plan][simulate]")
{
    SimulationRequest req;
    req.today = kToday;
    req.interviewDay = kToday + 14;
    req.cards = generateCards(200, 9);
    req.dailyBudget = 25;
    req.seed = 99;
    for (SimulatedPolicy p : {SimulatedPolicy::Sm2, SimulatedPolicy::Fsrs, SimulatedPolicy::FsrsWithPlan}) {
        const SimulationResult r1 = simulateUntilInterview(req, p);
        const SimulationResult r2 = simulateUntilInterview(req, p);
        CHECK(r1.reviews == r2.reviews);
        CHECK(r1.recallOnDay == r2.recallOnDay);
        CHECK(r1.loadPerDay.size() == 14);
        for (int load : r1.loadPerDay)
            CHECK(load <= 25);
        CHECK(r1.coverage >= 0.0);
        CHECK(r1.coverage <= 1.0);
        CHECK(r1.recallOnDay > 0.0);
        CHECK(r1.recallOnDay < 1.0);
    }
    // 200 cards in 14 days at 25 a day is feasible (needs 15), so the plan covers them all.
    const SimulationResult plan = simulateUntilInterview(req, SimulatedPolicy::FsrsWithPlan);
    CHECK(plan.coverage == 1.0);
    CHECK(plan.coverage >= simulateUntilInterview(req, SimulatedPolicy::Sm2).coverage);
    CHECK(plan.coverage >= simulateUntilInterview(req, SimulatedPolicy::Fsrs).coverage);
}

TEST_CASE("Plan: an overbooked near interview does not pile a far one's cards onto the first days", "[plan]")
{
    // Interview 1 in 3 days with 30 cards at 5 a day: at most 15 fit, so the plan is infeasible.
    // Interview 2 in 30 days with 60 other cards: those fit easily and should be spread over the
    // month, not crammed into days 3-14 at the full budget.
    PlanRequest req;
    req.today = kToday;
    req.cards = generateCards(30, 21, 0);
    auto far = generateCards(60, 22, 1000);
    req.cards.insert(req.cards.end(), far.begin(), far.end());
    req.interviews = {{1, kToday + 3, keysOf(generateCards(30, 21, 0))}, {2, kToday + 30, keysOf(far)}};
    req.dailyBudget = 5;
    const InterviewPlan plan = buildInterviewPlan(req);

    CHECK_FALSE(plan.feasible);
    CHECK(plan.unscheduled.size() == 15);  // 30 near cards, 3 days at 5
    int lastFarDay = -1, maxFarLoad = 0;
    for (std::size_t i = 0; i < plan.days.size(); ++i) {
        CHECK(plan.days[i].load() <= 5);
        const int farReviews =
            static_cast<int>(std::count_if(plan.days[i].required.begin(), plan.days[i].required.end(),
                                           [](std::int64_t k) { return k >= 1000; }));
        if (farReviews > 0)
            lastFarDay = static_cast<int>(i);
        maxFarLoad = std::max(maxFarLoad, farReviews);
    }
    // Every far card is reviewed once before day 30.
    for (const auto& c : far)
        CHECK(plannedDays(plan, c.key).size() >= 1);
    // Spread: 60 cards over the 27 days after the near interview need 3 a day at most (level
    // ceil(60 / (30 - 3 final days)) = 3); front-loading at the budget would end them by day 14.
    CHECK(maxFarLoad <= 3);
    CHECK(lastFarDay >= 20);
}
