// SM-2 against published values. Sources:
//  [SM2]  P. A. Wozniak, "Optimization of learning" (1990), SM-2 steps 1-7,
//         super-memo.com/english/ol/sm2.htm: EF' = EF + (0.1-(5-q)(0.08+(5-q)0.02)).
//  [PY]   alankan886/SuperMemo2 tests/test_sm_two.py (commit 6de5b771): first_review and
//         review expectations, e.g. review(q=3, EF=2.3, I=12, n=3) -> EF 2.16, I 28, n 4.
#include <catch2/catch.hpp>

#include <limits>

#include "scheduler/answer.h"
#include "scheduler/sm2.h"

using namespace scheduler;

TEST_CASE("EF change per grade matches the SM-2 text's table", "[sm2]")
{
    // [SM2] per-grade change: q5 +0.10, q4 0, q3 -0.14, q2 -0.32, q1 -0.54, q0 -0.80.
    const double deltas[6] = {-0.80, -0.54, -0.32, -0.14, 0.0, 0.10};
    for (int q = 0; q <= 5; ++q)
        CHECK(sm2::nextEasiness(2.5, q) == Approx(2.5 + deltas[q]).margin(1e-12));
    // Floor at 1.3, no cap.
    CHECK(sm2::nextEasiness(1.4, 0) == Approx(1.3));
    CHECK(sm2::nextEasiness(3.0, 5) == Approx(3.1));
}

TEST_CASE("First review of a new item matches supermemo2's test table", "[sm2]")
{
    // [PY] test_first_review: quality -> (easiness, interval, repetitions).
    struct Row {
        int q;
        double ef;
        int interval;
        int reps;
    };
    const Row rows[] = {{0, 1.70, 1, 0}, {1, 1.96, 1, 0}, {2, 2.18, 1, 0},
                        {3, 2.36, 1, 1}, {4, 2.50, 1, 1}, {5, 2.60, 1, 1}};
    for (const Row& r : rows) {
        const sm2::Memory m = sm2::review({}, r.q);
        CHECK(m.easiness == Approx(r.ef).margin(1e-9));
        CHECK(m.intervalDays == r.interval);
        CHECK(m.repetitions == r.reps);
    }
}

TEST_CASE("Later reviews match supermemo2's test table", "[sm2]")
{
    // [PY] test_review_given_date: (q, EF, I, n) -> (EF', I', n').
    struct Row {
        int q;
        double ef;
        int interval;
        int reps;
        double ef2;
        int interval2;
        int reps2;
    };
    const Row rows[] = {
        {0, 2.3, 12, 3, 1.50, 1, 0},  {1, 2.3, 12, 3, 1.76, 1, 0},  {2, 2.3, 12, 3, 1.98, 1, 0},
        {3, 2.3, 12, 3, 2.16, 28, 4}, {4, 2.3, 12, 3, 2.30, 28, 4}, {5, 2.3, 12, 3, 2.40, 28, 4},
        {0, 1.3, 12, 3, 1.30, 1, 0},  // EF floor
        {4, 2.5, 1, 1, 2.50, 6, 2},   // second repetition gives 6 days
    };
    for (const Row& r : rows) {
        const sm2::Memory m = sm2::review({r.ef, r.reps, r.interval}, r.q);
        CHECK(m.easiness == Approx(r.ef2).margin(1e-9));
        CHECK(m.intervalDays == r.interval2);
        CHECK(m.repetitions == r.reps2);
    }
}

TEST_CASE("All-4 chain: 1, 6, 15, 38, 95, 238 days (ceil of I x 2.5)", "[sm2]")
{
    // Hand calculation with [SM2] step 2 and ceil: 6*2.5=15, 15*2.5=37.5->38, 38*2.5=95,
    // 95*2.5=237.5->238.
    sm2::Memory m;
    const int expected[] = {1, 6, 15, 38, 95, 238};
    for (int want : expected) {
        m = sm2::review(m, 4);
        CHECK(m.intervalDays == want);
    }
}

TEST_CASE("The interval uses the EF from before the grade's update", "[sm2]")
{
    // n=2 (interval 6), EF 2.5, q=5: interval = ceil(6 * 2.5) = 15 (not 6 * 2.6 = 15.6 -> 16).
    const sm2::Memory m = sm2::review({2.5, 2, 6}, 5);
    CHECK(m.intervalDays == 15);
    CHECK(m.easiness == Approx(2.6));
}

TEST_CASE("Button mapping: Again 1, Hard 3, Good 4, Easy 5", "[sm2]")
{
    CHECK(qualityFor(Answer::Again) == 1);
    CHECK(qualityFor(Answer::Hard) == 3);
    CHECK(qualityFor(Answer::Good) == 4);
    CHECK(qualityFor(Answer::Easy) == 5);
    CHECK(qualityForRubric(2) == 2);
    CHECK(qualityForRubric(3) == 4);
    CHECK_FALSE(qualityForRubric(5).has_value());
}

TEST_CASE("Scheduler: dates, lapses and the same-day rule", "[sm2]")
{
    Sm2Scheduler s;
    const Day day0 = 20000;
    CardState c;
    c = s.answer(c, Answer::Good, day0);
    CHECK_FALSE(c.isNew);
    CHECK(c.due == day0 + 1);
    CHECK(c.intervalDays == 1);
    CHECK_FALSE(c.drillPending);

    c = s.answer(c, Answer::Good, day0 + 1);
    CHECK(c.due == day0 + 7);  // 6 days

    // Hard on day 7: passes (interval ceil(6*2.5)=15) but EF -0.14 and a drill today.
    c = s.answer(c, Answer::Hard, day0 + 7);
    CHECK(c.intervalDays == 15);
    CHECK(c.easiness == Approx(2.36));
    CHECK(c.drillPending);
    // The same-day repeat changes neither EF nor the interval, only clears the drill.
    const CardState repeated = s.answer(c, Answer::Good, day0 + 7);
    CHECK(repeated.easiness == Approx(2.36));
    CHECK(repeated.intervalDays == 15);
    CHECK(repeated.due == day0 + 22);
    CHECK_FALSE(repeated.drillPending);
    // A same-day Again keeps the drill pending, still without changing EF.
    const CardState again = s.answer(c, Answer::Again, day0 + 7);
    CHECK(again.easiness == Approx(2.36));
    CHECK(again.drillPending);

    // A lapse after that: repetitions restart, interval 1, EF -0.54, lapse counted.
    c = s.answer(repeated, Answer::Again, day0 + 22);
    CHECK(c.repetitions == 0);
    CHECK(c.intervalDays == 1);
    CHECK(c.due == day0 + 23);
    CHECK(c.easiness == Approx(2.36 - 0.54));
    CHECK(c.lapses == 1);
    // The next success starts again at 1 day, then 6.
    c = s.answer(c, Answer::Good, day0 + 23);
    CHECK(c.intervalDays == 1);
    c = s.answer(c, Answer::Good, day0 + 24);
    CHECK(c.intervalDays == 6);
}

TEST_CASE("preview gives one state per button and matches answer()", "[sm2]")
{
    Sm2Scheduler s;
    CardState c;
    c = s.answer(c, Answer::Good, 100);
    c = s.answer(c, Answer::Good, 101);  // interval 6, n=2
    const NextStates next = s.preview(c, 107);
    CHECK(next[Answer::Again].intervalDays == 1);
    CHECK(next[Answer::Hard].intervalDays == 15);
    CHECK(next[Answer::Good].intervalDays == 15);
    CHECK(next[Answer::Easy].intervalDays == 15);
    CHECK(next[Answer::Easy].easiness == Approx(2.6));
    CHECK(next[Answer::Good] == s.answer(c, Answer::Good, 107));
}

TEST_CASE("Long intervals are capped at 100 years, not overflowed", "[sm2][bad-input]")
{
    // Hand-computed: a review card at 20,000 days with E = 2.5 graded Good (q = 4) would get
    // ceil(20,000 × 2.5) = 50,000 days; the cap is 36,500. E stays 2.5 (q = 4 changes nothing).
    const Sm2Scheduler s;
    CardState c;
    c.isNew = false;
    c.easiness = 2.5;
    c.repetitions = 5;
    c.intervalDays = 20000;
    c.lastReview = 100;
    c.due = 20100;
    const CardState n = s.answer(c, Answer::Good, 20100);
    CHECK(n.intervalDays == kMaximumIntervalDays);
    CHECK(n.due == 20100 + kMaximumIntervalDays);
    CHECK(n.easiness == Approx(2.5));
}

TEST_CASE("A stored state outside every range still answers within them", "[sm2][bad-input]")
{
    // What an old file or a hand-edited database may hold: E of 5000, NaN or -50, an interval of
    // INT_MAX, negative counts. The answer must give an interval 1-36,500 and E within 1.3-10.
    const Sm2Scheduler s;
    for (const double e : {5000.0, -50.0, std::numeric_limits<double>::quiet_NaN(), 1e308}) {
        CardState c;
        c.isNew = false;
        c.easiness = e;
        c.repetitions = 7;
        c.intervalDays = std::numeric_limits<int>::max();
        c.lastReview = 10;
        c.lapses = -3;
        for (const Answer a : {Answer::Again, Answer::Hard, Answer::Good, Answer::Easy}) {
            INFO("easiness " << e << ", answer " << static_cast<int>(a));
            const CardState n = s.answer(c, a, 20000);
            CHECK(n.intervalDays >= 1);
            CHECK(n.intervalDays <= kMaximumIntervalDays);
            CHECK(n.easiness >= kMinimumEasiness);
            CHECK(n.easiness <= kMaximumEasiness);
            CHECK(n.due == 20000 + n.intervalDays);
            CHECK(n.lapses >= 0);
        }
    }
}
