#pragma once
// Interviews the user has set (the `interviews` table, schema v2) and interview-date mode on
// top of the collection: which cards matter for an interview, FSRS memory states replayed from
// the review log (whatever scheduler wrote it), predicted recall on any day, the plan, and the
// extra cards the plan adds to today's queue. No Qt; every function takes the collection.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "deck/collection.h"
#include "scheduler/answer.h"
#include "scheduler/fsrs.h"
#include "scheduler/interview_plan.h"

namespace deck {

using scheduler::ratingForLogRow;

struct Interview {
    std::int64_t id = 0;
    std::string company;     ///< Normalised like sightings, e.g. "ByteDance".
    std::string role;        ///< e.g. "推理框架"; empty: any role.
    std::string round;       ///< e.g. "二面"; shown, not used to pick cards.
    scheduler::Day day = 0;  ///< Study day of the interview.
    std::string note;
    std::int64_t createdAtMs = 0;
    bool operator==(const Interview&) const = default;
};

/// Adds an interview; returns its id. The company may not be empty.
Result<std::int64_t> addInterview(Collection& collection, const Interview& interview, const Now& now);
/// All interviews, soonest first.
Result<std::vector<Interview>> listInterviews(Collection& collection);
Status removeInterview(Collection& collection, std::int64_t id);

struct RelevanceOptions {
    /// Add every card of a topic the company asks a lot: one where the sighted cards are at least
    /// `topicShare` of the topic's cards. A topic it asked once or twice in a large deck is not
    /// worth all of its cards; the asked cards stand for themselves.
    bool sameTopics = true;
    double topicShare = 0.25;
    bool prerequisites = true;  ///< Add the cards of the direct prerequisites of those topics.
};

struct RelevantCards {
    std::vector<CardId> sighted;      ///< Asked at this company (and role, if set).
    std::vector<std::string> topics;  ///< Topics taken whole, then their prerequisite topics.
    std::vector<CardId> cards;        ///< Everything relevant, sorted by id; suspended left out.
};

/// Cards sighted at the interview's company (and role, when set), the cards of their topics,
/// and of the topics the learning path puts directly before them.
Result<RelevantCards> relevantCards(Collection& collection, const Interview& interview,
                                    const RelevanceOptions& options = {});

/// Review-log answer to an FSRS rating: the button when there is one; for mock-interview rows
/// (no button) the SM-2 quality: < 3 Again, 3 Hard, 4 Good, 5 Easy.

/// A card's FSRS view computed from its history.
struct CardMemory {
    std::optional<scheduler::fsrs::Memory> memory;  ///< Empty: never answered.
    scheduler::Day lastReview = scheduler::kNever;
    scheduler::Day due = 0;  ///< From card_state (the active scheduler).
};

/// FSRS memory states of every card, replayed from the first answer of each study day in
/// review_log (rows on or after `beforeDay` ignored; kNever: all rows). Cards never answered
/// are present with an empty memory.
Result<std::map<CardId, CardMemory>>
fsrsMemories(Collection& collection, scheduler::Day beforeDay = scheduler::kNever,
             const scheduler::fsrs::Model& model = scheduler::fsrs::Model());

/// Predicted probability that `card` is recalled on study day `day` (0 for a card never
/// answered).
Result<double> predictedRecall(Collection& collection, CardId card, scheduler::Day day);

/// One card's FSRS memory, replayed from its own review-log rows only (cheap enough for the
/// card-info pane), and its predicted recall on each of `days`.
struct CardRecall {
    int studyDays = 0;  ///< Days with at least one answer.
    scheduler::Day lastReview = scheduler::kNever;
    std::optional<double> stability;   ///< Days; empty for a card never answered.
    std::optional<double> difficulty;  ///< 1–10.
    std::vector<double> recall;        ///< One per requested day; 0 when never answered.
};
Result<CardRecall> cardRecall(Collection& collection, CardId card, const std::vector<scheduler::Day>& days,
                              const scheduler::fsrs::Model& model = scheduler::fsrs::Model());

struct InterviewLimits {
    int dailyBudget = 40;  ///< Cards per day interview mode may add.
    RelevanceOptions relevance;
};

/// The plan over every interview still ahead (day > today), as of the start of today: answers
/// given today do not change it during the day. Card keys are CardId values.
Result<scheduler::InterviewPlan> interviewPlan(Collection& collection, const Now& now,
                                               const InterviewLimits& limits = {});

/// Today's extra cards from the active plans: the plan's cards for today that are neither
/// answered today nor already in the normal daily queue, in plan order (required first).
Result<std::vector<CardId>> interviewQueue(Collection& collection, const Now& now,
                                           const InterviewLimits& limits = {});

/// What the Interviews page and the home line show about one interview.
struct InterviewFigures {
    Interview interview;
    int relevant = 0;         ///< Relevant cards (suspended left out).
    int covered = 0;          ///< Relevant cards answered from the day it was added, before its day.
    bool ahead = false;       ///< Its day is after today: the plan covers it.
    int daysLeft = 0;         ///< Study days from today (negative: passed).
    int perDay = 0;           ///< Planned reviews of its cards a day until its day, rounded up.
    double recall = 0;        ///< Mean predicted recall on the day with the plan, 0-1.
    double recallNoPlan = 0;  ///< The same without any planned review.
};

struct InterviewOverview {
    scheduler::Day today = 0;
    std::vector<InterviewFigures> rows;  ///< Every interview, soonest first, passed ones included.
    scheduler::InterviewPlan plan;       ///< As interviewPlan() with the same limits.
    int planCards = 0;                   ///< Distinct relevant cards over the interviews ahead.
};

/// Every interview with its figures as of `now`, from the plan the daily queue uses (same
/// limits), so what the Interviews page promises is what the review screen serves.
Result<InterviewOverview> interviewOverview(Collection& collection, const Now& now,
                                            const InterviewLimits& limits = {});

/// The simulator's input for one interview: its relevant cards with their FSRS memory as of the
/// start of today, today's and the interview's study day, `dailyBudget` reviews a day and the
/// collection's desired retention. The seed is fixed, so one collection gives one answer.
Result<scheduler::SimulationRequest> simulationRequest(Collection& collection, const Interview& interview,
                                                       const Now& now, int dailyBudget,
                                                       const InterviewLimits& limits = {});

/// A card for the weak-spot drill.
struct WeakSpot {
    CardId card;
    double recall = 0;             ///< FSRS-predicted recall on the interview day, 0-1.
    std::optional<int> mockScore;  ///< Its last mock-interview score (rubric 0-4), if it had one.
};

/// The relevant cards of `interview` that the user knows least, for a drill that leaves the
/// schedule alone (Collection::answerDrill): every card with a last mock-interview score of 2 or
/// less, lowest score first, then every answered card whose predicted recall on the interview
/// day (today, once the day has passed) is below `recallBelow`, lowest first; at most `count`.
/// Cards never answered are left out: the plan brings them, and they have no recall to rank.
Result<std::vector<WeakSpot>> weakSpots(Collection& collection, const Interview& interview, const Now& now,
                                        int count, double recallBelow = 0.9,
                                        const InterviewLimits& limits = {});

}  // namespace deck
