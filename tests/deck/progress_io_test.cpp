// deck/progress_io: reading a card's history out for export and writing it back in one
// transaction. Expected values are SM-2 worked by hand (Wozniak's SM-2 text) or read through the
// collection's own API (Collection::card / cardState), a different code path from the one tested.
#include <catch2/catch.hpp>

#include "deck/progress_io.h"
#include "deck/storage/access.h"
#include "deck/storage/database.h"
#include "test_support.h"

using namespace deck;
using testing::dayNow;
using testing::makeCard;
using testing::TempDir;

namespace {

Collection deckWith(TempDir& dir, const std::string& name, const std::vector<CardContent>& cards)
{
    const std::string builtin = dir.file(name + "-default.sqlite");
    REQUIRE(writeDefaultDeck(builtin, cards,
                             {{cards.front().uid, Sighting{"ByteDance", "一面", "推理框架", "2025-03",
                                                           "https://example.org/1"}}})
                .ok());
    auto c = Collection::open(dir.file(name + ".sqlite"), {.createIfMissing = true});
    REQUIRE(c.ok());
    REQUIRE(c->mergeBuiltinDeck(builtin, dayNow()).ok());
    return std::move(c).value();
}

Collection emptyCollection(TempDir& dir, const std::string& name)
{
    auto c = Collection::open(dir.file(name + ".sqlite"), {.createIfMissing = true});
    REQUIRE(c.ok());
    return std::move(c).value();
}

int count(Collection& c, const std::string& sql)
{
    auto st = deck::storage::of(c).prepare(sql);
    REQUIRE(st.ok());
    REQUIRE(st->step());
    return st->int32(0);
}

/// The records as an import would carry them (ids stripped).
ProgressImport asImport(const std::vector<CardRecord>& records)
{
    ProgressImport p;
    p.source = "copy.json";
    p.summary = "test copy";
    for (const auto& r : records)
        p.newCards.push_back({r.card.content, r.card.suspended, r.card.flag, r.card.userEdited,
                              r.card.sightings, r.state, r.reviews});
    return p;
}

}  // namespace

TEST_CASE("The review log and state of a card read back as the scheduler wrote them", "[progress_io]")
{
    TempDir dir;
    Collection c = deckWith(
        dir, "src",
        {makeCard("cuda-a", "cuda", "什么是 warp？"), makeCard("cuda-b", "cuda", "什么是 bank conflict？")});
    const CardId a = *c.findByUid("cuda-a");
    const CardId b = *c.findByUid("cuda-b");
    REQUIRE(c.answerCard(a, scheduler::Answer::Easy, dayNow(), 3000).ok());
    REQUIRE(c.answerCard(a, scheduler::Answer::Again, dayNow(1), 9000).ok());

    auto log = readReviewLog(c, a);
    REQUIRE(log.ok());
    REQUIRE(log->size() == 2);
    const ReviewRecord& first = (*log)[0];
    CHECK(first.reviewedAtMs == dayNow().unixMs);
    CHECK(first.studyDay == 20786);  // test_support.h: 2026-11-29 10:00 UTC is day 20786
    REQUIRE(first.answer);
    CHECK(*first.answer == 4);
    CHECK(first.quality == 5);  // answer.h: Easy -> quality 5
    CHECK(first.timeTakenMs == 3000);
    CHECK(first.mode == "review");
    CHECK(first.before == scheduler::CardState{});
    // SM-2 by hand: EF' = 2.5 + (0.1 - 0 * (0.08 + 0)) = 2.6; first success: I(1) = 1 day.
    CHECK(first.after.easiness == Approx(2.6));
    CHECK(first.after.repetitions == 1);
    CHECK(first.after.intervalDays == 1);
    CHECK(first.after.due == 20787);
    CHECK(first.after.lastReview == 20786);
    CHECK_FALSE(first.after.isNew);
    const ReviewRecord& second = (*log)[1];
    CHECK(second.studyDay == 20787);
    CHECK(*second.answer == 1);
    CHECK(second.quality == 1);  // answer.h: Again -> quality 1
    CHECK(second.before == first.after);

    auto all = readAllCardRecords(c);
    REQUIRE(all.ok());
    REQUIRE(all->size() == 2);
    CHECK(all->at(0).card.id == a);
    CHECK(all->at(1).card.id == b);
    REQUIRE(all->at(0).state);
    CHECK(*all->at(0).state == *c.cardState(a));
    CHECK(*all->at(0).state == second.after);
    CHECK(all->at(0).reviews == *log);
    // Never answered: the fresh state is "never scheduled".
    CHECK_FALSE(all->at(1).state);
    CHECK(all->at(1).reviews.empty());
    CHECK(all->at(0).card.sightings == c.card(a)->sightings);
    CHECK(all->at(0).card.sightings.size() == 1);
}

TEST_CASE("A progress import restores cards, marks, state and log, and undo removes them all",
          "[progress_io]")
{
    TempDir dir;
    Collection src = deckWith(dir, "src",
                              {makeCard("cuda-a", "cuda", "什么是 warp？"),
                               makeCard("cuda-b", "cuda", "什么是 bank conflict？"),
                               makeCard("cuda-c", "cuda", "什么是 occupancy？")});
    const CardId a = *src.findByUid("cuda-a");
    const CardId b = *src.findByUid("cuda-b");
    REQUIRE(src.answerCard(a, scheduler::Answer::Good, dayNow(), 1000).ok());
    REQUIRE(src.answerWithRubric(b, 3, dayNow(0, 1), 60000).ok());
    REQUIRE(src.setSuspended(b, true, dayNow()).ok());
    REQUIRE(src.setFlag(a, 2, dayNow()).ok());
    CardContent edited = src.card(a)->content;
    edited.answer = "我改过的答案";
    REQUIRE(src.editCard(a, edited, dayNow()).ok());
    auto before = readAllCardRecords(src);
    REQUIRE(before.ok());

    Collection dst = emptyCollection(dir, "dst");
    auto id = applyProgressImport(dst, asImport(*before), dayNow(2));
    REQUIRE(id.ok());
    auto after = readAllCardRecords(dst);
    REQUIRE(after.ok());
    REQUIRE(after->size() == before->size());
    for (std::size_t i = 0; i < before->size(); ++i) {
        INFO("card " << i);
        CHECK(after->at(i).card.content == before->at(i).card.content);
        CHECK(after->at(i).card.suspended == before->at(i).card.suspended);
        CHECK(after->at(i).card.flag == before->at(i).card.flag);
        CHECK(after->at(i).card.userEdited == before->at(i).card.userEdited);
        CHECK(after->at(i).card.sightings == before->at(i).card.sightings);
        CHECK(after->at(i).state == before->at(i).state);
        CHECK(after->at(i).reviews == before->at(i).reviews);
    }
    // What was set above, so the comparison cannot pass on two empty histories.
    CHECK(after->at(0).card.flag == 2);
    CHECK(after->at(0).card.userEdited);
    CHECK(after->at(0).card.content.answer == "我改过的答案");
    CHECK(after->at(1).card.suspended);
    REQUIRE(after->at(1).reviews.size() == 1);
    CHECK_FALSE(after->at(1).reviews[0].answer);  // a rubric score has no button
    CHECK(after->at(1).reviews[0].mode == "mock");
    CHECK(count(dst, "SELECT count(*) FROM review_log") == 2);

    auto history = dst.importHistory();
    REQUIRE(history.ok());
    REQUIRE(history->size() == 1);
    CHECK(history->at(0).cardsAdded == 3);
    CHECK(history->at(0).sightingsAdded == 1);
    REQUIRE(dst.undoImport(*id).ok());
    CHECK(count(dst, "SELECT count(*) FROM cards") == 0);
    CHECK(count(dst, "SELECT count(*) FROM review_log") == 0);
    CHECK(count(dst, "SELECT count(*) FROM card_state") == 0);
    CHECK(count(dst, "SELECT count(*) FROM sightings") == 0);
}

TEST_CASE("A refused progress import writes nothing", "[progress_io][bad-input]")
{
    TempDir dir;
    Collection c = deckWith(dir, "src", {makeCard("cuda-a", "cuda", "什么是 warp？")});
    const int cards = count(c, "SELECT count(*) FROM cards");

    ProgressImport p;
    p.source = "bad.json";
    ProgressImport::NewCard ok;
    ok.content = makeCard("cuda-new", "cuda", "什么是 L2 cache？");
    ok.reviews.push_back({});
    ok.reviews.back().quality = 4;

    SECTION("a uid already in the collection")
    {
        ProgressImport::NewCard dup = ok;
        dup.content.uid = "cuda-a";
        p.newCards = {ok, dup};
        auto r = applyProgressImport(c, p, dayNow());
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().message.find("cuda-a") != std::string::npos);
        CHECK(r.error().file == "bad.json");
    }
    SECTION("a uid twice in the import")
    {
        p.newCards = {ok, ok};
        CHECK_FALSE(applyProgressImport(c, p, dayNow()).ok());
    }
    SECTION("a flag out of range")
    {
        ProgressImport::NewCard bad = ok;
        bad.content.uid.clear();
        bad.flag = 7;
        p.newCards = {ok, bad};
        CHECK_FALSE(applyProgressImport(c, p, dayNow()).ok());
    }
    SECTION("a review quality out of range")
    {
        ok.reviews.back().quality = 6;
        p.newCards = {ok};
        CHECK_FALSE(applyProgressImport(c, p, dayNow()).ok());
    }
    CHECK(count(c, "SELECT count(*) FROM cards") == cards);
    CHECK(count(c, "SELECT count(*) FROM review_log") == 0);
    CHECK(count(c, "SELECT count(*) FROM imports") == 0);
}

TEST_CASE("toProgressImport keeps a plain plan's cards and sightings", "[progress_io]")
{
    ImportPlan plan;
    plan.source = "<paste>";
    plan.summary = "2 questions";
    plan.newCards.push_back(
        {makeCard("", "cuda", "什么是 warp？"), {Sighting{"Tencent", "二面", "", "", ""}}});
    plan.sightingsOnExisting.emplace_back(CardId(7), Sighting{"Alibaba", "一面", "", "", ""});
    const ProgressImport p = toProgressImport(plan);
    CHECK(p.source == "<paste>");
    CHECK(p.summary == "2 questions");
    REQUIRE(p.newCards.size() == 1);
    CHECK(p.newCards[0].content.question == "什么是 warp？");
    CHECK(p.newCards[0].sightings.at(0).company == "Tencent");
    CHECK_FALSE(p.newCards[0].state);
    REQUIRE(p.sightingsOnExisting.size() == 1);
    CHECK(p.sightingsOnExisting[0].first == CardId(7));
}
