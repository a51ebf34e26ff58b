#pragma once
// Catch2's main creates no QApplication: GUI tests call ensureApp() first.

#include <QApplication>
#include <QPalette>
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

/// A dark palette for screenshots of the dark theme (the roles the pages read).
inline QPalette testDarkPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2e));
    p.setColor(QPalette::WindowText, QColor(0xe6, 0xe6, 0xe6));
    p.setColor(QPalette::Base, QColor(0x1f, 0x1f, 0x22));
    p.setColor(QPalette::AlternateBase, QColor(0x29, 0x29, 0x2d));
    p.setColor(QPalette::Text, QColor(0xe6, 0xe6, 0xe6));
    p.setColor(QPalette::Button, QColor(0x35, 0x35, 0x39));
    p.setColor(QPalette::ButtonText, QColor(0xe6, 0xe6, 0xe6));
    p.setColor(QPalette::Highlight, QColor(0x3d, 0x7e, 0xdb));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x6c, 0xa8, 0xff));
    p.setColor(QPalette::Mid, QColor(0x50, 0x50, 0x55));
    p.setColor(QPalette::ToolTipBase, QColor(0x35, 0x35, 0x39));
    p.setColor(QPalette::ToolTipText, QColor(0xe6, 0xe6, 0xe6));
    p.setColor(QPalette::PlaceholderText, QColor(0x90, 0x90, 0x90));
    return p;
}
