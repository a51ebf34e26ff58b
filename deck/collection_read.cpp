#include <algorithm>
#include <cstring>
#include <map>

#include "deck/card_rows.h"
#include "deck/storage/database.h"
#include "deck/card_scheduler.h"
#include "deck/collection_impl.h"
#include "deck/text_match.h"
#include "scheduler/answer.h"
#include "scheduler/learning_path.h"

namespace deck {

namespace {

constexpr const char* kStateColumns =
    "s.is_new, s.easiness, s.repetitions, s.interval_days, s.due_day, s.last_review_day, "
    "s.drill_pending, s.lapses";

}  // namespace

scheduler::CardState readState(const Statement& st, int first)
{
    scheduler::CardState s;
    s.isNew = st.int64(first) != 0;
    s.easiness = st.real(first + 1);
    s.repetitions = st.int32(first + 2);
    s.intervalDays = st.int32(first + 3);
    s.due = st.int64(first + 4);
    s.lastReview = st.isNull(first + 5) ? scheduler::kNever : st.int64(first + 5);
    s.drillPending = st.int64(first + 6) != 0;
    s.lapses = st.int32(first + 7);
    return s;
}

Result<Card> Collection::card(CardId id) const
{
    auto st = impl_->db.prepare(
        "SELECT uid, kind, topic, level, question, question_en, answer, key_points, tags, links, "
        "sources, suspended, flag, user_edited FROM cards WHERE id = ?1");
    if (!st)
        return st.error();
    st->bind(1, id.value);
    if (!st->step()) {
        if (st->error())
            return *st->error();
        return Error{ErrorKind::NotFound, "no card with id " + std::to_string(id.value), {}, 0};
    }
    Card card;
    card.id = id;
    CardContent& c = card.content;
    c.uid = st->text(0);
    parseCardKind(st->text(1), &c.kind);
    c.topic = st->text(2);
    c.level = st->int32(3);
    c.question = st->text(4);
    c.questionEn = st->text(5);
    c.answer = st->text(6);
    c.keyPoints = rows::splitLines(st->text(7));
    c.tags = rows::splitComma(st->text(8));
    c.links = rows::splitComma(st->text(9));
    c.sources = rows::splitLines(st->text(10));
    card.suspended = st->int64(11) != 0;
    card.flag = st->int32(12);
    card.userEdited = st->int64(13) != 0;

    // Interview dates first, newest first; rows dated only by a posting or publication after them.
    auto sg = impl_->db.prepare("SELECT company, round, role, report_date, source_url, direction,"
                                " date_kind, item FROM sightings WHERE card_id = ?1"
                                " ORDER BY date_kind <> 'interview', report_date DESC, company, round, item");
    if (!sg)
        return sg.error();
    sg->bind(1, id.value);
    while (sg->step())
        card.sightings.push_back({sg->text(0), sg->text(1), sg->text(2), sg->text(3), sg->text(4),
                                  sg->text(5), sg->text(6), sg->int32(7)});
    if (sg->error())
        return *sg->error();
    return card;
}

Result<CardId> Collection::findByUid(const std::string& uid) const
{
    auto st = impl_->db.prepare("SELECT id FROM cards WHERE uid = ?1");
    if (!st)
        return st.error();
    st->bind(1, uid);
    if (!st->step())
        return Error{ErrorKind::NotFound, "no card '" + uid + "'", {}, 0};
    return CardId(st->int64(0));
}

Result<scheduler::CardState> Collection::cardState(CardId id) const
{
    auto st =
        impl_->db.prepare(std::string("SELECT ") + kStateColumns + " FROM card_state s WHERE s.card_id = ?1");
    if (!st)
        return st.error();
    st->bind(1, id.value);
    if (!st->step())
        return Error{ErrorKind::NotFound, "no card with id " + std::to_string(id.value), {}, 0};
    return readState(*st, 0);
}

Result<TodayQueue> Collection::todayQueue(const Now& now) const
{
    auto cfg = config();
    if (!cfg)
        return cfg.error();
    const scheduler::Day day = today(now);

    // What was already done today counts against the limits.
    scheduler::QueueLimits limits;
    limits.newPerDay = cfg->newPerDay;
    limits.maxReviewsPerDay = cfg->maxReviewsPerDay;
    limits.learningPathOrder = cfg->learningPathOrder;
    auto done =
        impl_->db.prepare("SELECT coalesce(sum(json_extract(state_before, '$.isNew') = 1), 0),"
                          "       coalesce(sum(json_extract(state_before, '$.isNew') = 0"
                          "                AND json_extract(state_before, '$.lastReview') IS NOT ?1), 0)"
                          " FROM review_log WHERE study_day = ?1 AND mode = 'review'");
    if (!done)
        return done.error();
    done->bind(1, day);
    if (done->step()) {
        limits.newIntroducedToday = done->int32(0);
        limits.reviewsDoneToday = done->int32(1);
    }
    const int reviewRoom = std::max(0, limits.maxReviewsPerDay - limits.reviewsDoneToday);
    const int newRoom = std::max(0, limits.newPerDay - limits.newIntroducedToday);

    // Only what can be shown today is read, each part with an indexed, bounded query, so the
    // cost follows the daily limits rather than the size of the collection. The pure queue
    // policy (scheduler/queue.cpp) still decides the order.
    const auto& path = scheduler::LearningPath::standard();
    std::vector<scheduler::QueueCandidate> candidates;
    const std::string select = std::string("SELECT c.id, c.topic, c.level, c.deck_order, ") + kStateColumns
                               + " FROM card_state s JOIN cards c ON c.id = s.card_id";
    auto collect = [&](Statement& st) -> Status {
        while (st.step()) {
            scheduler::QueueCandidate c;
            c.key = st.int64(0);
            c.pathRank = path.rank(st.text(1));
            c.level = st.int32(2);
            c.deckOrder = st.int64(3);
            c.state = readState(st, 4);
            candidates.push_back(std::move(c));
        }
        if (st.error())
            return *st.error();
        return Ok{};
    };
    const char* visible = " AND c.suspended = 0 AND c.buried_until <= ?1";

    // Due reviews, most overdue first, and how many there are in all.
    auto reviews = impl_->db.prepare(select
                                     + " WHERE s.is_new = 0 AND s.due_day <= ?1"
                                       " AND s.last_review_day IS NOT ?1"
                                     + visible + " ORDER BY s.due_day, c.deck_order, c.id LIMIT ?2");
    if (!reviews)
        return reviews.error();
    reviews->bind(1, day).bind(2, reviewRoom);
    if (auto s = collect(*reviews); !s.ok())
        return s.error();
    // All due reviews, counted from indexes alone: every due card from the state index
    // (card_state_due covers is_new and due_day), less those already answered today (the
    // last-review index: a day's worth of rows), less the hidden ones among the few cards ever
    // suspended or buried (driven from the cards_hidden partial index; left to itself the planner
    // walked all due cards and read each one's row: 14 ms at 100,000 cards, bench/README.md).
    auto dueCount = impl_->db.prepare(
        "SELECT (SELECT count(*) FROM card_state s WHERE s.is_new = 0 AND s.due_day <= ?1)"
        "     - (SELECT count(*) FROM card_state s INDEXED BY card_state_last_review WHERE s.last_review_day "
        "= ?1"
        "        AND s.is_new = 0 AND s.due_day <= ?1)"
        "     - (SELECT count(*) FROM cards c INDEXED BY cards_hidden CROSS JOIN card_state s ON s.card_id = "
        "c.id"
        "        WHERE (c.suspended = 1 OR c.buried_until > 0) AND (c.suspended = 1 OR c.buried_until > ?1)"
        "        AND s.is_new = 0 AND s.due_day <= ?1 AND s.last_review_day IS NOT ?1)");
    if (!dueCount)
        return dueCount.error();
    dueCount->bind(1, day);
    const int reviewsDueTotal = dueCount->step() ? dueCount->int32(0) : 0;

    // New cards: topic by topic along the learning path (or in deck order), up to the room left.
    if (newRoom > 0) {
        if (limits.learningPathOrder) {
            // new_queue (schema v4) holds only the cards still new, indexed in this order.
            auto byTopic =
                impl_->db.prepare(select + " JOIN new_queue n ON n.card_id = c.id WHERE n.topic = ?2"
                                  + visible + " ORDER BY n.level, n.deck_order, n.card_id LIMIT ?3");
            if (!byTopic)
                return byTopic.error();
            std::size_t before = candidates.size();
            for (const std::string& topic : path.order()) {
                const int room = newRoom - static_cast<int>(candidates.size() - before);
                if (room <= 0)
                    break;
                byTopic->reset();
                byTopic->bind(1, day).bind(2, topic).bind(3, room);
                if (auto s = collect(*byTopic); !s.ok())
                    return s.error();
            }
            // Topics off the path come last.
            const int room = newRoom - static_cast<int>(candidates.size() - before);
            if (room > 0) {
                std::string inList;
                for (const std::string& topic : path.order())
                    inList += (inList.empty() ? "'" : ",'") + topic + "'";
                auto rest = impl_->db.prepare(
                    select + " JOIN new_queue n ON n.card_id = c.id WHERE n.topic NOT IN (" + inList + ")"
                    + visible + " ORDER BY n.deck_order, n.card_id LIMIT ?2");
                if (!rest)
                    return rest.error();
                rest->bind(1, day).bind(2, room);
                if (auto s = collect(*rest); !s.ok())
                    return s.error();
            }
        } else {
            auto fresh = impl_->db.prepare(select + " JOIN new_queue n ON n.card_id = c.id WHERE 1" + visible
                                           + " ORDER BY n.deck_order, n.card_id LIMIT ?2");
            if (!fresh)
                return fresh.error();
            fresh->bind(1, day).bind(2, newRoom);
            if (auto s = collect(*fresh); !s.ok())
                return s.error();
        }
    }

    // Today's repeats (graded below 4 on their first answer today).
    auto drill =
        impl_->db.prepare(select + " WHERE s.last_review_day = ?1 AND s.drill_pending = 1" + visible);
    if (!drill)
        return drill.error();
    drill->bind(1, day);
    if (auto s = collect(*drill); !s.ok())
        return s.error();

    const scheduler::DailyQueue q = scheduler::buildDailyQueue(candidates, day, limits);
    TodayQueue out;
    for (std::int64_t key : q.ordered())
        out.order.emplace_back(key);
    out.reviews = static_cast<int>(q.reviews.size());
    out.fresh = static_cast<int>(q.newCards.size());
    out.drill = static_cast<int>(q.drill.size());
    out.reviewsDueTotal = reviewsDueTotal;
    return out;
}

Result<scheduler::NextStates> Collection::preview(CardId id, const Now& now) const
{
    auto state = cardState(id);
    if (!state)
        return state.error();
    const scheduler::Day day = today(now);
    auto cfg = config();
    if (!cfg)
        return cfg.error();
    // One scheduler and one read of the history for the four buttons.
    const CardScheduler cardScheduler(*cfg, id);
    auto history = cardScheduler.history(impl_->db, id);
    if (!history)
        return history.error();
    scheduler::NextStates next;
    for (int i = 0; i < 4; ++i) {
        const auto button = static_cast<scheduler::Answer>(i + 1);
        next.byAnswer[static_cast<std::size_t>(i)] =
            cardScheduler.next(*state, button, scheduler::qualityFor(button), day, *history);
    }
    return next;
}

Result<Stats> Collection::stats(const Now& now) const
{
    const scheduler::Day day = today(now);
    Stats s;
    auto st = impl_->db.prepare(std::string("SELECT c.topic, c.kind, c.suspended, ") + kStateColumns
                                + " FROM cards c JOIN card_state s ON s.card_id = c.id");
    if (!st)
        return st.error();
    std::map<std::string, TopicCount> topics;
    while (st->step()) {
        const std::string topic = st->text(0);
        const std::string kind = st->text(1);
        const bool suspended = st->int64(2) != 0;
        const scheduler::CardState state = readState(*st, 3);
        TopicCount& t = topics[topic];
        t.topic = topic;
        ++t.cards;
        ++s.cards;
        if (kind == "question")
            ++s.questions;
        else if (kind == "formula")
            ++s.formulas;
        else if (kind == "demo")
            ++s.demos;
        else if (kind == "coding")
            ++s.coding;
        if (suspended) {
            ++s.suspended;
            ++t.suspended;
            continue;
        }
        if (state.isNew) {
            ++s.fresh;
            ++t.fresh;
        } else if (state.lastReview == day && state.drillPending) {
            ++s.learning;
        } else if (state.intervalDays >= 21) {
            ++s.mature;
        } else {
            ++s.young;
        }
        if (scheduler::isDueReview(state, day)) {
            ++s.dueToday;
            ++t.due;
        }
    }
    if (st->error())
        return *st->error();
    for (auto& [name, count] : topics)
        s.topics.push_back(count);

    auto q = todayQueue(now);
    if (!q)
        return q.error();
    s.newAvailableToday = q->fresh;

    auto logs = impl_->db.prepare("SELECT count(*), coalesce(sum(study_day = ?1), 0) FROM review_log");
    if (!logs)
        return logs.error();
    logs->bind(1, day);
    if (logs->step()) {
        s.reviewsTotal = logs->int32(0);
        s.reviewsToday = logs->int32(1);
    }
    auto sg = impl_->db.prepare("SELECT count(*), count(DISTINCT company) FROM sightings");
    if (!sg)
        return sg.error();
    if (sg->step()) {
        s.sightings = sg->int32(0);
        s.companies = sg->int32(1);
    }
    return s;
}

Result<std::vector<CardSummary>> Collection::search(const std::string& text, int limit) const
{
    const std::vector<std::string> terms = splitSearchTerms(text);
    std::vector<CardSummary> out;
    if (terms.empty())
        return out;
    auto match = textMatch(impl_->db, terms);
    if (!match)
        return match.error();
    if (match->matchesNothing)
        return out;

    // One pass in card-id order, stopped as soon as the limit is filled by cards whose question
    // holds the first term (they are listed first, the other matches after them), so SQLite
    // never collects or sorts every match: with index terms the full-text index is the outer
    // loop and yields its matches in rowid order (bench/README.md).
    std::vector<std::string> params{"%" + escapeLike(terms.front()) + "%"};
    std::string from = " FROM cards c WHERE ";
    if (!match->fts.empty()) {
        from = " FROM cards_fts f JOIN cards c ON c.id = f.rowid WHERE cards_fts MATCH ?";
        params.push_back(match->fts);
    }
    const std::string like = likeCondition(*match, params);
    const std::string sql = "SELECT c.id, c.uid, c.kind, c.topic, c.level, c.question, c.question_en,"
                            " (SELECT count(DISTINCT company) FROM sightings g WHERE g.card_id = c.id),"
                            " (SELECT count(DISTINCT source_url) FROM sightings g WHERE g.card_id = c.id),"
                            " c.question LIKE ? ESCAPE '\\'"
                            + from
                            + (match->fts.empty() ? like
                               : like.empty()     ? ""
                                                  : " AND " + like)
                            + (match->fts.empty() ? " ORDER BY c.id" : " ORDER BY f.rowid");
    auto st = impl_->db.prepare(sql);
    if (!st)
        return st.error();
    for (std::size_t i = 0; i < params.size(); ++i)
        st->bind(static_cast<int>(i + 1), params[i]);
    const std::size_t wanted = static_cast<std::size_t>(std::max(1, limit));
    std::vector<CardSummary> others;
    while (out.size() < wanted && st->step()) {
        const bool inQuestion = st->int32(9) != 0;
        if (!inQuestion && others.size() >= wanted)
            continue;
        CardSummary s;
        s.id = CardId(st->int64(0));
        s.uid = st->text(1);
        parseCardKind(st->text(2), &s.kind);
        s.topic = st->text(3);
        s.level = st->int32(4);
        s.question = st->text(5);
        s.questionEn = st->text(6);
        s.companies = st->int32(7);
        s.reports = st->int32(8);
        (inQuestion ? out : others).push_back(std::move(s));
    }
    if (st->error())
        return *st->error();
    for (auto& s : others) {
        if (out.size() >= wanted)
            break;
        out.push_back(std::move(s));
    }
    return out;
}

Result<std::vector<CardMatchText>> Collection::matchTexts() const
{
    auto st =
        impl_->db.prepare("SELECT id, question, uid, question_en, tags, key_points FROM cards ORDER BY id");
    if (!st)
        return st.error();
    std::vector<CardMatchText> out;
    while (st->step())
        out.push_back(
            {CardId(st->int64(0)), st->text(1), st->text(2), st->text(3), st->text(4), st->text(5)});
    if (st->error())
        return *st->error();
    return out;
}

}  // namespace deck
