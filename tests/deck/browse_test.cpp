#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "browse_fixture.h"
#include "deck/storage/access.h"
#include "deck/storage/database.h"
#include "deck/browse.h"
#include "test_support.h"

using namespace deck;
using testing::dayNow;

namespace {

constexpr int kCards = 120;
constexpr scheduler::Day kToday = 20786;  // dayNow(): 2026-11-29, rollover 4 h, offset 0

struct Expected {
    std::set<std::string> cards;  // uids
    std::set<std::string> reports;
    SightingCounts counts() const
    {
        return {static_cast<int>(cards.size()), static_cast<int>(reports.size())};
    }
};

/// Walks the generator's sightings with `key` choosing the node each sighting belongs to.
template <typename Key>
std::map<Key, Expected> expectedBy(const testing::GeneratedDeck& g, std::function<Key(const Sighting&)> key)
{
    std::map<Key, Expected> out;
    for (std::size_t i = 0; i < g.cards.size(); ++i)
        for (const Sighting& s : g.sightings[i]) {
            Expected& e = out[key(s)];
            e.cards.insert(g.cards[i].uid);
            if (!s.sourceUrl.empty())
                e.reports.insert(s.sourceUrl);
        }
    return out;
}

/// The uids `listCards` returns over all pages of `pageSize`, in order.
std::vector<std::string> allPages(const Database& db, const BrowseFilter& f, const BrowseSort& sort,
                                  int pageSize, scheduler::Day today = kToday)
{
    std::vector<std::string> uids;
    for (int offset = 0;; offset += pageSize) {
        auto page = listCards(db, f, sort, today, offset, pageSize);
        REQUIRE(page.ok());
        for (const BrowseRow& r : *page)
            uids.push_back(r.uid);
        if (static_cast<int>(page->size()) < pageSize)
            break;
    }
    return uids;
}

std::set<std::string> uidsWhere(const testing::GeneratedDeck& g,
                                const std::function<bool(int, const CardContent&)>& pred)
{
    std::set<std::string> out;
    for (std::size_t i = 0; i < g.cards.size(); ++i)
        if (pred(static_cast<int>(i), g.cards[i]))
            out.insert(g.cards[i].uid);
    return out;
}

}  // namespace

TEST_CASE("The company tree counts distinct cards and reports at every level", "[browse]")
{
    const auto g = testing::generateBrowseDeck(kCards);
    auto c = testing::openGenerated(g, dayNow());
    REQUIRE(c.ok());
    auto tree = companyTree(deck::storage::of(*c));
    REQUIRE(tree.ok());

    const auto byCompany = expectedBy<std::string>(g, [](const Sighting& s) { return s.company; });
    using Pair = std::pair<std::string, std::string>;
    const auto byRound = expectedBy<Pair>(g, [](const Sighting& s) { return Pair{s.company, s.round}; });
    using Triple = std::tuple<std::string, std::string, std::string>;
    const auto byRole = expectedBy<Triple>(g, [](const Sighting& s) {
        return Triple{s.company, s.round, s.role};
    });

    REQUIRE(tree->size() == byCompany.size());
    std::size_t rounds = 0, roles = 0;
    for (const CompanyNode& company : *tree) {
        CHECK(company.counts == byCompany.at(company.company).counts());
        for (const RoundNode& round : company.rounds) {
            ++rounds;
            CHECK(round.counts == byRound.at({company.company, round.round}).counts());
            for (const RoleNode& role : round.roles) {
                ++roles;
                CHECK(role.counts == byRole.at({company.company, round.round, role.role}).counts());
            }
        }
    }
    CHECK(rounds == byRound.size());
    CHECK(roles == byRole.size());

    // Hand check of one node: ByteDance asks every even card (60 of 120) plus the 终面 of every
    // eighth, which are even already; its reports are /0 ... /4 and /final.
    const CompanyNode& first = tree->front();
    CHECK(first.company == "ByteDance");
    CHECK(first.counts.cards == 60);
    CHECK(first.counts.reports == 6);
    // Ordered by cards: ByteDance (60), Alibaba (every third: 40), Tencent (every fourth: 30).
    CHECK((*tree)[1].company == "Alibaba");
    CHECK((*tree)[1].counts.cards == 40);
    CHECK((*tree)[2].counts.cards == 30);
}

TEST_CASE("Filters by topic, level and sightings select exactly the generated cards", "[browse]")
{
    const auto g = testing::generateBrowseDeck(kCards);
    auto c = testing::openGenerated(g, dayNow());
    REQUIRE(c.ok());
    const Database& db = deck::storage::of(*c);
    const BrowseSort byId{BrowseColumn::Lapses, false};  // all lapses 0: falls back to id order

    auto check = [&](const BrowseFilter& f, const std::set<std::string>& expected, bool expectNone = false) {
        REQUIRE(expected.empty() == expectNone);  // no filter case may pass vacuously
        auto n = countCards(db, f, kToday);
        REQUIRE(n.ok());
        CHECK(*n == static_cast<int>(expected.size()));
        const auto uids = allPages(db, f, byId, 7);
        CHECK(std::set<std::string>(uids.begin(), uids.end()) == expected);
        CHECK(uids.size() == expected.size());  // no card twice across pages
    };

    SECTION("no filter")
    {
        check({}, uidsWhere(g, [](int, const CardContent&) { return true; }));
    }
    SECTION("topics")
    {
        BrowseFilter f;
        f.topics = {"cuda", "triton"};
        check(f, uidsWhere(g, [](int i, const CardContent&) { return i % 3 != 1; }));
    }
    SECTION("level range")
    {
        BrowseFilter f;
        f.minLevel = 3;
        f.maxLevel = 5;
        check(f, uidsWhere(g, [](int i, const CardContent&) { return i % 10 >= 2 && i % 10 <= 4; }));
    }
    SECTION("company")
    {
        BrowseFilter f;
        f.company = "Tencent";
        check(f, uidsWhere(g, [](int i, const CardContent&) { return i % 4 == 0; }));
    }
    SECTION("company and round")
    {
        BrowseFilter f;
        f.company = "Alibaba";
        f.round = "二面";
        // Alibaba is k = 1: card i (i % 3 == 0) is in round (i / 2 + 1) % 3, 二面 is index 1.
        check(f, uidsWhere(g, [](int i, const CardContent&) { return i % 3 == 0 && (i / 2 + 1) % 3 == 1; }));
    }
    SECTION("company, round and an empty role")
    {
        BrowseFilter f;
        f.company = "ByteDance";
        f.round = "二面";
        f.role = "";
        // ByteDance is k = 0: round (i / 2) % 3 == 1 is 二面, role i % 3 == 2 is the empty one.
        const auto expected = uidsWhere(
            g, [](int i, const CardContent&) { return i % 2 == 0 && (i / 2) % 3 == 1 && i % 3 == 2; });
        REQUIRE(expected.size() == 20);  // i % 6 == 2: 2, 8, ..., 116
        check(f, expected);
    }
    SECTION("final round")
    {
        BrowseFilter f;
        f.round = "终面";
        check(f, uidsWhere(g, [](int i, const CardContent&) { return i % 8 == 0; }));
    }
    SECTION("topic and company together")
    {
        BrowseFilter f;
        f.topics = {"inference"};
        f.company = "ByteDance";
        check(f, uidsWhere(g, [](int i, const CardContent&) { return i % 3 == 1 && i % 2 == 0; }));
    }
    SECTION("Chinese two-character term (substring scan)")
    {
        BrowseFilter f;
        f.text = "显存";
        check(f, uidsWhere(g, [](int i, const CardContent&) { return i % 4 == 0; }));
    }
    SECTION("trigram term and a short term, separated by an ideographic space")
    {
        BrowseFilter f;
        // "pagedattention" goes through the trigram index (case-insensitive), 调度 is scanned.
        f.text = "pagedattention\xE3\x80\x80调度";
        check(f, uidsWhere(g, [](int i, const CardContent&) { return i % 6 == 1 && i % 4 != 0; }));
    }
    SECTION("a term nobody wrote")
    {
        BrowseFilter f;
        f.text = "NVSwitch";
        check(f, {}, true);
    }
}

TEST_CASE("Rows carry sighting counts and sort by any column", "[browse]")
{
    const auto g = testing::generateBrowseDeck(kCards);
    auto c = testing::openGenerated(g, dayNow());
    REQUIRE(c.ok());
    const Database& db = deck::storage::of(*c);

    // Expected per-card counts, walked from the generator.
    std::map<std::string, std::pair<int, int>> expected;
    for (std::size_t i = 0; i < g.cards.size(); ++i) {
        std::set<std::string> companies, reports;
        for (const Sighting& s : g.sightings[i]) {
            companies.insert(s.company);
            reports.insert(s.sourceUrl);
        }
        expected[g.cards[i].uid] = {static_cast<int>(companies.size()), static_cast<int>(reports.size())};
    }
    // Card 0 is asked by all three companies and by ByteDance twice (一面 and 终面).
    CHECK(expected["gen-1000"] == std::pair<int, int>{3, 4});

    for (auto column : {BrowseColumn::Question, BrowseColumn::Companies, BrowseColumn::Reports,
                        BrowseColumn::Level, BrowseColumn::Topic}) {
        for (bool descending : {false, true}) {
            std::vector<BrowseRow> rows;
            for (int offset = 0; offset < kCards; offset += 25) {
                auto page = listCards(db, {}, {column, descending}, kToday, offset, 25);
                REQUIRE(page.ok());
                rows.insert(rows.end(), page->begin(), page->end());
            }
            REQUIRE(rows.size() == static_cast<std::size_t>(kCards));
            for (const BrowseRow& r : rows) {
                CHECK(r.companies == expected.at(r.uid).first);
                CHECK(r.reports == expected.at(r.uid).second);
                CHECK(r.state == BrowseState::New);
                CHECK_FALSE(r.due.has_value());
            }
            auto key = [column](const BrowseRow& r) -> std::string {
                switch (column) {
                case BrowseColumn::Question: return r.question;
                case BrowseColumn::Topic: return r.topic;
                case BrowseColumn::Level:
                    return std::string(1, static_cast<char>('0' + r.level / 10))
                           + static_cast<char>('0' + r.level % 10);
                case BrowseColumn::Companies: return std::to_string(r.companies);
                case BrowseColumn::Reports: return std::to_string(r.reports);
                default: return {};
                }
            };
            for (std::size_t i = 1; i < rows.size(); ++i) {
                const auto a = std::make_pair(key(rows[i - 1]), rows[i - 1].id);
                const auto b = std::make_pair(key(rows[i]), rows[i].id);
                CHECK((descending ? b < a : a < b));
            }
        }
    }
}

TEST_CASE("State filters follow suspend, bury, answers and lapses", "[browse]")
{
    const auto g = testing::generateBrowseDeck(40);
    auto opened = testing::openGenerated(g, dayNow());
    REQUIRE(opened.ok());
    Collection& c = *opened;
    auto id = [&](int i) { return *c.findByUid(g.cards[static_cast<std::size_t>(i)].uid); };

    REQUIRE(c.setSuspended(id(1), true, dayNow()).ok());
    REQUIRE(c.setSuspended(id(2), true, dayNow()).ok());
    REQUIRE(c.bury(id(3), dayNow()).ok());
    // Again on a new card: interval 1 (SM-2, q < 3) and repeated at the end of today's session.
    auto again = c.answerCard(id(4), scheduler::Answer::Again, dayNow(), 1000);
    REQUIRE(again.ok());
    REQUIRE(again->after.drillPending);
    REQUIRE(again->after.due == kToday + 1);
    // Good on a new card: interval 1 day (SM-2 first repetition), no repeat today.
    for (int i : {5, 6}) {
        auto good = c.answerCard(id(i), scheduler::Answer::Good, dayNow(), 1000);
        REQUIRE(good.ok());
        REQUIRE(good->after.due == kToday + 1);
        REQUIRE_FALSE(good->after.drillPending);
    }
    // Lapses set directly: the fixture needs leeches without eight weeks of failed reviews.
    REQUIRE(deck::storage::of(c)
                .exec("UPDATE card_state SET lapses = 9 WHERE card_id IN (" + std::to_string(id(7).value)
                      + ", " + std::to_string(id(8).value)
                      + "); UPDATE card_state SET lapses = 7 WHERE card_id = " + std::to_string(id(9).value))
                .ok());

    const Database& db = deck::storage::of(c);
    auto uids = [&](StateFilter s, scheduler::Day today) {
        BrowseFilter f;
        f.state = s;
        auto n = countCards(db, f, today);
        REQUIRE(n.ok());
        auto list = allPages(db, f, {BrowseColumn::Question, false}, 100, today);
        CHECK(*n == static_cast<int>(list.size()));
        return std::set<std::string>(list.begin(), list.end());
    };
    auto uidSet = [&](std::initializer_list<int> is) {
        std::set<std::string> out;
        for (int i : is)
            out.insert(g.cards[static_cast<std::size_t>(i)].uid);
        return out;
    };
    auto allBut = [&](std::initializer_list<int> is) {
        std::set<std::string> out;
        for (int i = 0; i < 40; ++i)
            if (std::find(is.begin(), is.end(), i) == is.end())
                out.insert(g.cards[static_cast<std::size_t>(i)].uid);
        return out;
    };

    // Today: two suspended, one buried, one learning, two answered (young, not due).
    CHECK(uids(StateFilter::Suspended, kToday) == uidSet({1, 2}));
    CHECK(uids(StateFilter::Learning, kToday) == uidSet({4}));
    CHECK(uids(StateFilter::DueToday, kToday).empty());
    CHECK(uids(StateFilter::New, kToday) == allBut({1, 2, 3, 4, 5, 6}));
    CHECK(uids(StateFilter::Leech, kToday) == uidSet({7, 8}));
    CHECK(uids(StateFilter::Any, kToday).size() == 40);

    // Tomorrow: the three answered cards are due, the buried one is new again.
    CHECK(uids(StateFilter::DueToday, kToday + 1) == uidSet({4, 5, 6}));
    CHECK(uids(StateFilter::Learning, kToday + 1).empty());
    CHECK(uids(StateFilter::New, kToday + 1) == allBut({1, 2, 4, 5, 6}));

    // The state column agrees, and due days sort new cards last.
    auto rows = listCards(db, {}, {BrowseColumn::Due, false}, kToday, 0, 40);
    REQUIRE(rows.ok());
    std::map<std::string, BrowseState> state;
    for (const BrowseRow& r : *rows)
        state[r.uid] = r.state;
    CHECK(state.at(g.cards[1].uid) == BrowseState::Suspended);
    CHECK(state.at(g.cards[3].uid) == BrowseState::Buried);
    CHECK(state.at(g.cards[4].uid) == BrowseState::Learning);
    CHECK(state.at(g.cards[5].uid) == BrowseState::Young);
    CHECK(state.at(g.cards[0].uid) == BrowseState::New);
    REQUIRE(rows->size() == 40);
    // Only cards 4, 5 and 6 have a due day, all tomorrow, so the id decides among them; the new
    // cards follow.
    CHECK((*rows)[0].uid == g.cards[4].uid);
    CHECK((*rows)[2].uid == g.cards[6].uid);
    CHECK((*rows)[0].due == kToday + 1);
    CHECK_FALSE((*rows)[3].due.has_value());
}

TEST_CASE("A bad page request is refused", "[browse]")
{
    auto c = testing::openGenerated(testing::generateBrowseDeck(3), dayNow());
    REQUIRE(c.ok());
    CHECK(listCards(deck::storage::of(*c), {}, {}, kToday, -1, 10).error().kind == ErrorKind::InvalidInput);
    CHECK(listCards(deck::storage::of(*c), {}, {}, kToday, 0, 0).error().kind == ErrorKind::InvalidInput);
    auto past = listCards(deck::storage::of(*c), {}, {}, kToday, 10, 10);
    REQUIRE(past.ok());
    CHECK(past->empty());
}
