#include "gui/company_asks_dialog.h"

#include <QComboBox>
#include <QDate>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include "common/user_collection.h"
#include "deck/company_asks.h"
#include "deck/interviews.h"
#include "gui/error_text.h"
#include "gui/interview_page.h"

namespace app {

namespace {
constexpr int kCardRole = Qt::UserRole + 1;
}

CompanyAsksDialog::CompanyAsksDialog(deck::Collection& collection, const QString& company,
                                     const QString& round, const QStringList& rounds,
                                     const std::vector<std::string>& directions, QWidget* parent)
    : QDialog(parent), collection_(collection), company_(company), directions_(directions)
{
    setWindowTitle(tr("What %1 asks most").arg(company));
    setObjectName(QStringLiteral("companyAsksDialog"));
    round_ = new QComboBox(this);
    round_->setObjectName(QStringLiteral("companyAsksRound"));
    round_->addItem(tr("Every round"), QString());
    for (const QString& r : rounds)
        round_->addItem(r, r);
    if (const int i = round_->findData(round); i >= 0)
        round_->setCurrentIndex(i);
    summary_ = new QLabel(this);
    summary_->setObjectName(QStringLiteral("companyAsksSummary"));
    summary_->setWordWrap(true);
    table_ = new QTableWidget(0, ColumnCount, this);
    table_->setObjectName(QStringLiteral("companyAsksTable"));
    table_->setHorizontalHeaderLabels(
        {tr("#"), tr("Question"), tr("Reports"), tr("Latest report"), tr("Predicted recall")});
    table_->horizontalHeaderItem(ColReports)
        ->setToolTip(
            tr("Distinct reports of this company that asked the card; a report a year old counts half"));
    table_->horizontalHeaderItem(ColLatest)->setToolTip(
        tr("The newest report's date; \"posted\" when the report gives only the day it was posted or "
           "published"));
    table_->verticalHeader()->hide();
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setWordWrap(false);
    table_->horizontalHeader()->setSectionResizeMode(ColQuestion, QHeaderView::Stretch);
    for (int c : {ColRank, ColReports, ColLatest, ColRecall})
        table_->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    top_ = new QSpinBox(this);
    top_->setObjectName(QStringLiteral("companyAsksTop"));
    top_->setRange(1, 100);
    top_->setValue(10);
    top_->setPrefix(tr("Top "));
    mock_ = new QPushButton(this);
    mock_->setObjectName(QStringLiteral("companyAsksMock"));
    auto name = [this](int n) { mock_->setText(tr("Mock interview of the top %1").arg(n)); };
    name(top_->value());
    connect(top_, &QSpinBox::valueChanged, this, name);
    plan_ = new QPushButton(tr("Set an interview date…"), this);
    plan_->setObjectName(QStringLiteral("companyAsksPlan"));
    auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);

    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Round:"), this));
    top->addWidget(round_);
    top->addStretch(1);
    auto* actions = new QHBoxLayout;
    actions->addWidget(top_);
    actions->addWidget(mock_);
    actions->addWidget(plan_);
    actions->addStretch(1);
    actions->addWidget(close);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(summary_);
    layout->addWidget(table_, 1);
    layout->addLayout(actions);
    resize(900, 560);

    connect(round_, &QComboBox::currentIndexChanged, this, &CompanyAsksDialog::reload);
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(mock_, &QPushButton::clicked, this, [this] {
        emit startMock(mockConfig());
        accept();
    });
    connect(plan_, &QPushButton::clicked, this, [this] {
        emit planInterview(company_, round_->currentData().toString());
        accept();
    });
    connect(table_, &QTableWidget::cellDoubleClicked, this, [this](int row, int) {
        if (QTableWidgetItem* item = table_->item(row, ColQuestion))
            emit openCard(item->data(kCardRole).toLongLong());
    });
    reload();
}

deck::MockConfig CompanyAsksDialog::mockConfig() const
{
    deck::MockConfig config;
    const int n = std::min<int>(top_->value(), static_cast<int>(ranked_.size()));
    config.questions = std::max(1, n);
    for (int i = 0; i < n; ++i)
        config.cards.push_back(ranked_[static_cast<std::size_t>(i)].value);
    config.companies = {company_.toStdString()};
    if (const QString r = round_->currentData().toString(); !r.isEmpty())
        config.rounds = {r.toStdString()};
    config.order = deck::MockOrder::MostAskedFirst;
    // Five minutes a question, as a first round usually allows.
    config.perQuestionMs = 5 * 60 * 1000;
    config.totalMs = config.perQuestionMs * config.questions;
    return config;
}

void CompanyAsksDialog::reload()
{
    const deck::Now now = currentTime();
    deck::CompanyAsksQuery q;
    q.company = company_.toStdString();
    if (const QString r = round_->currentData().toString(); !r.isEmpty())
        q.round = r.toStdString();
    q.directions = directions_;
    q.today = QDate::currentDate().toString(Qt::ISODate).toStdString();
    // Recall on the soonest interview still ahead with this company, else today.
    QString when = tr("today");
    if (auto interviews = deck::listInterviews(collection_)) {
        const scheduler::Day today = collection_.today(now);
        for (const deck::Interview& iv : *interviews) {
            if (iv.day < today
                || QString::fromStdString(iv.company).compare(company_, Qt::CaseInsensitive) != 0)
                continue;
            q.recallDay = iv.day;
            when =
                tr("on the interview day, %1").arg(dateOfStudyDay(collection_, iv.day).toString(Qt::ISODate));
            break;
        }
    }
    auto r = deck::companyAsks(collection_, q, now);
    ranked_.clear();
    table_->setRowCount(0);
    if (!r) {
        summary_->setText(errorText(r.error()));
        mock_->setEnabled(false);
        return;
    }
    int reports = 0, posted = 0;
    table_->setRowCount(static_cast<int>(r->size()));
    for (std::size_t i = 0; i < r->size(); ++i) {
        const deck::AskedCard& c = (*r)[i];
        ranked_.push_back(c.id);
        reports = std::max(reports, c.reports);
        const int row = static_cast<int>(i);
        auto* rank = new QTableWidgetItem(QString::number(row + 1));
        auto* question = new QTableWidgetItem(QString::fromStdString(c.question));
        question->setData(kCardRole, static_cast<qint64>(c.id.value));
        question->setToolTip(QString::fromStdString(c.question));
        auto* count = new QTableWidgetItem(QString::number(c.reports));
        count->setToolTip(tr("Weight %1 (recent reports count more)").arg(c.weight, 0, 'f', 2));
        QString latest = c.latestDate.empty() ? tr("undated") : QString::fromStdString(c.latestDate);
        if (!c.latestDate.empty() && !c.latestIsInterviewDate) {
            latest = tr("%1 (posted)").arg(latest);
            ++posted;
        }
        auto* date = new QTableWidgetItem(latest);
        auto* recall = new QTableWidgetItem(
            c.answered ? QStringLiteral("%1 %").arg(100.0 * c.recall, 0, 'f', 0) : tr("not studied"));
        for (auto* item : {rank, count, recall})
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        table_->setItem(row, ColRank, rank);
        table_->setItem(row, ColQuestion, question);
        table_->setItem(row, ColReports, count);
        table_->setItem(row, ColLatest, date);
        table_->setItem(row, ColRecall, recall);
    }
    QString text = tr("%n card(s) asked by %1, ranked by its reports (a report a year old counts half).",
                      nullptr, static_cast<int>(r->size()))
                       .arg(company_);
    text += tr(" Predicted recall %1.").arg(when);
    if (posted > 0)
        text +=
            tr(" %n latest date(s) are only when the report was posted, not when the interview took place.",
               nullptr, posted);
    summary_->setText(text);
    mock_->setEnabled(!ranked_.empty());
    top_->setMaximum(std::max(1, static_cast<int>(ranked_.size())));
}

}  // namespace app
