// The home page on a generated collection: its recent mock-interview line shows the newest ended
// rounds with their scores, and nothing when no round has ended.
#include <catch2/catch.hpp>

#include <QLabel>

#include "../deck/browse_fixture.h"
#include "../deck/test_support.h"
#include "app_test_main.h"
#include "common/user_collection.h"
#include "deck/mock_store.h"
#include "gui/home_page.h"

TEST_CASE("Home lists the recent mock interviews with their scores", "[home-gui]")
{
    ensureApp();
    const auto g = testing::generateBrowseDeck(12);
    auto c = testing::openGenerated(g, testing::dayNow());
    REQUIRE(c.ok());
    {
        app::HomePage page(*c);
        auto* line = page.findChild<QLabel*>(QStringLiteral("homeMock"));
        REQUIRE(line);
        CHECK(line->text().isEmpty());  // no round yet
    }
    // Two rounds of two questions (8 points each): scores 3+4 = 7 (pass line 80 % = 6.4: passed),
    // then 1+2 = 3 (not passed).
    std::vector<deck::CardId> cards = {*c->findByUid(g.cards[0].uid), *c->findByUid(g.cards[1].uid)};
    deck::MockConfig config;
    config.questions = 2;
    const int scores[2][2] = {{3, 4}, {1, 2}};
    for (int r = 0; r < 2; ++r) {
        const deck::Now now = app::currentTime();
        auto id = deck::insertMockSession(*c, config, cards, now);
        REQUIRE(id.ok());
        for (int q = 0; q < 2; ++q)
            REQUIRE(deck::recordMockAnswer(*c, *id, q, scores[r][q], "", 1000, now).ok());
        REQUIRE(deck::finishMockSession(*c, *id, deck::MockStatus::Finished, now).ok());
    }
    app::HomePage page(*c);
    const QString text = page.findChild<QLabel*>(QStringLiteral("homeMock"))->text();
    INFO(text.toStdString());
    // Newest first.
    CHECK(text.indexOf(QStringLiteral("3/8 (38 %, not passed)")) >= 0);
    CHECK(text.indexOf(QStringLiteral("7/8 (88 %, passed)")) > text.indexOf(QStringLiteral("3/8")));
}
