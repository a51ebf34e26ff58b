// Search and the Browse text filter answer one- and two-character terms from the trigram index's
// vocabulary (deck/text_match.h). Checked against a plain substring search over the same fields
// in C++, on random texts where short terms sit at the start, the middle and the end of a field.
#include <catch2/catch.hpp>

#include <random>
#include <set>

#include "deck/browse.h"
#include "deck/storage/access.h"
#include "deck/storage/database.h"
#include "deck/text_match.h"
#include "test_support.h"

using namespace deck;
using testing::dayNow;

namespace {

constexpr scheduler::Day kToday = 20786;

/// ASCII letters folded, the rest kept: what the trigram tokenizer and LIKE agree on here.
std::string folded(std::string s)
{
    for (char& c : s)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return s;
}

bool holds(const CardContent& c, const std::string& term)
{
    std::string points;
    for (const std::string& p : c.keyPoints)
        points += (points.empty() ? "" : "\n") + p;
    for (const std::string* field :
         std::initializer_list<const std::string*>{&c.question, &c.questionEn, &c.answer, &points})
        if (folded(*field).find(folded(term)) != std::string::npos)
            return true;
    return false;
}

}  // namespace

TEST_CASE("Short search terms match exactly the cards whose text holds them", "[search]")
{
    // Eight symbols, so every one- and two-symbol term occurs somewhere, and some nowhere.
    const std::vector<std::string> alphabet = {"显", "存", "量", "子", "A", "b", "c", "x"};
    std::mt19937 rng(7);
    auto randomText = [&](int maxLen) {
        std::string s;
        const int len = std::uniform_int_distribution<int>(0, maxLen)(rng);
        for (int i = 0; i < len; ++i)
            s += alphabet[std::uniform_int_distribution<std::size_t>(0, alphabet.size() - 1)(rng)];
        return s;
    };
    std::vector<CardContent> cards;
    auto c = Collection::open(":memory:", {.createIfMissing = true});
    REQUIRE(c.ok());
    ImportPlan plan;
    plan.source = "random";
    for (int i = 0; i < 150; ++i) {
        CardContent card;
        card.uid = "r-" + std::to_string(i);
        card.topic = "cuda";
        card.question = "题" + randomText(6);  // a card needs a question
        card.questionEn = randomText(4);
        card.answer = randomText(8);
        card.keyPoints = {randomText(3), randomText(3)};
        cards.push_back(card);
        plan.newCards.push_back({card, {}});
    }
    auto imported = c->applyImport(plan, dayNow());
    INFO((imported ? std::string() : imported.error().message));
    REQUIRE(imported.ok());

    std::vector<std::string> terms;
    for (const std::string& a : alphabet) {
        terms.push_back(a);
        for (const std::string& b : alphabet)
            terms.push_back(a + b);
    }
    terms.insert(terms.end(), {"显存量", "ab", "AB", "存 x", "x\xE3\x80\x80子", "z", "内核", "显 z"});
    int emptyTerms = 0;
    for (const std::string& text : terms) {
        std::set<std::string> expected;
        for (const CardContent& card : cards) {
            bool all = true;
            for (const std::string& term : splitSearchTerms(text))
                all = all && holds(card, term);
            if (all)
                expected.insert(card.uid);
        }
        emptyTerms += expected.empty() ? 1 : 0;
        INFO("term: " << text);
        BrowseFilter f;
        f.text = text;
        auto count = countCards(deck::storage::of(*c), f, kToday);
        REQUIRE(count.ok());
        CHECK(*count == static_cast<int>(expected.size()));
        auto hits = c->search(text, 1000);
        REQUIRE(hits.ok());
        std::set<std::string> found;
        for (const CardSummary& s : *hits)
            found.insert(s.uid);
        CHECK(found == expected);
    }
    CHECK(emptyTerms > 0);  // the "in no card" path ran too
}

TEST_CASE("A short term that begins too many trigrams falls back to a scan", "[search]")
{
    // Card 0's answer holds 'q' followed by 2,100 different characters: more trigrams than the
    // expansion takes. Card 1 ends its question with 'q'; card 2 has no 'q'.
    std::string many;
    for (int k = 0; k < 2100; ++k) {
        const char32_t cp = 0x4E00 + static_cast<char32_t>(k);
        many += "q";
        many += static_cast<char>(0xE0 | (cp >> 12));
        many += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        many += static_cast<char>(0x80 | (cp & 0x3F));
        many += " ";
    }
    auto c = Collection::open(":memory:", {.createIfMissing = true});
    REQUIRE(c.ok());
    ImportPlan plan;
    plan.source = "test";
    auto a = testing::makeCard("many-q", "cuda", "第一题");
    a.answer = many;
    auto b = testing::makeCard("ends-q", "cuda", "第二题 q");
    auto none = testing::makeCard("no-letter", "cuda", "第三题");
    none.questionEn = none.answer = "";
    none.keyPoints = {};
    plan.newCards = {{a, {}}, {b, {}}, {none, {}}};
    REQUIRE(c->applyImport(plan, dayNow()).ok());

    auto m = textMatch(deck::storage::of(*c), {"q"});
    REQUIRE(m.ok());
    CHECK(m->likePatterns == std::vector<std::string>{"%q%"});
    CHECK(m->fts.empty());
    auto hits = c->search("q", 10);
    REQUIRE(hits.ok());
    std::set<std::string> found;
    for (const CardSummary& s : *hits)
        found.insert(s.uid);
    CHECK(found == std::set<std::string>{"many-q", "ends-q"});
    // 'q' then a character only card 0 holds: two characters, through the index.
    auto two = textMatch(deck::storage::of(*c), {"q丁"});
    REQUIRE(two.ok());
    CHECK(two->likePatterns.empty());
    CHECK(two->fts == "\"q丁 \"");
    CHECK(c->search("q丁")->size() == 1);
}

TEST_CASE("Search terms split on ASCII and ideographic spaces", "[search]")
{
    CHECK(splitSearchTerms("  梯度\xE3\x80\x80累积 zero-3\t")
          == std::vector<std::string>{"梯度", "累积", "zero-3"});
    CHECK(splitSearchTerms("\xE3\x80\x80").empty());
    CHECK(utf8Length("显存ab") == 4);
    CHECK(escapeLike("50%_a\\b") == "50\\%\\_a\\\\b");
}
