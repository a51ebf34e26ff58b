#include "gui/card_info.h"
#include "gui/error_text.h"

#include <QCoreApplication>
#include <QLocale>

#include "common/user_collection.h"
#include "deck/interviews.h"
#include "gui/interview_page.h"

namespace app {

namespace {
// lupdate files these free tr() calls under the context "app", the namespace they are in.
QString tr(const char* text)
{
    return QCoreApplication::translate("app", text);
}

QString percent(double p)
{
    return QStringLiteral("%1 %").arg(qRound(p * 100.0));
}
}  // namespace

QString cardInfoText(deck::Collection& collection, deck::CardId card)
{
    const deck::Now now = currentTime();
    const scheduler::Day today = collection.today(now);
    auto state = collection.cardState(card);
    if (!state)
        return errorText(state.error());
    QStringList lines;
    const QLocale locale;
    if (state->isNew) {
        lines << tr("New: not studied yet.");
    } else {
        const QDate due = dateOfStudyDay(collection, state->due);
        const qint64 inDays = state->due - today;
        lines << tr("Due %1 (%2) · interval %3 d · ease %4 · lapses %5")
                     .arg(locale.toString(due, QLocale::ShortFormat))
                     .arg(inDays <= 0 ? tr("today") : tr("in %1 d").arg(inDays))
                     .arg(state->intervalDays)
                     .arg(state->easiness, 0, 'f', 2)
                     .arg(state->lapses);
    }
    // The next interview ahead, if any, gives a third day to predict.
    std::vector<scheduler::Day> days = {today, today + 7};
    QString interviewName;
    if (auto interviews = deck::listInterviews(collection)) {
        for (const deck::Interview& i : *interviews) {
            if (i.day > today) {
                days.push_back(i.day);
                interviewName = QStringLiteral("%1 %2")
                                    .arg(QString::fromStdString(i.company), QString::fromStdString(i.round))
                                    .trimmed();
                break;
            }
        }
    }
    auto recall = deck::cardRecall(collection, card, days);
    if (!recall)
        return lines.join(QLatin1Char('\n')) + QLatin1Char('\n') + errorText(recall.error());
    if (recall->stability) {
        QString line = tr("Predicted recall (FSRS-6): today %1 · in 7 days %2")
                           .arg(percent(recall->recall[0]), percent(recall->recall[1]));
        if (days.size() > 2)
            line += tr(" · at %1 on %2: %3")
                        .arg(interviewName,
                             locale.toString(dateOfStudyDay(collection, days[2]), QLocale::ShortFormat),
                             percent(recall->recall[2]));
        line += tr(" · stability %1 d").arg(*recall->stability, 0, 'f', 1);
        lines << line;
    } else if (!state->isNew) {
        lines << tr("No review history to predict recall from.");
    }
    return lines.join(QLatin1Char('\n'));
}

}  // namespace app
