#include "gui/demo_panel.h"
#include "gui/error_text.h"

#include "gui/chart_style.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QHorizontalBarSeries>
#include <QLabel>
#include <QLineSeries>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <optional>

namespace app {

namespace {

/// The runner's exit code when there is no usable GPU (kernels_demo/cli.h kExitNoGpu).
constexpr int kExitNoGpu = 77;

QString number(double v, int digits = 4)
{
    return QString::number(v, 'g', digits);
}

QString dateOf(const std::string& utc)
{
    return QString::fromStdString(utc.substr(0, 10));
}

}  // namespace

DemoPanel::DemoPanel(QWidget* parent) : QWidget(parent)
{
    zh_ = QLocale().language() == QLocale::Chinese;  // the UI language, as main() set it
    title_ = new QLabel(this);
    title_->setWordWrap(true);
    QFont f = title_->font();
    f.setBold(true);
    title_->setFont(f);
    status_ = new QLabel(this);
    status_->setObjectName(QStringLiteral("demoStatus"));
    status_->setWordWrap(true);
    runButton_ = new QPushButton(tr("Run on this GPU"), this);
    cancelButton_ = new QPushButton(tr("Cancel"), this);
    progress_ = new QProgressBar(this);
    progress_->setRange(0, 0);  // the runner reports no progress: a busy indicator
    progress_->setTextVisible(false);
    table_ = new QTableWidget(0, 7, this);
    table_->setHorizontalHeaderLabels({tr("Variant"), tr("Time (ms)"), tr("Throughput"), tr("Limit"),
                                       tr("Ratio"), tr("Against the library"), tr("Correct")});
    table_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    table_->setObjectName(QStringLiteral("demoTable"));
    table_->verticalHeader()->setVisible(false);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    chart_ = new QChartView(this);
    chart_->setMinimumHeight(220);
    timeline_ = new QChartView(this);
    timeline_->setObjectName(QStringLiteral("demoTimeline"));
    timeline_->setMinimumHeight(200);
    timeline_->hide();

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(runButton_);
    buttons->addWidget(cancelButton_);
    buttons->addWidget(progress_, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(title_);
    layout->addLayout(buttons);
    layout->addWidget(status_);
    layout->addWidget(table_, 1);
    layout->addWidget(chart_, 1);
    layout->addWidget(timeline_);

    timer_ = new QTimer(this);
    timer_->setSingleShot(true);
    connect(timer_, &QTimer::timeout, this, &DemoPanel::onTimeout);
    connect(runButton_, &QPushButton::clicked, this, &DemoPanel::run);
    connect(cancelButton_, &QPushButton::clicked, this, &DemoPanel::cancel);
    runner_ = findRunner();
    setBusy(false);
}

DemoPanel::~DemoPanel()
{
    if (process_ && process_->state() != QProcess::NotRunning) {
        process_->kill();
        process_->waitForFinished(2000);
    }
}

void DemoPanel::setRunnerPath(const QString& path)
{
    runner_ = path;
    setBusy(false);
}

void DemoPanel::setRecordedDir(const QString& dir)
{
    recordedDir_ = dir;
}
void DemoPanel::setTimeoutMs(int ms)
{
    timeoutMs_ = ms;
}
bool DemoPanel::running() const
{
    return process_ && process_->state() != QProcess::NotRunning;
}

QString DemoPanel::findRunner() const
{
    const QString name = QStringLiteral("infracards-kernels");
    const QString appDir = QCoreApplication::applicationDirPath();
    for (const QString& candidate : {appDir + "/" + name, appDir + "/../kernels_demo/" + name})
        if (QFileInfo(candidate).isExecutable())
            return QFileInfo(candidate).canonicalFilePath();
    return QStandardPaths::findExecutable(name);
}

QString DemoPanel::recordedFile(const QString& id) const
{
    const QString file = id + ".json";
    QStringList dirs;
    if (!recordedDir_.isEmpty())
        dirs << recordedDir_;
    const QString appDir = QCoreApplication::applicationDirPath();
    dirs << QStringLiteral(":/demos/h200") << appDir + "/../share/infracards/demos/h200"
         << appDir + "/../../resources/demos/h200";
    for (const QString& d : dirs)
        if (QFile::exists(d + "/" + file))
            return d + "/" + file;
    return {};
}

void DemoPanel::showDemo(const QString& id)
{
    if (running())
        cancel();
    id_ = id;
    title_->setText(QStringLiteral("demo: ") + id);
    table_->setRowCount(0);
    chart_->setChart(new QChart);
    timeline_->hide();
    showRecorded(runner_.isEmpty() ? tr("infracards-kernels was not found (it needs a CUDA build).")
                                   : QString());
    setBusy(false);
}

void DemoPanel::run()
{
    if (id_.isEmpty() || runner_.isEmpty() || running())
        return;
    cancelled_ = false;
    timedOut_ = false;
    delete process_;
    process_ = new QProcess(this);
    connect(process_, &QProcess::finished, this, &DemoPanel::onFinished);
    connect(process_, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e != QProcess::FailedToStart)
            return;
        timer_->stop();
        setBusy(false);
        showRecorded(tr("Could not start %1: %2").arg(runner_, process_->errorString()));
    });
    status_->setText(tr("Running on the GPU…"));
    setBusy(true);
    timer_->start(timeoutMs_);
    process_->start(runner_, {QStringLiteral("run"), id_, QStringLiteral("--json")});
}

void DemoPanel::cancel()
{
    if (!running())
        return;
    cancelled_ = true;
    process_->kill();
}

void DemoPanel::onTimeout()
{
    if (!running())
        return;
    timedOut_ = true;
    process_->kill();
}

void DemoPanel::onFinished(int exitCode, QProcess::ExitStatus status)
{
    timer_->stop();
    setBusy(false);
    if (cancelled_) {
        status_->setText(tr("Cancelled."));
        return;
    }
    if (timedOut_) {
        status_->setText(tr("Stopped after %1 s without a result.").arg(timeoutMs_ / 1000));
        return;
    }
    const QByteArray out = process_->readAllStandardOutput();
    if (status != QProcess::NormalExit) {
        showRecorded(tr("infracards-kernels crashed: %1")
                         .arg(QString::fromUtf8(process_->readAllStandardError()).trimmed()));
        return;
    }
    const auto parsed =
        deck::parseDemoRun(std::string_view(out.constData(), static_cast<std::size_t>(out.size())));
    if (!parsed) {
        showRecorded(errorText(parsed.error()));
        return;
    }
    const deck::DemoRun& r = parsed.value();
    if (exitCode == kExitNoGpu || r.noGpu || r.variants.empty()) {
        showRecorded(QString::fromStdString(r.error.value_or("no result")));
        return;
    }
    QString caption =
        tr("Measured just now on %1 (driver %2).")
            .arg(QString::fromStdString(r.device.name), QString::fromStdString(r.device.driverVersion));
    if (!r.allCorrect)
        caption += tr(" A correctness check FAILED.");
    showResult(r, caption);
    emit runFinished(id_, out);
}

void DemoPanel::showRecorded(const QString& why)
{
    const QString file = recordedFile(id_);
    QString lead = why;
    if (!lead.isEmpty())
        lead += QLatin1Char(' ');
    if (file.isEmpty()) {
        table_->setRowCount(0);
        status_->setText(lead + tr("No recorded results for this demo."));
        return;
    }
    QFile f(file);
    std::optional<deck::DemoRun> run;
    if (f.open(QIODevice::ReadOnly)) {  // resources are not plain files: read through QFile
        const QByteArray bytes = f.readAll();
        auto p =
            deck::parseDemoRun(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
        if (p)
            run = p.value();
        else
            lead += errorText(p.error()) + QLatin1Char(' ');
    }
    if (!run) {
        status_->setText(lead);
        return;
    }
    const QString label =
        tr("Showing reference results recorded on %1 on %2 (driver %3), not a measurement of this machine.")
            .arg(QString::fromStdString(run->device.name), dateOf(run->startedUtc),
                 QString::fromStdString(run->device.driverVersion));
    if (run->variants.empty()) {
        table_->setRowCount(0);
        status_->setText(lead + label + QLatin1Char(' ') + QString::fromStdString(run->error.value_or("")));
        return;
    }
    showResult(*run, lead + label);
}

void DemoPanel::showResult(const deck::DemoRun& run, const QString& caption)
{
    title_->setText(QString::fromStdString(run.title) + QStringLiteral("\n")
                    + QString::fromStdString(run.question));
    status_->setText(caption);
    table_->setRowCount(static_cast<int>(run.variants.size()));
    auto* set = new QBarSet(run.metric == "us" ? QStringLiteral("us") : QStringLiteral("% of limit"));
    QStringList categories;
    int row = 0;
    for (const deck::DemoVariant& v : run.variants) {
        const QString limit = v.limit.value
                                  ? number(*v.limit.value) + " " + QString::fromStdString(v.limit.unit)
                                  : QStringLiteral("–");
        const QString ratio =
            v.ratio ? QString::number(100.0 * *v.ratio, 'f', 1) + " %" : QStringLiteral("–");
        const QString check = !v.correctness.checked
                                  ? QStringLiteral("–")
                                  : (v.correctness.passed ? QStringLiteral("✓") : QStringLiteral("✗"));
        // "1.32x cuBLASLt" for each library this variant was held against; "absent" with the
        // reason in the tooltip when the library could not run here.
        QStringList against;
        QStringList absentWhy;
        for (const deck::DemoPeer& p : run.peers) {
            if (p.ours != v.id)
                continue;
            const QString lib = QString::fromStdString(p.library);
            if (p.present && p.times)
                against << tr("%1× %2").arg(QString::number(*p.times, 'f', 2), lib);
            else {
                against << tr("%1 absent").arg(lib);
                absentWhy << QString::fromStdString(p.absentWhy);
            }
        }
        if (against.isEmpty() && !v.library.empty())
            against << tr("library (%1)").arg(QString::fromStdString(v.library));
        const QStringList cells{QString::fromStdString(v.label.empty() ? v.id : v.label),
                                v.medianMs ? number(*v.medianMs) : QStringLiteral("–"),
                                v.metricValue
                                    ? number(*v.metricValue) + " " + QString::fromStdString(v.metricUnit)
                                    : QStringLiteral("–"),
                                limit,
                                ratio,
                                against.isEmpty() ? QStringLiteral("–") : against.join(QStringLiteral(", ")),
                                check};
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c == 0)
                item->setToolTip(
                    QString::fromStdString(v.problem + "\n" + v.note + "\n" + v.correctness.method));
            if (c == 5 && !absentWhy.isEmpty())
                item->setToolTip(absentWhy.join(QLatin1Char('\n')));
            table_->setItem(row, c, item);
        }
        ++row;
        categories << QString::fromStdString(v.id);
        if (run.metric == "us")
            *set << v.metricValue.value_or(0.0);
        else
            *set << (v.ratio ? 100.0 * *v.ratio : 0.0);
    }
    table_->resizeColumnsToContents();

    // Bars are listed bottom-up by Qt: reverse so the chart reads in table order.
    auto* ordered = new QBarSet(set->label());
    QStringList reversed;
    for (qsizetype i = categories.size() - 1; i >= 0; --i) {
        *ordered << set->at(static_cast<int>(i));
        reversed << categories[i];
    }
    delete set;
    auto* series = new QHorizontalBarSeries;
    series->append(ordered);
    auto* chart = new QChart;
    chart->addSeries(series);
    auto* axisY = new QBarCategoryAxis;
    axisY->append(reversed);
    chart->addAxis(axisY, Qt::AlignLeft);
    series->attachAxis(axisY);
    auto* axisX = new QValueAxis;
    axisX->setTitleText(run.metric == "us" ? tr("µs per launch") : tr("% of the limit"));
    double top = 0.0;
    for (int i = 0; i < ordered->count(); ++i)
        top = std::max(top, ordered->at(i));
    if (run.metric == "us") {
        axisX->setRange(0.0, top > 0.0 ? top * 1.1 : 1.0);
        axisX->applyNiceNumbers();
    } else {
        // Percent of the limit: whole scale to 100 % (further when a variant beats its limit).
        axisX->setRange(0.0, std::max(100.0, std::ceil(top / 20.0) * 20.0));
        axisX->setTickCount(static_cast<int>(axisX->max() / 20.0) + 1);
        axisX->setLabelFormat(QStringLiteral("%.0f"));
    }
    chart->addAxis(axisX, Qt::AlignBottom);
    series->attachAxis(axisX);
    // Variant names are the point of the chart: never cut to "…"; each bar gets its room.
    axisY->setTruncateLabels(false);
    styleChart(chart, palette());
    chart->legend()->hide();
    chart_->setMinimumHeight(std::max(220, 70 + 30 * static_cast<int>(reversed.size())));
    chart_->setChart(chart);
    showTimeline(run);
}

void DemoPanel::showTimeline(const deck::DemoRun& run)
{
    // A variant may record one batch as "timeline/<h2d|kernel|d2h>/<chunk>/<start_us|end_us>"
    // (the stream-overlap demo): one row per engine, one bar per chunk, coloured by stream.
    const deck::DemoVariant* with = nullptr;
    for (const deck::DemoVariant& v : run.variants)
        if (v.extra.count("timeline/h2d/0/start_us")) {
            with = &v;
            break;
        }
    if (!with) {
        timeline_->hide();
        return;
    }
    const int streams =
        static_cast<int>(std::lround(with->extra.count("streams") ? with->extra.at("streams") : 3.0));
    const QColor colours[] = {QColor(0x1f, 0x77, 0xb4), QColor(0xff, 0x7f, 0x0e), QColor(0x2c, 0xa0, 0x2c),
                              QColor(0xd6, 0x27, 0x28)};
    auto* chart = new QChart;
    const char* kinds[] = {"h2d", "kernel", "d2h"};
    double end = 0.0;
    for (int row = 0; row < 3; ++row) {
        for (int chunk = 0;; ++chunk) {
            const std::string key = std::string("timeline/") + kinds[row] + "/" + std::to_string(chunk);
            const auto a = with->extra.find(key + "/start_us"), b = with->extra.find(key + "/end_us");
            if (a == with->extra.end() || b == with->extra.end())
                break;
            auto* bar = new QLineSeries;
            bar->append(a->second / 1000.0, 2 - row);
            bar->append(b->second / 1000.0, 2 - row);
            QPen pen(colours[chunk % std::max(1, std::min(streams, 4))]);
            pen.setWidth(16);
            pen.setCapStyle(Qt::FlatCap);
            bar->setPen(pen);
            chart->addSeries(bar);
            end = std::max(end, b->second / 1000.0);
        }
    }
    auto* x = new QValueAxis;
    x->setTitleText(tr("ms from the start of one batch (%1: one colour per stream)")
                        .arg(QString::fromStdString(with->label.empty() ? with->id : with->label)));
    x->setRange(0.0, end > 0.0 ? end * 1.02 : 1.0);
    auto* y = new QCategoryAxis;
    y->setStartValue(-0.5);
    y->append(tr("copy to host"), 0.0);
    y->append(tr("kernel"), 1.0);
    y->append(tr("copy to GPU"), 2.0);
    y->setRange(-0.5, 2.5);
    y->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (QAbstractSeries* s : chart->series()) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
    styleChart(chart, palette());
    chart->legend()->hide();
    timeline_->setChart(chart);
    timeline_->show();
}

void DemoPanel::setBusy(bool busy)
{
    progress_->setVisible(busy);
    cancelButton_->setVisible(busy);
    runButton_->setEnabled(!busy && !runner_.isEmpty() && !id_.isEmpty());
}

}  // namespace app
