// "What this company asks most" from Browse: the ranking a user sees against sightings counted
// by hand, the top-N mock round it starts, and Browse opening with the most-asked cards first.
#include <catch2/catch.hpp>

#include <QComboBox>
#include <QDate>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTableView>
#include <QTableWidget>
#include <QTreeView>
#include <QHeaderView>

#include "../deck/test_support.h"
#include "app_test_main.h"
#include "common/user_collection.h"
#include "gui/browse_page.h"
#include "gui/card_table_model.h"
#include "gui/company_asks_dialog.h"
#include "deck/mock_selection.h"

using namespace deck;

namespace {

Sighting seen(const std::string& company, const std::string& round, const QDate& date, const std::string& url,
              const std::string& kind = "interview")
{
    Sighting s;
    s.company = company;
    s.round = round;
    s.date = date.isValid() ? date.toString(Qt::ISODate).toStdString() : std::string();
    s.sourceUrl = url;
    s.dateKind = kind;
    return s;
}

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

TEST_CASE("What a company asks most: ranking, recall, and a mock round of the top N", "[browse-gui]")
{
    ensureApp();
    testing::TempDir dir;
    const std::string builtin = dir.file("default.sqlite");
    REQUIRE(writeDefaultDeck(builtin, {testing::makeCard("a", "cuda", "Question A"),
                                       testing::makeCard("b", "cuda", "Question B"),
                                       testing::makeCard("c", "inference", "Question C"),
                                       testing::makeCard("d", "inference", "Question D")})
                .ok());
    auto opened = Collection::open(dir.file("user.sqlite"), {.createIfMissing = true});
    REQUIRE(opened.ok());
    Collection& c = *opened;
    REQUIRE(c.mergeBuiltinDeck(builtin, testing::dayNow()).ok());
    const QDate today = QDate::currentDate();
    ImportPlan plan;
    plan.source = "test";
    auto add = [&](const char* uid, const Sighting& s) {
        plan.sightingsOnExisting.push_back({*c.findByUid(uid), s});
    };
    // By hand: A has two reports (half a year and a year old: 0.71 + 0.5 = 1.21), B one of
    // today asked in two rounds (1.0), C one report a year old only posted (0.5); D is AMD's.
    add("a", seen("NVIDIA", "一面", today.addDays(-183), "u1"));
    add("a", seen("NVIDIA", "二面", today.addDays(-365), "u2"));
    add("b", seen("NVIDIA", "一面", today, "u3"));
    add("b", seen("NVIDIA", "二面", today, "u3"));
    add("c", seen("NVIDIA", "一面", today.addDays(-365), "u4", "posted"));
    add("d", seen("AMD", "一面", today, "u5"));
    REQUIRE(c.applyImport(plan, testing::dayNow()).ok());
    REQUIRE(c.answerCard(*c.findByUid("a"), scheduler::Answer::Good, app::currentTime(), 1000).ok());

    app::BrowsePage page(c);
    page.resize(1200, 700);
    // Browse opens with the cards of the most reports first.
    CHECK(page.table()->horizontalHeader()->sortIndicatorSection() == app::CardTableModel::Reports);
    CHECK(page.table()->horizontalHeader()->sortIndicatorOrder() == Qt::DescendingOrder);

    CHECK_FALSE(page.companyAsksButton()->isEnabled());  // no company selected yet
    QAbstractItemModel* tree = page.tree()->model();
    page.tree()->setCurrentIndex(child(tree, {}, QStringLiteral("NVIDIA")));
    CHECK(page.companyAsksButton()->isEnabled());
    app::CompanyAsksDialog* d = page.openCompanyAsks();
    REQUIRE(d);
    QTableWidget* t = d->table();
    REQUIRE(t->rowCount() == 3);
    using D = app::CompanyAsksDialog;
    CHECK(t->item(0, D::ColQuestion)->text() == QStringLiteral("Question A"));
    CHECK(t->item(1, D::ColQuestion)->text() == QStringLiteral("Question B"));
    CHECK(t->item(2, D::ColQuestion)->text() == QStringLiteral("Question C"));
    CHECK(t->item(0, D::ColReports)->text() == QStringLiteral("2"));
    CHECK(t->item(1, D::ColReports)->text() == QStringLiteral("1"));  // one report, two rounds
    CHECK(t->item(0, D::ColLatest)->text() == today.addDays(-183).toString(Qt::ISODate));
    CHECK(t->item(2, D::ColLatest)->text().contains(QStringLiteral("posted")));
    CHECK(t->item(0, D::ColRecall)->text() == QStringLiteral("100 %"));  // answered today
    CHECK(t->item(1, D::ColRecall)->text() == QStringLiteral("not studied"));
    CHECK(d->summary()->text().contains(QStringLiteral("asked by NVIDIA")));
    CHECK(d->summary()->text().startsWith(QStringLiteral("3 card")));
    CHECK(d->summary()->text().contains(QStringLiteral("only when the report was posted")));
    // The round box offers the company's rounds; 二面 keeps A and B, B first (today's report).
    d->roundBox()->setCurrentIndex(d->roundBox()->findData(QStringLiteral("二面")));
    REQUIRE(t->rowCount() == 2);
    CHECK(t->item(0, D::ColQuestion)->text() == QStringLiteral("Question B"));

    // Top 2 of every round: exactly A then B, one clock per question.
    d->roundBox()->setCurrentIndex(0);
    d->topBox()->setValue(2);
    const MockConfig config = d->mockConfig();
    CHECK(config.cards == std::vector<std::int64_t>{c.findByUid("a")->value, c.findByUid("b")->value});
    CHECK(config.questions == 2);
    CHECK(config.companies == std::vector<std::string>{"NVIDIA"});
    auto selected = selectMockQuestions(c, config);
    REQUIRE(selected.ok());
    CHECK(*selected == std::vector<CardId>{*c.findByUid("a"), *c.findByUid("b")});
    QSignalSpy mock(&page, &app::BrowsePage::startMock);
    d->findChild<QPushButton*>(QStringLiteral("companyAsksMock"))->click();
    REQUIRE(mock.count() == 1);
    delete d;
}
