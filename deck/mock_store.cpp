#include "deck/mock_store.h"
#include "deck/storage/access.h"
#include "deck/card_rows.h"
#include "deck/storage/database.h"

#include <map>

#include <algorithm>

namespace deck {

const char* toString(MockStatus status)
{
    switch (status) {
    case MockStatus::Running: return "running";
    case MockStatus::Finished: return "finished";
    case MockStatus::EndedEarly: return "ended-early";
    case MockStatus::OutOfTime: return "out-of-time";
    }
    return "running";
}

bool parseMockStatus(const std::string& text, MockStatus* status)
{
    for (MockStatus s :
         {MockStatus::Running, MockStatus::Finished, MockStatus::EndedEarly, MockStatus::OutOfTime}) {
        if (text == toString(s)) {
            *status = s;
            return true;
        }
    }
    return false;
}

Result<SessionId> insertMockSession(Collection& collection, const MockConfig& config,
                                    const std::vector<CardId>& cards, const Now& now)
{
    if (cards.empty())
        return Error{ErrorKind::InvalidInput, "a mock session needs at least one card", {}, 0};
    Database& db = deck::storage::of(collection);
    Transaction tx(db);
    if (!tx.begun().ok())
        return tx.begun().error();
    auto st = db.prepare("INSERT INTO mock_sessions (preset, config, started_at_ms, status,"
                         " total_score, max_score) VALUES (?1, ?2, ?3, 'running', 0, ?4)");
    if (!st)
        return st.error();
    st->bind(1, config.preset)
        .bind(2, mockConfigToJson(config))
        .bind(3, now.unixMs)
        .bind(4, 4 * static_cast<int>(cards.size()));
    if (auto s = st->run(); !s.ok())
        return s.error();
    const SessionId id(db.lastInsertId());
    auto row = db.prepare("INSERT INTO mock_answers (session_id, position, card_id) VALUES (?1, ?2, ?3)");
    if (!row)
        return row.error();
    for (std::size_t i = 0; i < cards.size(); ++i) {
        row->reset();
        row->bind(1, id.value).bind(2, static_cast<int>(i)).bind(3, cards[i].value);
        if (auto s = row->run(); !s.ok())
            return s.error();
    }
    if (auto s = tx.commit(); !s.ok())
        return s.error();
    return id;
}

Status storeMockAnswer(Collection& collection, SessionId session, int position, std::optional<int> score,
                       const std::string& notes, std::int64_t timeMs, const Now& now,
                       const std::string& points)
{
    if (score && (*score < 0 || *score > 4))
        return Error{
            ErrorKind::InvalidInput, "a rubric score is 0 to 4, not " + std::to_string(*score), {}, 0};
    if (points.find_first_not_of("01") != std::string::npos)
        return Error{ErrorKind::InvalidInput,
                     "key-point marks are '0' and '1' characters, not '" + points + "'",
                     {},
                     0};
    Database& db = deck::storage::of(collection);
    {
        Transaction tx(db);
        if (!tx.begun().ok())
            return tx.begun();
        auto st = db.prepare("UPDATE mock_answers SET score = ?3, notes = ?4, time_ms = ?5,"
                             " answered_at_ms = ?6, points = ?7 WHERE session_id = ?1 AND position = ?2"
                             " AND answered_at_ms IS NULL");
        if (!st)
            return st.error();
        st->bind(1, session.value)
            .bind(2, position)
            .bind(4, notes)
            .bind(5, std::max<std::int64_t>(0, timeMs))
            .bind(6, now.unixMs)
            .bind(7, points);
        if (score)
            st->bind(3, *score);
        else
            st->bindNull(3);
        if (auto s = st->run(); !s.ok())
            return s;
        if (db.changes() != 1)
            return Error{ErrorKind::Conflict,
                         "question " + std::to_string(position + 1) + " of mock session "
                             + std::to_string(session.value) + " does not exist or is already answered",
                         {},
                         0};
        auto total = db.prepare("UPDATE mock_sessions SET total_score = (SELECT coalesce(sum(score), 0)"
                                " FROM mock_answers WHERE session_id = ?1) WHERE id = ?1");
        if (!total)
            return total.error();
        if (auto s = total->bind(1, session.value).run(); !s.ok())
            return s;
        return tx.commit();
    }
}

Status recordMockAnswer(Collection& collection, SessionId session, int position, std::optional<int> score,
                        const std::string& notes, std::int64_t timeMs, const Now& now,
                        const std::string& points)
{
    // One transaction: the stored answer and the review it sends to the scheduler reach the
    // file together or not at all. (reconcileMockAnswers still repairs sessions written by
    // versions that stored the two separately.)
    Database& db = deck::storage::of(collection);
    Transaction tx(db);
    if (!tx.begun().ok())
        return tx.begun();
    if (auto s = storeMockAnswer(collection, session, position, score, notes, timeMs, now, points); !s.ok())
        return s;
    if (score) {
        auto card = db.prepare("SELECT card_id FROM mock_answers WHERE session_id = ?1 AND position = ?2");
        if (!card)
            return card.error();
        card->bind(1, session.value).bind(2, position);
        if (!card->step())
            return card->error() ? *card->error()
                                 : Error{ErrorKind::NotFound,
                                         "no question " + std::to_string(position + 1) + " in mock session "
                                             + std::to_string(session.value),
                                         {},
                                         0};
        const CardId id(card->int64(0));
        if (auto outcome = collection.answerWithRubric(id, *score, now, timeMs); !outcome)
            return outcome.error();
    }
    return tx.commit();
}

Result<int> reconcileMockAnswers(Collection& collection, SessionId session, int utcOffsetSeconds)
{
    struct Pending {
        CardId card;
        int score;
        std::int64_t timeMs, atMs;
    };
    std::vector<Pending> pending;
    {
        auto st =
            deck::storage::of(collection)
                .prepare("SELECT a.card_id, a.score, a.time_ms, a.answered_at_ms FROM mock_answers a"
                         " WHERE a.session_id = ?1 AND a.score IS NOT NULL AND a.answered_at_ms IS NOT NULL"
                         " AND NOT EXISTS (SELECT 1 FROM review_log r WHERE r.card_id = a.card_id"
                         "   AND r.mode = 'mock' AND r.reviewed_at_ms = a.answered_at_ms)"
                         " ORDER BY a.position");
        if (!st)
            return st.error();
        st->bind(1, session.value);
        while (st->step())
            pending.push_back({CardId(st->int64(0)), st->int32(1), st->int64(2), st->int64(3)});
        if (st->error())
            return *st->error();
    }
    for (const Pending& p : pending) {
        auto outcome = collection.answerWithRubric(p.card, p.score, Now{p.atMs, utcOffsetSeconds}, p.timeMs);
        if (!outcome)
            return outcome.error();
    }
    return static_cast<int>(pending.size());
}

Status finishMockSession(Collection& collection, SessionId session, MockStatus status, const Now& now)
{
    Database& db = deck::storage::of(collection);
    Transaction tx(db);
    if (!tx.begun().ok())
        return tx.begun();
    auto st = db.prepare("UPDATE mock_sessions SET status = ?2, ended_at_ms = ?3, total_score ="
                         " (SELECT coalesce(sum(score), 0) FROM mock_answers WHERE session_id = ?1)"
                         " WHERE id = ?1");
    if (!st)
        return st.error();
    if (auto s = st->bind(1, session.value).bind(2, toString(status)).bind(3, now.unixMs).run(); !s.ok())
        return s;
    if (db.changes() != 1)
        return Error{ErrorKind::NotFound, "no mock session " + std::to_string(session.value), {}, 0};
    return tx.commit();
}

Result<MockSessionRow> loadMockSession(Collection& collection, SessionId session)
{
    Database& db = deck::storage::of(collection);
    auto st = db.prepare("SELECT config, started_at_ms, ended_at_ms, status, total_score, max_score"
                         " FROM mock_sessions WHERE id = ?1");
    if (!st)
        return st.error();
    st->bind(1, session.value);
    if (!st->step())
        return st->error()
                   ? *st->error()
                   : Error{ErrorKind::NotFound, "no mock session " + std::to_string(session.value), {}, 0};
    MockSessionRow row;
    row.id = session;
    auto config = mockConfigFromJson(st->text(0));
    if (!config)
        return config.error();
    row.config = *config;
    row.startedAtMs = st->int64(1);
    if (!st->isNull(2))
        row.endedAtMs = st->int64(2);
    if (!parseMockStatus(st->text(3), &row.status))
        return Error{ErrorKind::InvalidInput,
                     "mock session " + std::to_string(session.value) + " has an unknown status "
                         + st->text(3),
                     {},
                     0};
    row.totalScore = st->int32(4);
    row.maxScore = st->int32(5);

    auto a = db.prepare("SELECT position, card_id, score, notes, time_ms, answered_at_ms, points"
                        " FROM mock_answers WHERE session_id = ?1 ORDER BY position");
    if (!a)
        return a.error();
    a->bind(1, session.value);
    while (a->step()) {
        MockAnswerRow r;
        r.position = a->int32(0);
        r.card = CardId(a->int64(1));
        if (!a->isNull(2))
            r.score = a->int32(2);
        r.notes = a->text(3);
        r.timeMs = a->int64(4);
        if (!a->isNull(5))
            r.answeredAtMs = a->int64(5);
        r.points = a->text(6);
        row.answers.push_back(std::move(r));
    }
    if (a->error())
        return *a->error();
    return row;
}

Result<std::optional<SessionId>> latestRunningMockSession(Collection& collection)
{
    auto st = deck::storage::of(collection)
                  .prepare("SELECT id FROM mock_sessions WHERE status = 'running' ORDER BY started_at_ms "
                           "DESC, id DESC LIMIT 1");
    if (!st)
        return st.error();
    if (st->step())
        return std::optional<SessionId>(SessionId(st->int64(0)));
    if (st->error())
        return *st->error();
    return std::optional<SessionId>();
}

int suggestedRubricScore(int covered, int total)
{
    if (total <= 0)
        return -1;
    covered = std::clamp(covered, 0, total);
    if (covered == total)
        return 4;
    if (4 * covered >= 3 * total)
        return 3;
    if (2 * covered >= total)
        return 2;
    return covered > 0 ? 1 : 0;
}

Result<std::vector<PointRecord>> weakestPoints(Collection& collection, int limit)
{
    auto st = deck::storage::of(collection)
                  .prepare("SELECT a.card_id, a.points, c.key_points, c.question FROM "
                           "mock_answers a JOIN cards c ON c.id = a.card_id"
                           " WHERE a.points <> '' ORDER BY a.card_id");
    if (!st)
        return st.error();
    std::map<std::pair<std::int64_t, int>, PointRecord> byPoint;
    while (st->step()) {
        const std::string marks = st->text(1);
        const std::vector<std::string> points = rows::splitLines(st->text(2));
        if (marks.size() != points.size())
            continue;  // the card's key points changed since this answer
        for (std::size_t i = 0; i < points.size(); ++i) {
            PointRecord& r = byPoint[{st->int64(0), static_cast<int>(i)}];
            r.card = CardId(st->int64(0));
            r.point = static_cast<int>(i);
            r.text = points[i];
            r.question = st->text(3);
            ++r.marked;
            if (marks[i] == '0')
                ++r.missed;
        }
    }
    if (st->error())
        return *st->error();
    std::vector<PointRecord> out;
    for (auto& [key, r] : byPoint)
        if (r.missed > 0)
            out.push_back(std::move(r));
    std::stable_sort(out.begin(), out.end(), [](const PointRecord& a, const PointRecord& b) {
        // missed/marked compared without division
        const long long l = static_cast<long long>(a.missed) * b.marked,
                        rr = static_cast<long long>(b.missed) * a.marked;
        if (l != rr)
            return l > rr;
        return a.missed > b.missed;
    });
    if (limit >= 0 && static_cast<int>(out.size()) > limit)
        out.resize(static_cast<std::size_t>(limit));
    return out;
}

}  // namespace deck
