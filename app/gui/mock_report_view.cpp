#include "gui/mock_report_view.h"

#include "gui/spoken_answer.h"
#include "gui/topic_names.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QMessageBox>
#include <QPushButton>
#include <QHeaderView>
#include <QHorizontalBarSeries>
#include <QLabel>
#include <QLineSeries>
#include <QListWidget>
#include <QScatterSeries>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace app {

namespace {

/// Replaces the view's chart; QChartView releases the old one without deleting it.
void setChart(QChartView* view, QChart* chart)
{
    QChart* old = view->chart();
    view->setChart(chart);
    delete old;
}

QChart* themedChart(const QPalette& palette)
{
    auto* chart = new QChart;
    chart->setBackgroundBrush(palette.color(QPalette::Base));
    chart->setTitleBrush(palette.color(QPalette::Text));
    chart->legend()->hide();
    chart->setMargins(QMargins(4, 4, 4, 4));
    return chart;
}

void styleAxis(QAbstractAxis* axis, const QPalette& palette)
{
    axis->setLabelsBrush(palette.color(QPalette::Text));
    axis->setGridLineColor(palette.color(QPalette::Mid));
}

QTableWidgetItem* cell(const QString& text, Qt::Alignment align = Qt::AlignLeft | Qt::AlignVCenter)
{
    auto* item = new QTableWidgetItem(text);
    item->setTextAlignment(align);
    item->setFlags(item->flags() & ~Qt::ItemIsEditable);
    return item;
}

}  // namespace

QString formatDuration(std::int64_t ms)
{
    const std::int64_t s = std::max<std::int64_t>(0, ms) / 1000;
    if (s >= 3600)
        return QStringLiteral("%1:%2:%3")
            .arg(s / 3600)
            .arg((s / 60) % 60, 2, 10, QLatin1Char('0'))
            .arg(s % 60, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

QString mockStatusText(deck::MockStatus status)
{
    switch (status) {
    case deck::MockStatus::Running: return MockReportView::tr("interrupted");
    case deck::MockStatus::Finished: return MockReportView::tr("finished");
    case deck::MockStatus::EndedEarly: return MockReportView::tr("ended early");
    case deck::MockStatus::OutOfTime: return MockReportView::tr("out of time");
    }
    return {};
}

MockReportView::MockReportView(QWidget* parent) : QWidget(parent)
{
    verdict_ = new QLabel(this);
    verdict_->setObjectName(QStringLiteral("mockVerdict"));
    QFont big = verdict_->font();
    big.setPointSizeF(big.pointSizeF() * 1.5);
    big.setBold(true);
    verdict_->setFont(big);
    detail_ = new QLabel(this);
    detail_->setWordWrap(true);
    points_ = new QLabel(this);
    points_->setObjectName(QStringLiteral("mockReportPoints"));
    points_->setWordWrap(true);
    points_->setTextFormat(Qt::PlainText);  // key points are card text

    table_ = new QTableWidget(0, 5, this);
    table_->setObjectName(QStringLiteral("mockReportTable"));
    table_->setHorizontalHeaderLabels({tr("#"), tr("Question"), tr("Topic"), tr("Score"), tr("Time")});
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    table_->setSelectionMode(QAbstractItemView::NoSelection);
    table_->setWordWrap(false);

    chart_ = new QChartView(this);
    chart_->setRenderHint(QPainter::Antialiasing);
    chart_->setMinimumHeight(200);

    review_ = new QListWidget(this);
    review_->setObjectName(QStringLiteral("mockToReview"));
    connect(review_, &QListWidget::itemActivated, this,
            [this](QListWidgetItem* item) { emit openCard(item->data(Qt::UserRole).toLongLong()); });

    auto* reviewLabel = new QLabel(
        tr("Cards to review (scored 0–2 or skipped; the scored ones are due again tomorrow):"), this);
    reviewLabel->setWordWrap(true);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(verdict_);
    layout->addWidget(detail_);
    layout->addWidget(points_);
    layout->addWidget(table_, 3);
    layout->addWidget(new QLabel(tr("Score by topic, weakest first:"), this));
    layout->addWidget(chart_, 2);
    layout->addWidget(reviewLabel);
    layout->addWidget(review_, 1);

    // Spoken answers of the round, kept until deleted here (or not kept: Settings).
    player_ = new AnswerPlayer(this);
    recordingBox_ = new QGroupBox(tr("Your spoken answers"), this);
    recordings_ = new QListWidget(recordingBox_);
    recordings_->setObjectName(QStringLiteral("mockRecordings"));
    recordings_->setMaximumHeight(110);
    recordingsTotal_ = new QLabel(recordingBox_);
    recordingsTotal_->setObjectName(QStringLiteral("mockRecordingsTotal"));
    playRecording_ = new QPushButton(tr("Play"), recordingBox_);
    playRecording_->setObjectName(QStringLiteral("mockPlayRecording"));
    deleteRecording_ = new QPushButton(tr("Delete"), recordingBox_);
    deleteRecording_->setObjectName(QStringLiteral("mockDeleteRecording"));
    deleteAllRecordings_ = new QPushButton(tr("Delete all of this round"), recordingBox_);
    connect(playRecording_, &QPushButton::clicked, this, &MockReportView::playSelected);
    connect(recordings_, &QListWidget::itemActivated, this, &MockReportView::playSelected);
    connect(deleteRecording_, &QPushButton::clicked, this, [this] { deleteRecordings(false); });
    connect(deleteAllRecordings_, &QPushButton::clicked, this, [this] { deleteRecordings(true); });
    connect(player_, &AnswerPlayer::finished, this, [this] { playRecording_->setText(tr("Play")); });
    auto* recButtons = new QHBoxLayout;
    recButtons->addWidget(recordingsTotal_, 1);
    recButtons->addWidget(playRecording_);
    recButtons->addWidget(deleteRecording_);
    recButtons->addWidget(deleteAllRecordings_);
    auto* recLayout = new QVBoxLayout(recordingBox_);
    recLayout->addWidget(recordings_);
    recLayout->addLayout(recButtons);
    recordingBox_->hide();
    layout->addWidget(recordingBox_);
}

void MockReportView::showRecordings(const QList<QPair<int, QString>>& recordings)
{
    player_->stop();
    playRecording_->setText(tr("Play"));
    recordings_->clear();
    qint64 total = 0;
    for (const auto& [position, path] : recordings) {
        QFile f(path);
        qint64 ms = 0;
        if (f.open(QIODevice::ReadOnly))
            if (auto info = readWavInfo(f))
                ms = info->durationMs();
        const qint64 size = QFileInfo(path).size();
        total += size;
        auto* item = new QListWidgetItem(
            tr("Question %1 · %2 · %3").arg(position + 1).arg(formatDuration(ms), formatBytes(size)),
            recordings_);
        item->setData(Qt::UserRole, path);
    }
    if (recordings_->count() > 0)
        recordings_->setCurrentRow(0);
    recordingsTotal_->setText(
        tr("%n recording(s), %1 in all", nullptr, recordings_->count()).arg(formatBytes(total)));
    const QString noOutput = AnswerPlayer::unavailableReason();
    playRecording_->setEnabled(noOutput.isEmpty());
    playRecording_->setToolTip(noOutput);
    recordingBox_->setVisible(!recordings.isEmpty());
}

void MockReportView::playSelected()
{
    if (player_->playing()) {
        player_->stop();
        playRecording_->setText(tr("Play"));
        return;
    }
    const QListWidgetItem* item = recordings_->currentItem();
    if (!item)
        return;
    if (!player_->play(item->data(Qt::UserRole).toString())) {
        QMessageBox::warning(this, tr("Spoken answers"), player_->error());
        return;
    }
    playRecording_->setText(tr("Stop"));
}

void MockReportView::deleteRecordings(bool all)
{
    player_->stop();
    QStringList paths;
    if (all) {
        if (QMessageBox::question(
                this, tr("Spoken answers"),
                tr("Delete the %n recording(s) of this round?", nullptr, recordings_->count()))
            != QMessageBox::Yes)
            return;
        for (int i = 0; i < recordings_->count(); ++i)
            paths << recordings_->item(i)->data(Qt::UserRole).toString();
    } else if (const QListWidgetItem* item = recordings_->currentItem()) {
        paths << item->data(Qt::UserRole).toString();
    }
    for (const QString& p : paths)
        QFile::remove(p);
    if (!paths.isEmpty())
        emit recordingsChanged();
}

void MockReportView::showReport(const deck::MockReport& r, const QString& roundName)
{
    session_ = r.id.value;
    const QPalette& pal = palette();
    verdict_->setText(r.passed ? tr("Passed: %1 / %2").arg(r.total).arg(r.maxScore)
                               : tr("Not passed: %1 / %2").arg(r.total).arg(r.maxScore));
    verdict_->setStyleSheet(r.passed ? QStringLiteral("color: #2e7d32;") : QStringLiteral("color: #c62828;"));
    const int reached = static_cast<int>(
        std::count_if(r.items.begin(), r.items.end(), [](const auto& i) { return i.reached; }));
    detail_->setText(
        tr("%1 · pass line %2 points (%3 % of the maximum) · %4 of %5 questions reached · %6 · time %7")
            .arg(roundName)
            .arg(r.passLine)
            .arg(qRound(r.config.passFraction * 100))
            .arg(reached)
            .arg(static_cast<int>(r.items.size()))
            .arg(mockStatusText(r.status))
            .arg(formatDuration(r.timeMs)));

    // The key points the user ticked after each reveal, and the ones missed most over all rounds.
    QStringList pointLines;
    if (r.pointsMarked > 0) {
        QString line = tr("Key points: %1 of %2 ticked as covered.").arg(r.pointsCovered).arg(r.pointsMarked);
        QStringList missed;
        for (const auto& [position, point] : r.missedPoints)
            missed << tr("Q%1 “%2”").arg(position + 1).arg(QString::fromStdString(point));
        if (!missed.isEmpty())
            line += QLatin1Char(' ') + tr("Missed: %1.").arg(missed.join(tr("; ")));
        pointLines << line;
    }
    if (!r.weakest.empty()) {
        QStringList weak;
        for (const deck::PointRecord& p : r.weakest)
            weak << tr("“%1” (%2): missed in %3 of %4 answers")
                        .arg(QString::fromStdString(p.text), QString::fromStdString(p.question).left(40))
                        .arg(p.missed)
                        .arg(p.marked);
        pointLines << tr("Missed most over all rounds:");
        for (const QString& w : weak)
            pointLines << QStringLiteral("  · ") + w;
    }
    points_->setText(pointLines.join(QLatin1Char('\n')));
    points_->setVisible(!pointLines.isEmpty());

    table_->setRowCount(static_cast<int>(r.items.size()));
    for (int row = 0; row < table_->rowCount(); ++row) {
        const auto& item = r.items[static_cast<std::size_t>(row)];
        table_->setItem(row, 0, cell(QString::number(item.position + 1), Qt::AlignCenter));
        auto* q = cell(QString::fromStdString(item.question));
        q->setToolTip(QString::fromStdString(item.question));
        table_->setItem(row, 1, q);
        table_->setItem(row, 2, cell(topicTitle(item.topic)));
        const QString score = !item.reached ? tr("not reached")
                              : item.score  ? QStringLiteral("%1 / 4").arg(*item.score)
                                            : tr("skipped");
        table_->setItem(row, 3, cell(score, Qt::AlignCenter));
        table_->setItem(row, 4,
                        cell(item.reached ? formatDuration(item.timeMs) : QString(), Qt::AlignCenter));
    }
    table_->resizeColumnToContents(0);
    table_->resizeColumnToContents(2);
    table_->resizeColumnToContents(3);
    table_->resizeColumnToContents(4);

    // Horizontal bars list their categories bottom-up: add the weakest last so it is on top.
    auto* chart = themedChart(pal);
    auto* set = new QBarSet(tr("Score %"));
    set->setColor(pal.color(QPalette::Highlight));
    set->setLabelColor(pal.color(QPalette::Text));
    QStringList topics;
    for (auto it = r.topics.rbegin(); it != r.topics.rend(); ++it) {
        *set << it->fraction() * 100.0;
        topics << QStringLiteral("%1 (%2/%3)")
                      .arg(QString::fromStdString(it->topic))
                      .arg(it->points)
                      .arg(it->maxPoints);
    }
    auto* series = new QHorizontalBarSeries;
    series->append(set);
    series->setLabelsVisible(true);
    series->setLabelsFormat(QStringLiteral("@value %"));
    chart->addSeries(series);
    auto* axisY = new QBarCategoryAxis;
    axisY->append(topics);
    auto* axisX = new QValueAxis;
    axisX->setRange(0, 100);
    axisX->setLabelFormat(QStringLiteral("%d"));
    styleAxis(axisX, pal);
    styleAxis(axisY, pal);
    chart->addAxis(axisY, Qt::AlignLeft);
    chart->addAxis(axisX, Qt::AlignBottom);
    series->attachAxis(axisY);
    series->attachAxis(axisX);
    setChart(chart_, chart);
    chart_->setMinimumHeight(60 + 28 * std::max<int>(1, static_cast<int>(topics.size())));

    review_->clear();
    for (const auto& item : r.items) {
        if (std::find(r.toReview.begin(), r.toReview.end(), item.card) == r.toReview.end())
            continue;
        const QString score = item.score ? QString::number(*item.score) : tr("skipped");
        auto* entry = new QListWidgetItem(
            QStringLiteral("[%1] %2").arg(score, QString::fromStdString(item.question)), review_);
        entry->setData(Qt::UserRole, static_cast<qlonglong>(item.card.value));
        entry->setToolTip(QString::fromStdString(item.uid));
    }
    if (review_->count() == 0)
        new QListWidgetItem(tr("Nothing: every question reached scored 3 or 4."), review_);
}

MockHistoryView::MockHistoryView(QWidget* parent) : QWidget(parent)
{
    table_ = new QTableWidget(0, 4, this);
    table_->setObjectName(QStringLiteral("mockHistoryTable"));
    table_->setHorizontalHeaderLabels({tr("Date"), tr("Round"), tr("Score"), tr("Result")});
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    connect(table_, &QTableWidget::cellActivated, this, [this](int row, int) {
        if (auto* item = table_->item(row, 0))
            emit openSession(item->data(Qt::UserRole).toLongLong());
    });
    chart_ = new QChartView(this);
    chart_->setRenderHint(QPainter::Antialiasing);
    chart_->setMinimumHeight(150);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(new QLabel(tr("Past rounds (double-click for the report):"), this));
    layout->addWidget(table_, 2);
    layout->addWidget(chart_, 1);
}

void MockHistoryView::showHistory(const std::vector<deck::MockHistoryEntry>& history,
                                  const QStringList& roundNames)
{
    table_->setRowCount(static_cast<int>(history.size()));
    auto* line = new QLineSeries;
    auto* dots = new QScatterSeries;
    dots->setMarkerSize(7);
    for (int i = 0; i < static_cast<int>(history.size()); ++i) {
        const std::size_t k = history.size() - 1 - static_cast<std::size_t>(i);  // newest first
        const auto& h = history[k];
        const QString date =
            QDateTime::fromMSecsSinceEpoch(h.startedAtMs).toString(QStringLiteral("yyyy-MM-dd HH:mm"));
        auto* first = cell(date);
        first->setData(Qt::UserRole, static_cast<qlonglong>(h.id.value));
        table_->setItem(i, 0, first);
        table_->setItem(i, 1,
                        cell(static_cast<int>(k) < roundNames.size() ? roundNames[static_cast<int>(k)]
                                                                     : QString::fromStdString(h.preset)));
        table_->setItem(i, 2, cell(QStringLiteral("%1 / %2").arg(h.total).arg(h.maxScore), Qt::AlignCenter));
        const QString result = h.status == deck::MockStatus::Running ? mockStatusText(h.status)
                               : h.passed                            ? tr("passed")
                                                                     : tr("not passed");
        table_->setItem(i, 3, cell(result, Qt::AlignCenter));
    }
    for (int i = 0; i < static_cast<int>(history.size()); ++i) {
        const auto& h = history[static_cast<std::size_t>(i)];
        const double pct = h.maxScore > 0 ? 100.0 * h.total / h.maxScore : 0.0;
        line->append(i + 1, pct);
        dots->append(i + 1, pct);
    }
    table_->resizeColumnToContents(0);
    table_->resizeColumnToContents(2);
    table_->resizeColumnToContents(3);

    const QPalette& pal = palette();
    auto* chart = themedChart(pal);
    chart->setTitle(tr("Score % over time"));
    line->setColor(pal.color(QPalette::Highlight));
    dots->setColor(pal.color(QPalette::Highlight));
    chart->addSeries(line);
    chart->addSeries(dots);
    auto* x = new QValueAxis;
    const double sessions = static_cast<double>(history.size());
    x->setRange(0.5, std::max(1.5, sessions + 0.5));
    x->setLabelFormat(QStringLiteral("%d"));
    x->setTickType(QValueAxis::TicksDynamic);
    x->setTickAnchor(1);
    x->setTickInterval(std::max(1.0, std::ceil(sessions / 10.0)));
    auto* y = new QValueAxis;
    y->setRange(0, 100);
    y->setLabelFormat(QStringLiteral("%d"));
    styleAxis(x, pal);
    styleAxis(y, pal);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (auto* s : {static_cast<QAbstractSeries*>(line), static_cast<QAbstractSeries*>(dots)}) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
    setChart(chart_, chart);
}

}  // namespace app
