// infracards: the desktop app.
//   infracards [--collection PATH] [--lang zh_CN|en] [--review [--card UID] [--reveal]]
//              [--page home|review|browse|mock|interviews|stats] [--dark] [--screenshot OUT.png]
// --screenshot saves the window once the card's math has rendered, then exits: used for the
// documentation and for looking at the UI offscreen.

#include <QApplication>
#include <QCommandLineParser>
#include <QDateTime>
#include <QLibraryInfo>
#include <QLocale>
#include <QMessageBox>
#include <QPalette>
#include <QProcess>
#include <QSettings>
#include <QStyleFactory>
#include <QTimer>
#include <QTranslator>

#include <chrono>
#include <fstream>
#include <future>
#include <memory>
#include <sstream>
#include <unistd.h>
#include <vector>

#include "common/user_collection.h"
#include "deck/backups.h"
#include "gui/card_view.h"
#include "gui/error_text.h"
#include "gui/browse_page.h"
#include "gui/main_window.h"
#include "gui/review_page.h"

namespace {

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x31), base(0x1e, 0x20, 0x24), text(0xe4, 0xe6, 0xea);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Highlight, QColor(0x3d, 0x6f, 0xb5));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::PlaceholderText, QColor(0x90, 0x96, 0xa0));
    // The default link blue is unreadable on the dark base; this is the card page's accent.
    p.setColor(QPalette::Link, QColor(0x7f, 0xb3, 0xff));
    p.setColor(QPalette::LinkVisited, QColor(0xb3, 0x9d, 0xff));
    // Frames, check box and radio button edges are drawn from these: left at their light-palette
    // defaults they vanish on the dark base.
    p.setColor(QPalette::Light, QColor(0x5a, 0x5e, 0x66));
    p.setColor(QPalette::Midlight, QColor(0x4a, 0x4e, 0x55));
    p.setColor(QPalette::Mid, QColor(0x6b, 0x70, 0x78));
    p.setColor(QPalette::Dark, QColor(0x8a, 0x90, 0x99));
    p.setColor(QPalette::Shadow, QColor(0x10, 0x11, 0x13));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x80, 0x80, 0x80));
    return p;
}

/// A restore chosen in the last session runs before the collection is opened.
void runPendingRestore(const QString& collectionPath)
{
    QSettings settings;
    const QString pending = settings.value(QStringLiteral("backup/pendingRestore")).toString();
    if (pending.isEmpty())
        return;
    settings.remove(QStringLiteral("backup/pendingRestore"));
    auto report = deck::restoreBackup(collectionPath.toStdString(), pending.toStdString(),
                                      app::MainWindow::backupFolder().toStdString(),
                                      QDateTime::currentMSecsSinceEpoch());
    if (!report)
        QMessageBox::critical(
            nullptr, QObject::tr("InfraCards"),
            QObject::tr("The backup could not be restored:\n%1").arg(app::errorText(report.error())));
}

}  // namespace

/// Milliseconds since this process started, from /proc (10 ms resolution): what a user waits
/// from pressing Enter, dynamic loading included. -1 where /proc is not readable.
double msSinceProcessStart()
{
    std::ifstream stat("/proc/self/stat");
    std::ifstream uptime("/proc/uptime");
    std::string line;
    double up = 0;
    if (!std::getline(stat, line) || !(uptime >> up))
        return -1;
    // Field 22 (starttime, clock ticks since boot) counts from after the ")" that ends field 2.
    std::istringstream rest(line.substr(line.rfind(')') + 2));
    std::string field;
    for (int i = 3; i <= 22 && rest >> field; ++i) {
    }
    const double ticks = static_cast<double>(sysconf(_SC_CLK_TCK));
    return (up - std::stod(field) / ticks) * 1000.0;
}

namespace {
/// With --startup-time, the moments of start-up, printed with the total.
std::vector<std::pair<const char*, double>> g_startupMarks;
bool g_traceStartup = false;
/// Process start from /proc (10 ms resolution) once, then a steady clock for the intervals.
double msSinceStart()
{
    static const double base = msSinceProcessStart();
    static const auto t0 = std::chrono::steady_clock::now();
    return base + std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}
void markStartup(const char* what)
{
    if (g_traceStartup)
        g_startupMarks.emplace_back(what, msSinceStart());
}
}  // namespace

int main(int argc, char** argv)
{
    // QtWebEngine's sandbox cannot run as root; as a normal user it stays on.
    if (geteuid() == 0 && qEnvironmentVariableIsEmpty("QTWEBENGINE_DISABLE_SANDBOX"))
        qputenv("QTWEBENGINE_DISABLE_SANDBOX", "1");
    QCoreApplication::setAttribute(Qt::AA_ShareOpenGLContexts);
    QApplication qapp(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("InfraCards"));
    QCoreApplication::setApplicationName(QStringLiteral("InfraCards"));
    QCoreApplication::setApplicationVersion(QStringLiteral(INFRACARDS_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Spaced-repetition trainer for AI-infra and HPC interviews"));
    parser.addHelpOption();
    parser.addVersionOption();
    QCommandLineOption collectionOpt(QStringLiteral("collection"), QStringLiteral("Collection file."),
                                     QStringLiteral("path"));
    QCommandLineOption reviewOpt(QStringLiteral("review"), QStringLiteral("Open the review screen."));
    QCommandLineOption revealOpt(QStringLiteral("reveal"),
                                 QStringLiteral("With --review: reveal the answer."));
    QCommandLineOption cardOpt(QStringLiteral("card"),
                               QStringLiteral("With --review or --page browse: show this card id."),
                               QStringLiteral("uid"));
    QCommandLineOption pageOpt(QStringLiteral("page"),
                               QStringLiteral("Open a page: home, review, browse, mock, interviews, stats."),
                               QStringLiteral("page"));
    QCommandLineOption darkOpt(QStringLiteral("dark"), QStringLiteral("Use a dark palette."));
    QCommandLineOption shotOpt(QStringLiteral("screenshot"), QStringLiteral("Save a screenshot and exit."),
                               QStringLiteral("png"));
    QCommandLineOption langOpt(QStringLiteral("lang"), QStringLiteral("UI language (en, zh_CN)."),
                               QStringLiteral("lang"));
    QCommandLineOption startupOpt(
        QStringLiteral("startup-time"),
        QStringLiteral("With --review: print how long the first card took to appear, and exit."));
    parser.addOptions(
        {collectionOpt, reviewOpt, revealOpt, cardOpt, pageOpt, darkOpt, shotOpt, langOpt, startupOpt});
    parser.process(qapp);
    g_traceStartup = parser.isSet(startupOpt);
    markStartup("application object");

    if (parser.isSet(darkOpt)) {
        qapp.setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        qapp.setPalette(darkPalette());
    }

    // Language: --lang, then the setting, then the system locale.
    QString lang = parser.value(langOpt);
    if (lang.isEmpty()) {
        const QString setting = QSettings().value(QStringLiteral("ui/language")).toString();
        if (!setting.isEmpty() && setting != QLatin1String("system"))
            lang = setting;
    }
    const QLocale locale = lang.isEmpty() ? QLocale::system() : QLocale(lang);
    QLocale::setDefault(locale);
    QTranslator translator;
    if (translator.load(locale, QStringLiteral("infracards"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        qapp.installTranslator(&translator);
    QTranslator qtTranslator;
    if (qtTranslator.load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                          QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        qapp.installTranslator(&qtTranslator);

    const QString requested = parser.value(collectionOpt);
    const QString collectionPath = requested.isEmpty() ? app::defaultCollectionPath() : requested;
    runPendingRestore(collectionPath);

    markStartup("translations");
    // The collection opens on a worker thread while this one starts the web engine and loads
    // the card page (Chromium's start and KaTeX take longer than the collection); the window is
    // built only when both are done. The guard deletes the early view if nothing takes it.
    auto opening = std::async(std::launch::async, [requested] { return app::openUserCollection(requested); });
    struct SpareView {
        ~SpareView() { app::CardView::dropSpare(); }
    } spareView;
    app::CardView::prewarm();
    markStartup("web engine started");
    auto collection = opening.get();
    markStartup("collection open");
    if (!collection) {
        const deck::Error error = collection.error();
        const QString message = app::errorText(error);
        if (parser.isSet(shotOpt)) {
            fprintf(stderr, "infracards: %s\n", error.describe().c_str());
            return 1;
        }
        // A damaged collection: offer the newest backup that passes the integrity check.
        auto good = deck::newestGoodBackup(app::MainWindow::backupFolder().toStdString());
        if ((error.kind == deck::ErrorKind::IntegrityFailed || error.kind == deck::ErrorKind::NotADatabase)
            && good) {
            const QString when = QDateTime::fromMSecsSinceEpoch(good->createdAtMs)
                                     .toString(QStringLiteral("yyyy-MM-dd HH:mm"));
            const auto answer = QMessageBox::question(
                nullptr, QObject::tr("InfraCards"),
                QObject::tr("The collection could not be opened:\n%1\n\nRestore the newest good backup (%2)? "
                            "The damaged file is kept as a before-restore backup.")
                    .arg(message, when));
            if (answer == QMessageBox::Yes) {
                auto restored = deck::restoreBackup(collectionPath.toStdString(), good->path,
                                                    app::MainWindow::backupFolder().toStdString(),
                                                    QDateTime::currentMSecsSinceEpoch());
                if (restored)
                    collection = app::openUserCollection(requested);
            }
        }
        if (!collection) {
            QMessageBox::critical(nullptr, QObject::tr("InfraCards"),
                                  QObject::tr("The collection could not be opened:\n%1").arg(message));
            return 1;
        }
    }

    bool restart = false;
    int rc = 0;
    {
        app::MainWindow window(std::move(collection).value());
        markStartup("window built");
        window.show();
        markStartup("window shown");
        const QString page = parser.value(pageOpt);
        if (parser.isSet(reviewOpt) || page == QLatin1String("review"))
            window.showReview();
        else if (page == QLatin1String("browse"))
            window.showBrowse();
        else if (page == QLatin1String("mock"))
            window.showMock();
        else if (page == QLatin1String("interviews"))
            window.showInterviews();
        else if (page == QLatin1String("stats"))
            window.showStats();
        if (parser.isSet(cardOpt)) {
            auto id = window.collection().findByUid(parser.value(cardOpt).toStdString());
            if (!id) {
                fprintf(stderr, "infracards: %s\n", id.error().describe().c_str());
                return 1;
            }
            if (page == QLatin1String("browse")) {
                window.browsePage()->selectCard(*id);
            } else {
                window.showReview();
                window.reviewPage()->showCard(*id, parser.isSet(revealOpt));
            }
        }

        if (parser.isSet(startupOpt)) {
            if (window.reviewPage()->cardView()->isReady())
                markStartup("card page loaded");
            QObject::connect(window.reviewPage()->cardView(), &app::CardView::pageReady, &window,
                             [] { markStartup("card page loaded"); });
            // The first card's math is typeset and painted: what "the first card on screen" means.
            QObject::connect(window.reviewPage()->cardView(), &app::CardView::cardRendered, &window, [](int) {
                for (const auto& [what, ms] : g_startupMarks)
                    fprintf(stdout, "  %-20s %6.0f ms\n", what, ms);
                fprintf(stdout, "first card on screen after %.0f ms (since process start)\n", msSinceStart());
                fflush(stdout);
                QApplication::exit(0);
            });
            QTimer::singleShot(60000, &window, [] {
                fprintf(stderr, "startup-time: no card rendered within 60 s\n");
                QApplication::exit(1);
            });
        }
        if (parser.isSet(shotOpt)) {
            const QString out = parser.value(shotOpt);
            const bool reveal = parser.isSet(revealOpt);
            auto grab = [&window, out] {
                QTimer::singleShot(1500, &window, [&window, out] {
                    const bool ok = window.grab().save(out);
                    fprintf(stderr, "screenshot %s: %s\n", qPrintable(out), ok ? "saved" : "FAILED");
                    QApplication::exit(ok ? 0 : 1);
                });
            };
            if (parser.isSet(reviewOpt) || (parser.isSet(cardOpt) && page != QLatin1String("browse"))
                || page == QLatin1String("review")) {
                auto once = std::make_shared<bool>(false);
                QObject::connect(window.reviewPage()->cardView(), &app::CardView::cardRendered, &window,
                                 [&window, reveal, grab, once](int) {
                                     if (*once)
                                         return;
                                     *once = true;
                                     if (reveal && !window.reviewPage()->revealed())
                                         window.reviewPage()->reveal();
                                     grab();
                                 });
            } else {
                grab();
            }
            QTimer::singleShot(30000, &window, [] {
                fprintf(stderr, "screenshot: timed out waiting for the page\n");
                QApplication::exit(1);
            });
        }
        rc = qapp.exec();
        restart = window.restartRequested();
    }
    if (restart)
        QProcess::startDetached(QCoreApplication::applicationFilePath(),
                                QCoreApplication::arguments().mid(1));
    return rc;
}
