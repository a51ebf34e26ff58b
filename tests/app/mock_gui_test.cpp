// A short mock interview driven by keystrokes on the real MockInterviewPage (offscreen, with
// QtWebEngine), with a fake clock fed to the page: Space reveals, digits score, typed notes stay
// in the notes box, a per-question time-out reveals by itself, the report follows. The stored
// rows are checked after. A hidden test case ([.screenshots]) writes PNGs of each screen.
#include <catch2/catch.hpp>

#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStackedWidget>
#include <QTableWidget>
#include <QtTest/QTest>

#include <filesystem>

#include "app_test_main.h"
#include "deck/storage/access.h"
#include "deck/storage/database.h"
#include "gui/card_view.h"
#include "gui/mock_page.h"
#include "gui/mock_report_view.h"

namespace fs = std::filesystem;

namespace {

std::int64_t number(deck::Collection& c, const std::string& sql)
{
    auto st = deck::storage::of(c).prepare(sql);
    REQUIRE(st.ok());
    REQUIRE(st->step());
    return st->int64(0);
}

std::string text(deck::Collection& c, const std::string& sql)
{
    auto st = deck::storage::of(c).prepare(sql);
    REQUIRE(st.ok());
    REQUIRE(st->step());
    return st->text(0);
}

deck::Collection mockCollection(const fs::path& dir)
{
    const char* topics[] = {"cuda", "inference", "dist-training", "cuda"};
    const char* questions[] = {
        "warp divergence 为什么会降低 kernel 吞吐？", "PagedAttention 如何减少 KV cache 的显存碎片？",
        "ZeRO-3 每一步的通信量是多少？", "shared memory bank conflict 怎样出现、怎样避免？"};
    std::vector<deck::CardContent> cards;
    for (int i = 0; i < 4; ++i) {
        deck::CardContent c;
        c.uid = std::string(topics[i]) + "-mock-gui-" + std::to_string(i);
        c.topic = topics[i];
        c.level = 1 + i;
        c.question = questions[i];
        c.questionEn = "Question " + std::to_string(i + 1) + " in English";
        c.answer = "参考答案：先澄清硬件与 batch，再写数据流，$T = N / B$。";
        c.keyPoints = {"数据流与公式", "瓶颈判断", "测量方法"};
        cards.push_back(c);
    }
    const std::string builtin = (dir / "builtin.sqlite").string();
    REQUIRE(deck::writeDefaultDeck(builtin, cards).ok());
    auto col = deck::Collection::open((dir / "c.sqlite").string(), {.createIfMissing = true});
    REQUIRE(col.ok());
    REQUIRE(col->mergeBuiltinDeck(builtin, {0, 0}).ok());
    return std::move(col).value();
}

fs::path freshDir(const char* name)
{
    const fs::path dir = fs::temp_directory_path() / (std::string(name) + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

}  // namespace

TEST_CASE("Mock interview by keystrokes: reveal, score, notes, time-out, report", "[gui][mock]")
{
    ensureApp();
    const fs::path dir = freshDir("infracards-mock-gui-");
    {
        deck::Collection collection = mockCollection(dir);
        app::MockInterviewPage page(collection);
        // 2026-11-29 10:00 UTC; the page's clock is this variable, moved by hand below.
        std::int64_t t = (20786LL * 86400 + 10 * 3600) * 1000;
        page.setTimeSource([&t] { return deck::Now{t, 0}; });
        page.resize(1100, 760);
        page.show();
        page.activateWindow();
        REQUIRE(QTest::qWaitForWindowExposed(&page));
        QSignalSpy rendered(page.cardView(), &app::CardView::cardRendered);

        // A preset fills the setup; its config keeps the preset's id and exact clocks
        // (runtime internals: 60 min, 8 questions -> 450,000 ms each) until a field changes.
        page.selectPreset(1);
        deck::MockConfig fromPreset = page.configFromSetup();
        CHECK(fromPreset.preset == "runtime-internals");
        CHECK(fromPreset.perQuestionMs == 450'000);
        CHECK(fromPreset.totalMs == 3'600'000);
        CHECK(fromPreset.levels == std::vector<int>{10});
        page.findChild<QSpinBox*>(QStringLiteral("mockQuestions"))->setValue(5);
        CHECK(page.configFromSetup().preset.empty());

        deck::MockConfig config;
        config.questions = 2;
        config.topics = {"cuda"};
        config.perQuestionMs = 60'000;
        config.seed = 3;
        REQUIRE(page.startRound(config));
        REQUIRE(rendered.wait(30000));
        deck::MockSession* s = page.session();
        REQUIRE(s != nullptr);
        CHECK(s->state() == deck::MockState::Asking);

        // Scoring before the answer is shown does nothing.
        QTest::keyClick(&page, Qt::Key_3);
        CHECK(s->state() == deck::MockState::Asking);
        t += 25'000;  // 25 s of answering
        // Typed notes are checked against the card's key points after the reveal (by shared
        // terms: 数据流/公式 and 瓶颈/判断 are in the notes, 测量方法 is not).
        page.notesBox()->setPlainText(QStringLiteral("先画数据流，写公式，再做瓶颈判断"));
        QTest::keyClick(&page, Qt::Key_Space);
        CHECK(s->state() == deck::MockState::Revealed);
        auto* check = page.findChild<QLabel*>(QStringLiteral("mockPointsCheck"));
        REQUIRE(check);
        CHECK_FALSE(check->isHidden());
        CHECK(check->text().contains(QStringLiteral("2 of 3 covered")));
        CHECK(check->text().contains(QStringLiteral("✓ covered  1. 数据流与公式")));
        CHECK(check->text().contains(QStringLiteral("✗ not found  3. 测量方法")));
        // The key points as a checklist, ticked where the notes cover them; the ticks suggest
        // a score by the rule on screen (2 of 3 is at least half: 2), the user's score stands.
        QListWidget* points = page.pointList();
        REQUIRE(points->count() == 3);
        CHECK_FALSE(points->isHidden());
        CHECK(points->item(0)->checkState() == Qt::Checked);
        CHECK(points->item(1)->checkState() == Qt::Checked);
        CHECK(points->item(2)->checkState() == Qt::Unchecked);
        CHECK(page.suggestionLabel()->text().startsWith(QStringLiteral("Suggested score 2: 2 of 3")));
        points->item(2)->setCheckState(Qt::Checked);
        CHECK(page.suggestionLabel()->text().startsWith(QStringLiteral("Suggested score 4: 3 of 3")));
        points->item(2)->setCheckState(Qt::Unchecked);
        points->item(1)->setCheckState(Qt::Unchecked);
        CHECK(page.suggestionLabel()->text().startsWith(QStringLiteral("Suggested score 1: 1 of 3")));
        points->item(1)->setCheckState(Qt::Checked);
        QTest::keyClick(&page, Qt::Key_3);
        CHECK(points->isHidden());
        CHECK(check->isHidden());  // the next question starts without it
        CHECK(number(collection, "SELECT count(*) FROM review_log WHERE mode = 'mock'") == 1);
        CHECK(s->state() == deck::MockState::Asking);  // the page moves on after a score
        CHECK(s->position() == 1);

        // Notes: digits and spaces typed in the box are text, not scores or reveals.
        page.notesBox()->setFocus();
        QTest::keyClicks(page.notesBox(), QStringLiteral("32 banks"));
        CHECK(s->state() == deck::MockState::Asking);
        CHECK(page.notesBox()->toPlainText() == QStringLiteral("32 banks"));

        // The per-question clock runs out: the page's timer notices within a tick (200 ms).
        t += 61'000;
        QTRY_VERIFY_WITH_TIMEOUT(s->state() == deck::MockState::Revealed, 5000);
        CHECK(s->timedOut());
        QTest::keyClick(&page, Qt::Key_1);
        CHECK(s->state() == deck::MockState::Finished);

        // The report: 3 + 1 = 4 of 8, pass line ceil(0.8 x 8 = 6.4) = 7: not passed.
        CHECK(page.reportView()->verdict()->text().contains(QStringLiteral("4 / 8")));
        CHECK(page.reportView()->verdict()->text().startsWith(QStringLiteral("Not passed")));
        CHECK(page.reportView()->table()->rowCount() == 2);
        CHECK(page.reportView()->table()->item(1, 4)->text()
              == QStringLiteral("1:00"));  // capped at the limit
        CHECK(number(collection, "SELECT total_score FROM mock_sessions") == 4);
        CHECK(text(collection, "SELECT status FROM mock_sessions") == "finished");
        CHECK(number(collection, "SELECT time_ms FROM mock_answers WHERE position = 0") == 25'000);
        CHECK(number(collection, "SELECT time_ms FROM mock_answers WHERE position = 1") == 60'000);
        CHECK(text(collection, "SELECT notes FROM mock_answers WHERE position = 1") == "32 banks");
        CHECK(number(collection, "SELECT count(*) FROM review_log WHERE mode = 'mock'") == 2);
        // The ticks were stored with each answer: the timed-out one's notes ("32 banks") cover
        // none of its points. The report: 2 of 6 covered, "测量方法" missed in question 1.
        CHECK(text(collection, "SELECT points FROM mock_answers WHERE position = 0") == "110");
        CHECK(text(collection, "SELECT points FROM mock_answers WHERE position = 1") == "000");
        const QString summary = page.reportView()->pointsSummary()->text();
        CHECK(summary.contains(QStringLiteral("Key points: 2 of 6 ticked as covered.")));
        CHECK(summary.contains(QStringLiteral("Q1 “测量方法”")));
        CHECK(summary.contains(QStringLiteral("Missed most over all rounds:")));
        CHECK(summary.contains(QStringLiteral("missed in 1 of 1 answers")));

        // Back to the setup: the history lists the round.
        page.showSetup();
        CHECK(page.historyView()->table()->rowCount() == 1);
        CHECK(page.historyView()->table()->item(0, 2)->text() == QStringLiteral("4 / 8"));
    }
    std::error_code ec;
    fs::remove_all(dir, ec);
}

TEST_CASE("Mock interview: pause by key, end early, resume an interrupted round", "[gui][mock]")
{
    ensureApp();
    const fs::path dir = freshDir("infracards-mock-gui-resume-");
    {
        deck::Collection collection = mockCollection(dir);
        std::int64_t t = (20786LL * 86400 + 10 * 3600) * 1000;
        {
            app::MockInterviewPage page(collection);
            page.setTimeSource([&t] { return deck::Now{t, 0}; });
            page.show();
            page.activateWindow();
            REQUIRE(QTest::qWaitForWindowExposed(&page));
            deck::MockConfig config;
            config.questions = 3;
            REQUIRE(page.startRound(config));
            deck::MockSession* s = page.session();
            t += 10'000;
            QTest::keyClick(&page, Qt::Key_P);
            CHECK(s->state() == deck::MockState::Paused);
            t += 500'000;  // paused: not counted
            QTest::keyClick(&page, Qt::Key_P);
            CHECK(s->state() == deck::MockState::Asking);
            t += 5'000;
            QTest::keyClick(&page, Qt::Key_Space);
            QTest::keyClick(&page, Qt::Key_4);
            CHECK(number(collection, "SELECT time_ms FROM mock_answers WHERE position = 0") == 15'000);
            // The page is closed mid-question (the app quits): the round stays running.
        }
        app::MockInterviewPage page(collection);
        page.setTimeSource([&t] { return deck::Now{t, 0}; });
        page.show();
        page.activateWindow();
        REQUIRE(QTest::qWaitForWindowExposed(&page));
        REQUIRE(page.resumeInterrupted());
        deck::MockSession* s = page.session();
        CHECK(s->state() == deck::MockState::Paused);
        CHECK(s->position() == 1);
        QTest::keyClick(&page, Qt::Key_P);
        CHECK(s->state() == deck::MockState::Asking);
        QTest::keyClick(&page, Qt::Key_S);  // skip question 2
        CHECK(s->position() == 2);
        QTest::keyClick(&page, Qt::Key_E, Qt::ControlModifier);
        CHECK(s->state() == deck::MockState::Finished);
        CHECK(text(collection, "SELECT status FROM mock_sessions") == "ended-early");
        // 4 of 12, pass line ceil(9.6) = 10.
        CHECK(page.reportView()->verdict()->text().contains(QStringLiteral("4 / 12")));
    }
    std::error_code ec;
    fs::remove_all(dir, ec);
}

TEST_CASE("Mock interview screenshots", "[.screenshots]")
{
    ensureApp();
    const QString out = qEnvironmentVariable("MOCK_SCREENSHOT_DIR", QStringLiteral("/tmp/mock-shots"));
    fs::create_directories(out.toStdString());
    const fs::path dir = freshDir("infracards-mock-shots-");
    deck::Collection collection = mockCollection(dir);
    std::int64_t t = (20786LL * 86400 + 10 * 3600) * 1000;
    app::MockInterviewPage page(collection);
    page.setTimeSource([&t] { return deck::Now{t, 0}; });
    page.resize(1150, 780);
    page.show();
    page.activateWindow();
    REQUIRE(QTest::qWaitForWindowExposed(&page));
    // One earlier round for the history.
    deck::MockConfig past;
    past.questions = 1;
    REQUIRE(page.startRound(past));
    t += 30'000;
    QTest::keyClick(&page, Qt::Key_Space);
    QTest::keyClick(&page, Qt::Key_2);
    page.showSetup();
    page.selectPreset(4);
    QTest::qWait(300);
    page.grab().save(out + QStringLiteral("/1-setup.png"));

    QSignalSpy rendered(page.cardView(), &app::CardView::cardRendered);
    deck::MockConfig config = page.configFromSetup();
    config.topics = {"cuda", "inference"};
    config.levels = {};
    config.questions = 3;
    config.perQuestionMs = 300'000;
    config.totalMs = 900'000;
    REQUIRE(page.startRound(config));
    REQUIRE(rendered.wait(30000));
    t += 83'000;
    // QTest::keyClicks takes ASCII only: Chinese notes go in as text.
    page.notesBox()->setPlainText(
        QStringLiteral("先澄清 GPU 型号，再看 Nsight Compute 的 branch efficiency"));
    QTest::qWait(500);
    page.grab().save(out + QStringLiteral("/2-question.png"));
    QTest::keyClick(&page, Qt::Key_Space);
    QTest::qWait(1500);
    page.grab().save(out + QStringLiteral("/3-scoring.png"));
    QTest::keyClick(&page, Qt::Key_3);
    t += 40'000;
    QTest::keyClick(&page, Qt::Key_S);
    t += 120'000;
    QTest::keyClick(&page, Qt::Key_Space);
    QTest::keyClick(&page, Qt::Key_1);
    QTest::qWait(500);
    page.grab().save(out + QStringLiteral("/4-report.png"));
}
