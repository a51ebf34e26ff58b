#pragma once
// A calendar heatmap of reviews: one square per study day, weeks as columns (Monday on top), the
// last 53 weeks ending today. Colours come from the palette (Base to Highlight), so it follows
// light and dark themes.

#include <QWidget>

#include <map>

#include "scheduler/types.h"

namespace app {

class ReviewHeatmap : public QWidget {
    Q_OBJECT
public:
    static constexpr int kWeeks = 53;

    explicit ReviewHeatmap(QWidget* parent = nullptr);

    /// Reviews per study day; days not in the map had none.
    void setCounts(std::map<scheduler::Day, int> counts, scheduler::Day today);
    /// First study day the heatmap shows (a Monday), for the caller's query.
    static scheduler::Day firstDay(scheduler::Day today);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    struct Geometry {
        int cell = 0;  ///< Square side, pixels.
        int left = 0;  ///< Width of the weekday labels, pixels.
        int top = 0;   ///< Height of the month labels, pixels.
    };
    Geometry geometry() const;
    /// The study day under a widget position; false outside the grid or after today.
    bool dayAt(const QPoint& pos, scheduler::Day* day) const;

    std::map<scheduler::Day, int> counts_;
    scheduler::Day today_ = 0;
    int max_ = 0;
};

}  // namespace app
