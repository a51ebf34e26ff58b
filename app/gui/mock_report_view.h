#pragma once
// The end-of-round report of a mock interview (score per question, total, pass/fail, time per
// question, weakest topics as a bar chart, cards to review) and the history of past rounds.

#include <QWidget>

#include "deck/mock_report.h"

class QChartView;
class QLabel;
class QListWidget;
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

signals:
    /// A card of the "to review" list was activated (double-click or Enter).
    void openCard(qint64 cardId);

private:
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
