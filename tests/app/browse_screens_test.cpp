// Screenshots of the Browse, Statistics and Settings screens in the light and the dark palette,
// for looking at (Chinese glyphs, clipped text, chart colours). Hidden from the normal run:
//   INFRACARDS_SHOTS=/tmp/shots build/tests/app/app_tests "[.screenshots]"
// The collection is generated and then studied through the facade for 150 simulated days
// (seeded random grades, some days skipped), so the charts show real scheduler output.
#include <catch2/catch.hpp>

#include <QDir>
#include <QSignalSpy>
#include <QStyleFactory>
#include <QTableView>
#include <QTreeView>
#include <QtTest/QTest>

#include <random>

#include "../deck/browse_fixture.h"
#include "../deck/test_support.h"
#include "app_test_main.h"
#include "common/user_collection.h"
#include "gui/browse_page.h"
#include "gui/card_table_model.h"
#include "gui/card_view.h"
#include "gui/settings_dialog.h"
#include "gui/stats_page.h"

namespace {

/// 150 days of study ending today: each study day answers the day's queue with seeded grades.
void simulateStudy(deck::Collection& c)
{
    std::mt19937 rng(20261129);
    std::uniform_int_distribution<int> grade(1, 100);
    const deck::Now now = app::currentTime();
    for (int back = 150; back >= 0; --back) {
        if (back > 0 && grade(rng) <= 15)
            continue;  // a day off
        const deck::Now day{now.unixMs - back * 86400000LL, now.utcOffsetSeconds};
        auto queue = c.todayQueue(day);
        REQUIRE(queue.ok());
        for (deck::CardId id : queue->order) {
            const int r = grade(rng);
            const auto answer = r <= 10   ? scheduler::Answer::Again
                                : r <= 25 ? scheduler::Answer::Hard
                                : r <= 85 ? scheduler::Answer::Good
                                          : scheduler::Answer::Easy;
            REQUIRE(c.answerCard(id, answer, day, 8000).ok());
        }
    }
}

void save(QWidget& w, const QString& dir, const QString& name)
{
    const QString path = dir + QLatin1Char('/') + name;
    CHECK(w.grab().save(path));
}

/// Waits for the web view to place the selected card, then a little for painting.
void waitForCard(app::BrowsePage& page)
{
    auto* view = page.findChild<app::CardView*>();
    REQUIRE(view);
    QSignalSpy rendered(view, &app::CardView::cardRendered);
    page.table()->setCurrentIndex(page.model()->index(0, 0));
    rendered.wait(15000);
    QTest::qWait(500);
}

}  // namespace

TEST_CASE("Screenshots of Browse, Statistics and Settings", "[.screenshots]")
{
    ensureApp();
    const QString dir = qEnvironmentVariable("INFRACARDS_SHOTS", QStringLiteral("/tmp/infracards-shots"));
    QDir().mkpath(dir);
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));

    const auto g = testing::generateBrowseDeck(240);
    auto c = testing::openGenerated(g, testing::dayNow());
    REQUIRE(c.ok());
    simulateStudy(*c);

    const QPalette light = QApplication::style()->standardPalette();
    for (const auto& [suffix, palette] :
         {std::pair{QStringLiteral("light"), light}, std::pair{QStringLiteral("dark"), testDarkPalette()}}) {
        QApplication::setPalette(palette);
        {
            app::BrowsePage browse(*c);
            browse.resize(1500, 860);
            browse.show();
            browse.tree()->expandAll();
            browse.tree()->setCurrentIndex(browse.tree()->model()->index(1, 0));
            waitForCard(browse);
            save(browse, dir, QStringLiteral("browse-%1.png").arg(suffix));
        }
        {
            app::StatsPage stats(*c);
            stats.resize(1200, 1100);
            stats.show();
            QTest::qWait(300);
            save(stats, dir, QStringLiteral("stats-%1.png").arg(suffix));
        }
        {
            app::SettingsDialog settings(*c);
            settings.show();
            QTest::qWait(200);
            save(settings, dir, QStringLiteral("settings-%1.png").arg(suffix));
        }
    }
}
