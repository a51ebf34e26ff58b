#pragma once
// Catch2's main creates no QApplication: GUI tests call ensureApp() first.

#include <QApplication>
#include <QStandardPaths>

#include <unistd.h>

inline QApplication* ensureApp()
{
    if (auto* existing = qobject_cast<QApplication*>(QCoreApplication::instance()))
        return existing;
    // As the app does: QtWebEngine's sandbox cannot start as root.
    if (geteuid() == 0)
        qputenv("QTWEBENGINE_DISABLE_SANDBOX", "1");
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    static int argc = 1;
    static char name[] = "app_tests";
    static char* argv[] = {name, nullptr};
    QCoreApplication::setAttribute(Qt::AA_ShareOpenGLContexts);
    QStandardPaths::setTestModeEnabled(true);
    static QApplication* app = new QApplication(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("InfraCardsTest"));
    QCoreApplication::setApplicationName(QStringLiteral("InfraCardsTest"));
    return app;
}
