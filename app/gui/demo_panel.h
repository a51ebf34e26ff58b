#pragma once
// The panel under a demo card: a Run button that starts `infracards-kernels run ID --json` as a
// child process (with a timeout and Cancel), a busy bar while it runs, then a table (variant,
// time, throughput, limit, ratio, correctness) and a bar chart of each variant's share of its
// limit. Without a usable GPU it says so and shows the results recorded on the reference GPU,
// labelled with that GPU and the date.

#include <QByteArray>
#include <QProcess>
#include <QString>
#include <QWidget>

#include "deck/demo_run.h"

class QChartView;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;
class QTimer;

namespace app {

class DemoPanel : public QWidget {
    Q_OBJECT
public:
    explicit DemoPanel(QWidget* parent = nullptr);
    ~DemoPanel() override;

    /// Shows the demo with this catalogue id (see `infracards-kernels --list`): the recorded
    /// reference results at once, and a Run button when the runner is found.
    void showDemo(const QString& id);

    /// Where infracards-kernels is; by default next to the app, in the build tree, or on PATH.
    void setRunnerPath(const QString& path);
    /// Folder of recorded `<id>.json` results; by default the :/demos/h200 resource, the
    /// installed share/infracards/demos/h200, or the source tree's resources/demos/h200.
    void setRecordedDir(const QString& dir);
    /// Kill the run after this long (the largest demos take about 15 s on an H200).
    void setTimeoutMs(int ms);

    QString runnerPath() const { return runner_; }
    bool running() const;

public slots:
    void run();
    void cancel();

signals:
    /// A run finished and its JSON parsed; `json` is the runner's output, for storing the run
    /// in the collection next to the card.
    void runFinished(const QString& demoId, const QByteArray& json);

private:
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void onTimeout();
    void showResult(const deck::DemoRun& run, const QString& caption);
    void showRecorded(const QString& why);
    void setBusy(bool busy);
    QString findRunner() const;
    QString recordedFile(const QString& id) const;

    QString id_;
    QString runner_;
    QString recordedDir_;
    int timeoutMs_ = 180000;
    bool zh_ = false;
    bool cancelled_ = false;
    bool timedOut_ = false;
    QProcess* process_ = nullptr;
    QTimer* timer_ = nullptr;
    QLabel* title_ = nullptr;
    QLabel* status_ = nullptr;
    QPushButton* runButton_ = nullptr;
    QPushButton* cancelButton_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QTableWidget* table_ = nullptr;
    QChartView* chart_ = nullptr;
    QChartView* timeline_ = nullptr;  ///< copy/compute timeline, for results that record one
    void showTimeline(const deck::DemoRun& run);
};

}  // namespace app
