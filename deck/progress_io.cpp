#include "deck/progress_io.h"
#include "deck/storage/access.h"
#include "deck/card_scheduler.h"
#include "deck/storage/database.h"

#include <algorithm>
#include <map>
#include <set>

#include "deck/card_rows.h"
#include "deck/collection_impl.h"

namespace deck {

namespace {

constexpr const char* kCardColumns =
    "id, uid, kind, topic, level, question, question_en, answer, key_points, tags, links, sources, "
    "suspended, flag, user_edited";

Card readCardRow(const Statement& st)
{
    Card card;
    card.id = CardId(st.int64(0));
    CardContent& c = card.content;
    c.uid = st.text(1);
    parseCardKind(st.text(2), &c.kind);
    c.topic = st.text(3);
    c.level = st.int32(4);
    c.question = st.text(5);
    c.questionEn = st.text(6);
    c.answer = st.text(7);
    c.keyPoints = rows::splitLines(st.text(8));
    c.tags = rows::splitComma(st.text(9));
    c.links = rows::splitComma(st.text(10));
    c.sources = rows::splitLines(st.text(11));
    card.suspended = st.int64(12) != 0;
    card.flag = st.int32(13);
    card.userEdited = st.int64(14) != 0;
    return card;
}

constexpr const char* kReviewColumns =
    "card_id, reviewed_at_ms, study_day, answer, quality, time_taken_ms, mode, scheduler, "
    "state_before, state_after";

Result<ReviewRecord> readReviewRow(const Statement& st)
{
    ReviewRecord r;
    r.reviewedAtMs = st.int64(1);
    r.studyDay = st.int64(2);
    if (!st.isNull(3))
        r.answer = st.int32(3);
    r.quality = st.int32(4);
    r.timeTakenMs = st.int64(5);
    r.mode = st.text(6);
    r.scheduler = st.text(7);
    const auto before = stateFromJson(st.text(8));
    const auto after = stateFromJson(st.text(9));
    if (!before || !after)
        return Error{ErrorKind::IntegrityFailed,
                     "review log of card " + std::to_string(st.int64(0)) + " holds an unreadable state",
                     {},
                     0};
    r.before = *before;
    r.after = *after;
    return r;
}

Status refuse(const ProgressImport& plan, std::size_t index, const std::string& what)
{
    return Error{ErrorKind::InvalidInput, "imported card " + std::to_string(index + 1) + ": " + what,
                 plan.source, 0};
}

/// Everything that can be checked before the transaction starts.
Status validate(const ProgressImport& plan)
{
    std::set<std::string> uids;
    for (std::size_t i = 0; i < plan.newCards.size(); ++i) {
        const auto& c = plan.newCards[i];
        if (c.content.question.empty())
            return refuse(plan, i, "has no question");
        if (c.content.level < 1 || c.content.level > 10)
            return refuse(plan, i, "level " + std::to_string(c.content.level) + " is outside 1-10");
        if (c.flag < 0 || c.flag > 4)
            return refuse(plan, i, "flag " + std::to_string(c.flag) + " is outside 0-4");
        if (!c.content.uid.empty() && !uids.insert(c.content.uid).second)
            return refuse(plan, i, "uid '" + c.content.uid + "' is used twice");
        for (const auto& r : c.reviews) {
            if (r.answer && (*r.answer < 1 || *r.answer > 4))
                return refuse(plan, i, "a review's answer is outside 1-4");
            if (r.quality < 0 || r.quality > 5)
                return refuse(plan, i, "a review's quality is outside 0-5");
        }
    }
    return Ok{};
}

}  // namespace

Result<std::vector<ReviewRecord>> readReviewLog(Collection& collection, CardId id)
{
    auto st = deck::storage::of(collection)
                  .prepare(std::string("SELECT ") + kReviewColumns
                           + " FROM review_log WHERE card_id = ?1 ORDER BY id");
    if (!st)
        return st.error();
    st->bind(1, id.value);
    std::vector<ReviewRecord> out;
    while (st->step()) {
        auto r = readReviewRow(*st);
        if (!r)
            return r.error();
        out.push_back(std::move(r.value()));
    }
    if (st->error())
        return *st->error();
    return out;
}

Result<std::vector<CardRecord>> readAllCardRecords(Collection& collection)
{
    Database& db = deck::storage::of(collection);
    std::vector<CardRecord> out;
    std::map<std::int64_t, std::size_t> index;  // card id -> position in `out`

    auto cards = db.prepare(std::string("SELECT ") + kCardColumns + " FROM cards ORDER BY id");
    if (!cards)
        return cards.error();
    while (cards->step()) {
        CardRecord rec;
        rec.card = readCardRow(*cards);
        index.emplace(rec.card.id.value, out.size());
        out.push_back(std::move(rec));
    }
    if (cards->error())
        return *cards->error();

    // Row order keeps the order they were added, which an import reproduces.
    auto sg = db.prepare("SELECT card_id, company, round, role, report_date, source_url, direction,"
                         " date_kind, item FROM sightings ORDER BY card_id, id");
    if (!sg)
        return sg.error();
    while (sg->step()) {
        const auto it = index.find(sg->int64(0));
        if (it != index.end())
            out[it->second].card.sightings.push_back({sg->text(1), sg->text(2), sg->text(3), sg->text(4),
                                                      sg->text(5), sg->text(6), sg->text(7), sg->int32(8)});
    }
    if (sg->error())
        return *sg->error();

    auto state = db.prepare("SELECT card_id, is_new, easiness, repetitions, interval_days, due_day,"
                            " last_review_day, drill_pending, lapses FROM card_state");
    if (!state)
        return state.error();
    while (state->step()) {
        const auto it = index.find(state->int64(0));
        if (it == index.end())
            continue;
        const scheduler::CardState s = readState(*state, 1);
        // insertCard writes CardState{} for every new card: that is "never scheduled".
        if (!(s == scheduler::CardState{}))
            out[it->second].state = s;
    }
    if (state->error())
        return *state->error();

    auto log = db.prepare(std::string("SELECT ") + kReviewColumns + " FROM review_log ORDER BY card_id, id");
    if (!log)
        return log.error();
    while (log->step()) {
        const auto it = index.find(log->int64(0));
        if (it == index.end())
            continue;
        auto r = readReviewRow(*log);
        if (!r)
            return r.error();
        out[it->second].reviews.push_back(std::move(r.value()));
    }
    if (log->error())
        return *log->error();
    return out;
}

Result<std::vector<std::pair<std::string, CardId>>> readCardUids(Collection& collection)
{
    auto st = deck::storage::of(collection).prepare("SELECT uid, id FROM cards ORDER BY id");
    if (!st)
        return st.error();
    std::vector<std::pair<std::string, CardId>> out;
    while (st->step())
        out.emplace_back(st->text(0), CardId(st->int64(1)));
    if (st->error())
        return *st->error();
    return out;
}

ProgressImport toProgressImport(const ImportPlan& plan)
{
    ProgressImport p;
    p.source = plan.source;
    p.summary = plan.summary;
    for (const auto& c : plan.newCards) {
        ProgressImport::NewCard n;
        n.content = c.content;
        n.sightings = c.sightings;
        p.newCards.push_back(std::move(n));
    }
    p.sightingsOnExisting = plan.sightingsOnExisting;
    return p;
}

namespace {

/// The review-log merge, inside the caller's transaction.
Result<ReviewMerge> mergeWithin(Collection& collection, const std::vector<ReviewsForCard>& incoming)
{
    ReviewMerge result;
    if (incoming.empty())
        return result;
    Database& db = deck::storage::of(collection);
    auto cfg = collection.config();
    if (!cfg)
        return cfg.error();
    // The same card may come more than once (two questions of one report on one card).
    std::map<std::int64_t, std::vector<const ReviewRecord*>> byCard;
    for (const auto& item : incoming)
        for (const auto& r : item.reviews)
            byCard[item.card.value].push_back(&r);
    auto del = db.prepare("DELETE FROM review_log WHERE card_id = ?1");
    auto ins = db.prepare("INSERT INTO review_log (card_id, reviewed_at_ms, study_day, answer, quality,"
                          " time_taken_ms, mode, scheduler, state_before, state_after)"
                          " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)");
    if (!del)
        return del.error();
    if (!ins)
        return ins.error();
    for (const auto& [cardValue, reviews] : byCard) {
        const CardId card(cardValue);
        auto existing = readReviewLog(collection, card);
        if (!existing)
            return existing.error();
        const auto second = [](std::int64_t ms) { return ms >= 0 ? ms / 1000 : -((-ms + 999) / 1000); };
        std::set<std::int64_t> seen;
        for (const auto& r : *existing)
            seen.insert(second(r.reviewedAtMs));
        std::vector<ReviewRecord> all = std::move(existing.value());
        int added = 0;
        for (const ReviewRecord* r : reviews) {
            if (!seen.insert(second(r->reviewedAtMs)).second) {
                ++result.alreadyThere;
                continue;
            }
            all.push_back(*r);
            ++added;
        }
        if (added == 0)
            continue;
        std::stable_sort(all.begin(), all.end(), [](const ReviewRecord& a, const ReviewRecord& b) {
            return a.reviewedAtMs < b.reviewedAtMs;
        });
        // Replay from the state before the earliest review (a fresh card's, or the state an
        // earlier import brought), so old and new answers are scheduled in the order given.
        const CardScheduler cardScheduler(*cfg, card);
        scheduler::CardState state = all.front().before;
        std::vector<scheduler::fsrs::ReviewEvent> history;
        for (ReviewRecord& r : all) {
            if (r.mode == "drill") {  // logged, never scheduled (Collection::answerDrill)
                r.before = r.after = state;
                continue;
            }
            const auto button =
                r.answer ? std::optional<scheduler::Answer>(static_cast<scheduler::Answer>(*r.answer))
                         : std::nullopt;
            r.before = state;
            r.after = cardScheduler.next(state, button, r.quality, r.studyDay, history);
            r.scheduler = std::string(cardScheduler.name());
            history.push_back(CardScheduler::event(r.answer, r.quality, r.studyDay));
            state = r.after;
        }
        del->reset();
        if (auto s = del->bind(1, card.value).run(); !s.ok())
            return s.error();
        for (const ReviewRecord& r : all) {
            ins->reset();
            ins->bind(1, card.value)
                .bind(2, r.reviewedAtMs)
                .bind(3, r.studyDay)
                .bind(5, r.quality)
                .bind(6, r.timeTakenMs)
                .bind(7, r.mode)
                .bind(8, r.scheduler)
                .bind(9, stateToJson(r.before))
                .bind(10, stateToJson(r.after));
            if (r.answer)
                ins->bind(4, *r.answer);
            else
                ins->bindNull(4);
            if (auto s = ins->run(); !s.ok())
                return s.error();
        }
        if (auto s = writeState(db, card, state); !s.ok())
            return s.error();
        result.reviewsAdded += added;
        ++result.cardsChanged;
    }
    return result;
}

}  // namespace

Result<ProgressImport> planCollectionMerge(Collection& into, Collection& other, const std::string& otherName)
{
    auto mine = readCardUids(into);
    if (!mine)
        return mine.error();
    std::map<std::string, CardId> byUid(mine->begin(), mine->end());
    auto theirs = readAllCardRecords(other);
    if (!theirs)
        return theirs.error();
    ProgressImport plan;
    plan.source = otherName;
    std::size_t reviews = 0;
    for (CardRecord& r : *theirs) {
        if (const auto it = byUid.find(r.card.content.uid); it != byUid.end()) {
            for (const Sighting& s : r.card.sightings)
                plan.sightingsOnExisting.emplace_back(it->second, s);
            if (!r.reviews.empty()) {
                reviews += r.reviews.size();
                plan.reviewsOnExisting.push_back({it->second, std::move(r.reviews)});
            }
            continue;
        }
        ProgressImport::NewCard nc;
        nc.content = r.card.content;
        nc.suspended = r.card.suspended;
        nc.flag = r.card.flag;
        nc.userEdited = r.card.userEdited;
        nc.sightings = r.card.sightings;
        nc.state = r.state;
        nc.reviews = std::move(r.reviews);
        plan.newCards.push_back(std::move(nc));
    }
    plan.summary = "merge of " + otherName + ": " + std::to_string(plan.newCards.size()) + " new cards, "
                   + std::to_string(reviews) + " reviews for " + std::to_string(plan.reviewsOnExisting.size())
                   + " shared cards (merged by answer time)";
    return plan;
}

Result<ReviewMerge> mergeReviews(Collection& collection, const std::vector<ReviewsForCard>& incoming)
{
    Transaction tx(deck::storage::of(collection));
    if (!tx.begun().ok())
        return tx.begun().error();
    auto merged = mergeWithin(collection, incoming);
    if (!merged)
        return merged.error();
    if (auto s = tx.commit(); !s.ok())
        return s.error();
    return merged;
}

Result<ImportId> applyProgressImport(Collection& collection, const ProgressImport& plan, const Now& now,
                                     ReviewMerge* merged)
{
    if (auto s = validate(plan); !s.ok())
        return s.error();
    Database& db = deck::storage::of(collection);
    Transaction tx(db);
    if (!tx.begun().ok())
        return tx.begun().error();

    // A uid already in the collection would otherwise fail as an opaque UNIQUE constraint.
    auto taken = db.prepare("SELECT 1 FROM cards WHERE uid = ?1");
    if (!taken)
        return taken.error();
    for (std::size_t i = 0; i < plan.newCards.size(); ++i) {
        const std::string& uid = plan.newCards[i].content.uid;
        if (uid.empty())
            continue;
        taken->reset();
        taken->bind(1, uid);
        if (taken->step())
            return refuse(plan, i, "uid '" + uid + "' is already in the collection").error();
        if (taken->error())
            return *taken->error();
    }

    auto rec = db.prepare("INSERT INTO imports (created_at_ms, source, summary) VALUES (?1, ?2, ?3)");
    if (!rec)
        return rec.error();
    if (auto s = rec->bind(1, now.unixMs).bind(2, plan.source).bind(3, plan.summary).run(); !s.ok())
        return s.error();
    const ImportId importId(db.lastInsertId());

    auto maxOrder = db.prepare("SELECT coalesce(max(deck_order), 0) FROM cards");
    if (!maxOrder || !maxOrder->step())
        return Error{ErrorKind::Sql, "cannot read the deck order", {}, 0};
    std::int64_t order = maxOrder->int64(0);

    auto marks = db.prepare("UPDATE cards SET suspended = ?2, flag = ?3, user_edited = ?4 WHERE id = ?1");
    auto log = db.prepare("INSERT INTO review_log (card_id, reviewed_at_ms, study_day, answer, quality,"
                          " time_taken_ms, mode, scheduler, state_before, state_after)"
                          " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)");
    if (!marks)
        return marks.error();
    if (!log)
        return log.error();

    int generated = 0;
    for (const auto& card : plan.newCards) {
        CardContent c = card.content;
        if (c.uid.empty())
            c.uid = "import-" + std::to_string(importId.value) + "-" + std::to_string(++generated);
        auto id = insertCard(db, c, "import", ++order, importId, now.unixMs);
        if (!id)
            return id.error();
        if (card.suspended || card.flag != 0 || card.userEdited) {
            marks->reset();
            marks->bind(1, id->value)
                .bind(2, card.suspended ? 1 : 0)
                .bind(3, card.flag)
                .bind(4, card.userEdited ? 1 : 0);
            if (auto s = marks->run(); !s.ok())
                return s.error();
        }
        if (card.state)
            if (auto s = writeState(db, *id, *card.state); !s.ok())
                return s.error();
        for (const ReviewRecord& r : card.reviews) {
            log->reset();
            log->bind(1, id->value)
                .bind(2, r.reviewedAtMs)
                .bind(3, r.studyDay)
                .bind(5, r.quality)
                .bind(6, r.timeTakenMs)
                .bind(7, r.mode)
                .bind(8, r.scheduler)
                .bind(9, stateToJson(r.before))
                .bind(10, stateToJson(r.after));
            if (r.answer)
                log->bind(4, *r.answer);
            else
                log->bindNull(4);
            if (auto s = log->run(); !s.ok())
                return s.error();
        }
        for (const Sighting& s : card.sightings)
            if (auto r = insertSighting(db, *id, s, importId); !r.ok())
                return r.error();
    }
    for (const auto& [cardId, s] : plan.sightingsOnExisting)
        if (auto r = insertSighting(db, cardId, s, importId); !r.ok())
            return r.error();
    auto reviews = mergeWithin(collection, plan.reviewsOnExisting);
    if (!reviews)
        return reviews.error();
    if (reviews->reviewsAdded > 0) {
        // The history line says what the merge did (undo does not take it back).
        auto note = db.prepare("UPDATE imports SET summary = summary || ?2 WHERE id = ?1");
        if (!note)
            return note.error();
        const std::string text = "; " + std::to_string(reviews->reviewsAdded) + " reviews merged into "
                                 + std::to_string(reviews->cardsChanged) + " existing cards";
        if (auto s = note->bind(1, importId.value).bind(2, text).run(); !s.ok())
            return s.error();
    }
    if (auto s = tx.commit(); !s.ok())
        return s.error();
    if (merged)
        *merged = *reviews;
    return importId;
}

}  // namespace deck
