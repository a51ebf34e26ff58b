#include "gui/stats_page.h"
#include "gui/error_text.h"

#include "gui/topic_names.h"

#include "gui/chart_style.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QDate>
#include <QEvent>
#include <QGridLayout>
#include <QHorizontalBarSeries>
#include <QLabel>
#include <QScrollArea>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <map>

#include "common/user_collection.h"
#include "deck/study_stats.h"
#include "gui/card_table_model.h"
#include "gui/review_heatmap.h"

namespace app {

namespace {

/// Replaces the view's chart; QChartView releases the old one without deleting it.
void setChart(QChartView* view, QChart* chart)
{
    QChart* old = view->chart();
    view->setChart(chart);
    delete old;
}

QChartView* makeView(QWidget* parent, int minimumHeight)
{
    auto* view = new QChartView(parent);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumHeight(minimumHeight);
    return view;
}

/// A bar set coloured with the palette's highlight, so bars follow the theme.
QBarSet* barSet(const QString& name, const QPalette& palette)
{
    auto* set = new QBarSet(name);
    set->setColor(palette.color(QPalette::Highlight));
    set->setBorderColor(palette.color(QPalette::Highlight));
    set->setLabelColor(palette.color(QPalette::Text));
    return set;
}

}  // namespace

StatsPage::StatsPage(deck::Collection& collection, QWidget* parent) : QWidget(parent), collection_(collection)
{
    summary_ = new QLabel(this);
    summary_->setObjectName(QStringLiteral("statsSummary"));
    summary_->setWordWrap(true);
    QFont big = summary_->font();
    big.setPointSizeF(big.pointSizeF() * 1.15);
    summary_->setFont(big);
    heatmap_ = new ReviewHeatmap(this);
    forecast_ = makeView(this, 260);
    states_ = makeView(this, 260);
    retention_ = makeView(this, 300);

    auto* content = new QWidget(this);
    auto* grid = new QGridLayout(content);
    grid->addWidget(summary_, 0, 0, 1, 2);
    grid->addWidget(heatmap_, 1, 0, 1, 2);
    grid->addWidget(forecast_, 2, 0);
    grid->addWidget(states_, 2, 1);
    grid->addWidget(retention_, 3, 0, 1, 2);
    grid->setColumnStretch(0, 3);
    grid->setColumnStretch(1, 2);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll);
    refresh();
}

QChart* StatsPage::forecastChart() const
{
    return forecast_->chart();
}
QChart* StatsPage::retentionChart() const
{
    return retention_->chart();
}
QChart* StatsPage::statesChart() const
{
    return states_->chart();
}

void StatsPage::changeEvent(QEvent* event)
{
    // Charts take their colours at build time: rebuild them when the palette changes.
    if (event->type() == QEvent::PaletteChange)
        refresh();
    QWidget::changeEvent(event);
}

void StatsPage::styleChart(QChart* chart) const
{
    app::styleChart(chart, palette());
    chart->legend()->hide();
}

void StatsPage::refresh()
{
    const scheduler::Day today = collection_.today(currentTime());
    const QPalette pal = palette();

    // --- heatmap and summary ---
    std::map<scheduler::Day, int> perDay;
    if (auto days = collection_.reviewsPerDay(ReviewHeatmap::firstDay(today), today))
        for (const deck::DayCount& d : *days)
            perDay[d.day] = d.count;
    heatmap_->setCounts(perDay, today);
    auto streak = collection_.studyStreak(today);
    auto counts = collection_.stateCounts(today);
    if (!streak || !counts) {
        summary_->setText(tr("The statistics could not be read: %1")
                              .arg(errorText((!streak ? streak.error() : counts.error()))));
        return;
    }
    const int todayReviews = perDay.count(today) ? perDay[today] : 0;
    summary_->setText(tr("Streak: %n day(s)", nullptr, *streak) + QStringLiteral("  ·  ")
                      + tr("%n review(s) today", nullptr, todayReviews) + QStringLiteral("  ·  ")
                      + tr("%n card(s) in the collection", nullptr, counts->total));

    // --- due forecast, 30 days ---
    {
        auto* chart = new QChart;
        chart->setTitle(tr("Due in the next 30 days"));
        auto* set = barSet(tr("Reviews due"), pal);
        int most = 0;
        if (auto forecast = collection_.dueForecast(today, 30)) {
            for (std::size_t i = 0; i < forecast->size(); ++i) {
                *set << (*forecast)[i];
                most = std::max(most, (*forecast)[i]);
            }
        }
        auto* series = new QBarSeries;
        series->append(set);
        series->setBarWidth(0.8);
        chart->addSeries(series);
        // Thirty category labels do not fit (Qt elides them even when rotated): a value axis
        // with a tick every 5 days instead; bar i stands at x = i.
        auto* x = new QValueAxis;
        x->setRange(-0.5, 29.5);
        x->setTickType(QValueAxis::TicksDynamic);
        x->setTickAnchor(0);
        x->setTickInterval(5);
        x->setLabelFormat(QStringLiteral("%d"));
        x->setTitleText(tr("days from today (0: today, with overdue cards)"));
        chart->addAxis(x, Qt::AlignBottom);
        series->attachAxis(x);
        auto* y = new QValueAxis;
        y->setRange(0, std::max(4, most + most / 10 + 1));
        y->setLabelFormat(QStringLiteral("%d"));
        y->applyNiceNumbers();
        chart->addAxis(y, Qt::AlignLeft);
        series->attachAxis(y);
        styleChart(chart);
        setChart(forecast_, chart);
    }

    // --- counts by state ---
    {
        auto* chart = new QChart;
        chart->setTitle(tr("Cards by state"));
        auto* set = barSet(tr("Cards"), pal);
        set->setLabelColor(pal.color(QPalette::Text));
        QStringList names;
        const deck::BrowseState order[] = {deck::BrowseState::New,    deck::BrowseState::Learning,
                                           deck::BrowseState::Due,    deck::BrowseState::Young,
                                           deck::BrowseState::Mature, deck::BrowseState::Suspended,
                                           deck::BrowseState::Buried};
        int most = 0;
        // Listed top to bottom: a horizontal bar chart draws its first category at the bottom.
        names << tr("leech");
        *set << counts->leeches;
        for (auto it = std::rbegin(order); it != std::rend(order); ++it) {
            names << stateName(*it);
            *set << (*counts)[*it];
        }
        for (int i = 0; i < set->count(); ++i)
            most = std::max(most, static_cast<int>(set->at(i)));
        auto* series = new QHorizontalBarSeries;
        series->append(set);
        series->setLabelsVisible(true);
        series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
        chart->addSeries(series);
        auto* y = new QBarCategoryAxis;
        y->append(names);
        // QtCharts measures CJK labels too narrow and elides even 新卡 to "…": draw them whole.
        y->setTruncateLabels(false);
        chart->addAxis(y, Qt::AlignLeft);
        series->attachAxis(y);
        auto* x = new QValueAxis;
        x->setRange(0, std::max(4, most + most / 5 + 1));  // room for the value labels
        x->setLabelFormat(QStringLiteral("%d"));
        x->applyNiceNumbers();
        chart->addAxis(x, Qt::AlignBottom);
        series->attachAxis(x);
        styleChart(chart);
        setChart(states_, chart);
    }

    // --- retention by topic ---
    {
        auto* chart = new QChart;
        chart->setTitle(tr("Retention on mature cards (Good or Easy, first answer of the day)"));
        auto* set = barSet(tr("Retention %"), pal);
        QStringList topics;
        auto retention = collection_.retentionByTopic(scheduler::kNever);
        if (retention) {
            // Reverse order so the first topic id is drawn at the top.
            for (auto it = retention->rbegin(); it != retention->rend(); ++it) {
                topics << tr("%1 (%n answer(s))", nullptr, it->answers).arg(topicTitle(it->topic));
                *set << 100.0 * it->rate();
            }
        }
        if (topics.isEmpty())
            chart->setTitle(
                tr("Retention by topic: no answers on mature cards yet (interval of 21 days or more)"));
        auto* series = new QHorizontalBarSeries;
        series->append(set);
        series->setLabelsVisible(true);
        series->setLabelsFormat(QStringLiteral("@value %"));
        series->setLabelsPrecision(3);
        series->setLabelsPosition(QAbstractBarSeries::LabelsInsideEnd);
        chart->addSeries(series);
        auto* y = new QBarCategoryAxis;
        y->append(topics);
        y->setTruncateLabels(false);
        chart->addAxis(y, Qt::AlignLeft);
        series->attachAxis(y);
        auto* x = new QValueAxis;
        x->setRange(0, 100);
        x->setLabelFormat(QStringLiteral("%d %%"));
        chart->addAxis(x, Qt::AlignBottom);
        series->attachAxis(x);
        styleChart(chart);
        set->setLabelColor(pal.color(QPalette::HighlightedText));
        setChart(retention_, chart);
        // Empty, the chart is only its title: no tall frame of bare axes.
        retention_->setMinimumHeight(
            topics.isEmpty() ? 120 : std::max(200, 80 + 26 * static_cast<int>(topics.size())));
        retention_->setMaximumHeight(topics.isEmpty() ? 120 : QWIDGETSIZE_MAX);
    }
}

}  // namespace app
