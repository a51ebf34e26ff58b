#include "gui/review_page.h"
#include "gui/error_text.h"

#include <algorithm>

#include <QHBoxLayout>
#include <QKeySequence>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QShortcut>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QVBoxLayout>

#include "common/user_collection.h"
#include "deck/study_queue.h"
#include "gui/card_view.h"
#include "gui/demo_panel.h"
#include "gui/formula_panel.h"

namespace app {

QString formatInterval(int days)
{
    if (days < 1)
        return ReviewPage::tr("today");
    if (days < 31)
        return ReviewPage::tr("%n d", nullptr, days);
    if (days < 365)
        return ReviewPage::tr("%1 mo").arg(QString::number(days / 30.0, 'f', 1));
    return ReviewPage::tr("%1 y").arg(QString::number(days / 365.0, 'f', 1));
}

ReviewPage::ReviewPage(deck::Collection& collection, QWidget* parent)
    : QWidget(parent), collection_(collection)
{
    splitter_ = new QSplitter(Qt::Vertical, this);
    view_ = CardView::take(splitter_);
    splitter_->addWidget(view_);
    view_->preload();
    formulaScroll_ = new QScrollArea(splitter_);
    extraStack_ = new QStackedWidget(formulaScroll_);
    formula_ = new FormulaPanel(extraStack_);
    demo_ = new DemoPanel(extraStack_);
    extraStack_->addWidget(formula_);
    extraStack_->addWidget(demo_);
    formulaScroll_->setWidget(extraStack_);
    // A finished run on the user's GPU is kept in the collection with its device and date.
    connect(demo_, &DemoPanel::runFinished, this, [this](const QString&, const QByteArray& json) {
        auto stored = collection_.recordDemoRun(json.toStdString(), false, currentTime());
        if (!stored)
            emit failed(errorText(stored.error()));
    });
    formulaScroll_->setWidgetResizable(true);
    formulaScroll_->hide();
    splitter_->addWidget(view_);
    splitter_->addWidget(formulaScroll_);
    splitter_->setChildrenCollapsible(false);
    splitter_->setStretchFactor(0, 3);
    splitter_->setStretchFactor(1, 2);
    progress_ = new QLabel(this);
    progress_->setObjectName(QStringLiteral("reviewProgress"));

    revealButton_ = new QPushButton(tr("Show answer (Space)"), this);
    revealButton_->setObjectName(QStringLiteral("revealButton"));
    connect(revealButton_, &QPushButton::clicked, this, &ReviewPage::reveal);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(revealButton_);
    const QString names[4] = {tr("Again"), tr("Hard"), tr("Good"), tr("Easy")};
    for (int i = 0; i < 4; ++i) {
        gradeButtons_[i] = new QPushButton(names[i], this);
        gradeButtons_[i]->setObjectName(QStringLiteral("grade%1").arg(i + 1));
        gradeButtons_[i]->setMinimumWidth(110);
        connect(gradeButtons_[i], &QPushButton::clicked, this, [this, i] { grade(i + 1); });
        buttons->addWidget(gradeButtons_[i]);
    }

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(progress_);
    layout->addWidget(splitter_, 1);
    layout->addLayout(buttons);

    auto* space = new QShortcut(QKeySequence(Qt::Key_Space), this);
    connect(space, &QShortcut::activated, this, &ReviewPage::reveal);
    for (int i = 0; i < 4; ++i) {
        auto* key = new QShortcut(QKeySequence(Qt::Key_1 + i), this);
        connect(key, &QShortcut::activated, this, [this, i] { grade(i + 1); });
    }
    auto* undoKey = new QShortcut(QKeySequence::Undo, this);
    connect(undoKey, &QShortcut::activated, this, &ReviewPage::undo);
    updateButtons();
}

void ReviewPage::start()
{
    answered_ = 0;
    again_ = 0;
    drilling_ = false;
    drill_.clear();
    sessionTime_.start();
    showNext();
}

void ReviewPage::startDrill(const std::vector<deck::CardId>& cards, const QString& title)
{
    answered_ = 0;
    again_ = 0;
    drilling_ = true;
    drill_.assign(cards.begin(), cards.end());
    drillTitle_ = title;
    sessionTime_.start();
    showNext();
}

void ReviewPage::showNext()
{
    revealed_ = false;
    current_.reset();
    if (drilling_) {
        if (drill_.empty()) {
            formulaId_.clear();
            demoId_.clear();
            updateExtraPanel();
            view_->showMessage(tr("Drill done: %n answer(s)", nullptr, answered_)
                               + tr(", %n again.", nullptr, again_) + QLatin1Char(' ')
                               + tr("When cards are due is unchanged."));
            updateButtons();
            updateProgress();
            emit finished();
            return;
        }
        current_ = drill_.front();
        drill_.pop_front();
        auto card = collection_.card(*current_);
        if (!card) {
            emit failed(errorText(card.error()));
            return;
        }
        display(*card, false);
        return;
    }
    auto queue = deck::studyQueue(collection_, currentTime());
    if (!queue) {
        emit failed(errorText(queue.error()));
        return;
    }
    if (queue->order.empty()) {
        formulaId_.clear();
        demoId_.clear();
        updateExtraPanel();
        const qint64 minutes = sessionTime_.isValid() ? sessionTime_.elapsed() / 60000 : 0;
        view_->showMessage(
            answered_ == 0
                ? tr("Nothing is due. Come back tomorrow, or raise the new-card limit in Settings.")
                : tr("Session done: %n answer(s)", nullptr, answered_) + tr(", %n again", nullptr, again_)
                      + tr(", %n minute(s).", nullptr, static_cast<int>(minutes)));
        updateButtons();
        updateProgress();
        emit finished();
        return;
    }
    current_ = queue->order.front();
    auto card = collection_.card(*current_);
    if (!card) {
        emit failed(errorText(card.error()));
        return;
    }
    display(*card, false);
}

void ReviewPage::reveal()
{
    if (!current_ || revealed_)
        return;
    revealed_ = true;
    view_->reveal();
    updateButtons();
    updateExtraPanel();
}

void ReviewPage::grade(int button)
{
    if (!current_ || !revealed_ || button < 1 || button > 4)
        return;
    const auto answer = static_cast<scheduler::Answer>(button);
    auto outcome = drilling_ ? collection_.answerDrill(*current_, answer, currentTime(), shownFor_.elapsed())
                             : collection_.answerCard(*current_, answer, currentTime(), shownFor_.elapsed());
    if (!outcome) {
        emit failed(errorText(outcome.error()));
        return;
    }
    ++answered_;
    if (answer == scheduler::Answer::Again) {
        ++again_;
        if (drilling_)
            drill_.push_back(*current_);  // once more before the drill ends
    }
    emit sessionChanged();
    showNext();
}

void ReviewPage::undo()
{
    auto undone = collection_.undoLastAnswer();
    if (!undone)
        return;  // nothing to undo
    if (answered_ > 0)
        --answered_;
    emit sessionChanged();
    // Show the card whose answer was undone again, revealed, so it can be re-graded.
    current_ = undone->card;
    auto card = collection_.card(*current_);
    if (!card)
        return;
    display(*card, true);
}

void ReviewPage::showCard(deck::CardId id, bool revealed)
{
    auto card = collection_.card(id);
    if (!card) {
        emit failed(errorText(card.error()));
        return;
    }
    current_ = id;
    display(*card, revealed);
}

void ReviewPage::display(const deck::Card& card, bool revealed)
{
    revealed_ = revealed;
    formulaId_.clear();
    demoId_.clear();
    for (const std::string& link : card.content.links) {
        if (card.content.kind == deck::CardKind::Formula && formulaId_.isEmpty()
            && link.starts_with("formula:"))
            formulaId_ = QString::fromStdString(link.substr(8));
        if (card.content.kind == deck::CardKind::Demo && demoId_.isEmpty() && link.starts_with("demo:"))
            demoId_ = QString::fromStdString(link.substr(5));
    }
    view_->showCard(renderCard(card.content, tr("Key points").toStdString(), tr("Sources").toStdString(),
                               tooComplexText()),
                    revealed);
    shownFor_.start();
    updateButtons();
    updateProgress();
    updateExtraPanel();
}

void ReviewPage::updateExtraPanel()
{
    const bool show = current_ && revealed_ && (!formulaId_.isEmpty() || !demoId_.isEmpty());
    if (show && !formulaId_.isEmpty()) {
        formula_->showFormula(formulaId_);
        extraStack_->setCurrentWidget(formula_);
    } else if (show) {
        demo_->showDemo(demoId_);
        extraStack_->setCurrentWidget(demo_);
    }
    if (show != formulaScroll_->isVisible()) {
        formulaScroll_->setVisible(show);
        if (show) {
            // As tall as the panel's content needs, between a quarter and a bit over half of
            // the height: the card's answer above keeps the rest.
            const int h = splitter_->height();
            const int want =
                extraStack_->currentWidget()->sizeHint().height() + 2 * formulaScroll_->frameWidth() + 8;
            const int panel = std::clamp(want, h * 35 / 100, h * 55 / 100);
            splitter_->setSizes({h - panel, panel});
        }
    }
}

void ReviewPage::updateButtons()
{
    revealButton_->setVisible(current_ && !revealed_);
    const QString names[4] = {tr("Again"), tr("Hard"), tr("Good"), tr("Easy")};
    if (drilling_) {
        // A drill answer moves no due date: the buttons say what happens instead.
        const bool show = current_ && revealed_;
        for (int i = 0; i < 4; ++i) {
            gradeButtons_[i]->setVisible(show);
            gradeButtons_[i]->setText(
                QStringLiteral("%1  %2\n%3")
                    .arg(i + 1)
                    .arg(names[i], i == 0 ? tr("again in this drill") : tr("schedule unchanged")));
        }
        return;
    }
    std::optional<scheduler::NextStates> next;
    if (current_ && revealed_) {
        auto preview = collection_.preview(*current_, currentTime());
        if (preview)
            next = *preview;
    }
    for (int i = 0; i < 4; ++i) {
        gradeButtons_[i]->setVisible(next.has_value());
        if (next) {
            const auto& s = next->byAnswer[static_cast<std::size_t>(i)];
            // Answers the scheduler repeats at the end of today's session say so: the interval
            // alone read as if the card were gone until then.
            const QString when = s.drillPending ? tr("today, then %1").arg(formatInterval(s.intervalDays))
                                                : formatInterval(s.intervalDays);
            gradeButtons_[i]->setText(QStringLiteral("%1  %2\n%3").arg(i + 1).arg(names[i], when));
        }
    }
}

void ReviewPage::updateProgress()
{
    if (drilling_) {
        const int left = static_cast<int>(drill_.size()) + (current_ ? 1 : 0);
        progress_->setText(tr("Weak-spot drill for %1: %2 left · answered %3 · due dates unchanged")
                               .arg(drillTitle_)
                               .arg(left)
                               .arg(answered_));
        return;
    }
    auto queue = deck::studyQueue(collection_, currentTime());
    const int left = queue ? static_cast<int>(queue->order.size()) : 0;
    const qint64 minutes = sessionTime_.isValid() ? sessionTime_.elapsed() / 60000 : 0;
    progress_->setText(
        tr("Left today: %1 (%2 reviews, %3 new, %4 for interviews, %5 repeats) · answered %6 · %7 min")
            .arg(left)
            .arg(queue ? queue->reviews : 0)
            .arg(queue ? queue->fresh : 0)
            .arg(queue ? queue->interview : 0)
            .arg(queue ? queue->drill : 0)
            .arg(answered_)
            .arg(minutes));
}

}  // namespace app
