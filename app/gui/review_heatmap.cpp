#include "gui/review_heatmap.h"

#include <QDate>
#include <QHelpEvent>
#include <QLocale>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace app {

namespace {

constexpr int kGap = 2;  // pixels between squares

/// Study days count from 1970-01-01, a Thursday: day 0 has ISO weekday 4 (Monday = 1).
int weekdayIndex(scheduler::Day day)
{
    return static_cast<int>(((day + 3) % 7 + 7) % 7);  // 0 = Monday
}

QDate dateOf(scheduler::Day day)
{
    return QDate(1970, 1, 1).addDays(day);
}

QColor mix(const QColor& a, const QColor& b, double t)
{
    return QColor::fromRgbF(static_cast<float>(a.redF() + (b.redF() - a.redF()) * t),
                            static_cast<float>(a.greenF() + (b.greenF() - a.greenF()) * t),
                            static_cast<float>(a.blueF() + (b.blueF() - a.blueF()) * t));
}

}  // namespace

ReviewHeatmap::ReviewHeatmap(QWidget* parent) : QWidget(parent)
{
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

scheduler::Day ReviewHeatmap::firstDay(scheduler::Day today)
{
    return today - weekdayIndex(today) - (kWeeks - 1) * 7;
}

void ReviewHeatmap::setCounts(std::map<scheduler::Day, int> counts, scheduler::Day today)
{
    counts_ = std::move(counts);
    today_ = today;
    max_ = 0;
    for (const auto& [day, n] : counts_)
        max_ = std::max(max_, n);
    update();
}

ReviewHeatmap::Geometry ReviewHeatmap::geometry() const
{
    const QFontMetrics fm(font());
    Geometry g;
    g.left = fm.horizontalAdvance(QLocale().dayName(1, QLocale::ShortFormat)) + 8;
    g.top = fm.height() + 4;
    const int byWidth = (width() - g.left) / kWeeks - kGap;
    g.cell = std::clamp(byWidth, 6, 18);
    return g;
}

QSize ReviewHeatmap::sizeHint() const
{
    const QFontMetrics fm(font());
    const int left = fm.horizontalAdvance(QLocale().dayName(1, QLocale::ShortFormat)) + 8;
    return {left + kWeeks * (14 + kGap), fm.height() + 4 + 7 * (14 + kGap) + fm.height() + 8};
}

QSize ReviewHeatmap::minimumSizeHint() const
{
    const QFontMetrics fm(font());
    return {kWeeks * (6 + kGap) + 40, fm.height() + 4 + 7 * (18 + kGap) + fm.height() + 8};
}

void ReviewHeatmap::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const Geometry g = geometry();
    const QColor empty = mix(palette().color(QPalette::Base), palette().color(QPalette::Text), 0.08);
    const QColor full = palette().color(QPalette::Highlight);
    const scheduler::Day first = firstDay(today_);
    const int step = g.cell + kGap;

    p.setPen(palette().color(QPalette::Text));
    // Weekday labels on Monday, Wednesday and Friday rows.
    for (int row : {0, 2, 4})
        p.drawText(QRect(0, g.top + row * step, g.left - 4, g.cell), Qt::AlignRight | Qt::AlignVCenter,
                   QLocale().dayName(row + 1, QLocale::ShortFormat));
    int lastMonthLabel = -100;
    for (int week = 0; week < kWeeks; ++week) {
        const scheduler::Day monday = first + week * 7;
        const QDate date = dateOf(monday);
        // A month label above the first week that starts in that month, if there is room.
        if (date.day() <= 7 && week - lastMonthLabel >= 4) {
            p.drawText(QPoint(g.left + week * step, g.top - 4),
                       QLocale().monthName(date.month(), QLocale::ShortFormat));
            lastMonthLabel = week;
        }
        for (int row = 0; row < 7; ++row) {
            const scheduler::Day day = monday + row;
            if (day > today_)
                break;
            const auto it = counts_.find(day);
            const int n = it == counts_.end() ? 0 : it->second;
            // Square root scale: a day of 20 reviews stands out from one of 5 without a day of
            // 300 washing every other day out.
            const double t = n == 0 || max_ == 0 ? 0.0 : 0.25 + 0.75 * std::sqrt(double(n) / max_);
            p.fillRect(QRect(g.left + week * step, g.top + row * step, g.cell, g.cell),
                       n == 0 ? empty : mix(empty, full, t));
        }
    }
    // A legend line under the grid.
    int total = 0, days = 0;
    for (const auto& [day, n] : counts_)
        if (day >= first) {
            total += n;
            ++days;
        }
    p.drawText(QRect(g.left, g.top + 7 * step + 2, width() - g.left, fontMetrics().height() + 4),
               Qt::AlignLeft | Qt::AlignVCenter,
               tr("%n review(s) on %1 day(s) in the last year", nullptr, total).arg(days));
}

bool ReviewHeatmap::dayAt(const QPoint& pos, scheduler::Day* day) const
{
    const Geometry g = geometry();
    const int step = g.cell + kGap;
    if (pos.x() < g.left || pos.y() < g.top)
        return false;
    const int week = (pos.x() - g.left) / step;
    const int row = (pos.y() - g.top) / step;
    if (week >= kWeeks || row >= 7)
        return false;
    *day = firstDay(today_) + week * 7 + row;
    return *day <= today_;
}

bool ReviewHeatmap::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        scheduler::Day day = 0;
        if (dayAt(help->pos(), &day)) {
            const auto it = counts_.find(day);
            const int n = it == counts_.end() ? 0 : it->second;
            QToolTip::showText(help->globalPos(),
                               tr("%1: %n review(s)", nullptr, n)
                                   .arg(QLocale().toString(dateOf(day), QLocale::ShortFormat)));
        } else {
            QToolTip::hideText();
        }
        return true;
    }
    return QWidget::event(event);
}

}  // namespace app
