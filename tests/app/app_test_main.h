#pragma once
// Catch2's main creates no QApplication: GUI tests call ensureApp() first.

#include <QApplication>
#include <QStandardPaths>

#include <cstdio>
#include <string>

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
    // Qt Multimedia talks to PulseAudio: a test connects to a sound server that is running (the
    // spoken-answer tests start their own) but never starts one that would outlive it.
    if (qEnvironmentVariableIsEmpty("PULSE_CLIENTCONFIG")) {
        static const std::string conf = "/tmp/infracards-tests-pulse-client.conf";
        if (std::FILE* f = std::fopen(conf.c_str(), "w")) {
            std::fputs("autospawn = no\n", f);
            std::fclose(f);
            qputenv("PULSE_CLIENTCONFIG", QByteArray::fromStdString(conf));
        }
    }
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
