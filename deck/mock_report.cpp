#include "deck/mock_report.h"
#include "deck/storage/access.h"
#include "deck/storage/database.h"

#include <algorithm>
#include <map>

namespace deck {

Result<MockReport> buildMockReport(Collection& collection, SessionId session)
{
    auto row = loadMockSession(collection, session);
    if (!row)
        return row.error();
    MockReport r;
    r.id = session;
    r.config = row->config;
    r.status = row->status;
    r.startedAtMs = row->startedAtMs;
    r.endedAtMs = row->endedAtMs;
    r.maxScore = 4 * static_cast<int>(row->answers.size());
    r.passLine = mockPassLine(r.maxScore, row->config.passFraction);

    std::map<std::string, MockTopicScore> topics;
    for (const MockAnswerRow& a : row->answers) {
        auto card = collection.card(a.card);
        if (!card)
            return card.error();
        MockReportItem item;
        item.position = a.position;
        item.card = a.card;
        item.uid = card->content.uid;
        item.topic = card->content.topic;
        item.question = card->content.question;
        item.level = card->content.level;
        item.score = a.score;
        item.reached = a.reached();
        item.timeMs = a.timeMs;
        item.notes = a.notes;
        item.keyPoints = card->content.keyPoints;
        if (a.points.size() == item.keyPoints.size())  // marks of an edited card are not shown
            item.points = a.points;
        for (std::size_t i = 0; i < item.points.size(); ++i) {
            ++r.pointsMarked;
            if (item.points[i] == '1')
                ++r.pointsCovered;
            else
                r.missedPoints.push_back({a.position, item.keyPoints[i]});
        }
        r.total += a.score.value_or(0);
        r.timeMs += a.timeMs;
        if (item.reached) {
            MockTopicScore& t = topics[item.topic];
            t.topic = item.topic;
            t.points += a.score.value_or(0);
            t.maxPoints += 4;
            ++t.questions;
            if (!a.score || *a.score <= 2)
                r.toReview.push_back(a.card);
        }
        r.items.push_back(std::move(item));
    }
    r.passed = r.total >= r.passLine;
    auto weakest = weakestPoints(collection, 5);
    if (!weakest)
        return weakest.error();
    r.weakest = std::move(*weakest);
    for (auto& [name, t] : topics)
        r.topics.push_back(t);
    std::stable_sort(r.topics.begin(), r.topics.end(), [](const MockTopicScore& a, const MockTopicScore& b) {
        // Compare points/max as cross products: exact in integers.
        return static_cast<long long>(a.points) * b.maxPoints
               < static_cast<long long>(b.points) * a.maxPoints;
    });
    return r;
}

Result<std::vector<MockHistoryEntry>> mockHistory(Collection& collection)
{
    auto st = deck::storage::of(collection)
                  .prepare("SELECT s.id, s.preset, s.status, s.started_at_ms, s.config,"
                           " (SELECT coalesce(sum(score), 0) FROM mock_answers a WHERE a.session_id = s.id),"
                           " (SELECT count(*) FROM mock_answers a WHERE a.session_id = s.id),"
                           " (SELECT count(*) FROM mock_answers a WHERE a.session_id = s.id AND "
                           "a.answered_at_ms IS NOT NULL)"
                           " FROM mock_sessions s ORDER BY s.started_at_ms, s.id");
    if (!st)
        return st.error();
    std::vector<MockHistoryEntry> out;
    while (st->step()) {
        MockHistoryEntry e;
        e.id = SessionId(st->int64(0));
        e.preset = st->text(1);
        if (!parseMockStatus(st->text(2), &e.status))
            continue;  // a status from a newer program: not ours to show
        e.startedAtMs = st->int64(3);
        auto config = mockConfigFromJson(st->text(4));
        const double fraction = config ? config->passFraction : MockConfig{}.passFraction;
        e.total = st->int32(5);
        e.questions = st->int32(6);
        e.reached = st->int32(7);
        e.maxScore = 4 * e.questions;
        e.passLine = mockPassLine(e.maxScore, fraction);
        e.passed = e.total >= e.passLine;
        out.push_back(e);
    }
    if (st->error())
        return *st->error();
    return out;
}

}  // namespace deck
