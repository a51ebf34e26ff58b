#pragma once
// Statistics: the review heatmap of the last year with the streak, the due forecast for the next
// 30 days, retention (Good/Easy on mature cards) by topic and the number of cards in each state.
// Figures come from deck/study_stats.h; charts are Qt Charts.

#include <QWidget>

#include "deck/collection.h"

class QChart;
class QChartView;
class QLabel;

namespace app {

class ReviewHeatmap;

class StatsPage : public QWidget {
    Q_OBJECT
public:
    StatsPage(deck::Collection& collection, QWidget* parent = nullptr);
    /// Re-reads every figure from the collection.
    void refresh();

    // For tests: the charts as built by the last refresh().
    QChart* forecastChart() const;
    QChart* retentionChart() const;
    QChart* statesChart() const;
    QLabel* summary() const { return summary_; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void styleChart(QChart* chart) const;

    deck::Collection& collection_;
    QLabel* summary_;
    ReviewHeatmap* heatmap_;
    QChartView* forecast_;
    QChartView* retention_;
    QChartView* states_;
};

}  // namespace app
