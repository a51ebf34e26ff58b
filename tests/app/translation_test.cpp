// The Simplified Chinese UI translation (issue 3): the .qm that infracards_gui embeds under
// :/i18n loads, real widgets show the Chinese text, and every message of the .ts source is
// finished and keeps its placeholders and accelerators.
//
// Expected Chinese strings are the ones written by hand in app/translations/infracards_zh_CN.ts;
// the test checks that they survive lrelease, the resource embedding and the tr() contexts.
#include <catch2/catch.hpp>

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QMenu>
#include <QPalette>
#include <QTreeView>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QTranslator>
#include <QXmlStreamReader>
#include <QtTest/QTest>

#include <filesystem>
#include <fstream>
#include <optional>
#include <vector>

#include <unistd.h>

#include "../deck/browse_fixture.h"
#include "../deck/test_support.h"
#include "app_test_main.h"
#include "gui/demo_panel.h"
#include "gui/error_text.h"
#include "gui/import_dialog.h"
#include "gui/browse_page.h"
#include "gui/company_asks_dialog.h"
#include "gui/main_window.h"
#include "gui/review_page.h"
#include "gui/settings_dialog.h"

namespace fs = std::filesystem;

namespace {

// As main.cpp builds it from "--lang zh_CN".
const QLocale kChinese(QStringLiteral("zh_CN"));

// Installs the zh_CN translator for one test case and removes it again, so the other GUI tests
// keep seeing the English source strings.
class ChineseUi {
public:
    ChineseUi()
    {
        loaded_ = translator_.load(kChinese, QStringLiteral("infracards"), QStringLiteral("_"),
                                   QStringLiteral(":/i18n"));
        if (loaded_)
            QCoreApplication::installTranslator(&translator_);
    }
    ~ChineseUi()
    {
        if (loaded_)
            QCoreApplication::removeTranslator(&translator_);
    }
    bool loaded() const { return loaded_; }

private:
    QTranslator translator_;
    bool loaded_ = false;
};

struct TsMessage {
    QString context;
    QString source;
    bool numerus = false;
    bool unfinished = false;
    QStringList translations;  // one entry, or one per <numerusform>
};

std::vector<TsMessage> readTs(const QString& path, QString* error)
{
    std::vector<TsMessage> messages;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return messages;
    }
    QXmlStreamReader xml(&file);
    QString context;
    TsMessage current;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement()) {
            if (xml.isEndElement() && xml.name() == QLatin1String("message"))
                messages.push_back(current);
            continue;
        }
        const auto name = xml.name();
        if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            current = TsMessage{};
            current.context = context;
            current.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
        } else if (name == QLatin1String("source")) {
            current.source = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            const auto type = xml.attributes().value(QLatin1String("type"));
            current.unfinished = type == QLatin1String("unfinished");
            if (!current.numerus)
                current.translations << xml.readElementText();
        } else if (name == QLatin1String("numerusform")) {
            current.translations << xml.readElementText();
        }
    }
    if (xml.hasError())
        *error = xml.errorString();
    return messages;
}

// %1..%99 and %n, each once, sorted and joined: a translation must use the same set as its source.
std::string placeholders(const QString& text)
{
    static const QRegularExpression re(QStringLiteral("%(\\d{1,2}|n)"));
    QSet<QString> found;
    auto it = re.globalMatch(text);
    while (it.hasNext())
        found.insert(it.next().captured(0));
    QStringList list(found.begin(), found.end());
    list.sort();
    return list.join(QLatin1Char(' ')).toStdString();
}

// "&File" has an accelerator; "&&" is a literal ampersand and "&amp;" cannot occur after parsing.
bool hasAccelerator(const QString& text)
{
    static const QRegularExpression re(QStringLiteral("(^|[^&])&[^&\\s]"));
    return re.match(text).hasMatch();
}

}  // namespace

TEST_CASE("The zh_CN translation loads from :/i18n and translates known strings", "[gui][i18n]")
{
    ensureApp();
    ChineseUi zh;
    REQUIRE(zh.loaded());

    auto translate = [](const char* context, const char* source, int n = -1) {
        return QCoreApplication::translate(context, source, nullptr, n);
    };
    CHECK(translate("app::ReviewPage", "Show answer (Space)") == QStringLiteral("显示答案 (Space)"));
    CHECK(translate("app::ReviewPage", "Again") == QStringLiteral("重来"));
    CHECK(translate("app::MainWindow", "&File") == QStringLiteral("文件(&F)"));
    CHECK(translate("app::HomePage", "Start review (Enter)") == QStringLiteral("开始复习 (Enter)"));
    // Same source text, different contexts, different words: a mock round is "通过" (passed),
    // an interview date in the past is "已过" (gone by).
    CHECK(translate("app::MockHistoryView", "passed") == QStringLiteral("通过"));
    CHECK(translate("app::InterviewPage", "passed") == QStringLiteral("已过"));
    // Numerus: Chinese has one form; QCoreApplication::translate puts the count in for %n.
    CHECK(translate("app::StatsPage", "Streak: %n day(s)", 1) == QStringLiteral("连续学习：1 天"));
    CHECK(translate("app::StatsPage", "Streak: %n day(s)", 12) == QStringLiteral("连续学习：12 天"));
    CHECK(translate("app::CardTableModel", "%n d overdue", 3) == QStringLiteral("逾期 3 天"));
    // Positional arguments keep working after translation (the order of %2 and %3 changes).
    CHECK(translate("app::InterviewPage", "%1 (%2 of %3 cards)")
              .arg(QStringLiteral("FSRS-6"), QStringLiteral("40"), QStringLiteral("50"))
          == QStringLiteral("FSRS-6（50 张卡片中的 40 张）"));
    // A string with no entry stays English.
    CHECK(translate("app::ReviewPage", "no such message") == QStringLiteral("no such message"));
}

TEST_CASE("Widgets built under the zh_CN translator show Chinese labels", "[gui][i18n]")
{
    ensureApp();
    ChineseUi zh;
    REQUIRE(zh.loaded());
    const fs::path dir = fs::temp_directory_path() / ("infracards-i18n-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    {
        auto collection = deck::Collection::open((dir / "c.sqlite").string(), {.createIfMissing = true});
        REQUIRE(collection.ok());
        app::ReviewPage page(*collection);
        auto* reveal = page.findChild<QPushButton*>(QStringLiteral("revealButton"));
        REQUIRE(reveal);
        CHECK(reveal->text() == QStringLiteral("显示答案 (Space)"));
        const QString grades[4] = {QStringLiteral("重来"), QStringLiteral("困难"), QStringLiteral("良好"),
                                   QStringLiteral("简单")};
        for (int i = 0; i < 4; ++i) {
            auto* button = page.findChild<QPushButton*>(QStringLiteral("grade%1").arg(i + 1));
            REQUIRE(button);
            CHECK(button->text() == grades[i]);
        }
    }
    {
        // The demo panel takes its words from the translator too (no language switch of its own).
        app::DemoPanel demo;
        QStringList buttons;
        for (auto* b : demo.findChildren<QPushButton*>())
            buttons << b->text();
        CHECK(buttons.contains(QStringLiteral("在本机 GPU 上运行")));
        CHECK(buttons.contains(QStringLiteral("取消")));
    }
    fs::remove_all(dir);
}

TEST_CASE("Every message of infracards_zh_CN.ts is finished, with its placeholders", "[i18n]")
{
    const QString path = QStringLiteral(INFRACARDS_SOURCE_DIR "/app/translations/infracards_zh_CN.ts");
    QString error;
    const std::vector<TsMessage> messages = readTs(path, &error);
    INFO(error.toStdString());
    REQUIRE(error.isEmpty());
    // lupdate found 373 messages in app/ when the file was made; more come as the UI grows.
    REQUIRE(messages.size() >= 373);

    int unfinished = 0;
    int empty = 0;
    int numerusWithoutOneForm = 0;
    for (const TsMessage& m : messages) {
        INFO(m.context.toStdString() << ": " << m.source.toStdString());
        if (m.unfinished)
            ++unfinished;
        bool anyEmpty = m.translations.isEmpty();
        for (const QString& t : m.translations)
            anyEmpty = anyEmpty || t.trimmed().isEmpty();
        if (anyEmpty)
            ++empty;
        // zh_CN has a single plural form.
        if (m.numerus && m.translations.size() != 1)
            ++numerusWithoutOneForm;
        for (const QString& t : m.translations) {
            CHECK(placeholders(t) == placeholders(m.source));
            CHECK(hasAccelerator(t) == hasAccelerator(m.source));
        }
    }
    CHECK(unfinished == 0);
    CHECK(empty == 0);
    CHECK(numerusWithoutOneForm == 0);
}

// For looking at the Chinese UI (clipped labels, buttons too narrow). Hidden from the normal run:
//   INFRACARDS_SHOTS=/tmp/shots build/tests/app/app_tests "[.screenshots][i18n]"
// INFRACARDS_SHOTS_LANG=en takes the same shots in English, to tell a clipped translation from a
// layout that clips in both languages.
TEST_CASE("Screenshots of every page in Chinese", "[.screenshots][i18n]")
{
    ensureApp();
    const bool english = qEnvironmentVariable("INFRACARDS_SHOTS_LANG") == QLatin1String("en");
    std::optional<ChineseUi> zh;
    if (!english) {
        zh.emplace();
        REQUIRE(zh->loaded());
    }
    const QString prefix = english ? QStringLiteral("en") : QStringLiteral("zh");
    const QString dir = qEnvironmentVariable("INFRACARDS_SHOTS", QStringLiteral("/tmp/infracards-shots"));
    QDir().mkpath(dir);
    const auto g = testing::generateBrowseDeck(120);
    auto c = testing::openGenerated(g, testing::dayNow());
    REQUIRE(c.ok());
    app::MainWindow window(std::move(c).value());
    window.resize(1200, 860);
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    const std::pair<const char*, void (app::MainWindow::*)()> pages[] = {
        {"home", &app::MainWindow::showHome},
        {"browse", &app::MainWindow::showBrowse},
        {"mock", &app::MainWindow::showMock},
        {"interviews", &app::MainWindow::showInterviews},
        {"stats", &app::MainWindow::showStats}};
    for (const auto& [name, show] : pages) {
        (window.*show)();
        QTest::qWait(800);
        CHECK(window.grab().save(dir + QStringLiteral("/%1-%2.png").arg(prefix, QLatin1String(name))));
    }
    {
        QMenu* file = window.menuBar()->actions().value(0)->menu();
        REQUIRE(file);
        file->popup(window.mapToGlobal(QPoint(0, 0)));
        QTest::qWait(200);
        CHECK(file->grab().save(dir + QStringLiteral("/%1-file-menu.png").arg(prefix)));
        file->hide();
    }
    {
        app::SettingsDialog settings(window.collection());
        settings.show();
        QTest::qWait(200);
        CHECK(settings.grab().save(dir + QStringLiteral("/%1-settings.png").arg(prefix)));
    }
    {
        app::ImportDialog import(window.collection());
        import.show();
        QTest::qWait(200);
        CHECK(import.grab().save(dir + QStringLiteral("/%1-import.png").arg(prefix)));
    }
    {
        // A short report against the built-in deck: matches, closest cards, a line to leave out.
        const QString path = dir + QStringLiteral("/import-shot.sqlite");
        QFile::remove(path);
        auto builtin = deck::Collection::open(path.toStdString(), {.createIfMissing = true});
        REQUIRE(builtin.ok());
        REQUIRE(builtin->mergeBuiltinDeck(INFRACARDS_DEFAULT_DECK_FILE, testing::dayNow()).ok());
        app::ImportDialog import(*builtin);
        import.resize(1200, 640);
        import.show();
        import.findChild<QPlainTextEdit*>()->setPlainText(QString::fromUtf8(
            "字节跳动 AI Infra 一面\n1. TCP 三次握手的过程\n2. 手写 LRU\n3. 讲讲 PagedAttention\n"
            "4. CUDA stream 同步和异步的区别\n5. 周末加班多吗\n"));
        import.preview();
        QTest::qWait(300);
        CHECK(import.grab().save(dir + QStringLiteral("/%1-import-preview.png").arg(prefix)));

        // What the company with the most sightings asks most, in the light and the dark palette.
        const QPalette before = QApplication::palette();
        for (const bool dark : {false, true}) {
            if (dark)
                QApplication::setPalette(testDarkPalette());
            app::BrowsePage browse(*builtin);
            // Row 0 is "every card"; then companies, most cards first ("(not stated)" has no name).
            QAbstractItemModel* tree = browse.tree()->model();
            for (int r = 1; r < tree->rowCount(); ++r) {
                browse.tree()->setCurrentIndex(tree->index(r, 0));
                if (browse.companyAsksButton()->isEnabled())
                    break;
            }
            app::CompanyAsksDialog* asks = browse.openCompanyAsks();
            REQUIRE(asks);
            asks->show();
            QTest::qWait(300);
            CHECK(asks->grab().save(dir
                                    + QStringLiteral("/%1-company-asks%2.png")
                                          .arg(prefix, dark ? QStringLiteral("-dark") : QString())));
            delete asks;
        }
        QApplication::setPalette(before);
    }
}

#ifdef INFRACARDS_EN_QM
TEST_CASE("English plural forms: one day, two days", "[i18n]")
{
    ensureApp();
    QTranslator english;
    REQUIRE(english.load(QStringLiteral(INFRACARDS_EN_QM)));
    QCoreApplication::installTranslator(&english);
    auto streak = [](int n) {
        return QCoreApplication::translate("app::StatsPage", "Streak: %n day(s)", nullptr, n);
    };
    CHECK(streak(1) == QStringLiteral("Streak: 1 day"));
    CHECK(streak(2) == QStringLiteral("Streak: 2 days"));
    CHECK(streak(0) == QStringLiteral("Streak: 0 days"));
    CHECK(QCoreApplication::translate("app::BrowsePage", "%n card(s)", nullptr, 1)
          == QStringLiteral("1 card"));
    QCoreApplication::removeTranslator(&english);
}
#endif

TEST_CASE("Every core error kind reaches a window in Chinese, not as the core's English", "[gui][i18n]")
{
    ensureApp();
    ChineseUi zh;
    REQUIRE(zh.loaded());
    // An English sentence would leave runs of Latin words; a Chinese one has Han characters and
    // at most the product's own names (JSON, CSV, UTF-8, InfraCards, Anki, zip, MiB).
    const QRegularExpression han(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
    const QRegularExpression englishWords(
        QStringLiteral("\\b(?!JSON|CSV|UTF|InfraCards|Anki|zip|MiB)[A-Za-z]{3,}\\s+[A-Za-z]{3,}"));
    std::vector<QString> texts;
    for (int k = 0; k <= static_cast<int>(deck::ErrorKind::Conflict); ++k)
        texts.push_back(app::errorText(
            deck::Error{static_cast<deck::ErrorKind>(k), "some English detail", "c.sqlite", 0}));
    for (int k = 0; k <= static_cast<int>(importer::ErrorKind::Stopped); ++k)
        texts.push_back(app::errorText(
            importer::ImportError{static_cast<importer::ErrorKind>(k), "r.md", 3, "some English detail"}));
    for (const QString& t : texts) {
        INFO(t.toStdString());
        CHECK(t.contains(han));
        CHECK_FALSE(t.contains(englishWords));
        CHECK_FALSE(t.contains(QStringLiteral("some English detail")));
    }
    CHECK(app::errorText(importer::ImportError{importer::ErrorKind::BadEncoding, "r.md", 3, "x"})
          == QStringLiteral("文本不是 UTF-8（或前后编码不一致）；请另存为 UTF-8。（r.md，第 3 行）"));

    // And in a real window: the import dialog's message for a file with a bad key.
    testing::TempDir dir;
    auto c = deck::Collection::open(dir.file("c.sqlite"), {.createIfMissing = true});
    REQUIRE(c.ok());
    const std::string bad = dir.file("broken.json");
    std::ofstream(bad)
        << R"({"format": "infracards", "version": 1, "cards": [{"question": "x", "levle": 2}]})";
    app::ImportDialog dialog(*c);
    REQUIRE(dialog.loadFile(QString::fromStdString(bad)));
    dialog.preview();
    const QString shown = dialog.errorText();
    CHECK(shown.startsWith(QStringLiteral("这个 JSON 不是 InfraCards 导出的文件")));
    CHECK(shown.contains(QStringLiteral("详情：")));
}
