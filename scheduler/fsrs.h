#pragma once
// FSRS-6 (Free Spaced Repetition Scheduler, version 6) as a second scheduler next to SM-2.
// Formulas and constants restated from fsrs-rs 6.6.1, py-fsrs 6.3.1
// and ts-fsrs (nothing copied). Time is in whole study days, as everywhere in scheduler/:
// a review on the same study day as the previous one has elapsed = 0 and takes the
// short-term (same-day) update.
//
// Where the libraries disagree:
//  - Same-day Hard: fsrs-rs (since PR #376) and ts-fsrs clamp the same-day stability increase to
//    >= 1 for Hard, Good and Easy; py-fsrs 6.3.1 clamps only Good and Easy. We follow fsrs-rs, so
//    a same-day Hard never lowers stability.
//  - Initial stability floor: 0.001 (fsrs-rs, py-fsrs); ts-fsrs uses 0.1. We follow fsrs-rs.
//  - Fuzz pick inside the range: Anki's floor(lower + f * (1 + upper - lower)), with f from our
//    own seeded generator (splitmix64), so a given seed always gives the same day.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "scheduler/scheduler.h"

namespace scheduler {

namespace fsrs {

using Weights = std::array<double, 21>;

/// FSRS-6 defaults, identical in py-fsrs, fsrs-rs and ts-fsrs (fsrs.md, "Default parameters").
inline constexpr Weights kDefaultWeights = {
    0.212,  1.2931, 2.3065, 8.2956,  // w0-w3: initial stability per rating, days
    6.4133, 0.8334,                  // w4-w5: initial difficulty
    3.0194,                          // w6: difficulty step
    0.001,                           // w7: mean-reversion weight
    1.8722, 0.1666, 0.796,           // w8-w10: stability after recall
    1.4835, 0.0614, 0.2629, 1.6483,  // w11-w14: stability after a lapse
    0.6014, 1.8729,                  // w15 hard penalty, w16 easy bonus
    0.5425, 0.0912, 0.0658,          // w17-w19: same-day reviews
    0.1542,                          // w20: forgetting-curve decay
};

/// An FSRS-5 (19-parameter) set padded to 21 the way fsrs-rs pads it: w19 = 0 (no stability
/// term in the same-day update) and w20 = 0.5 (the fixed FSRS-5 decay).
Weights fromFsrs5(const std::array<double, 19>& w);

inline constexpr double kMinStability = 0.001;  // days
inline constexpr double kMaxStability = 36500;  // days
inline constexpr double kMinDifficulty = 1;
inline constexpr double kMaxDifficulty = 10;

/// The memory state of one card.
struct Memory {
    double stability = 0;   ///< Days until recall probability falls to 90 %.
    double difficulty = 0;  ///< 1 (easy) to 10 (hard).
    bool operator==(const Memory&) const = default;
};

/// The model: pure functions of the 21 weights.
class Model {
public:
    explicit Model(const Weights& w = kDefaultWeights, bool shortTerm = true);

    const Weights& weights() const { return w_; }
    double decay() const { return decay_; }    ///< -w20 (negative).
    double factor() const { return factor_; }  ///< 0.9^(1/decay) - 1, so R(S, S) = 0.9.

    /// Probability of recall after `elapsedDays` at stability `stability` (days).
    double retrievability(double elapsedDays, double stability) const;
    /// Days after which recall falls to `retention`, unrounded (= stability at 0.9).
    double interval(double stability, double retention) const;

    double initialStability(Answer rating) const;
    /// w4 - e^(w5 (G-1)) + 1; `clamped` false gives the raw value mean reversion aims at.
    double initialDifficulty(Answer rating, bool clamped = true) const;
    Memory initial(Answer rating) const;

    double nextDifficulty(double difficulty, Answer rating) const;
    /// Stability after a successful review at recall probability r (any rating; Again uses the
    /// plain formula without penalty or bonus, as the upstream unit tests call it).
    double recallStability(double difficulty, double stability, double r, Answer rating) const;
    /// Stability after a lapse, without the same-day cap (see next()).
    double forgetStability(double difficulty, double stability, double r) const;
    /// Same-day update; Hard, Good and Easy never lower stability (fsrs-rs behaviour).
    double shortTermStability(double stability, Answer rating) const;

    /// One review: `memory` empty for a card never reviewed. elapsedDays < 1 takes the same-day
    /// update when short-term is on; otherwise the long-term formulas with R from the old S.
    Memory next(const std::optional<Memory>& memory, double elapsedDays, Answer rating) const;

private:
    Weights w_;
    bool shortTerm_;
    double decay_;
    double factor_;
};

/// Whole-day interval for a desired retention: round(I), at least 1, at most `maximumDays`.
int intervalDays(const Model& model, double stability, double retention, int maximumDays);

/// The fuzz window around a whole-day interval (fsrs.md "Fuzz"): none below 2.5 days.
struct FuzzRange {
    int low = 0;
    int high = 0;
};
FuzzRange fuzzRange(double intervalDays, int maximumDays);
/// A day inside fuzzRange, picked by the seeded generator: same seed, same day.
int fuzzedInterval(double intervalDays, int maximumDays, std::uint64_t seed);
/// Uniform double in [0, 1) from a 64-bit seed (splitmix64 finaliser).
double unitFromSeed(std::uint64_t seed);

/// One first-of-day answer in a card's history.
struct ReviewEvent {
    Day day = 0;
    Answer rating = Answer::Good;
};

/// Replays a history (in time order) into the memory state; empty when there is nothing.
/// Consecutive answers on the same day use the same-day update.
std::optional<Memory> replay(const Model& model, std::span<const ReviewEvent> history);

/// fsrs-rs `memory_state_from_sm2`: the memory state that an SM-2 card with this ease and
/// interval implies when its historical retention was `sm2Retention`.
Memory memoryFromSm2(const Model& model, double easiness, double intervalDays, double sm2Retention = 0.9);

}  // namespace fsrs

struct FsrsSettings {
    double desiredRetention = 0.9;
    int maximumIntervalDays = 36500;
    bool fuzz = true;
    std::uint64_t fuzzSeed = 0;  ///< Mixed with the card's review count and day.
};

/// A card as FSRS schedules it: the shared CardState plus the memory state, which the deck
/// stores next to it (no CardState field holds S or D).
struct FsrsCard {
    CardState state;
    std::optional<fsrs::Memory> memory;  ///< Empty until the first answer.
    bool operator==(const FsrsCard&) const = default;
};

/// FSRS behind the common Scheduler interface. Day-based like SM-2: Again puts the card back
/// into today's session (drillPending) instead of minute learning steps; any other answer gives
/// the interval for the desired retention. The `Scheduler` overload has no memory state to read,
/// so it derives one from the SM-2 fields (memoryFromSm2); callers that store the memory state
/// use answerCard(), which is exact.
class FsrsScheduler final : public Scheduler {
public:
    explicit FsrsScheduler(FsrsSettings settings = {}, fsrs::Model model = fsrs::Model());

    std::string_view name() const override { return "fsrs-6"; }
    CardState answer(const CardState& state, Answer answer, Day today) const override;

    FsrsCard answerCard(const FsrsCard& card, Answer answer, Day today) const;
    /// The memory state the Scheduler overload assumes for a card that has only SM-2 fields.
    std::optional<fsrs::Memory> memoryFor(const CardState& state) const;

    const fsrs::Model& model() const { return model_; }
    const FsrsSettings& settings() const { return settings_; }

private:
    FsrsSettings settings_;
    fsrs::Model model_;
};

}  // namespace scheduler
