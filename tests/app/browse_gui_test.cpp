// The Browse, Statistics and Settings screens on a generated collection: the tree's company and
// round nodes, the topic box and the search box filter the paged model to exactly the cards the
// generator's rules give (tests/deck/browse_fixture.h), counted here with std::set.
#include <catch2/catch.hpp>

#include <QBarSet>
#include <QBarSeries>
#include <QChart>
#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTableView>
#include <QTreeView>
#include <QtTest/QTest>

#include <functional>
#include <set>

#include "../deck/browse_fixture.h"
#include "../deck/test_support.h"
#include "app_test_main.h"
#include "common/user_collection.h"
#include "gui/browse_page.h"
#include "gui/card_table_model.h"
#include "gui/settings_dialog.h"
#include "gui/stats_page.h"

namespace {

constexpr int kCards = 120;

/// The uids the model holds after fetching every page.
std::set<std::string> loadedUids(app::CardTableModel* model)
{
    while (model->canFetchMore({}))
        model->fetchMore({});
    std::set<std::string> out;
    for (int r = 0; r < model->rowCount(); ++r)
        out.insert(model->rowAt(r)->uid);
    CHECK(static_cast<int>(out.size()) == model->rowCount());  // no card twice
    CHECK(model->rowCount() == model->totalCount());
    return out;
}

std::set<std::string> uidsWhere(const testing::GeneratedDeck& g, const std::function<bool(int)>& pred)
{
    std::set<std::string> out;
    for (int i = 0; i < static_cast<int>(g.cards.size()); ++i)
        if (pred(i))
            out.insert(g.cards[static_cast<std::size_t>(i)].uid);
    return out;
}

/// The tree node whose label is `name` under `parent`.
QModelIndex child(QAbstractItemModel* model, const QModelIndex& parent, const QString& name)
{
    for (int r = 0; r < model->rowCount(parent); ++r) {
        const QModelIndex i = model->index(r, 0, parent);
        if (i.data().toString() == name)
            return i;
    }
    FAIL("no tree node " << name.toStdString());
    return {};
}

}  // namespace

TEST_CASE("Browse filters by company, round, topic and search text", "[browse-gui]")
{
    ensureApp();
    const auto g = testing::generateBrowseDeck(kCards);
    auto c = testing::openGenerated(g, testing::dayNow());
    REQUIRE(c.ok());
    app::BrowsePage page(*c);
    page.resize(1400, 800);
    auto* model = page.model();
    QAbstractItemModel* tree = page.tree()->model();

    CHECK(model->totalCount() == kCards);
    CHECK(loadedUids(model).size() == static_cast<std::size_t>(kCards));

    // Company node: ByteDance asked every even card (60 of them), in 6 reports.
    const QModelIndex bytedance = child(tree, {}, QStringLiteral("ByteDance"));
    CHECK(bytedance.siblingAtColumn(1).data().toString() == QStringLiteral("60"));
    CHECK(bytedance.siblingAtColumn(2).data().toString() == QStringLiteral("6"));
    page.tree()->setCurrentIndex(bytedance);
    CHECK(loadedUids(model) == uidsWhere(g, [](int i) { return i % 2 == 0; }));

    // Round node: Alibaba (company k = 1, every third card) in round (i / 2 + 1) % 3 == 1.
    const QModelIndex alibaba = child(tree, {}, QStringLiteral("Alibaba"));
    const QModelIndex second = child(tree, alibaba, QStringLiteral("二面"));
    page.tree()->setCurrentIndex(second);
    const auto alibabaSecond = uidsWhere(g, [](int i) { return i % 3 == 0 && (i / 2 + 1) % 3 == 1; });
    CHECK(loadedUids(model) == alibabaSecond);
    CHECK(second.siblingAtColumn(1).data().toString().toInt() == static_cast<int>(alibabaSecond.size()));

    // Role node with no role stated: ByteDance, 二面 ((i / 2) % 3 == 1), empty role (i % 3 == 2),
    // which is every i % 6 == 2: 20 cards.
    const QModelIndex secondRound = child(tree, bytedance, QStringLiteral("二面"));
    page.tree()->setCurrentIndex(child(tree, secondRound, app::BrowsePage::tr("(not stated)")));
    const auto unstated = uidsWhere(g, [](int i) { return i % 2 == 0 && (i / 2) % 3 == 1 && i % 3 == 2; });
    CHECK(unstated.size() == 20);
    CHECK(loadedUids(model) == unstated);

    // Topic with a company: inference cards (i % 3 == 1) that ByteDance asked.
    page.tree()->setCurrentIndex(bytedance);
    page.topicBox()->setCurrentIndex(page.topicBox()->findData(QStringLiteral("inference")));
    CHECK(loadedUids(model) == uidsWhere(g, [](int i) { return i % 3 == 1 && i % 2 == 0; }));

    // Search (two Chinese characters: substring scan) on top, after the typing delay.
    page.searchBox()->setText(QStringLiteral("显存"));
    QTest::qWait(400);
    CHECK(loadedUids(model) == uidsWhere(g, [](int i) { return i % 3 == 1 && i % 4 == 0; }));

    // Back to every card: the search alone, trigram path, case-insensitive.
    page.tree()->setCurrentIndex(tree->index(0, 0));
    page.topicBox()->setCurrentIndex(0);
    page.searchBox()->setText(QStringLiteral("pagedattention"));
    QTest::qWait(400);
    CHECK(loadedUids(model) == uidsWhere(g, [](int i) { return i % 6 == 1; }));
}

TEST_CASE("Browse detail pane lists sightings, suspend goes through the facade", "[browse-gui]")
{
    ensureApp();
    const auto g = testing::generateBrowseDeck(24);
    auto c = testing::openGenerated(g, testing::dayNow());
    REQUIRE(c.ok());
    app::BrowsePage page(*c);
    auto* model = page.model();
    // Default sort is by question; find card 0 (asked 4 times: three companies, ByteDance twice).
    const auto id = *c->findByUid(g.cards[0].uid);
    int row = model->rowOf(id);
    REQUIRE(row >= 0);
    page.table()->setCurrentIndex(model->index(row, 0));
    CHECK(page.currentCard() == id);
    CHECK(page.sightingList()->count() == static_cast<int>(g.sightings[0].size()));
    CHECK(model->data(model->index(row, app::CardTableModel::Companies)).toInt() == 3);
    CHECK(model->data(model->index(row, app::CardTableModel::Reports)).toInt() == 4);

    bool clicked = false;
    for (auto* b : page.findChildren<QPushButton*>())
        if (b->text() == app::BrowsePage::tr("Suspend")) {
            QTest::mouseClick(b, Qt::LeftButton);
            clicked = true;
            break;
        }
    REQUIRE(clicked);
    CHECK(c->card(id)->suspended);
    // The list shows it as suspended and the card stays selected.
    row = model->rowOf(id);
    REQUIRE(row >= 0);
    CHECK(model->rowAt(row)->state == deck::BrowseState::Suspended);
    CHECK(page.currentCard() == id);

    page.stateBox()->setCurrentIndex(
        page.stateBox()->findData(static_cast<int>(deck::StateFilter::Suspended)));
    CHECK(model->totalCount() == 1);
}

TEST_CASE("Only web links from a sighting may be opened", "[browse-gui]")
{
    CHECK(app::BrowsePage::isOpenableLink(QStringLiteral("https://www.nowcoder.com/discuss/1")));
    CHECK(app::BrowsePage::isOpenableLink(QStringLiteral("http://example.org/a?b=1")));
    CHECK_FALSE(app::BrowsePage::isOpenableLink(QStringLiteral("javascript:alert(1)")));
    CHECK_FALSE(app::BrowsePage::isOpenableLink(QStringLiteral("file:///etc/passwd")));
    CHECK_FALSE(app::BrowsePage::isOpenableLink(QStringLiteral("ftp://example.org/x")));
    CHECK_FALSE(app::BrowsePage::isOpenableLink(QString()));
}

TEST_CASE("Statistics show the forecast of answered cards, settings save to the collection", "[browse-gui]")
{
    ensureApp();
    const auto g = testing::generateBrowseDeck(6);
    auto c = testing::openGenerated(g, testing::dayNow());
    REQUIRE(c.ok());
    // Three cards answered Good now: SM-2 gives a first interval of 1 day, so all three are due
    // tomorrow (forecast bar 1) and nothing else is due.
    for (int i = 0; i < 3; ++i)
        REQUIRE(c->answerCard(*c->findByUid(g.cards[static_cast<std::size_t>(i)].uid),
                              scheduler::Answer::Good, app::currentTime(), 1000)
                    .ok());
    app::StatsPage stats(*c);
    auto series = stats.forecastChart()->series();
    REQUIRE(series.size() == 1);
    auto* bars = qobject_cast<QBarSeries*>(series.front());
    REQUIRE(bars);
    QBarSet* set = bars->barSets().front();
    REQUIRE(set->count() == 30);
    CHECK(set->at(0) == 0);
    CHECK(set->at(1) == 3);
    CHECK(set->sum() == 3);
    // Today has answers, yesterday none: a streak of one day.
    CHECK(stats.summary()->text().startsWith(app::StatsPage::tr("Streak: %n day(s)", nullptr, 1)));

    app::SettingsDialog dialog(*c);
    dialog.newPerDayBox()->setValue(7);
    dialog.maxReviewsBox()->setValue(150);
    dialog.learningPathBox()->setChecked(false);
    dialog.rolloverBox()->setValue(3);
    REQUIRE(dialog.save());
    auto config = c->config();
    REQUIRE(config.ok());
    CHECK(config->newPerDay == 7);
    CHECK(config->maxReviewsPerDay == 150);
    CHECK_FALSE(config->learningPathOrder);
    CHECK(config->rolloverHour == 3);
}

TEST_CASE("Browse card info shows the schedule and the FSRS-6 predicted recall", "[browse-gui]")
{
    ensureApp();
    const auto g = testing::generateBrowseDeck(24);
    auto c = testing::openGenerated(g, testing::dayNow());
    REQUIRE(c.ok());
    const auto id = *c->findByUid(g.cards[0].uid);
    // Answered Good once, today: S = w2 = 2.3065 days, so recall today is 100 % and in 7 days
    // (1 + 0.98035 · 7 / 2.3065)^-0.1542 = 0.808, shown as 81 %.
    REQUIRE(c->answerCard(id, scheduler::Answer::Good, app::currentTime(), 1000).ok());
    app::BrowsePage page(*c);
    auto* info = page.findChild<QLabel*>(QStringLiteral("cardInfo"));
    REQUIRE(info);
    page.table()->setCurrentIndex(page.model()->index(page.model()->rowOf(id), 0));
    const QString text = info->text();
    INFO(text.toStdString());
    CHECK(text.contains(QStringLiteral("today 100 %")));
    CHECK(text.contains(QStringLiteral("in 7 days 81 %")));
    CHECK(text.contains(QStringLiteral("stability 2.3 d")));
    // A card never studied says so and predicts nothing.
    const auto fresh = *c->findByUid(g.cards[1].uid);
    page.table()->setCurrentIndex(page.model()->index(page.model()->rowOf(fresh), 0));
    CHECK(info->text().contains(QStringLiteral("not studied yet")));
    CHECK_FALSE(info->text().contains(QStringLiteral("Predicted")));
}

TEST_CASE("Browse's direction box narrows the tree and the list to those positions", "[browse-gui]")
{
    ensureApp();
    auto c = deck::Collection::open(":memory:", {.createIfMissing = true});
    REQUIRE(c.ok());
    deck::ImportPlan plan;
    plan.source = "test";
    auto add = [&](const std::string& uid, const std::string& company, const std::string& direction) {
        deck::CardContent card;
        card.uid = uid;
        card.topic = "inference";
        card.level = 4;
        card.question = "问题 " + uid;
        card.questionEn = "Question " + uid;
        card.answer = "Answer";
        card.keyPoints = {"a", "b", "c"};
        deck::Sighting s{company, "一面", "", "2026-04-17", "https://example.org/" + uid};
        s.direction = direction;
        plan.newCards.push_back({card, {s}});
    };
    add("inference-rec", "ByteDance", "algorithm");
    add("inference-serve", "ByteDance", "inference");
    add("inference-game", "Tencent", "client");
    REQUIRE(c->applyImport(plan, testing::dayNow()).ok());

    app::BrowsePage page(*c);
    QAbstractItemModel* tree = page.tree()->model();
    CHECK(tree->rowCount() == 3);  // all cards, ByteDance, Tencent

    // AI-infrastructure positions: the inference round only; Tencent's client round leaves the tree.
    page.directionBox()->setCurrentIndex(page.directionBox()->findData(QStringLiteral("infra")));
    REQUIRE(tree->rowCount() == 2);
    const QModelIndex bytedance = child(tree, {}, QStringLiteral("ByteDance"));
    CHECK(bytedance.siblingAtColumn(1).data().toString() == QStringLiteral("1"));
    CHECK(loadedUids(page.model()) == std::set<std::string>{"inference-serve"});

    page.directionBox()->setCurrentIndex(page.directionBox()->findData(QStringLiteral("client")));
    CHECK(loadedUids(page.model()) == std::set<std::string>{"inference-game"});
    page.directionBox()->setCurrentIndex(0);
    CHECK(loadedUids(page.model()).size() == 3);
}
