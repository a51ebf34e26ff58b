#include "gui/chart_style.h"

#include <QAbstractAxis>
#include <QAbstractBarSeries>
#include <QBarSet>
#include <QChart>
#include <QLegend>

namespace app {

bool paletteIsDark(const QPalette& p)
{
    return p.color(QPalette::Window).lightness() < 128;
}

void styleChart(QChart* chart, const QPalette& p)
{
    chart->setTheme(paletteIsDark(p) ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->setBackgroundBrush(p.color(QPalette::Base));
    chart->setBackgroundRoundness(4);
    chart->setTitleBrush(p.color(QPalette::Text));
    chart->legend()->setLabelColor(p.color(QPalette::Text));
    chart->setMargins(QMargins(4, 4, 4, 4));
    // setTheme() recolours every series: put the palette's colours back on the bars.
    for (QAbstractSeries* series : chart->series())
        if (auto* bars = qobject_cast<QAbstractBarSeries*>(series))
            for (QBarSet* set : bars->barSets()) {
                set->setColor(p.color(QPalette::Highlight));
                set->setBorderColor(p.color(QPalette::Highlight));
                set->setLabelColor(p.color(QPalette::Text));
            }
    for (QAbstractAxis* axis : chart->axes()) {
        axis->setLabelsColor(p.color(QPalette::Text));
        axis->setTitleBrush(p.color(QPalette::Text));
        axis->setGridLineColor(p.color(QPalette::Mid));
        axis->setLinePenColor(p.color(QPalette::Mid));
    }
}

}  // namespace app
