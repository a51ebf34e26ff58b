#include "scheduler/fsrs.h"

#include <algorithm>
#include <cmath>

namespace scheduler {

namespace fsrs {

namespace {

int grade(Answer rating)
{
    return static_cast<int>(rating);
}

double clampStability(double s)
{
    return std::clamp(s, kMinStability, kMaxStability);
}
double clampDifficulty(double d)
{
    return std::clamp(d, kMinDifficulty, kMaxDifficulty);
}

}  // namespace

Weights fromFsrs5(const std::array<double, 19>& w)
{
    Weights out{};
    std::copy(w.begin(), w.end(), out.begin());
    out[19] = 0.0;
    out[20] = 0.5;
    return out;
}

Model::Model(const Weights& w, bool shortTerm)
    : w_(w), shortTerm_(shortTerm), decay_(-w[20]), factor_(std::pow(0.9, 1.0 / -w[20]) - 1.0)
{}

double Model::retrievability(double elapsedDays, double stability) const
{
    const double s = clampStability(stability);
    return std::pow(1.0 + factor_ * std::max(0.0, elapsedDays) / s, decay_);
}

double Model::interval(double stability, double retention) const
{
    // Solve R(t, S) = retention for t.
    return stability / factor_ * (std::pow(retention, 1.0 / decay_) - 1.0);
}

double Model::initialStability(Answer rating) const
{
    return std::max(kMinStability, w_[static_cast<std::size_t>(grade(rating) - 1)]);
}

double Model::initialDifficulty(Answer rating, bool clamped) const
{
    const double d = w_[4] - std::exp(w_[5] * (grade(rating) - 1)) + 1.0;
    return clamped ? clampDifficulty(d) : d;
}

Memory Model::initial(Answer rating) const
{
    return {initialStability(rating), initialDifficulty(rating)};
}

double Model::nextDifficulty(double difficulty, Answer rating) const
{
    const double delta = -w_[6] * (grade(rating) - 3);
    // Linear damping: steps shrink as D approaches 10.
    const double damped = difficulty + delta * (10.0 - difficulty) / 9.0;
    // Mean reversion toward the raw (unclamped) initial difficulty of Easy.
    const double reverted = w_[7] * initialDifficulty(Answer::Easy, false) + (1.0 - w_[7]) * damped;
    return clampDifficulty(reverted);
}

double Model::recallStability(double difficulty, double stability, double r, Answer rating) const
{
    const double hard = rating == Answer::Hard ? w_[15] : 1.0;
    const double easy = rating == Answer::Easy ? w_[16] : 1.0;
    const double growth = std::exp(w_[8]) * (11.0 - difficulty) * std::pow(stability, -w_[9])
                          * (std::exp(w_[10] * (1.0 - r)) - 1.0) * hard * easy;
    return clampStability(stability * (1.0 + growth));
}

double Model::forgetStability(double difficulty, double stability, double r) const
{
    return clampStability(w_[11] * std::pow(difficulty, -w_[12]) * (std::pow(stability + 1.0, w_[13]) - 1.0)
                          * std::exp(w_[14] * (1.0 - r)));
}

double Model::shortTermStability(double stability, Answer rating) const
{
    double increase = std::exp(w_[17] * (grade(rating) - 3 + w_[18])) * std::pow(stability, -w_[19]);
    // fsrs-rs (PR #376) and ts-fsrs: a passing same-day answer, Hard included, never lowers S.
    // py-fsrs 6.3.1 exempts only Good and Easy; we follow fsrs-rs.
    if (rating != Answer::Again)
        increase = std::max(increase, 1.0);
    return clampStability(stability * increase);
}

Memory Model::next(const std::optional<Memory>& memory, double elapsedDays, Answer rating) const
{
    if (!memory)
        return initial(rating);
    const double s = memory->stability;
    const double d = memory->difficulty;
    Memory out;
    out.difficulty = nextDifficulty(d, rating);
    if (elapsedDays < 1.0 && shortTerm_) {
        out.stability = shortTermStability(s, rating);
        return out;
    }
    const double r = retrievability(elapsedDays, s);
    if (rating == Answer::Again) {
        // A lapse never leaves more stability than a same-day Again would.
        const double cap = s / std::exp(w_[17] * w_[18]);
        out.stability = clampStability(std::min(forgetStability(d, s, r), cap));
    } else {
        out.stability = recallStability(d, s, r, rating);
    }
    return out;
}

int intervalDays(const Model& model, double stability, double retention, int maximumDays)
{
    const double days = std::round(model.interval(stability, retention));
    return static_cast<int>(std::clamp(days, 1.0, static_cast<double>(std::max(1, maximumDays))));
}

FuzzRange fuzzRange(double interval, int maximumDays)
{
    const int maxDays = std::max(1, maximumDays);
    if (interval < 2.5) {
        const int day = static_cast<int>(std::clamp(std::round(interval), 1.0, double(maxDays)));
        return {day, day};
    }
    // Width grows by 15 % of the days between 2.5 and 7, 10 % up to 20 and 5 % beyond.
    const double delta = 1.0 + 0.15 * std::max(std::min(interval, 7.0) - 2.5, 0.0)
                         + 0.10 * std::max(std::min(interval, 20.0) - 7.0, 0.0)
                         + 0.05 * std::max(interval - 20.0, 0.0);
    FuzzRange range;
    range.low = std::max(2, static_cast<int>(std::round(interval - delta)));
    range.high = std::min(static_cast<int>(std::round(interval + delta)), maxDays);
    range.low = std::min(range.low, range.high);
    return range;
}

double unitFromSeed(std::uint64_t seed)
{
    // splitmix64 finaliser; the top 53 bits become a double in [0, 1).
    std::uint64_t z = seed + 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    return static_cast<double>(z >> 11) * (1.0 / 9007199254740992.0);
}

int fuzzedInterval(double interval, int maximumDays, std::uint64_t seed)
{
    const FuzzRange range = fuzzRange(interval, maximumDays);
    if (range.low == range.high)
        return range.low;
    const double f = unitFromSeed(seed);
    const int day = static_cast<int>(std::floor(range.low + f * (1.0 + range.high - range.low)));
    return std::min(day, range.high);
}

std::optional<Memory> replay(const Model& model, std::span<const ReviewEvent> history)
{
    std::optional<Memory> memory;
    Day last = kNever;
    for (const ReviewEvent& e : history) {
        const double elapsed = last == kNever ? 0.0 : static_cast<double>(e.day - last);
        memory = model.next(memory, elapsed, e.rating);
        last = e.day;
    }
    return memory;
}

Memory memoryFromSm2(const Model& model, double easiness, double intervalDays, double sm2Retention)
{
    const Weights& w = model.weights();
    const double s =
        clampStability(intervalDays * model.factor() / (std::pow(sm2Retention, 1.0 / model.decay()) - 1.0));
    // Difficulty that makes FSRS's Good growth equal the SM-2 ease at that retention.
    const double growthPerDifficulty =
        std::exp(w[8]) * std::pow(s, -w[9]) * (std::exp((1.0 - sm2Retention) * w[10]) - 1.0);
    const double d = 11.0 - (easiness - 1.0) / growthPerDifficulty;
    return {s, clampDifficulty(d)};
}

}  // namespace fsrs

FsrsScheduler::FsrsScheduler(FsrsSettings settings, fsrs::Model model)
    : settings_(settings), model_(std::move(model))
{}

std::optional<fsrs::Memory> FsrsScheduler::memoryFor(const CardState& state) const
{
    if (state.isNew || state.lastReview == kNever)
        return std::nullopt;
    return fsrs::memoryFromSm2(model_, state.easiness, std::max(1, state.intervalDays));
}

CardState FsrsScheduler::answer(const CardState& state, Answer answer, Day today) const
{
    return answerCard({state, memoryFor(state)}, answer, today).state;
}

FsrsCard FsrsScheduler::answerCard(const FsrsCard& card, Answer answer, Day today) const
{
    const CardState& before = card.state;
    const bool fresh = before.isNew || !card.memory;
    const bool sameDay = !fresh && before.lastReview == today;
    const double elapsed = fresh ? 0.0 : static_cast<double>(std::max<Day>(0, today - before.lastReview));

    FsrsCard out = card;
    out.memory = model_.next(fresh ? std::nullopt : card.memory, elapsed, answer);
    CardState& next = out.state;

    const double ideal = model_.interval(out.memory->stability, settings_.desiredRetention);
    int days = fsrs::intervalDays(model_, out.memory->stability, settings_.desiredRetention,
                                  settings_.maximumIntervalDays);
    // Fuzz only cards already in review, and only on their first answer of the day.
    if (settings_.fuzz && !fresh && !sameDay && answer != Answer::Again) {
        const std::uint64_t seed = settings_.fuzzSeed ^ (static_cast<std::uint64_t>(today) << 20)
                                   ^ (static_cast<std::uint64_t>(before.repetitions) * 131u
                                      + static_cast<std::uint64_t>(before.lapses));
        days = fsrs::fuzzedInterval(std::max(ideal, 1.0), settings_.maximumIntervalDays, seed);
    }

    if (answer == Answer::Again) {
        if (!fresh && !sameDay && before.repetitions > 0)
            next.lapses = std::min(std::max(next.lapses, 0) + 1, kMaximumCount);
        next.repetitions = 0;
        next.drillPending = true;  // repeat in today's session, as SM-2 failures are
    } else {
        if (!sameDay)
            next.repetitions = std::min(std::max(next.repetitions, 0) + 1, kMaximumCount);
        next.drillPending = false;
    }
    next.isNew = false;
    next.intervalDays = std::min(days, kMaximumIntervalDays);
    next.lastReview = today;
    next.due = today + next.intervalDays;
    return out;
}

}  // namespace scheduler
