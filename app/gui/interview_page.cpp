#include "gui/interview_page.h"
#include "gui/error_text.h"

#include "gui/chart_style.h"

#include <QAbstractBarSeries>
#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QCoreApplication>
#include <QDateEdit>
#include <QDateTime>
#include <QEvent>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStackedBarSeries>
#include <QTableWidget>
#include <QTimeZone>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <set>

#include "common/user_collection.h"
#include "deck/browse.h"
#include "deck/interviews.h"
#include "scheduler/interview_plan.h"

namespace app {

namespace {

using scheduler::Day;
using scheduler::kNever;

// lupdate reads the QT_TRANSLATE_NOOP marks at the call sites; this looks the text up.
QString trPage(const char* text)
{
    return QCoreApplication::translate("app::InterviewPage", text);
}

QString interviewName(const deck::Interview& iv)
{
    QStringList parts;
    for (const std::string* s : {&iv.company, &iv.role, &iv.round})
        if (!s->empty())
            parts << QString::fromStdString(*s);
    return parts.join(QLatin1Char(' '));
}

QString percent(double fraction)
{
    return trPage(QT_TRANSLATE_NOOP("app::InterviewPage", "%1 %"))
        .arg(QString::number(fraction * 100.0, 'f', 0));
}

QTableWidgetItem* cell(const QString& text, bool number)
{
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    if (number)
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

/// Sizes a table to its rows: at least `fewest` rows tall, scrolling beyond `most`.
void fitRows(QTableWidget* table, int fewest, int most)
{
    const int rowHeight = table->verticalHeader()->defaultSectionSize();
    const int rows = std::clamp(table->rowCount(), fewest, most);
    const int header = table->horizontalHeader()->sizeHint().height();
    table->setFixedHeight(header + rows * rowHeight + 2 * table->frameWidth() + 2);
}

QString trimmed(const QComboBox* box)
{
    return box->currentText().trimmed();
}

}  // namespace

QString nextInterviewLine(deck::Collection& collection)
{
    auto figures = deck::interviewOverview(collection, currentTime());
    if (!figures)
        return {};
    for (const deck::InterviewFigures& f : figures->rows) {
        if (f.daysLeft < 0)
            continue;
        const QString name = interviewName(f.interview);
        if (f.daysLeft == 0)
            return trPage(QT_TRANSLATE_NOOP("app::InterviewPage", "Interview today: %1")).arg(name);
        // Two whole sentences rather than %n: no English numerus translation ships.
        if (f.daysLeft == 1)
            return trPage(QT_TRANSLATE_NOOP(
                              "app::InterviewPage",
                              "Next interview: %1 tomorrow · %2 cards a day · predicted recall %3"))
                .arg(name)
                .arg(f.perDay)
                .arg(percent(f.recall));
        return trPage(
                   QT_TRANSLATE_NOOP("app::InterviewPage",
                                     "Next interview: %1 in %2 days · %3 cards a day · predicted recall %4"))
            .arg(name)
            .arg(f.daysLeft)
            .arg(f.perDay)
            .arg(percent(f.recall));
    }
    return {};
}

InterviewPage::InterviewPage(deck::Collection& collection, QWidget* parent)
    : QWidget(parent), collection_(collection)
{
    auto* title = new QLabel(tr("Interviews"), this);
    QFont big = title->font();
    big.setPointSizeF(big.pointSizeF() * 1.4);
    big.setBold(true);
    title->setFont(big);

    // --- adding an interview ---
    company_ = new QComboBox(this);
    company_->setObjectName(QStringLiteral("interviewCompany"));
    company_->setEditable(true);
    company_->setInsertPolicy(QComboBox::NoInsert);
    company_->lineEdit()->setPlaceholderText(tr("e.g. ByteDance"));
    company_->setMinimumContentsLength(14);
    role_ = new QComboBox(this);
    role_->setObjectName(QStringLiteral("interviewRole"));
    role_->setEditable(true);
    role_->setInsertPolicy(QComboBox::NoInsert);
    role_->lineEdit()->setPlaceholderText(tr("any role"));
    role_->setMinimumContentsLength(10);
    round_ = new QComboBox(this);
    round_->setObjectName(QStringLiteral("interviewRound"));
    round_->setEditable(true);
    round_->setInsertPolicy(QComboBox::NoInsert);
    round_->lineEdit()->setPlaceholderText(tr("e.g. 二面"));
    round_->setMinimumContentsLength(8);
    date_ = new QDateEdit(this);
    date_->setObjectName(QStringLiteral("interviewDate"));
    date_->setCalendarPopup(true);
    date_->setDisplayFormat(QStringLiteral("yyyy-MM-dd ddd"));
    date_->setMinimumDate(QDate::currentDate());
    date_->setDate(QDate::currentDate().addDays(14));
    add_ = new QPushButton(tr("Add interview"), this);
    add_->setObjectName(QStringLiteral("addInterview"));
    connect(add_, &QPushButton::clicked, this, &InterviewPage::addClicked);
    connect(company_, &QComboBox::currentTextChanged, this, &InterviewPage::companyChanged);

    auto* addBox = new QGroupBox(tr("Add an interview"), this);
    auto* form = new QGridLayout(addBox);
    form->addWidget(new QLabel(tr("Company"), addBox), 0, 0);
    form->addWidget(new QLabel(tr("Role"), addBox), 0, 1);
    form->addWidget(new QLabel(tr("Round"), addBox), 0, 2);
    form->addWidget(new QLabel(tr("Date"), addBox), 0, 3);
    form->addWidget(company_, 1, 0);
    form->addWidget(role_, 1, 1);
    form->addWidget(round_, 1, 2);
    form->addWidget(date_, 1, 3);
    form->addWidget(add_, 1, 4);
    form->setColumnStretch(0, 3);
    form->setColumnStretch(1, 2);
    form->setColumnStretch(2, 1);
    status_ = new QLabel(addBox);
    status_->setObjectName(QStringLiteral("interviewStatus"));
    status_->setWordWrap(true);
    form->addWidget(status_, 2, 0, 1, 5);

    // --- the list ---
    table_ = new QTableWidget(0, ColumnCount, this);
    table_->setObjectName(QStringLiteral("interviewTable"));
    // Short headers so the table fits a narrow window; the tooltips say what each one counts.
    table_->setHorizontalHeaderLabels({tr("Company"), tr("Role"), tr("Round"), tr("Date"), tr("Days left"),
                                       tr("Cards"), tr("Covered"), tr("Per day"), tr("Recall, plan"),
                                       tr("Recall, no plan")});
    table_->horizontalHeaderItem(ColRelevant)
        ->setToolTip(tr("Relevant cards: sighted at this company (and role), their topics and the "
                        "topics directly before them"));
    table_->horizontalHeaderItem(ColRecallPlan)
        ->setToolTip(tr("Mean predicted recall of the relevant cards on the day, if the plan is followed"));
    table_->horizontalHeaderItem(ColRecallNoPlan)
        ->setToolTip(tr("Mean predicted recall on the day with no review before it"));
    table_->horizontalHeaderItem(ColCovered)
        ->setToolTip(tr("Relevant cards answered since the interview was added"));
    table_->horizontalHeaderItem(ColPerDay)->setToolTip(
        tr("Planned reviews of this interview's cards a day until the date"));
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->verticalHeader()->hide();
    // Every column as wide as its contents (stretched names elide first in a narrow window).
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    remove_ = new QPushButton(tr("Remove selected"), this);
    remove_->setObjectName(QStringLiteral("removeInterview"));
    connect(remove_, &QPushButton::clicked, this, &InterviewPage::removeClicked);
    drill_ = new QPushButton(tr("Weak-spot drill"), this);
    drill_->setObjectName(QStringLiteral("weakSpotDrill"));
    drill_->setToolTip(tr("Drill the selected interview's cards you are most likely to forget by its day, "
                          "and those you scored 2 or less in a mock interview. The answers are logged "
                          "but do not change when cards are due."));
    connect(drill_, &QPushButton::clicked, this, &InterviewPage::drillClicked);
    connect(table_, &QTableWidget::itemSelectionChanged, this, [this] {
        remove_->setEnabled(!table_->selectedItems().isEmpty());
        drill_->setEnabled(!table_->selectedItems().isEmpty());
    });

    summary_ = new QLabel(this);
    summary_->setObjectName(QStringLiteral("planSummary"));
    summary_->setWordWrap(true);
    warning_ = new QLabel(this);
    warning_->setObjectName(QStringLiteral("planWarning"));
    warning_->setWordWrap(true);
    warning_->setStyleSheet(QStringLiteral("QLabel { color: #c62828; font-weight: bold; }"));
    warning_->hide();

    chart_ = new QChartView(this);
    chart_->setObjectName(QStringLiteral("planChart"));
    chart_->setRenderHint(QPainter::Antialiasing);
    chart_->setMinimumHeight(260);

    // --- scheduler comparison ---
    auto* compareBox = new QGroupBox(tr("Compare schedulers for the selected interview"), this);
    simBudget_ = new QSpinBox(compareBox);
    simBudget_->setObjectName(QStringLiteral("simulationBudget"));
    simBudget_->setRange(1, 1000);
    simBudget_->setValue(deck::InterviewLimits{}.dailyBudget);
    simBudget_->setSuffix(tr(" reviews a day"));
    compare_ = new QPushButton(tr("Compare schedulers"), compareBox);
    compare_->setObjectName(QStringLiteral("compareSchedulers"));
    connect(compare_, &QPushButton::clicked, this, &InterviewPage::compareClicked);
    compareNote_ = new QLabel(compareBox);
    compareNote_->setObjectName(QStringLiteral("comparisonNote"));
    compareNote_->setWordWrap(true);
    compareNote_->setText(tr("Simulates every day until the interview with a learner whose memory "
                             "follows the FSRS curve; each day the scheduler picks at most the "
                             "given number of this interview's cards."));
    comparison_ = new QTableWidget(0, 5, compareBox);
    comparison_->setObjectName(QStringLiteral("comparisonTable"));
    comparison_->setHorizontalHeaderLabels(
        {tr("Scheduler"), tr("Coverage"), tr("Recall on the day"), tr("Reviews"), tr("Forgotten")});
    comparison_->verticalHeader()->hide();
    comparison_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    comparison_->setSelectionMode(QAbstractItemView::NoSelection);
    comparison_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    comparison_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    comparison_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    comparison_->hide();
    auto* compareLayout = new QGridLayout(compareBox);
    compareLayout->addWidget(simBudget_, 0, 0);
    compareLayout->addWidget(compare_, 0, 1);
    compareLayout->setColumnStretch(2, 1);
    compareLayout->addWidget(compareNote_, 1, 0, 1, 3);
    compareLayout->addWidget(comparison_, 2, 0, 1, 3);

    auto* content = new QWidget(this);
    auto* column = new QVBoxLayout(content);
    column->setContentsMargins(24, 20, 24, 20);
    column->addWidget(title);
    column->addWidget(addBox);
    column->addWidget(table_);
    auto* below = new QHBoxLayout;
    below->addWidget(summary_, 1);
    below->addWidget(drill_, 0, Qt::AlignTop);
    below->addWidget(remove_, 0, Qt::AlignTop);
    column->addLayout(below);
    column->addWidget(warning_);
    column->addWidget(chart_);
    column->addWidget(compareBox);
    column->addStretch(1);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll);

    refresh();
}

QChart* InterviewPage::loadChart() const
{
    return chart_->chart();
}

void InterviewPage::changeEvent(QEvent* event)
{
    // The chart takes its colours when it is built: rebuild it when the palette changes.
    if (event->type() == QEvent::PaletteChange)
        refresh();
    QWidget::changeEvent(event);
}

void InterviewPage::showError(const QString& what, const QString& detail)
{
    status_->setText(what + QStringLiteral(": ") + detail);
}

void InterviewPage::prefill(const QString& company, const QString& round)
{
    company_->setEditText(company);
    companyChanged();
    round_->setEditText(round);
    date_->setFocus();
}

void InterviewPage::fillCompanies()
{
    auto tree = collection_.companyTree();
    const QString typed = company_->currentText();
    const QSignalBlocker block(company_);
    company_->clear();
    if (tree)
        for (const deck::CompanyNode& c : *tree)
            company_->addItem(QString::fromStdString(c.company));
    company_->setEditText(typed);
}

void InterviewPage::companyChanged()
{
    // Offer the rounds and roles reported for this company; free text stays allowed.
    const std::string company = trimmed(company_).toStdString();
    const QString role = role_->currentText(), round = round_->currentText();
    role_->clear();
    round_->clear();
    auto tree = collection_.companyTree();
    if (tree) {
        for (const deck::CompanyNode& c : *tree) {
            if (QString::fromStdString(c.company).compare(QString::fromStdString(company),
                                                          Qt::CaseInsensitive)
                != 0)
                continue;
            QStringList roles;
            for (const deck::RoundNode& r : c.rounds) {
                round_->addItem(QString::fromStdString(r.round));
                for (const deck::RoleNode& node : r.roles)
                    if (!node.role.empty() && !roles.contains(QString::fromStdString(node.role)))
                        roles << QString::fromStdString(node.role);
            }
            role_->addItems(roles);
        }
    }
    role_->setEditText(role);
    round_->setEditText(round);
}

void InterviewPage::addClicked()
{
    deck::Interview iv;
    iv.company = trimmed(company_).toStdString();
    iv.role = trimmed(role_).toStdString();
    iv.round = trimmed(round_).toStdString();
    if (iv.company.empty()) {
        status_->setText(tr("Enter the company first."));
        return;
    }
    iv.day = studyDayOfDate(collection_, date_->date());
    auto id = deck::addInterview(collection_, iv, currentTime());
    if (!id) {
        showError(tr("The interview could not be added"), errorText(id.error()));
        return;
    }
    auto relevant = deck::relevantCards(collection_, iv, deck::InterviewLimits{}.relevance);
    if (relevant && relevant->sighted.empty())
        status_->setText(tr("Added. No card has a sighting at %1 with this role yet, so the plan "
                            "has nothing to review for it; check the spelling, or leave the role "
                            "empty.")
                             .arg(interviewName(iv)));
    else
        status_->setText(tr("Added %1 on %2.")
                             .arg(interviewName(iv), QLocale().toString(date_->date(), QLocale::LongFormat)));
    refresh();
    for (int r = 0; r < table_->rowCount(); ++r)
        if (table_->item(r, 0)->data(Qt::UserRole).toLongLong() == *id)
            table_->selectRow(r);
}

void InterviewPage::removeClicked()
{
    const auto rows = table_->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return;
    const std::int64_t id = table_->item(rows.first().row(), 0)->data(Qt::UserRole).toLongLong();
    if (auto s = deck::removeInterview(collection_, id); !s) {
        showError(tr("The interview could not be removed"), errorText(s.error()));
        return;
    }
    status_->setText(tr("Interview removed."));
    comparison_->hide();
    refresh();
}

void InterviewPage::drillClicked()
{
    const auto rows = table_->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return;
    const std::int64_t id = table_->item(rows.first().row(), 0)->data(Qt::UserRole).toLongLong();
    auto interviews = deck::listInterviews(collection_);
    if (!interviews) {
        showError(tr("The interviews could not be read"), errorText(interviews.error()));
        return;
    }
    const auto it = std::find_if(interviews->begin(), interviews->end(),
                                 [id](const deck::Interview& iv) { return iv.id == id; });
    if (it == interviews->end())
        return;
    constexpr int kDrillCards = 20;
    auto weak = deck::weakSpots(collection_, *it, currentTime(), kDrillCards);
    if (!weak) {
        showError(tr("The weak spots could not be found"), errorText(weak.error()));
        return;
    }
    if (weak->empty()) {
        status_->setText(tr("No weak spots for %1: every answered card is predicted above 90 % on the day, "
                            "and no mock answer scored 2 or less.")
                             .arg(interviewName(*it)));
        return;
    }
    std::vector<deck::CardId> cards;
    for (const deck::WeakSpot& w : *weak)
        cards.push_back(w.card);
    emit drillRequested(cards, interviewName(*it));
}

void InterviewPage::refresh()
{
    fillCompanies();
    date_->setMinimumDate(QDate::currentDate());
    const std::int64_t selected =
        table_->selectionModel()->selectedRows().isEmpty()
            ? 0
            : table_->item(table_->selectionModel()->selectedRows().first().row(), 0)
                  ->data(Qt::UserRole)
                  .toLongLong();

    auto figures = deck::interviewOverview(collection_, currentTime());
    if (!figures) {
        summary_->setText(tr("The interviews could not be read: %1").arg(errorText(figures.error())));
        return;
    }

    // --- table ---
    table_->setRowCount(0);
    for (const deck::InterviewFigures& f : figures->rows) {
        const int r = table_->rowCount();
        table_->insertRow(r);
        const deck::Interview& iv = f.interview;
        auto* first = cell(QString::fromStdString(iv.company), false);
        first->setData(Qt::UserRole, QVariant::fromValue<qlonglong>(iv.id));
        table_->setItem(r, ColCompany, first);
        table_->setItem(r, ColRole,
                        cell(iv.role.empty() ? tr("any") : QString::fromStdString(iv.role), false));
        table_->setItem(r, ColRound, cell(QString::fromStdString(iv.round), false));
        table_->setItem(
            r, ColDate,
            cell(QLocale().toString(dateOfStudyDay(collection_, iv.day), QStringLiteral("yyyy-MM-dd ddd")),
                 false));
        QString left = f.daysLeft > 0    ? QString::number(f.daysLeft)
                       : f.daysLeft == 0 ? tr("today")
                                         : tr("passed");
        table_->setItem(r, ColDaysLeft, cell(left, true));
        table_->setItem(r, ColRelevant, cell(QString::number(f.relevant), true));
        table_->setItem(r, ColCovered, cell(QString::number(f.covered), true));
        const QString dash = QStringLiteral("—");
        table_->setItem(r, ColPerDay, cell(f.ahead ? QString::number(f.perDay) : dash, true));
        table_->setItem(r, ColRecallPlan, cell(f.ahead ? percent(f.recall) : dash, true));
        table_->setItem(r, ColRecallNoPlan, cell(f.ahead ? percent(f.recallNoPlan) : dash, true));
        if (iv.id == selected)
            table_->selectRow(r);
    }
    remove_->setEnabled(!table_->selectedItems().isEmpty());
    drill_->setEnabled(!table_->selectedItems().isEmpty());
    fitRows(table_, 3, 8);

    // --- summary and warning ---
    const scheduler::InterviewPlan& plan = figures->plan;
    const bool anyAhead = std::any_of(figures->rows.begin(), figures->rows.end(),
                                      [](const deck::InterviewFigures& f) { return f.ahead; });
    compare_->setEnabled(anyAhead);
    if (!anyAhead) {
        summary_->setText(figures->rows.empty() ? tr("No interview yet: add one above.")
                                                : tr("No interview ahead: add one above."));
    } else {
        const scheduler::PlanDay* today = plan.dayOf(figures->today);
        summary_->setText(tr("The plan for every interview ahead: %1 cards a day (daily budget %2), "
                             "%3 of them today. They join the daily review queue.")
                              .arg(plan.levelPerDay)
                              .arg(plan.dailyBudget)
                              .arg(today ? today->load() : 0));
    }
    if (!plan.feasible) {
        warning_->setText(tr("Not enough time: at %1 cards a day, %2 of the %3 relevant cards cannot "
                             "be reviewed before their interview. At least %4 cards a day are needed.")
                              .arg(plan.dailyBudget)
                              .arg(plan.unscheduled.size())
                              .arg(figures->planCards)
                              .arg(plan.neededPerDay));
        warning_->show();
    } else {
        warning_->hide();
    }

    // --- load per day ---
    const QPalette pal = palette();
    auto* chart = new QChart;
    chart->setTheme(paletteIsDark(pal) ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->setBackgroundBrush(pal.color(QPalette::Base));
    chart->setTitleBrush(pal.color(QPalette::Text));
    chart->setMargins(QMargins(4, 4, 4, 4));
    if (plan.days.empty()) {
        chart->setTitle(tr("Planned reviews per day: no interview ahead"));
        chart->legend()->hide();
    } else {
        QStringList dates;
        for (const deck::InterviewFigures& f : figures->rows)
            if (f.ahead)
                dates
                    << tr("%1 on %2")
                           .arg(QString::fromStdString(f.interview.company),
                                dateOfStudyDay(collection_, f.interview.day).toString(QStringLiteral("M/d")));
        chart->setTitle(tr("Planned reviews per day · interviews: %1").arg(dates.join(QStringLiteral(", "))));
        const QColor main = pal.color(QPalette::Highlight);
        const QColor extra = paletteIsDark(pal) ? main.darker(170) : main.lighter(170);
        auto* required = new QBarSet(tr("First review before the date"));
        auto* revisits = new QBarSet(tr("Revisit of a weak card"));
        required->setColor(main);
        required->setBorderColor(main);
        revisits->setColor(extra);
        revisits->setBorderColor(main);
        int most = 0;
        for (const scheduler::PlanDay& d : plan.days) {
            *required << static_cast<int>(d.required.size());
            *revisits << static_cast<int>(d.revisits.size());
            most = std::max(most, d.load());
        }
        auto* series = new QStackedBarSeries;
        series->append(required);
        series->append(revisits);
        series->setBarWidth(0.8);
        chart->addSeries(series);
        const int n = static_cast<int>(plan.days.size());
        if (n <= 21) {
            // Few days: each bar is labelled with its date.
            QStringList labels;
            for (const scheduler::PlanDay& d : plan.days)
                labels << dateOfStudyDay(collection_, d.day).toString(QStringLiteral("M/d"));
            auto* x = new QBarCategoryAxis;
            x->append(labels);
            chart->addAxis(x, Qt::AlignBottom);
            series->attachAxis(x);
        } else {
            // Too many category labels are elided: days from today on a value axis instead.
            auto* x = new QValueAxis;
            x->setRange(-0.5, n - 0.5);
            x->setTickType(QValueAxis::TicksDynamic);
            x->setTickAnchor(0);
            x->setTickInterval(n <= 70 ? 7 : 30);
            x->setLabelFormat(QStringLiteral("%d"));
            x->setTitleText(tr("days from today"));
            chart->addAxis(x, Qt::AlignBottom);
            series->attachAxis(x);
        }
        auto* y = new QValueAxis;
        y->setRange(0, std::max(4, most + most / 10 + 1));
        y->setLabelFormat(QStringLiteral("%d"));
        y->applyNiceNumbers();
        y->setTitleText(tr("cards"));
        chart->addAxis(y, Qt::AlignLeft);
        series->attachAxis(y);
        chart->legend()->setAlignment(Qt::AlignBottom);
        chart->legend()->setLabelColor(pal.color(QPalette::Text));
        for (QAbstractAxis* axis : chart->axes()) {
            axis->setLabelsColor(pal.color(QPalette::Text));
            axis->setTitleBrush(pal.color(QPalette::Text));
            axis->setGridLineColor(pal.color(QPalette::Mid));
            axis->setLinePenColor(pal.color(QPalette::Mid));
        }
    }
    QChart* old = chart_->chart();
    chart_->setChart(chart);
    delete old;
}

void InterviewPage::compareClicked()
{
    const deck::Now now = currentTime();
    const Day today = collection_.today(now);
    auto interviews = deck::listInterviews(collection_);
    if (!interviews) {
        showError(tr("The interviews could not be read"), errorText(interviews.error()));
        return;
    }
    // The selected interview, or else the soonest one ahead.
    std::optional<deck::Interview> target;
    const auto rows = table_->selectionModel()->selectedRows();
    const std::int64_t selected =
        rows.isEmpty() ? 0 : table_->item(rows.first().row(), 0)->data(Qt::UserRole).toLongLong();
    for (const deck::Interview& iv : *interviews)
        if (iv.day > today && (selected == 0 ? !target : iv.id == selected))
            target = iv;
    if (!target) {
        compareNote_->setText(tr("Select an interview that is still ahead."));
        comparison_->hide();
        return;
    }

    auto request = deck::simulationRequest(collection_, *target, now, simBudget_->value());
    auto config = collection_.config();
    if (!request || !config) {
        showError(tr("The comparison could not be computed"),
                  !request ? errorText(request.error()) : errorText(config.error()));
        return;
    }

    QApplication::setOverrideCursor(Qt::WaitCursor);
    const scheduler::SimulatedPolicy policies[] = {scheduler::SimulatedPolicy::Sm2,
                                                   scheduler::SimulatedPolicy::Fsrs,
                                                   scheduler::SimulatedPolicy::FsrsWithPlan};
    const QString names[] = {tr("SM-2"), tr("FSRS-6"), tr("FSRS-6 with the interview plan")};
    comparison_->setRowCount(0);
    for (int i = 0; i < 3; ++i) {
        const scheduler::SimulationResult r = scheduler::simulateUntilInterview(*request, policies[i]);
        comparison_->insertRow(i);
        comparison_->setItem(i, 0, cell(names[i], false));
        comparison_->setItem(
            i, 1,
            cell(tr("%1 (%2 of %3 cards)").arg(percent(r.coverage)).arg(r.covered).arg(request->cards.size()),
                 true));
        comparison_->setItem(i, 2, cell(percent(r.recallOnDay), true));
        comparison_->setItem(i, 3, cell(QString::number(r.reviews), true));
        comparison_->setItem(i, 4, cell(QString::number(r.lapses), true));
    }
    QApplication::restoreOverrideCursor();
    compareNote_->setText(
        tr("%1 on %2: %3 relevant cards, %4 study days, at most %5 reviews a day, "
           "desired retention %6 % for FSRS. Simulated learner (seed 1).")
            .arg(interviewName(*target),
                 QLocale().toString(dateOfStudyDay(collection_, target->day), QStringLiteral("yyyy-MM-dd")))
            .arg(request->cards.size())
            .arg(target->day - today)
            .arg(request->dailyBudget)
            .arg(config->desiredRetentionPercent));
    fitRows(comparison_, 3, 3);
    comparison_->show();
}

}  // namespace app
