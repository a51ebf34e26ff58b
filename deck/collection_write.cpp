#include <nlohmann/json.hpp>

#include "deck/card_rows.h"
#include "deck/card_scheduler.h"
#include "deck/storage/database.h"
#include "deck/collection_impl.h"
#include "scheduler/answer.h"
#include "scheduler/fsrs.h"

namespace deck {

std::string stateToJson(const scheduler::CardState& s)
{
    nlohmann::json j = {
        {"isNew", s.isNew},
        {"easiness", s.easiness},
        {"repetitions", s.repetitions},
        {"intervalDays", s.intervalDays},
        {"due", s.due},
        {"drillPending", s.drillPending},
        {"lapses", s.lapses},
    };
    j["lastReview"] =
        s.lastReview == scheduler::kNever ? nlohmann::json(nullptr) : nlohmann::json(s.lastReview);
    return j.dump();
}

std::optional<scheduler::CardState> stateFromJson(const std::string& text)
{
    const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return std::nullopt;
    try {
        scheduler::CardState s;
        s.isNew = j.at("isNew").get<bool>();
        s.easiness = j.at("easiness").get<double>();
        s.repetitions = j.at("repetitions").get<int>();
        s.intervalDays = j.at("intervalDays").get<int>();
        s.due = j.at("due").get<scheduler::Day>();
        s.drillPending = j.at("drillPending").get<bool>();
        s.lapses = j.at("lapses").get<int>();
        s.lastReview =
            j.at("lastReview").is_null() ? scheduler::kNever : j.at("lastReview").get<scheduler::Day>();
        return s;
    } catch (const nlohmann::json::exception&) {
        return std::nullopt;
    }
}

Status writeState(Database& db, CardId id, const scheduler::CardState& s)
{
    auto st = db.prepare(
        "INSERT INTO card_state (card_id, is_new, easiness, repetitions, interval_days, due_day,"
        " last_review_day, drill_pending, lapses) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"
        " ON CONFLICT (card_id) DO UPDATE SET is_new = excluded.is_new, easiness = excluded.easiness,"
        " repetitions = excluded.repetitions, interval_days = excluded.interval_days,"
        " due_day = excluded.due_day, last_review_day = excluded.last_review_day,"
        " drill_pending = excluded.drill_pending, lapses = excluded.lapses");
    if (!st)
        return st.error();
    st->bind(1, id.value)
        .bind(2, s.isNew ? 1 : 0)
        .bind(3, s.easiness)
        .bind(4, s.repetitions)
        .bind(5, s.intervalDays)
        .bind(6, s.due)
        .bind(8, s.drillPending ? 1 : 0)
        .bind(9, s.lapses);
    if (s.lastReview == scheduler::kNever)
        st->bindNull(7);
    else
        st->bind(7, s.lastReview);
    return st->run();
}

Result<CardId> insertCard(Database& db, const CardContent& c, const char* origin, std::int64_t deckOrder,
                          std::optional<ImportId> importId, std::int64_t nowMs)
{
    auto st =
        db.prepare("INSERT INTO cards (uid, kind, topic, level, question, question_en, answer, key_points,"
                   " tags, links, sources, origin, deck_order, builtin_hash, import_id, created_at_ms,"
                   " modified_at_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14,"
                   " ?15, ?16, ?16)");
    if (!st)
        return st.error();
    st->bind(1, c.uid)
        .bind(2, toString(c.kind))
        .bind(3, c.topic)
        .bind(4, c.level)
        .bind(5, c.question)
        .bind(6, c.questionEn)
        .bind(7, c.answer)
        .bind(8, rows::joinLines(c.keyPoints))
        .bind(9, rows::joinComma(c.tags))
        .bind(10, rows::joinComma(c.links))
        .bind(11, rows::joinLines(c.sources))
        .bind(12, origin)
        .bind(13, deckOrder)
        .bind(14, std::string(origin) == "builtin" ? rows::contentHash(c) : std::string())
        .bind(16, nowMs);
    if (importId)
        st->bind(15, importId->value);
    else
        st->bindNull(15);
    if (auto s = st->run(); !s.ok())
        return s.error();
    const CardId id(db.lastInsertId());
    if (auto s = writeState(db, id, scheduler::CardState{}); !s.ok())
        return s.error();
    return id;
}

Status insertSighting(Database& db, CardId id, const Sighting& s, std::optional<ImportId> importId,
                      bool* inserted)
{
    auto st = db.prepare("INSERT OR IGNORE INTO sightings (card_id, company, round, role,"
                         " report_date, source_url, import_id, direction, date_kind, item)"
                         " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)");
    if (!st)
        return st.error();
    st->bind(1, id.value)
        .bind(2, s.company)
        .bind(3, s.round)
        .bind(4, s.role)
        .bind(5, s.date)
        .bind(6, s.sourceUrl)
        .bind(8, s.direction)
        .bind(9, s.dateKind)
        .bind(10, s.item);
    if (importId)
        st->bind(7, importId->value);
    else
        st->bindNull(7);
    if (auto r = st->run(); !r.ok())
        return r;
    if (inserted)
        *inserted = db.changes() > 0;
    return Ok{};
}

namespace {}  // namespace

Result<scheduler::CardState> Collection::nextState(CardId id, const scheduler::CardState& before,
                                                   std::optional<scheduler::Answer> button, int quality,
                                                   scheduler::Day day, std::string* schedulerName) const
{
    auto cfg = config();
    if (!cfg)
        return cfg.error();
    const CardScheduler cardScheduler(*cfg, id);
    if (schedulerName)
        *schedulerName = std::string(cardScheduler.name());
    auto history = cardScheduler.history(impl_->db, id);
    if (!history)
        return history.error();
    return cardScheduler.next(before, button, quality, day, *history);
}

Result<AnswerOutcome> Collection::answerCard(CardId id, scheduler::Answer answer, const Now& now,
                                             std::int64_t timeTakenMs)
{
    return answerQuality(id, answer, scheduler::qualityFor(answer), "review", now, timeTakenMs);
}

Result<AnswerOutcome> Collection::answerDrill(CardId id, scheduler::Answer answer, const Now& now,
                                              std::int64_t timeTakenMs)
{
    return answerQuality(id, answer, scheduler::qualityFor(answer), "drill", now, timeTakenMs);
}

Result<AnswerOutcome> Collection::answerWithRubric(CardId id, int rubricScore, const Now& now,
                                                   std::int64_t timeTakenMs)
{
    const auto quality = scheduler::qualityForRubric(rubricScore);
    if (!quality)
        return Error{
            ErrorKind::InvalidInput, "a rubric score is 0 to 4, not " + std::to_string(rubricScore), {}, 0};
    return answerQuality(id, std::nullopt, *quality, "mock", now, timeTakenMs);
}

Result<AnswerOutcome> Collection::answerQuality(CardId id, std::optional<scheduler::Answer> button,
                                                int quality, const char* mode, const Now& now,
                                                std::int64_t timeTakenMs)
{
    Database& db = impl_->db;
    const scheduler::Day day = today(now);
    Transaction tx(db);
    if (!tx.begun().ok())
        return tx.begun().error();
    auto before = cardState(id);
    if (!before)
        return before.error();
    std::string schedulerName;
    auto next = nextState(id, *before, button, quality, day, &schedulerName);
    if (!next)
        return next.error();
    // A drill answer is logged but leaves the schedule alone.
    const bool reschedules = std::string_view(mode) != "drill";
    const scheduler::CardState after = reschedules ? *next : *before;
    if (reschedules) {
        if (auto s = writeState(db, id, after); !s.ok())
            return s.error();
    }

    auto log = db.prepare("INSERT INTO review_log (card_id, reviewed_at_ms, study_day, answer, quality,"
                          " time_taken_ms, mode, scheduler, state_before, state_after)"
                          " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)");
    if (!log)
        return log.error();
    log->bind(1, id.value)
        .bind(2, now.unixMs)
        .bind(3, day)
        .bind(5, quality)
        .bind(6, std::max<std::int64_t>(0, timeTakenMs))
        .bind(7, mode)
        .bind(8, schedulerName)
        .bind(9, stateToJson(*before))
        .bind(10, stateToJson(after));
    if (button)
        log->bind(4, static_cast<int>(*button));
    else
        log->bindNull(4);
    if (auto s = log->run(); !s.ok())
        return s.error();
    const ReviewId review(db.lastInsertId());
    if (auto s = tx.commit(); !s.ok())
        return s.error();
    return AnswerOutcome{id, review, *before, after};
}

Result<AnswerOutcome> Collection::undoLastAnswer()
{
    Database& db = impl_->db;
    Transaction tx(db);
    if (!tx.begun().ok())
        return tx.begun().error();
    auto st = db.prepare("SELECT id, card_id, state_before, state_after FROM review_log"
                         " ORDER BY id DESC LIMIT 1");
    if (!st)
        return st.error();
    if (!st->step())
        return Error{ErrorKind::Conflict, "there is no answer to undo", {}, 0};
    const ReviewId review(st->int64(0));
    const CardId card(st->int64(1));
    const auto before = stateFromJson(st->text(2));
    const auto after = stateFromJson(st->text(3));
    if (!before || !after)
        return Error{ErrorKind::InvalidInput,
                     "review " + std::to_string(review.value) + " has an unreadable state",
                     {},
                     0};
    if (auto s = writeState(db, card, *before); !s.ok())
        return s.error();
    auto del = db.prepare("DELETE FROM review_log WHERE id = ?1");
    if (!del)
        return del.error();
    if (auto s = del->bind(1, review.value).run(); !s.ok())
        return s.error();
    if (auto s = tx.commit(); !s.ok())
        return s.error();
    return AnswerOutcome{card, review, *after, *before};
}

Status Collection::editCard(CardId id, const CardContent& c, const Now& now)
{
    if (c.question.empty())
        return Error{ErrorKind::InvalidInput, "a card needs a question", {}, 0};
    if (c.level < 1 || c.level > 10)
        return Error{ErrorKind::InvalidInput, "the level is 1 to 10", {}, 0};
    Transaction tx(impl_->db);
    if (!tx.begun().ok())
        return tx.begun();
    auto st = impl_->db.prepare(
        "UPDATE cards SET kind = ?2, topic = ?3, level = ?4, question = ?5, question_en = ?6,"
        " answer = ?7, key_points = ?8, tags = ?9, links = ?10, sources = ?11, user_edited = 1,"
        " modified_at_ms = ?12 WHERE id = ?1");
    if (!st)
        return st.error();
    st->bind(1, id.value)
        .bind(2, toString(c.kind))
        .bind(3, c.topic)
        .bind(4, c.level)
        .bind(5, c.question)
        .bind(6, c.questionEn)
        .bind(7, c.answer)
        .bind(8, rows::joinLines(c.keyPoints))
        .bind(9, rows::joinComma(c.tags))
        .bind(10, rows::joinComma(c.links))
        .bind(11, rows::joinLines(c.sources))
        .bind(12, now.unixMs);
    if (auto s = st->run(); !s.ok())
        return s;
    if (impl_->db.changes() == 0)
        return Error{ErrorKind::NotFound, "no card with id " + std::to_string(id.value), {}, 0};
    return tx.commit();
}

namespace {
Status updateOne(Database& db, const std::string& sql, CardId id, std::int64_t value, std::int64_t nowMs)
{
    Transaction tx(db);
    if (!tx.begun().ok())
        return tx.begun();
    auto st = db.prepare(sql);
    if (!st)
        return st.error();
    if (auto s = st->bind(1, id.value).bind(2, value).bind(3, nowMs).run(); !s.ok())
        return s;
    if (db.changes() == 0)
        return Error{ErrorKind::NotFound, "no card with id " + std::to_string(id.value), {}, 0};
    return tx.commit();
}
}  // namespace

Status Collection::setSuspended(CardId id, bool suspended, const Now& now)
{
    return updateOne(impl_->db, "UPDATE cards SET suspended = ?2, modified_at_ms = ?3 WHERE id = ?1", id,
                     suspended ? 1 : 0, now.unixMs);
}

Status Collection::bury(CardId id, const Now& now)
{
    return updateOne(impl_->db, "UPDATE cards SET buried_until = ?2, modified_at_ms = ?3 WHERE id = ?1", id,
                     today(now) + 1, now.unixMs);
}

Status Collection::setFlag(CardId id, int flag, const Now& now)
{
    if (flag < 0 || flag > 4)
        return Error{ErrorKind::InvalidInput, "a flag is 0 (none) to 4", {}, 0};
    return updateOne(impl_->db, "UPDATE cards SET flag = ?2, modified_at_ms = ?3 WHERE id = ?1", id, flag,
                     now.unixMs);
}

}  // namespace deck
