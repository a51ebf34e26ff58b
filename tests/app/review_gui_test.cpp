// A whole review session driven by keystrokes on the real ReviewPage (QtWebEngine offscreen):
// Space reveals, 3 grades Good, 2 Hard, 1 Again, Ctrl+Z undoes. The collection is checked after.
#include <catch2/catch.hpp>

#include <QDateTime>
#include <QPushButton>
#include <QSignalSpy>
#include <QtTest/QTest>

#include <filesystem>

#include "app_test_main.h"
#include "deck/storage/access.h"
#include "deck/storage/database.h"
#include "gui/card_view.h"
#include "gui/review_page.h"

namespace fs = std::filesystem;

namespace {

int count(deck::Collection& c, const std::string& sql)
{
    auto st = deck::storage::of(c).prepare(sql);
    REQUIRE(st.ok());
    REQUIRE(st->step());
    return st->int32(0);
}

deck::Collection smallCollection(const fs::path& dir)
{
    std::vector<deck::CardContent> cards;
    for (int i = 0; i < 3; ++i) {
        deck::CardContent c;
        c.uid = "cuda-gui-" + std::to_string(i);
        c.topic = "cuda";
        c.level = 1;
        c.question = "第 " + std::to_string(i) + " 题：warp 有多少线程？";
        c.questionEn = "Question " + std::to_string(i);
        c.answer = "32 个线程，$2^5$。";
        c.keyPoints = {"32", "SIMT", "lockstep"};
        cards.push_back(c);
    }
    const std::string builtin = (dir / "builtin.sqlite").string();
    REQUIRE(deck::writeDefaultDeck(builtin, cards).ok());
    auto col = deck::Collection::open((dir / "c.sqlite").string(), {.createIfMissing = true});
    REQUIRE(col.ok());
    REQUIRE(col->mergeBuiltinDeck(builtin, {0, 0}).ok());
    return std::move(col).value();
}

}  // namespace

TEST_CASE("Review by keystrokes writes the log and the states and Ctrl+Z undoes", "[gui][review]")
{
    ensureApp();
    const fs::path dir = fs::temp_directory_path() / ("infracards-review-gui-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    {
        deck::Collection collection = smallCollection(dir);
        app::ReviewPage page(collection);
        page.resize(900, 600);
        page.show();
        page.activateWindow();
        REQUIRE(QTest::qWaitForWindowExposed(&page));

        QSignalSpy rendered(page.cardView(), &app::CardView::cardRendered);
        page.start();
        REQUIRE(rendered.wait(30000));
        REQUIRE(page.currentCard().has_value());
        const deck::CardId first = *page.currentCard();

        // Grading before revealing does nothing.
        QTest::keyClick(&page, Qt::Key_3);
        CHECK(count(collection, "SELECT count(*) FROM review_log") == 0);

        QTest::keyClick(&page, Qt::Key_Space);
        CHECK(page.revealed());
        // A new card under SM-2: Again and Hard (quality below 4) come back at the end of today's
        // session, then after 1 day; Good and Easy after 1 day (docs/scheduler.md).
        auto button = [&page](int n) {
            return page.findChild<QPushButton*>(QStringLiteral("grade%1").arg(n))->text();
        };
        CHECK(button(1) == QStringLiteral("1  Again\ntoday, then 1 d"));
        CHECK(button(2) == QStringLiteral("2  Hard\ntoday, then 1 d"));
        CHECK(button(3) == QStringLiteral("3  Good\n1 d"));
        CHECK(button(4) == QStringLiteral("4  Easy\n1 d"));
        QTest::keyClick(&page, Qt::Key_3);  // Good
        CHECK(count(collection, "SELECT count(*) FROM review_log") == 1);
        CHECK(count(collection, "SELECT answer FROM review_log") == 3);
        CHECK_FALSE(collection.cardState(first)->isNew);
        CHECK(collection.cardState(first)->intervalDays == 1);

        QTest::keyClick(&page, Qt::Key_Space);
        const deck::CardId second = *page.currentCard();
        CHECK(second != first);
        QTest::keyClick(&page, Qt::Key_2);  // Hard: repeated at the end of the session
        QTest::keyClick(&page, Qt::Key_Space);
        QTest::keyClick(&page, Qt::Key_1);  // Again on the third
        CHECK(count(collection, "SELECT count(*) FROM review_log") == 3);
        CHECK(collection.cardState(second)->drillPending);

        // Ctrl+Z undoes the Again: log row gone, card new again, and shown for re-grading.
        const deck::CardId third =
            collection.todayQueue({QDateTime::currentMSecsSinceEpoch(), 0})->order.back();
        QTest::keyClick(&page, Qt::Key_Z, Qt::ControlModifier);
        CHECK(count(collection, "SELECT count(*) FROM review_log") == 2);
        CHECK(collection.cardState(third)->isNew);
        CHECK(page.currentCard() == third);
        CHECK(page.revealed());
        QTest::keyClick(&page, Qt::Key_4);  // Easy this time
        CHECK(count(collection, "SELECT count(*) FROM review_log") == 3);
        CHECK(count(collection, "SELECT max(quality) FROM review_log") == 5);

        // The drill: the Hard card comes back; Good clears it without touching EF.
        REQUIRE(page.currentCard() == second);
        QTest::keyClick(&page, Qt::Key_Space);
        QTest::keyClick(&page, Qt::Key_3);
        CHECK_FALSE(collection.cardState(second)->drillPending);
        CHECK(collection.cardState(second)->easiness == Approx(2.36));
        CHECK_FALSE(page.currentCard().has_value());  // session done
    }
    std::error_code ec;
    fs::remove_all(dir, ec);
}
