#pragma once
// Interview-date mode: which cards to review on which day so that every card relevant to an
// interview is reviewed before its date, the load is level from today to the date, and the
// last days revisit the cards with the lowest predicted recall on the day. Pure: cards, days
// and a budget in, a plan out. Predictions use the FSRS-6 forgetting curve (fsrs.h) and assume
// each planned review is answered Good.
//
// Several interviews can overlap: a card relevant to two interviews must be reviewed before the
// first, and again between the first and the second.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "scheduler/fsrs.h"
#include "scheduler/types.h"

namespace scheduler {

/// A card as the plan sees it.
struct PlanCard {
    std::int64_t key = 0;                ///< The caller's card key, returned as is.
    std::optional<fsrs::Memory> memory;  ///< Empty: never reviewed.
    Day lastReview = kNever;             ///< Study day of the last answer.
    Day due = 0;                         ///< The normal scheduler's due day (tie-break only).
};

struct InterviewTarget {
    std::int64_t id = 0;
    Day day = 0;                      ///< Study day of the interview.
    std::vector<std::int64_t> cards;  ///< Keys of the relevant cards.
    /// First day of the plan (e.g. the day the interview was added): a card answered on or
    /// after it counts as reviewed for this interview. kNever: from today.
    Day coverFrom = kNever;
};

struct PlanRequest {
    std::vector<PlanCard> cards;
    std::vector<InterviewTarget> interviews;
    Day today = 0;
    int dailyBudget = 40;  ///< Cards per day the plan may use.
    /// Days before each interview given to revisiting the weakest cards; 0 picks
    /// max(1, min(3, window / 5)).
    int finalDays = 0;
    fsrs::Weights weights = fsrs::kDefaultWeights;
};

struct PlanDay {
    Day day = 0;
    std::vector<std::int64_t> required;  ///< Reviews that make the coverage guarantee.
    std::vector<std::int64_t> revisits;  ///< Extra reviews of weak cards near a date.
    int load() const { return static_cast<int>(required.size() + revisits.size()); }
};

struct CardOutlook {
    std::int64_t key = 0;
    std::int64_t interviewId = 0;
    Day lastPlanned = kNever;  ///< Last planned review before the interview.
    double recallOnDay = 0;    ///< Predicted probability of recall on the day.
};

struct InterviewOutlook {
    std::int64_t id = 0;
    Day day = 0;
    int daysLeft = 0;  ///< Study days from today to the interview.
    int cards = 0;
    int covered = 0;                 ///< Cards with a planned review before the date.
    double averageRecall = 0;        ///< Mean predicted recall on the day.
    double averageRecallNoPlan = 0;  ///< The same without any planned review.
};

struct InterviewPlan {
    std::vector<PlanDay> days;       ///< today .. last interview - 1, every day listed.
    std::vector<CardOutlook> cards;  ///< One row per (card, interview).
    std::vector<InterviewOutlook> interviews;
    bool feasible = true;
    int dailyBudget = 0;
    int levelPerDay = 0;                    ///< The level the plan spreads required reviews at.
    int neededPerDay = 0;                   ///< Smallest daily budget that covers every card.
    std::vector<std::int64_t> unscheduled;  ///< Cards left without a review (infeasible plans).
    std::string warning;                    ///< Empty when feasible.
    const PlanDay* dayOf(Day day) const;
};

InterviewPlan buildInterviewPlan(const PlanRequest& request);

// --- simulator ---------------------------------------------------------------------------

enum class SimulatedPolicy {
    Sm2,
    Fsrs,
    FsrsWithPlan
};
const char* toString(SimulatedPolicy policy);

struct SimulationRequest {
    std::vector<PlanCard> cards;  ///< The deck; every card counts for the interview.
    Day today = 0;
    Day interviewDay = 0;
    int dailyBudget = 40;  ///< Reviews per day, new cards included.
    std::uint64_t seed = 1;
    double desiredRetention = 0.9;                  ///< FSRS policies.
    fsrs::Weights learner = fsrs::kDefaultWeights;  ///< The simulated learner's true curve.
};

struct SimulationResult {
    SimulatedPolicy policy = SimulatedPolicy::Sm2;
    int reviews = 0;              ///< Answers given before the interview.
    int lapses = 0;               ///< Of which forgotten (Again).
    int covered = 0;              ///< Cards reviewed at least once before the date.
    double coverage = 0;          ///< covered / cards.
    double recallOnDay = 0;       ///< Mean true recall probability on the day.
    std::vector<int> loadPerDay;  ///< Reviews each day from today.
};

/// Simulates the days up to the interview: each day the policy picks at most `dailyBudget`
/// cards; a seeded learner recalls each with the probability of the learner's FSRS curve
/// (first sight of a card: Good, since it is read rather than recalled), answers Good on a
/// recall and Again otherwise, and its true memory state moves by the FSRS update.
SimulationResult simulateUntilInterview(const SimulationRequest& request, SimulatedPolicy policy);

}  // namespace scheduler
