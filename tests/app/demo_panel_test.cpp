// The demo panel's no-GPU path: recorded results are shown, labelled with their GPU and date,
// and a Run on a machine without a GPU says so and keeps showing them.

#include "gui/demo_panel.h"

#include <catch2/catch.hpp>

#include <QApplication>
#include <QElapsedTimer>
#include <QLabel>
#include <QTableWidget>
#include <QChart>
#include <QChartView>

namespace {

QApplication& application()
{
    static int argc = 1;
    static char name[] = "demo_panel_test";
    static char* argv[] = {name, nullptr};
    qputenv("QT_QPA_PLATFORM", "offscreen");
    // Never destroyed: tearing QApplication down in the exit handlers, after Qt's own static
    // storage, crashes in QOpenGLContext::doneCurrent.
    QCoreApplication::setAttribute(Qt::AA_ShareOpenGLContexts);
    static QApplication* app = new QApplication(argc, argv);
    return *app;
}

}  // namespace

TEST_CASE("DemoPanel shows the recorded H200 results, labelled", "[kernels_demo][gui]")
{
    application();
    app::DemoPanel panel;
    panel.setRecordedDir(QStringLiteral(INFRACARDS_SOURCE_DIR "/resources/demos/h200"));
    panel.setRunnerPath(QString());
    panel.showDemo(QStringLiteral("reduction"));
    auto* table = panel.findChild<QTableWidget*>(QStringLiteral("demoTable"));
    auto* status = panel.findChild<QLabel*>(QStringLiteral("demoStatus"));
    REQUIRE(table);
    REQUIRE(status);
    // resources/demos/h200/reduction.json has six variants, run on 2026-11-29.
    CHECK(table->rowCount() == 6);
    CHECK(status->text().contains(QStringLiteral("NVIDIA H200")));
    CHECK(status->text().contains(QStringLiteral("2026-11-29")));
    CHECK(table->item(5, 6)->text() == QStringLiteral("✓"));
}

#ifdef KD_RUNNER_PATH
TEST_CASE("DemoPanel run without a GPU says so and keeps the recorded results", "[kernels_demo][gui]")
{
    application();
    app::DemoPanel panel;
    panel.setRecordedDir(QStringLiteral(INFRACARDS_SOURCE_DIR "/resources/demos/h200"));
    panel.setRunnerPath(QStringLiteral(KD_RUNNER_PATH));
    panel.showDemo(QStringLiteral("transpose"));
    panel.run();
    QElapsedTimer t;
    t.start();
    while (panel.running() && t.elapsed() < 60000)
        QApplication::processEvents(QEventLoop::AllEvents, 50);
    QApplication::processEvents();
    auto* table = panel.findChild<QTableWidget*>(QStringLiteral("demoTable"));
    auto* status = panel.findChild<QLabel*>(QStringLiteral("demoStatus"));
    const QString text = status->text();
    if (text.contains(QStringLiteral("Measured just now"))) {
        // A GPU is present: the run measured this machine, one row per variant at least.
        CHECK(table->rowCount() >= 3);
    } else {
        CHECK(text.contains(QStringLiteral("no usable NVIDIA GPU")));
        CHECK(text.contains(QStringLiteral("NVIDIA H200")));
        CHECK(table->rowCount() == 3);  // transpose.json: naive, shared, padded
    }
}
#endif

TEST_CASE("DemoPanel shows each variant against the library it was measured with", "[kernels_demo][gui]")
{
    application();
    app::DemoPanel panel;
    panel.setRecordedDir(QStringLiteral(INFRACARDS_SOURCE_DIR "/resources/demos/h200"));
    panel.setRunnerPath(QString());
    panel.showDemo(QStringLiteral("prefix-scan"));
    auto* table = panel.findChild<QTableWidget*>(QStringLiteral("demoTable"));
    REQUIRE(table);
    // prefix-scan.json: reduce-then-scan, decoupled-lookback, cub-inclusive-sum. The look-back
    // scan measured 1.01x CUB DeviceScan in the same run and 1.25x torch.cumsum in the same call.
    REQUIRE(table->rowCount() == 3);
    const QString against = table->item(1, 5)->text();
    CHECK(against.contains(QStringLiteral("1.01× CUB")));
    CHECK(against.contains(QStringLiteral("1.25× PyTorch")));
    CHECK(table->item(2, 5)->text() == QStringLiteral("library (CUB)"));
    CHECK(table->item(0, 5)->text() == QStringLiteral("–"));
}

TEST_CASE("DemoPanel draws the recorded copy/compute timeline of the stream demo", "[kernels_demo][gui]")
{
    application();
    app::DemoPanel panel;
    panel.resize(900, 900);
    panel.setRecordedDir(QStringLiteral(INFRACARDS_SOURCE_DIR "/resources/demos/h200"));
    panel.setRunnerPath(QString());
    panel.showDemo(QStringLiteral("stream-overlap"));
    auto* timeline = panel.findChild<QChartView*>(QStringLiteral("demoTimeline"));
    REQUIRE(timeline);
    CHECK_FALSE(timeline->isHidden());
    // stream-overlap.json records 16 chunks of one 3-stream batch: 16 bars per engine row.
    REQUIRE(timeline->chart());
    CHECK(timeline->chart()->series().size() == 48);
    if (const QString dir = qEnvironmentVariable("INFRACARDS_SHOTS"); !dir.isEmpty()) {
        panel.show();
        QApplication::processEvents();
        CHECK(panel.grab().save(dir + QStringLiteral("/demo-stream-overlap.png")));
    }
    panel.showDemo(QStringLiteral("softmax"));  // no timeline recorded there
    CHECK(timeline->isHidden());
}
