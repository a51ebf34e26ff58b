#include "deck/interviews.h"
#include "deck/storage/access.h"
#include "scheduler/answer.h"
#include "deck/storage/database.h"

#include <map>

#include <algorithm>
#include <set>

#include "scheduler/learning_path.h"

namespace deck {

namespace {

using scheduler::Day;
using scheduler::kNever;

Status stepError(const Statement& st)
{
    if (st.error())
        return *st.error();
    return Ok{};
}

}  // namespace

Result<std::int64_t> addInterview(Collection& collection, const Interview& interview, const Now& now)
{
    if (interview.company.empty())
        return Error{ErrorKind::InvalidInput, "an interview needs a company", "", 0};
    Database& db = deck::storage::of(collection);
    auto st = db.prepare("INSERT INTO interviews (company, role, round, day, note, created_at_ms) "
                         "VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
    if (!st)
        return st.error();
    auto s = st->bind(1, interview.company)
                 .bind(2, interview.role)
                 .bind(3, interview.round)
                 .bind(4, static_cast<std::int64_t>(interview.day))
                 .bind(5, interview.note)
                 .bind(6, now.unixMs)
                 .run();
    if (!s)
        return s.error();
    return db.lastInsertId();
}

Result<std::vector<Interview>> listInterviews(Collection& collection)
{
    auto st =
        deck::storage::of(collection)
            .prepare(
                "SELECT id, company, role, round, day, note, created_at_ms FROM interviews ORDER BY day, id");
    if (!st)
        return st.error();
    std::vector<Interview> out;
    while (st->step()) {
        out.push_back(
            {st->int64(0), st->text(1), st->text(2), st->text(3), st->int64(4), st->text(5), st->int64(6)});
    }
    if (auto s = stepError(*st); !s)
        return s.error();
    return out;
}

Status removeInterview(Collection& collection, std::int64_t id)
{
    Database& db = deck::storage::of(collection);
    auto st = db.prepare("DELETE FROM interviews WHERE id = ?1");
    if (!st)
        return st.error();
    if (auto s = st->bind(1, id).run(); !s)
        return s;
    if (db.changes() == 0)
        return Error{ErrorKind::NotFound, "no interview " + std::to_string(id), "", 0};
    return Ok{};
}

Result<RelevantCards> relevantCards(Collection& collection, const Interview& interview,
                                    const RelevanceOptions& options)
{
    Database& db = deck::storage::of(collection);
    RelevantCards out;
    std::set<std::int64_t> all;
    std::vector<std::string> sightedTopics;
    {
        auto st =
            db.prepare("SELECT DISTINCT c.id, c.topic FROM sightings s JOIN cards c ON c.id = s.card_id "
                       "WHERE s.company = ?1 COLLATE NOCASE AND (?2 = '' OR s.role = ?2) AND c.suspended = 0 "
                       "ORDER BY c.id");
        if (!st)
            return st.error();
        st->bind(1, interview.company).bind(2, interview.role);
        while (st->step()) {
            out.sighted.push_back(CardId(st->int64(0)));
            all.insert(st->int64(0));
            const std::string topic = st->text(1);
            if (std::find(sightedTopics.begin(), sightedTopics.end(), topic) == sightedTopics.end())
                sightedTopics.push_back(topic);
        }
        if (auto s = stepError(*st); !s)
            return s.error();
    }
    // Only topics the company asks a lot are taken whole (RelevanceOptions::topicShare).
    {
        std::map<std::string, int> asked;
        for (CardId id : out.sighted) {
            auto st = db.prepare("SELECT topic FROM cards WHERE id = ?1");
            if (!st)
                return st.error();
            st->bind(1, id.value);
            if (st->step())
                ++asked[st->text(0)];
        }
        auto sizes = db.prepare("SELECT count(*) FROM cards WHERE topic = ?1 AND suspended = 0");
        if (!sizes)
            return sizes.error();
        std::erase_if(sightedTopics, [&](const std::string& topic) {
            sizes->reset();
            sizes->bind(1, topic);
            const int size = sizes->step() ? sizes->int32(0) : 0;
            return size <= 0 || asked[topic] < options.topicShare * size;
        });
    }
    std::sort(sightedTopics.begin(), sightedTopics.end());
    out.topics = sightedTopics;
    if (options.prerequisites) {
        // Direct prerequisites only: the whole transitive closure reaches most of the deck.
        std::set<std::string> before;
        for (const scheduler::Prerequisite& e : scheduler::standardPrerequisites())
            if (std::binary_search(sightedTopics.begin(), sightedTopics.end(), e.after)
                && !std::binary_search(sightedTopics.begin(), sightedTopics.end(), e.before))
                before.insert(e.before);
        out.topics.insert(out.topics.end(), before.begin(), before.end());
    }
    if (options.sameTopics || options.prerequisites) {
        auto st = db.prepare("SELECT id FROM cards WHERE topic = ?1 AND suspended = 0");
        if (!st)
            return st.error();
        for (std::size_t i = 0; i < out.topics.size(); ++i) {
            const bool isSighted = i < sightedTopics.size();
            if ((isSighted && !options.sameTopics) || (!isSighted && !options.prerequisites))
                continue;
            st->reset();
            st->bind(1, out.topics[i]);
            while (st->step())
                all.insert(st->int64(0));
            if (auto s = stepError(*st); !s)
                return s.error();
        }
    }
    for (std::int64_t id : all)
        out.cards.push_back(CardId(id));
    return out;
}

Result<std::map<CardId, CardMemory>> fsrsMemories(Collection& collection, Day beforeDay,
                                                  const scheduler::fsrs::Model& model)
{
    Database& db = deck::storage::of(collection);
    std::map<CardId, CardMemory> out;
    {
        auto st = db.prepare("SELECT card_id, due_day FROM card_state");
        if (!st)
            return st.error();
        while (st->step())
            out[CardId(st->int64(0))].due = st->int64(1);
        if (auto s = stepError(*st); !s)
            return s.error();
    }
    auto st =
        db.prepare("SELECT card_id, study_day, answer, quality FROM review_log "
                   "WHERE (?1 OR study_day < ?2) AND mode <> 'drill' ORDER BY card_id, reviewed_at_ms, id");
    if (!st)
        return st.error();
    st->bind(1, static_cast<std::int64_t>(beforeDay == kNever)).bind(2, static_cast<std::int64_t>(beforeDay));
    std::int64_t current = 0;
    std::vector<scheduler::fsrs::ReviewEvent> history;
    auto flush = [&] {
        if (current != 0 && !history.empty()) {
            CardMemory& m = out[CardId(current)];
            m.memory = scheduler::fsrs::replay(model, history);
            m.lastReview = history.back().day;
        }
        history.clear();
    };
    while (st->step()) {
        const std::int64_t card = st->int64(0);
        if (card != current) {
            flush();
            current = card;
        }
        const Day day = st->int64(1);
        if (!history.empty() && history.back().day == day)
            continue;  // only the first answer of each study day counts
        const std::optional<int> button = st->isNull(2) ? std::nullopt : std::optional<int>(st->int32(2));
        history.push_back({day, scheduler::ratingForLogRow(button, st->int32(3))});
    }
    flush();
    if (auto s = stepError(*st); !s)
        return s.error();
    return out;
}

Result<CardRecall> cardRecall(Collection& collection, CardId card, const std::vector<Day>& days,
                              const scheduler::fsrs::Model& model)
{
    auto exists = deck::storage::of(collection).prepare("SELECT 1 FROM cards WHERE id = ?1");
    if (!exists)
        return exists.error();
    exists->bind(1, card.value);
    if (!exists->step())
        return Error{ErrorKind::NotFound, "no card " + std::to_string(card.value), "", 0};
    auto st = deck::storage::of(collection)
                  .prepare("SELECT study_day, answer, quality FROM review_log"
                           " WHERE card_id = ?1 AND mode <> 'drill' ORDER BY reviewed_at_ms, id");
    if (!st)
        return st.error();
    st->bind(1, card.value);
    std::vector<scheduler::fsrs::ReviewEvent> history;
    while (st->step()) {
        const Day day = st->int64(0);
        if (!history.empty() && history.back().day == day)
            continue;  // only the first answer of each study day counts, as in fsrsMemories
        const std::optional<int> button = st->isNull(1) ? std::nullopt : std::optional<int>(st->int32(1));
        history.push_back({day, scheduler::ratingForLogRow(button, st->int32(2))});
    }
    if (auto s = stepError(*st); !s)
        return s.error();
    CardRecall out;
    out.studyDays = static_cast<int>(history.size());
    if (history.empty()) {
        out.recall.assign(days.size(), 0.0);
        return out;
    }
    const auto memory = scheduler::fsrs::replay(model, history);
    out.lastReview = history.back().day;
    if (memory) {
        out.stability = memory->stability;
        out.difficulty = memory->difficulty;
    }
    for (Day d : days)
        out.recall.push_back(memory ? model.retrievability(
                                 static_cast<double>(std::max<Day>(0, d - out.lastReview)), memory->stability)
                                    : 0.0);
    return out;
}

Result<double> predictedRecall(Collection& collection, CardId card, Day day)
{
    auto r = cardRecall(collection, card, {day});
    if (!r)
        return r.error();
    return r->recall.front();
}

Result<scheduler::InterviewPlan> interviewPlan(Collection& collection, const Now& now,
                                               const InterviewLimits& limits)
{
    const Day today = collection.today(now);
    auto interviews = listInterviews(collection);
    if (!interviews)
        return interviews.error();
    // As of the start of today, so the plan holds still while today's cards are answered.
    auto memories = fsrsMemories(collection, today);
    if (!memories)
        return memories.error();

    scheduler::PlanRequest request;
    request.today = today;
    request.dailyBudget = limits.dailyBudget;
    std::set<CardId> used;
    for (const Interview& iv : *interviews) {
        if (iv.day <= today)
            continue;
        auto relevant = relevantCards(collection, iv, limits.relevance);
        if (!relevant)
            return relevant.error();
        scheduler::InterviewTarget target;
        target.id = iv.id;
        target.day = iv.day;
        target.coverFrom = std::min(today, collection.today({iv.createdAtMs, now.utcOffsetSeconds}));
        for (CardId id : relevant->cards) {
            target.cards.push_back(id.value);
            used.insert(id);
        }
        request.interviews.push_back(std::move(target));
    }
    // Tie-break day: when FSRS would next show the card, from the same start-of-day history
    // (card_state's due moves as today's answers come in, which would reshuffle the plan).
    const scheduler::fsrs::Model model;
    for (CardId id : used) {
        const CardMemory& m = (*memories)[id];
        Day due = today;
        if (m.memory && m.lastReview != kNever)
            due = m.lastReview + scheduler::fsrs::intervalDays(model, m.memory->stability, 0.9, 36500);
        request.cards.push_back({id.value, m.memory, m.lastReview, due});
    }
    return scheduler::buildInterviewPlan(request);
}

Result<std::vector<CardId>> interviewQueue(Collection& collection, const Now& now,
                                           const InterviewLimits& limits)
{
    const Day today = collection.today(now);
    auto plan = interviewPlan(collection, now, limits);
    if (!plan)
        return plan.error();
    const scheduler::PlanDay* day = plan->dayOf(today);
    if (!day)
        return std::vector<CardId>{};

    std::set<std::int64_t> skip;
    auto queue = collection.todayQueue(now);
    if (!queue)
        return queue.error();
    for (CardId id : queue->order)
        skip.insert(id.value);
    auto st =
        deck::storage::of(collection)
            .prepare("SELECT DISTINCT card_id FROM review_log WHERE study_day = ?1 AND mode <> 'drill'");
    if (!st)
        return st.error();
    st->bind(1, static_cast<std::int64_t>(today));
    while (st->step())
        skip.insert(st->int64(0));
    if (auto s = stepError(*st); !s)
        return s.error();

    std::vector<CardId> out;
    for (const auto* list : {&day->required, &day->revisits})
        for (std::int64_t key : *list)
            if (skip.insert(key).second)
                out.push_back(CardId(key));
    return out;
}

Result<InterviewOverview> interviewOverview(Collection& collection, const Now& now,
                                            const InterviewLimits& limits)
{
    InterviewOverview out;
    out.today = collection.today(now);
    auto interviews = listInterviews(collection);
    if (!interviews)
        return interviews.error();
    auto plan = interviewPlan(collection, now, limits);
    if (!plan)
        return plan.error();
    out.plan = std::move(plan).value();
    // Every answer up to now, today's included: "covered so far" moves as the user studies.
    auto memories = fsrsMemories(collection);
    if (!memories)
        return memories.error();

    std::set<std::int64_t> planKeys;
    for (const scheduler::CardOutlook& c : out.plan.cards)
        planKeys.insert(c.key);
    out.planCards = static_cast<int>(planKeys.size());

    for (const Interview& iv : *interviews) {
        InterviewFigures f;
        f.interview = iv;
        f.daysLeft = static_cast<int>(iv.day - out.today);
        f.ahead = iv.day > out.today;
        auto relevant = relevantCards(collection, iv, limits.relevance);
        if (!relevant)
            return relevant.error();
        f.relevant = static_cast<int>(relevant->cards.size());
        // Covered from the study day the interview was added (the plan's coverFrom).
        const Day from = std::min(out.today, collection.today({iv.createdAtMs, now.utcOffsetSeconds}));
        std::set<std::int64_t> keys;
        for (CardId id : relevant->cards) {
            keys.insert(id.value);
            auto it = memories->find(id);
            if (it != memories->end() && it->second.lastReview != kNever && it->second.lastReview >= from
                && it->second.lastReview < iv.day)
                ++f.covered;
        }
        if (f.ahead) {
            for (const scheduler::InterviewOutlook& o : out.plan.interviews)
                if (o.id == iv.id) {
                    f.recall = o.averageRecall;
                    f.recallNoPlan = o.averageRecallNoPlan;
                }
            int reviews = 0;
            for (const scheduler::PlanDay& d : out.plan.days) {
                if (d.day >= iv.day)
                    break;
                for (const auto* list : {&d.required, &d.revisits})
                    for (std::int64_t key : *list)
                        reviews += keys.count(key) ? 1 : 0;
            }
            f.perDay = (reviews + f.daysLeft - 1) / f.daysLeft;
        }
        out.rows.push_back(std::move(f));
    }
    return out;
}

Result<scheduler::SimulationRequest> simulationRequest(Collection& collection, const Interview& interview,
                                                       const Now& now, int dailyBudget,
                                                       const InterviewLimits& limits)
{
    if (dailyBudget < 1)
        return Error{ErrorKind::InvalidInput, "the simulation needs at least one review a day", "", 0};
    const Day today = collection.today(now);
    if (interview.day <= today)
        return Error{ErrorKind::InvalidInput, "the interview is not ahead of today", "", 0};
    auto relevant = relevantCards(collection, interview, limits.relevance);
    if (!relevant)
        return relevant.error();
    auto memories = fsrsMemories(collection, today);
    if (!memories)
        return memories.error();
    auto config = collection.config();
    if (!config)
        return config.error();
    scheduler::SimulationRequest request;
    request.today = today;
    request.interviewDay = interview.day;
    request.dailyBudget = dailyBudget;
    request.desiredRetention = config->desiredRetentionPercent / 100.0;
    request.seed = 1;
    for (CardId id : relevant->cards) {
        const CardMemory& m = (*memories)[id];
        request.cards.push_back({id.value, m.memory, m.lastReview, m.due});
    }
    return request;
}

Result<std::vector<WeakSpot>> weakSpots(Collection& collection, const Interview& interview, const Now& now,
                                        int count, double recallBelow, const InterviewLimits& limits)
{
    if (count < 1)
        return Error{ErrorKind::InvalidInput, "a drill needs at least one card", "", 0};
    const Day today = collection.today(now);
    const Day day = std::max(today, interview.day);
    auto relevant = relevantCards(collection, interview, limits.relevance);
    if (!relevant)
        return relevant.error();
    auto memories = fsrsMemories(collection);
    if (!memories)
        return memories.error();
    // The last scored mock answer of each card.
    std::map<CardId, int> lastMock;
    auto st = deck::storage::of(collection)
                  .prepare("SELECT card_id, score FROM mock_answers WHERE score IS NOT NULL"
                           " ORDER BY answered_at_ms, id");
    if (!st)
        return st.error();
    while (st->step())
        lastMock[CardId(st->int64(0))] = st->int32(1);
    if (auto s = stepError(*st); !s)
        return s.error();

    const scheduler::fsrs::Model model;
    std::vector<WeakSpot> failedInMock, forgetting;
    for (CardId id : relevant->cards) {
        WeakSpot w{id, 0.0, std::nullopt};
        const auto m = memories->find(id);
        const bool answered = m != memories->end() && m->second.memory && m->second.lastReview != kNever;
        if (answered)
            w.recall = model.retrievability(static_cast<double>(std::max<Day>(0, day - m->second.lastReview)),
                                            m->second.memory->stability);
        if (const auto it = lastMock.find(id); it != lastMock.end())
            w.mockScore = it->second;
        if (w.mockScore && *w.mockScore <= 2)
            failedInMock.push_back(w);
        else if (answered && w.recall < recallBelow)
            forgetting.push_back(w);
    }
    std::stable_sort(failedInMock.begin(), failedInMock.end(), [](const WeakSpot& a, const WeakSpot& b) {
        return *a.mockScore != *b.mockScore ? *a.mockScore < *b.mockScore : a.recall < b.recall;
    });
    std::stable_sort(forgetting.begin(), forgetting.end(),
                     [](const WeakSpot& a, const WeakSpot& b) { return a.recall < b.recall; });
    std::vector<WeakSpot> out = std::move(failedInMock);
    out.insert(out.end(), forgetting.begin(), forgetting.end());
    if (static_cast<int>(out.size()) > count)
        out.resize(static_cast<std::size_t>(count));
    return out;
}

}  // namespace deck
