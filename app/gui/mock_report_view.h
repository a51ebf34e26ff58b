#pragma once
// The end-of-round report of a mock interview (score per question, total, pass/fail, time per
// question, weakest topics as a bar chart, cards to review) and the history of past rounds.

#include <QWidget>

#include "deck/mock_report.h"

class QChartView;
class QLabel;
class QGroupBox;
class QListWidget;
class QPushButton;
class QTableWidget;

namespace app {

class MockReportView : public QWidget {
    Q_OBJECT
public:
    explicit MockReportView(QWidget* parent = nullptr);
    void showReport(const deck::MockReport& report, const QString& roundName);
    QLabel* verdict() const { return verdict_; }
    QTableWidget* table() const { return table_; }
    QListWidget* toReview() const { return review_; }
    QLabel* pointsSummary() const { return points_; }
    /// The spoken answers of the round shown, as (position, WAV file), with play and delete.
    void showRecordings(const QList<QPair<int, QString>>& recordings);
    QListWidget* recordingList() const { return recordings_; }
    QLabel* recordingsSummary() const { return recordingsTotal_; }
    QPushButton* playRecordingButton() const { return playRecording_; }
    QPushButton* deleteRecordingButton() const { return deleteRecording_; }
    /// The session of the report shown; -1 before one is shown.
    qint64 sessionId() const { return session_; }

signals:
    /// A card of the "to review" list was activated (double-click or Enter).
    void openCard(qint64 cardId);
    /// A recording was deleted.
    void recordingsChanged();

private:
    void playSelected();
    void deleteRecordings(bool all);
    qint64 session_ = -1;
    QGroupBox* recordingBox_;
    QListWidget* recordings_;
    QLabel* recordingsTotal_;
    QPushButton* playRecording_;
    QPushButton* deleteRecording_;
    QPushButton* deleteAllRecordings_;
    class AnswerPlayer* player_;
    QLabel* verdict_;
    QLabel* detail_;
    QLabel* points_;  ///< Key points ticked this round, and the ones missed most over all rounds.
    QTableWidget* table_;
    QChartView* chart_;
    QListWidget* review_;
};

/// Past rounds, newest first, with their scores; activating one asks for its report.
class MockHistoryView : public QWidget {
    Q_OBJECT
public:
    explicit MockHistoryView(QWidget* parent = nullptr);
    /// `roundNames`: one display name per entry, in the order of `history` (oldest first).
    void showHistory(const std::vector<deck::MockHistoryEntry>& history, const QStringList& roundNames);
    QTableWidget* table() const { return table_; }

signals:
    void openSession(qint64 sessionId);

private:
    QTableWidget* table_;
    QChartView* chart_;
};

/// "4:05", "1:02:03" for a duration in milliseconds.
QString formatDuration(std::int64_t ms);
/// The status of a round in words ("finished", "ended early" ...).
QString mockStatusText(deck::MockStatus status);

}  // namespace app
