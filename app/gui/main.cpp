// infracards: the desktop app.
//   infracards [--collection PATH] [--review] [--screenshot OUT.png]
// --screenshot renders the window offscreen-ready (after the card's math has rendered), saves
// it and exits: used for documentation and for looking at the UI in tests.

#include <QApplication>
#include <QCommandLineParser>
#include <QLibraryInfo>
#include <QLocale>
#include <QMessageBox>
#include <QTimer>
#include <QTranslator>

#include <unistd.h>

#include "common/user_collection.h"
#include "gui/card_view.h"
#include "gui/main_window.h"
#include "gui/review_page.h"

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
    parser.setApplicationDescription(QStringLiteral("Spaced-repetition trainer for AI-infra and HPC interviews"));
    parser.addHelpOption();
    parser.addVersionOption();
    QCommandLineOption collectionOpt(QStringLiteral("collection"), QStringLiteral("Collection file."), QStringLiteral("path"));
    QCommandLineOption reviewOpt(QStringLiteral("review"), QStringLiteral("Open the review screen."));
    QCommandLineOption revealOpt(QStringLiteral("reveal"), QStringLiteral("With --review: reveal the answer."));
    QCommandLineOption shotOpt(QStringLiteral("screenshot"), QStringLiteral("Save a screenshot and exit."), QStringLiteral("png"));
    QCommandLineOption cardOpt(QStringLiteral("card"), QStringLiteral("With --review: show this card id."), QStringLiteral("uid"));
    QCommandLineOption langOpt(QStringLiteral("lang"), QStringLiteral("UI language (en, zh_CN)."), QStringLiteral("lang"));
    parser.addOptions({collectionOpt, reviewOpt, revealOpt, shotOpt, langOpt, cardOpt});
    parser.process(qapp);

    QTranslator translator;
    const QLocale locale = parser.isSet(langOpt) ? QLocale(parser.value(langOpt)) : QLocale::system();
    if (translator.load(locale, QStringLiteral("infracards"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        qapp.installTranslator(&translator);
    QTranslator qtTranslator;
    if (qtTranslator.load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                          QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        qapp.installTranslator(&qtTranslator);

    auto collection = app::openUserCollection(parser.value(collectionOpt));
    if (!collection) {
        const QString message = QString::fromStdString(collection.error().describe());
        if (parser.isSet(shotOpt)) {
            fprintf(stderr, "infracards: %s\n", qPrintable(message));
            return 1;
        }
        QMessageBox::critical(nullptr, QObject::tr("InfraCards"),
                              QObject::tr("The collection could not be opened:\n%1").arg(message));
        return 1;
    }

    app::MainWindow window(std::move(collection).value());
    window.show();
    if (parser.isSet(reviewOpt))
        window.showReview();
    if (parser.isSet(cardOpt)) {
        auto id = window.collection().findByUid(parser.value(cardOpt).toStdString());
        if (!id) {
            fprintf(stderr, "infracards: %s\n", id.error().describe().c_str());
            return 1;
        }
        window.reviewPage()->showCard(*id, parser.isSet(revealOpt));
    }

    if (parser.isSet(shotOpt)) {
        const QString out = parser.value(shotOpt);
        const bool reveal = parser.isSet(revealOpt);
        auto* view = window.reviewPage()->cardView();
        auto grab = [&window, out] {
            QTimer::singleShot(400, &window, [&window, out] {
                const bool ok = window.grab().save(out);
                fprintf(stderr, "screenshot %s: %s\n", qPrintable(out), ok ? "saved" : "FAILED");
                QApplication::exit(ok ? 0 : 1);
            });
        };
        if (parser.isSet(reviewOpt)) {
            QObject::connect(view, &app::CardView::cardRendered, &window, [&, reveal](int) {
                static bool once = false;
                if (once)
                    return;
                once = true;
                if (reveal && !window.reviewPage()->revealed())
                    window.reviewPage()->reveal();
                grab();
            });
        } else {
            grab();
        }
        QTimer::singleShot(20000, &window, [] {
            fprintf(stderr, "screenshot: timed out waiting for the page\n");
            QApplication::exit(1);
        });
    }
    return qapp.exec();
}
