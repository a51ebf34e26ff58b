#include "gui/home_page.h"

#include <QDateTime>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

#include "common/user_collection.h"
#include "deck/mock_report.h"
#include "deck/study_queue.h"
#include "deck/study_stats.h"
#include "gui/interview_page.h"

namespace app {

HomePage::HomePage(deck::Collection& collection, QWidget* parent) : QWidget(parent), collection_(collection)
{
    title_ = new QLabel(tr("Today"), this);
    QFont big = title_->font();
    big.setPointSizeF(big.pointSizeF() * 1.6);
    big.setBold(true);
    title_->setFont(big);
    due_ = new QLabel(this);
    due_->setObjectName(QStringLiteral("homeDue"));
    QFont mid = due_->font();
    mid.setPointSizeF(mid.pointSizeF() * 1.25);
    due_->setFont(mid);
    detail_ = new QLabel(this);
    detail_->setWordWrap(true);
    streak_ = new QLabel(this);
    streak_->setObjectName(QStringLiteral("homeStreak"));
    interview_ = new QLabel(this);
    interview_->setObjectName(QStringLiteral("homeInterview"));
    interview_->setWordWrap(true);
    mock_ = new QLabel(this);
    mock_->setObjectName(QStringLiteral("homeMock"));
    mock_->setWordWrap(true);
    start_ = new QPushButton(tr("Start review (Enter)"), this);
    start_->setObjectName(QStringLiteral("startReview"));
    start_->setDefault(true);
    start_->setMinimumHeight(40);
    connect(start_, &QPushButton::clicked, this, &HomePage::startReview);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(32, 28, 32, 28);
    layout->addWidget(title_);
    layout->addWidget(due_);
    layout->addWidget(detail_);
    layout->addWidget(streak_);
    layout->addWidget(interview_);
    layout->addWidget(mock_);
    layout->addSpacing(12);
    layout->addWidget(start_, 0, Qt::AlignLeft);
    layout->addStretch(1);
    refresh();
}

void HomePage::refresh()
{
    auto queue = deck::studyQueue(collection_, currentTime());
    auto stats = collection_.stats(currentTime());
    if (!queue || !stats) {
        due_->setText(tr("The collection could not be read."));
        return;
    }
    due_->setText(tr("Due today: %1 reviews · %2 new · %3 to repeat")
                      .arg(queue->reviews)
                      .arg(queue->fresh)
                      .arg(queue->drill));
    detail_->setText(tr("%1 cards in %2 topics · %3 new, %4 young, %5 mature · %6 answers today, %7 in all")
                         .arg(stats->cards)
                         .arg(stats->topics.size())
                         .arg(stats->fresh)
                         .arg(stats->young)
                         .arg(stats->mature)
                         .arg(stats->reviewsToday)
                         .arg(stats->reviewsTotal));
    start_->setEnabled(!queue->order.empty());
    auto streak = collection_.studyStreak(collection_.today(currentTime()));
    streak_->setText(streak ? tr("Streak: %n day(s) in a row", nullptr, *streak) : QString());
    interview_->setText(nextInterviewLine(collection_));
    interview_->setVisible(!interview_->text().isEmpty());
    mock_->setText(recentMockLine());
    mock_->setVisible(!mock_->text().isEmpty());
}

QString HomePage::recentMockLine()
{
    auto history = deck::mockHistory(collection_);
    if (!history)
        return {};
    QStringList rounds;
    // Newest first, the last three that ended (a running one has no score yet).
    for (auto it = history->rbegin(); it != history->rend() && rounds.size() < 3; ++it) {
        if (it->status == deck::MockStatus::Running || it->maxScore <= 0)
            continue;
        const QDate day = QDateTime::fromMSecsSinceEpoch(it->startedAtMs).date();
        rounds << tr("%1/%2 (%3 %, %4) on %5")
                      .arg(it->total)
                      .arg(it->maxScore)
                      .arg(qRound(100.0 * it->total / it->maxScore))
                      .arg(it->passed ? tr("passed") : tr("not passed"))
                      .arg(QLocale().toString(day, QLocale::ShortFormat));
    }
    return rounds.isEmpty() ? QString()
                            : tr("Recent mock interviews: %1").arg(rounds.join(QStringLiteral(" · ")));
}

}  // namespace app
