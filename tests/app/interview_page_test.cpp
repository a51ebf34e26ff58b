// The Interviews page on a generated collection (offscreen): an interview added through the
// page's widgets is stored, and the figures the page shows are the ones worked out by hand from
// the generated cards, their sightings and the learning path's prerequisite edges.
#include <catch2/catch.hpp>

#include <QChart>
#include <QComboBox>
#include <QDateEdit>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QtTest/QTest>

#include <filesystem>
#include <random>

#include "app_test_main.h"
#include "common/user_collection.h"
#include "deck/interviews.h"
#include "deck/progress_io.h"
#include "gui/card_view.h"
#include "gui/interview_page.h"
#include "gui/review_page.h"

namespace fs = std::filesystem;

namespace {

deck::CardContent card(const std::string& uid, const std::string& topic)
{
    deck::CardContent c;
    c.uid = uid;
    c.topic = topic;
    c.level = 3;
    c.question = "题目 " + uid;
    c.answer = "答案";
    return c;
}

struct TempCollection {
    fs::path dir;
    std::optional<deck::Collection> collection;
    /// `cardsPerTopic` cards in each of triton, cuda, gpu-arch and inference.
    explicit TempCollection(int tritonCards)
    {
        std::random_device rd;
        dir = fs::temp_directory_path() / ("infracards-interview-gui-" + std::to_string(rd()));
        fs::create_directories(dir);
        std::vector<deck::CardContent> cards;
        for (int i = 0; i < tritonCards; ++i)
            cards.push_back(card("triton-" + std::to_string(i), "triton"));
        for (int i = 0; i < 3; ++i)
            cards.push_back(card("cuda-" + std::to_string(i), "cuda"));
        for (int i = 0; i < 2; ++i)
            cards.push_back(card("gpu-arch-" + std::to_string(i), "gpu-arch"));
        for (int i = 0; i < 2; ++i)
            cards.push_back(card("inference-" + std::to_string(i), "inference"));
        const std::string builtin = (dir / "default.sqlite").string();
        REQUIRE(deck::writeDefaultDeck(builtin, cards).ok());
        auto c = deck::Collection::open((dir / "user.sqlite").string(), {.createIfMissing = true});
        REQUIRE(c.ok());
        REQUIRE(c->mergeBuiltinDeck(builtin, app::currentTime()).ok());
        collection.emplace(std::move(c).value());
    }
    ~TempCollection()
    {
        collection.reset();
        std::error_code ec;
        fs::remove_all(dir, ec);
    }
    deck::CardId id(const std::string& uid) { return *collection->findByUid(uid); }
};

/// Sightings: triton-0 at ByteDance 二面 推理框架, triton-1 at ByteDance 一面 训练框架,
/// inference-0 at Alibaba 一面 训练框架.
void addSightings(TempCollection& t)
{
    deck::ImportPlan plan;
    plan.source = "test";
    plan.summary = "three sightings";
    plan.sightingsOnExisting.emplace_back(
        t.id("triton-0"),
        deck::Sighting{"ByteDance", "二面", "推理框架", "2026-01-10", "https://example.org/a"});
    plan.sightingsOnExisting.emplace_back(
        t.id("triton-1"),
        deck::Sighting{"ByteDance", "一面", "训练框架", "2026-01-11", "https://example.org/b"});
    plan.sightingsOnExisting.emplace_back(
        t.id("inference-0"),
        deck::Sighting{"Alibaba", "一面", "训练框架", "2026-01-12", "https://example.org/c"});
    REQUIRE(t.collection->applyImport(plan, app::currentTime()).ok());
}

/// Study day of a local calendar date, by hand: scheduler/day.cpp counts days since 1970-01-01
/// after subtracting the rollover hour (4 h by default) from local time, so noon of a date
/// lands on that date's day number.
scheduler::Day handStudyDay(const QDate& date)
{
    return QDate(1970, 1, 1).daysTo(date);
}

void addThroughWidgets(app::InterviewPage& page, const QString& company, const QString& role,
                       const QString& round, const QDate& date)
{
    auto* companyBox = page.findChild<QComboBox*>(QStringLiteral("interviewCompany"));
    auto* roleBox = page.findChild<QComboBox*>(QStringLiteral("interviewRole"));
    auto* roundBox = page.findChild<QComboBox*>(QStringLiteral("interviewRound"));
    auto* dateEdit = page.findChild<QDateEdit*>(QStringLiteral("interviewDate"));
    auto* add = page.findChild<QPushButton*>(QStringLiteral("addInterview"));
    REQUIRE(companyBox);
    REQUIRE(roleBox);
    REQUIRE(roundBox);
    REQUIRE(dateEdit);
    REQUIRE(add);
    companyBox->lineEdit()->clear();
    QTest::keyClicks(companyBox->lineEdit(), company);
    roleBox->setEditText(role);
    roundBox->setEditText(round);
    dateEdit->setDate(date);
    QTest::mouseClick(add, Qt::LeftButton);
}

QString text(QTableWidget* table, int row, int column)
{
    return table->item(row, column)->text();
}

}  // namespace

TEST_CASE("Interviews page: add through the widgets, figures from the generated collection",
          "[gui][interviews]")
{
    ensureApp();
    TempCollection t(4);
    addSightings(t);
    // A suspended card is left out of every plan.
    REQUIRE(t.collection->setSuspended(t.id("triton-3"), true, app::currentTime()).ok());

    app::InterviewPage page(*t.collection);
    page.resize(1100, 900);
    page.show();
    REQUIRE(QTest::qWaitForWindowExposed(&page));

    // The company list comes from the sightings.
    auto* companyBox = page.findChild<QComboBox*>(QStringLiteral("interviewCompany"));
    QStringList companies;
    for (int i = 0; i < companyBox->count(); ++i)
        companies << companyBox->itemText(i);
    companies.sort();
    CHECK(companies == QStringList{QStringLiteral("Alibaba"), QStringLiteral("ByteDance")});
    CHECK(page.interviewTable()->rowCount() == 0);
    CHECK(app::nextInterviewLine(*t.collection).isEmpty());

    const QDate date = QDate::currentDate().addDays(10);
    addThroughWidgets(page, QStringLiteral("ByteDance"), QStringLiteral("推理框架"), QStringLiteral("二面"),
                      date);

    auto stored = deck::listInterviews(*t.collection);
    REQUIRE(stored.ok());
    REQUIRE(stored->size() == 1);
    const deck::Interview& iv = stored->front();
    CHECK(iv.company == "ByteDance");
    CHECK(iv.role == "推理框架");
    CHECK(iv.round == "二面");
    CHECK(iv.day == handStudyDay(date));

    // Relevant cards by hand: the role 推理框架 at ByteDance sighted triton-0 only; its topic
    // triton has triton-0, -1, -2 (triton-3 is suspended); the learning path puts cuda directly
    // before triton (gpu-arch comes before cuda, so it is not direct): cuda-0, -1, -2. 3 + 3 = 6.
    QTableWidget* table = page.interviewTable();
    REQUIRE(table->rowCount() == 1);
    CHECK(text(table, 0, app::InterviewPage::ColCompany) == QStringLiteral("ByteDance"));
    CHECK(text(table, 0, app::InterviewPage::ColRole) == QStringLiteral("推理框架"));
    CHECK(text(table, 0, app::InterviewPage::ColRound) == QStringLiteral("二面"));
    CHECK(text(table, 0, app::InterviewPage::ColRelevant) == QStringLiteral("6"));
    CHECK(text(table, 0, app::InterviewPage::ColCovered) == QStringLiteral("0"));
    const scheduler::Day today = t.collection->today(app::currentTime());
    const int daysLeft = static_cast<int>(handStudyDay(date) - today);  // 10, or 11 before 4 am
    CHECK(text(table, 0, app::InterviewPage::ColDaysLeft) == QString::number(daysLeft));
    // Cards a day by hand: 6 new cards over 10+ days need 1 a day; the plan never loads a day
    // above its level (1 here) and reviews each card at least once, so the mean, rounded up, is 1.
    CHECK(text(table, 0, app::InterviewPage::ColPerDay) == QStringLiteral("1"));
    // Never-answered cards have no memory: recall without the plan is 0 %.
    CHECK(text(table, 0, app::InterviewPage::ColRecallNoPlan) == QStringLiteral("0 %"));
    CHECK(page.warningLabel()->isHidden());
    REQUIRE(page.loadChart() != nullptr);
    CHECK(page.loadChart()->series().size() == 1);

    // One answer moves "covered so far".
    REQUIRE(t.collection->answerCard(t.id("cuda-1"), scheduler::Answer::Good, app::currentTime(), 4000).ok());
    page.refresh();
    CHECK(text(table, 0, app::InterviewPage::ColCovered) == QStringLiteral("1"));

    const QString line = app::nextInterviewLine(*t.collection);
    CHECK(line.contains(QStringLiteral("ByteDance 推理框架 二面")));
    CHECK(line.contains(QStringLiteral("in %1 days").arg(daysLeft)));

    // Compare schedulers: with a budget of 40 and 6 cards, every policy sees every card on the
    // first day or within the plan's window, so coverage is 6 of 6 for all three rows.
    table->selectRow(0);
    QTest::mouseClick(page.findChild<QPushButton*>(QStringLiteral("compareSchedulers")), Qt::LeftButton);
    QTableWidget* comparison = page.comparisonTable();
    REQUIRE(comparison->rowCount() == 3);
    for (int r = 0; r < 3; ++r)
        CHECK(text(comparison, r, 1).contains(QStringLiteral("6 of 6")));

    // A second interview with no role: Alibaba sighted inference-0; inference's direct
    // prerequisites (model-arch, runtime) have no cards here: inference-0, -1 = 2.
    addThroughWidgets(page, QStringLiteral("Alibaba"), QString(), QStringLiteral("一面"),
                      QDate::currentDate().addDays(20));
    stored = deck::listInterviews(*t.collection);
    REQUIRE(stored->size() == 2);
    REQUIRE(table->rowCount() == 2);
    CHECK(text(table, 1, app::InterviewPage::ColCompany) == QStringLiteral("Alibaba"));
    CHECK(text(table, 1, app::InterviewPage::ColRelevant) == QStringLiteral("2"));

    // Remove the first one through the page.
    table->selectRow(0);
    QTest::mouseClick(page.findChild<QPushButton*>(QStringLiteral("removeInterview")), Qt::LeftButton);
    stored = deck::listInterviews(*t.collection);
    REQUIRE(stored->size() == 1);
    CHECK(stored->front().company == "Alibaba");
    CHECK(table->rowCount() == 1);
}

TEST_CASE("Interviews page warns when the daily budget cannot cover the cards", "[gui][interviews]")
{
    ensureApp();
    // 60 triton cards, all relevant (ByteDance's 推理框架 rounds asked 15 of them, a quarter of
    // the topic, so the topic is taken whole), plus cuda's 3: 63 cards due before an interview
    // one study day away. The queue's budget is 40 a day, so by hand: 63 needed a day, 63 - 40 =
    // 23 left without a review.
    TempCollection t(60);
    addSightings(t);
    deck::ImportPlan more;
    more.source = "test";
    for (int i = 2; i < 16; ++i)
        more.sightingsOnExisting.emplace_back(
            t.id("triton-" + std::to_string(i)),
            deck::Sighting{"ByteDance", "二面", "推理框架", "2026-01-10", "https://example.org/a"});
    REQUIRE(t.collection->applyImport(more, app::currentTime()).ok());
    app::InterviewPage page(*t.collection);
    page.resize(1100, 900);
    page.show();
    REQUIRE(QTest::qWaitForWindowExposed(&page));
    const scheduler::Day today = t.collection->today(app::currentTime());
    // The date whose study day is tomorrow (today's date before the 4 am rollover).
    const QDate date = QDate(1970, 1, 1).addDays(today + 1);
    addThroughWidgets(page, QStringLiteral("ByteDance"), QStringLiteral("推理框架"), QStringLiteral("二面"),
                      date);
    REQUIRE(page.interviewTable()->rowCount() == 1);
    CHECK(text(page.interviewTable(), 0, app::InterviewPage::ColRelevant) == QStringLiteral("63"));
    CHECK_FALSE(page.warningLabel()->isHidden());
    const QString warning = page.warningLabel()->text();
    CHECK(warning.contains(QStringLiteral("at 40 cards a day")));
    CHECK(warning.contains(QStringLiteral("23 of the 63")));
    CHECK(warning.contains(QStringLiteral("At least 63 cards a day")));
}

TEST_CASE("Interviews page: a weak-spot drill runs on the review page and moves no due date",
          "[gui][interviews][drill]")
{
    ensureApp();
    TempCollection t(2);
    addSightings(t);
    deck::Collection& c = *t.collection;
    // ByteDance 推理框架: triton-0 (asked), triton-1 and the three cuda cards (its prerequisite).
    // Answered yesterday: triton-0 Again (recall on the day well below 90 %), cuda-0 Good.
    const deck::Now now = app::currentTime();
    const deck::Now yesterday{now.unixMs - 86'400'000, now.utcOffsetSeconds};
    REQUIRE(c.answerCard(t.id("triton-0"), scheduler::Answer::Again, yesterday, 1000).ok());
    REQUIRE(c.answerCard(t.id("cuda-0"), scheduler::Answer::Good, yesterday, 1000).ok());
    const scheduler::CardState triton = *c.cardState(t.id("triton-0"));
    const scheduler::CardState cuda = *c.cardState(t.id("cuda-0"));

    app::InterviewPage page(c);
    page.resize(1100, 900);
    page.show();
    REQUIRE(QTest::qWaitForWindowExposed(&page));
    const scheduler::Day today = c.today(now);
    addThroughWidgets(page, QStringLiteral("ByteDance"), QStringLiteral("推理框架"), QStringLiteral("二面"),
                      QDate(1970, 1, 1).addDays(today + 7));
    REQUIRE(page.interviewTable()->rowCount() == 1);
    page.interviewTable()->selectRow(0);
    auto* drillButton = page.findChild<QPushButton*>(QStringLiteral("weakSpotDrill"));
    REQUIRE(drillButton);
    CHECK(drillButton->isEnabled());

    QSignalSpy requested(&page, &app::InterviewPage::drillRequested);
    QTest::mouseClick(drillButton, Qt::LeftButton);
    REQUIRE(requested.count() == 1);
    const auto cards = requested.at(0).at(0).value<std::vector<deck::CardId>>();
    // The two answered cards, the forgotten one first; the never-answered ones are left out.
    REQUIRE(cards.size() == 2);
    CHECK(cards[0] == t.id("triton-0"));
    CHECK(cards[1] == t.id("cuda-0"));

    app::ReviewPage review(c);
    review.resize(900, 600);
    review.show();
    REQUIRE(QTest::qWaitForWindowExposed(&review));
    QSignalSpy rendered(review.cardView(), &app::CardView::cardRendered);
    QSignalSpy finished(&review, &app::ReviewPage::finished);
    review.startDrill(cards, requested.at(0).at(1).toString());
    REQUIRE(rendered.wait(30000));
    CHECK(review.drilling());
    CHECK(*review.currentCard() == t.id("triton-0"));
    // Again brings triton-0 back after cuda-0; then Good on both ends the drill.
    const std::vector<std::pair<deck::CardId, int>> steps = {
        {t.id("triton-0"), 1}, {t.id("cuda-0"), 3}, {t.id("triton-0"), 3}};
    for (std::size_t i = 0; i < steps.size(); ++i) {
        REQUIRE(review.currentCard().has_value());
        CHECK(*review.currentCard() == steps[i].first);
        review.reveal();
        if (const QString dir = qEnvironmentVariable("INFRACARDS_SHOTS"); !dir.isEmpty() && i == 0) {
            QTest::qWait(300);
            review.grab().save(dir + QStringLiteral("/review-drill.png"));
        }
        rendered.clear();
        review.grade(steps[i].second);
        if (i + 1 < steps.size())
            REQUIRE(rendered.wait(30000));
    }
    CHECK(finished.count() == 1);
    CHECK_FALSE(review.currentCard().has_value());
    // Three answers logged as drill answers; neither card's schedule moved.
    auto log = deck::readReviewLog(c, t.id("triton-0"));
    REQUIRE(log.ok());
    REQUIRE(log->size() == 3);
    CHECK((*log)[1].mode == "drill");
    CHECK((*log)[2].mode == "drill");
    CHECK(*c.cardState(t.id("triton-0")) == triton);
    CHECK(*c.cardState(t.id("cuda-0")) == cuda);
}
