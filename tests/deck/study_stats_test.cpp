#include <catch2/catch.hpp>

#include "browse_fixture.h"
#include "deck/storage/access.h"
#include "deck/storage/database.h"
#include "deck/study_stats.h"
#include "test_support.h"

using namespace deck;
using testing::dayNow;

namespace {

constexpr scheduler::Day kToday = 20786;  // dayNow()

/// A learned state as the review log stores it before an answer.
scheduler::CardState learned(int intervalDays, scheduler::Day lastReview)
{
    scheduler::CardState s;
    s.isNew = false;
    s.repetitions = 3;
    s.intervalDays = intervalDays;
    s.lastReview = lastReview;
    s.due = lastReview + intervalDays;
    return s;
}

/// Writes one review-log row directly: the fixture needs histories that would take months of
/// real answers (mature cards, gaps between study days).
void logAnswer(Database& db, CardId card, scheduler::Day day, int quality, const scheduler::CardState& before)
{
    auto st =
        db.prepare("INSERT INTO review_log (card_id, reviewed_at_ms, study_day, answer, quality,"
                   " scheduler, state_before, state_after) VALUES (?1, ?2, ?3, NULL, ?4, 'sm2', ?5, ?5)");
    REQUIRE(st.ok());
    st->bind(1, card.value)
        .bind(2, day * 86400000)
        .bind(3, day)
        .bind(4, quality)
        .bind(5, stateToJson(before));
    REQUIRE(st->run().ok());
}

struct Fixture {
    testing::GeneratedDeck g = testing::generateBrowseDeck(9);  // topics cuda, inference, triton
    Collection c = std::move(testing::openGenerated(g, dayNow())).value();
    CardId id(int i) { return *c.findByUid(g.cards[static_cast<std::size_t>(i)].uid); }
};

}  // namespace

TEST_CASE("Retention counts first-of-day answers on mature cards, Good or Easy passing", "[stats]")
{
    Fixture f;
    Database& db = deck::storage::of(f.c);
    const CardId cuda = f.id(0), inference = f.id(1), triton = f.id(2);

    // cuda: two counted (q 4 passes, q 2 fails); a same-day repeat, a young card and a new card
    // are left out. Expected 1 of 2.
    logAnswer(db, cuda, kToday - 5, 4, learned(30, kToday - 35));
    logAnswer(db, cuda, kToday - 4, 2, learned(30, kToday - 5));
    logAnswer(db, cuda, kToday - 4, 5, learned(1, kToday - 4));  // same day: repeat
    logAnswer(db, f.id(3), kToday - 4, 5, learned(10, kToday - 14));
    logAnswer(db, f.id(6), kToday - 4, 5, scheduler::CardState{});
    // inference: interval exactly 21 counts and passes, 20 does not count, Hard (q 3) fails.
    // Expected 1 of 2.
    logAnswer(db, inference, kToday - 3, 5, learned(21, kToday - 24));
    logAnswer(db, inference, kToday - 2, 5, learned(20, kToday - 22));
    logAnswer(db, inference, kToday - 1, 3, learned(40, kToday - 41));
    // triton: three passes and one Again on mature cards: 3 of 4.
    for (int k = 0; k < 3; ++k)
        logAnswer(db, triton, kToday - 10 - k, 4, learned(25, kToday - 40 - k));
    logAnswer(db, triton, kToday, 1, learned(60, kToday - 60));

    auto all = retentionByTopic(db, scheduler::kNever);
    REQUIRE(all.ok());
    REQUIRE(all->size() == 3);
    CHECK((*all)[0].topic == "cuda");
    CHECK((*all)[0].answers == 2);
    CHECK((*all)[0].passed == 1);
    CHECK((*all)[1].topic == "inference");
    CHECK((*all)[1].answers == 2);
    CHECK((*all)[1].passed == 1);
    CHECK((*all)[2].topic == "triton");
    CHECK((*all)[2].answers == 4);
    CHECK((*all)[2].passed == 3);
    CHECK((*all)[2].rate() == Approx(0.75));

    // From five days ago: cuda keeps both, inference both, triton only today's Again.
    auto recent = retentionByTopic(db, kToday - 5);
    REQUIRE(recent.ok());
    REQUIRE(recent->size() == 3);
    CHECK((*recent)[2].answers == 1);
    CHECK((*recent)[2].passed == 0);
    CHECK((*recent)[2].rate() == Approx(0.0));

    // Reviews per day over the same rows: day -4 has four rows, day -5 one, days -10..-12 one
    // each; the window [-5, -1] holds -5 (1), -4 (4), -3 (1), -2 (1), -1 (1).
    auto perDay = reviewsPerDay(db, kToday - 5, kToday - 1);
    REQUIRE(perDay.ok());
    const std::vector<DayCount> expected = {
        {kToday - 5, 1}, {kToday - 4, 4}, {kToday - 3, 1}, {kToday - 2, 1}, {kToday - 1, 1}};
    CHECK(*perDay == expected);
    // Days -5 .. 0 are consecutive; -6 .. -9 are empty, so the streak is 6.
    CHECK(*studyStreak(db, kToday) == 6);
}

TEST_CASE("The streak ends at the first day without a review", "[stats]")
{
    Fixture f;
    Database& db = deck::storage::of(f.c);
    CHECK(*studyStreak(db, kToday) == 0);
    for (scheduler::Day d : {kToday - 1, kToday - 2, kToday - 4})
        logAnswer(db, f.id(0), d, 4, learned(3, d - 3));
    // Nothing today yet: yesterday and the day before count, the gap at -3 stops it.
    CHECK(*studyStreak(db, kToday) == 2);
    logAnswer(db, f.id(1), kToday, 4, learned(3, kToday - 3));
    CHECK(*studyStreak(db, kToday) == 3);
    // Seen from two days later, yesterday (today + 1) has no review: broken.
    CHECK(*studyStreak(db, kToday + 2) == 0);
    // Answers through the facade land on their study day too.
    auto answered = f.c.answerCard(f.id(2), scheduler::Answer::Good, dayNow(1), 500);
    REQUIRE(answered.ok());
    CHECK(*studyStreak(db, kToday + 1) == 4);
}

TEST_CASE("Due forecast and state counts follow card_state", "[stats]")
{
    Fixture f;
    Database& db = deck::storage::of(f.c);
    auto set = [&](int i, const std::string& columns) {
        REQUIRE(
            db.exec("UPDATE card_state SET " + columns + " WHERE card_id = " + std::to_string(f.id(i).value))
                .ok());
    };
    // Card 0 overdue (-> today), 1 in five days, 2 on the last day of the window, 3 just after
    // it, 4 in five days but suspended; 5 mature leech due in five days; 6 learning today;
    // 7 and 8 stay new (8 buried).
    set(0, "is_new = 0, due_day = " + std::to_string(kToday - 3)
               + ", interval_days = 3, last_review_day = " + std::to_string(kToday - 6));
    set(1, "is_new = 0, due_day = " + std::to_string(kToday + 5)
               + ", interval_days = 6, last_review_day = " + std::to_string(kToday - 1));
    set(2, "is_new = 0, due_day = " + std::to_string(kToday + 29)
               + ", interval_days = 30, last_review_day = " + std::to_string(kToday - 1));
    set(3, "is_new = 0, due_day = " + std::to_string(kToday + 30)
               + ", interval_days = 31, last_review_day = " + std::to_string(kToday - 1));
    set(4, "is_new = 0, due_day = " + std::to_string(kToday + 5)
               + ", interval_days = 6, last_review_day = " + std::to_string(kToday - 1));
    REQUIRE(f.c.setSuspended(f.id(4), true, dayNow()).ok());
    set(5, "is_new = 0, due_day = " + std::to_string(kToday + 5)
               + ", interval_days = 21, lapses = 8, last_review_day = " + std::to_string(kToday - 16));
    set(6, "is_new = 0, due_day = " + std::to_string(kToday + 1)
               + ", interval_days = 1, drill_pending = 1, last_review_day = " + std::to_string(kToday));
    REQUIRE(f.c.bury(f.id(8), dayNow()).ok());

    auto forecast = dueForecast(db, kToday, 30);
    REQUIRE(forecast.ok());
    std::vector<int> expected(30, 0);
    expected[0] = 1;   // card 0
    expected[1] = 1;   // card 6
    expected[5] = 2;   // cards 1 and 5
    expected[29] = 1;  // card 2
    CHECK(*forecast == expected);
    CHECK_FALSE(dueForecast(db, kToday, 0).ok());

    auto counts = stateCounts(db, kToday);
    REQUIRE(counts.ok());
    CHECK(counts->total == 9);
    CHECK((*counts)[BrowseState::Due] == 1);        // 0
    CHECK((*counts)[BrowseState::Young] == 1);      // 1 (interval 6)
    CHECK((*counts)[BrowseState::Mature] == 3);     // 2, 3, 5
    CHECK((*counts)[BrowseState::Suspended] == 1);  // 4
    CHECK((*counts)[BrowseState::Learning] == 1);   // 6
    CHECK((*counts)[BrowseState::New] == 1);        // 7
    CHECK((*counts)[BrowseState::Buried] == 1);     // 8
    CHECK(counts->leeches == 1);                    // 5
}
