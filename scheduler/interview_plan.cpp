#include "scheduler/interview_plan.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <queue>
#include <random>
#include <set>
#include <tuple>
#include <unordered_map>

#include "scheduler/sm2.h"

namespace scheduler {

namespace {

/// One review the plan must place: the card, the first and last day it may happen on.
struct Task {
    std::int64_t key = 0;
    Day release = 0;
    Day deadline = 0;
    Day preference = 0;  ///< Normal due day: tie-break among equal deadlines.
};

struct TaskOrder {
    const std::vector<Task>* tasks;
    // Min-heap on (deadline, preference, key): std::priority_queue wants "less" = lower priority.
    bool operator()(int a, int b) const
    {
        const Task& x = (*tasks)[static_cast<std::size_t>(a)];
        const Task& y = (*tasks)[static_cast<std::size_t>(b)];
        return std::tie(x.deadline, x.preference, x.key) > std::tie(y.deadline, y.preference, y.key);
    }
};

/// Earliest-deadline-first with release days and `capacity` reviews a day. Fills `dayOf` (day
/// index per task, -1 when it missed its deadline) and returns the number of tasks missed.
/// For unit-length tasks EDF is optimal: if it misses, no schedule at this capacity exists.
int scheduleEdf(const std::vector<Task>& tasks, Day today, int horizon, int capacity, std::vector<int>* dayOf)
{
    std::vector<int> order(tasks.size());
    for (std::size_t i = 0; i < tasks.size(); ++i)
        order[i] = static_cast<int>(i);
    std::sort(order.begin(), order.end(), [&](int a, int b) {
        return tasks[static_cast<std::size_t>(a)].release < tasks[static_cast<std::size_t>(b)].release;
    });
    dayOf->assign(tasks.size(), -1);
    std::priority_queue<int, std::vector<int>, TaskOrder> ready(TaskOrder{&tasks});
    std::size_t next = 0;
    for (int i = 0; i < horizon; ++i) {
        const Day day = today + i;
        while (next < order.size() && tasks[static_cast<std::size_t>(order[next])].release <= day)
            ready.push(order[next++]);
        int taken = 0;
        while (!ready.empty() && taken < capacity) {
            const int t = ready.top();
            ready.pop();
            if (tasks[static_cast<std::size_t>(t)].deadline < day)
                continue;  // missed: stays -1
            (*dayOf)[static_cast<std::size_t>(t)] = i;
            ++taken;
        }
    }
    return static_cast<int>(std::count(dayOf->begin(), dayOf->end(), -1));
}

/// Smallest uniform daily capacity, at most `most`, at which EDF meets every deadline (binary
/// search: EDF is optimal, so feasibility is monotone in the capacity).
int minimumCapacity(const std::vector<Task>& tasks, Day today, int horizon, int most)
{
    int lo = 1, hi = std::max(1, most);
    std::vector<int> scratch;
    while (lo < hi) {
        const int mid = lo + (hi - lo) / 2;
        if (scheduleEdf(tasks, today, horizon, mid, &scratch) == 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

/// The leveled schedule at `level` reviews a day: day i aims at the cumulative share
/// ceil(T (i+1) / spreadDays) and never takes less than what keeps every later deadline
/// reachable at `level` a day. Returns false if that greedy fails (the caller falls back to EDF).
bool scheduleLevel(const std::vector<Task>& tasks, Day today, int horizon, int spreadDays, int level,
                   std::vector<int>* dayOf)
{
    const int total = static_cast<int>(tasks.size());
    std::vector<int> order(tasks.size());
    for (std::size_t i = 0; i < tasks.size(); ++i)
        order[i] = static_cast<int>(i);
    std::sort(order.begin(), order.end(), [&](int a, int b) {
        return tasks[static_cast<std::size_t>(a)].release < tasks[static_cast<std::size_t>(b)].release;
    });
    // Remaining tasks per deadline index, for the "must take today" bound.
    std::vector<int> remainingByDeadline(static_cast<std::size_t>(horizon), 0);
    for (const Task& t : tasks)
        ++remainingByDeadline[static_cast<std::size_t>(t.deadline - today)];

    dayOf->assign(tasks.size(), -1);
    std::priority_queue<int, std::vector<int>, TaskOrder> ready(TaskOrder{&tasks});
    std::size_t next = 0;
    int assigned = 0;
    for (int i = 0; i < horizon; ++i) {
        const Day day = today + i;
        while (next < order.size() && tasks[static_cast<std::size_t>(order[next])].release <= day)
            ready.push(order[next++]);
        // need = max over e >= i of (tasks due by e) - level * (days after today up to e).
        long long need = 0, dueBy = 0;
        for (int e = i; e < horizon; ++e) {
            dueBy += remainingByDeadline[static_cast<std::size_t>(e)];
            need = std::max(need, dueBy - static_cast<long long>(level) * (e - i));
        }
        const long long target =
            (static_cast<long long>(total) * (i + 1) + spreadDays - 1) / std::max(1, spreadDays);
        long long take = std::max<long long>(target - assigned, need);
        take = std::clamp<long long>(take, 0, level);
        while (take > 0 && !ready.empty()) {
            const int t = ready.top();
            ready.pop();
            if (tasks[static_cast<std::size_t>(t)].deadline < day)
                return false;
            (*dayOf)[static_cast<std::size_t>(t)] = i;
            --remainingByDeadline[static_cast<std::size_t>(tasks[static_cast<std::size_t>(t)].deadline
                                                           - today)];
            ++assigned;
            --take;
        }
        if (!ready.empty() && tasks[static_cast<std::size_t>(ready.top())].deadline <= day)
            return false;
    }
    return assigned == total;
}

/// Predicted recall on `day` for a card whose planned reviews (sorted days before `day`) are
/// all answered Good.
double predictRecall(const fsrs::Model& model, const PlanCard& card, const std::vector<Day>& planned, Day day,
                     Day* lastPlanned)
{
    std::optional<fsrs::Memory> memory = card.memory;
    Day last = card.memory ? card.lastReview : kNever;
    *lastPlanned = kNever;
    for (Day d : planned) {
        if (d >= day)
            break;
        const double elapsed = last == kNever ? 0.0 : static_cast<double>(std::max<Day>(0, d - last));
        memory = model.next(memory, elapsed, Answer::Good);
        last = d;
        *lastPlanned = d;
    }
    if (!memory || last == kNever)
        return 0.0;
    return model.retrievability(static_cast<double>(day - last), memory->stability);
}

std::string dayCount(int n)
{
    return std::to_string(n) + (n == 1 ? " day" : " days");
}

}  // namespace

const PlanDay* InterviewPlan::dayOf(Day day) const
{
    for (const PlanDay& d : days)
        if (d.day == day)
            return &d;
    return nullptr;
}

InterviewPlan buildInterviewPlan(const PlanRequest& request)
{
    const fsrs::Model model(request.weights);
    const Day today = request.today;
    InterviewPlan plan;
    plan.dailyBudget = std::max(0, request.dailyBudget);

    std::unordered_map<std::int64_t, PlanCard> cards;
    for (const PlanCard& c : request.cards)
        cards[c.key] = c;
    auto cardFor = [&](std::int64_t key) -> const PlanCard& {
        auto it = cards.find(key);
        if (it == cards.end())
            it = cards.emplace(key, PlanCard{key, std::nullopt, kNever, today}).first;
        return it->second;
    };

    std::vector<InterviewTarget> interviews = request.interviews;
    std::sort(interviews.begin(), interviews.end(), [](const InterviewTarget& a, const InterviewTarget& b) {
        return std::tie(a.day, a.id) < std::tie(b.day, b.id);
    });

    // Each card's future interview days, so a card shared by two interviews is reviewed before
    // the first and again between the first and the second.
    std::map<std::int64_t, std::map<Day, Day>> daysOfCard;  // key -> interview day -> coverFrom
    Day lastDeadline = today - 1;
    for (const InterviewTarget& iv : interviews) {
        if (iv.day <= today)
            continue;  // today or past: nothing can be planned before it
        lastDeadline = std::max(lastDeadline, iv.day - 1);
        for (std::int64_t key : iv.cards) {
            cardFor(key);
            const Day from = iv.coverFrom == kNever ? today : iv.coverFrom;
            auto [it, added] = daysOfCard[key].emplace(iv.day, from);
            if (!added)
                it->second = std::min(it->second, from);
        }
    }
    std::vector<Task> tasks;
    for (const auto& [key, daySet] : daysOfCard) {
        const PlanCard& card = cardFor(key);
        Day previous = kNever;
        for (const auto& [d, from] : daySet) {
            const Day windowStart = previous == kNever ? std::min(from, today) : previous;
            previous = d;
            // Already answered inside this interview's window: covered, nothing to add.
            if (card.memory && card.lastReview != kNever && card.lastReview >= windowStart
                && card.lastReview < d)
                continue;
            tasks.push_back({key, std::max(today, windowStart), d - 1, card.due});
        }
    }

    const int horizon = static_cast<int>(lastDeadline - today + 1);
    for (int i = 0; i < horizon; ++i)
        plan.days.push_back({today + i, {}, {}});

    const int lastWindow = horizon;
    const int finalDays =
        request.finalDays > 0 ? request.finalDays : std::max(1, std::min(3, lastWindow / 5));
    std::vector<int> dayOfTask;
    if (!tasks.empty()) {
        plan.neededPerDay = minimumCapacity(tasks, today, horizon, static_cast<int>(tasks.size()));
        plan.feasible = plan.neededPerDay <= plan.dailyBudget;
        if (plan.feasible) {
            // Spread required reviews over the days before the final revisit days when that
            // stays within budget, so the last days have room for the weakest cards.
            const int spreadDays = std::max(1, horizon - finalDays);
            const int spreadLevel =
                static_cast<int>((tasks.size() + static_cast<std::size_t>(spreadDays) - 1) / spreadDays);
            plan.levelPerDay = std::min(plan.dailyBudget, std::max(plan.neededPerDay, spreadLevel));
            if (!scheduleLevel(tasks, today, horizon, spreadDays, plan.levelPerDay, &dayOfTask))
                scheduleEdf(tasks, today, horizon, plan.levelPerDay, &dayOfTask);
        } else {
            // Not every deadline can be met. Earliest-deadline-first at the budget decides which
            // reviews are dropped (those of the nearest interviews that do not fit); the rest are
            // then spread like a feasible plan, so a far interview's cards are not piled onto the
            // first free days just because a near one is overbooked.
            plan.levelPerDay = plan.dailyBudget;
            std::vector<int> edf;
            scheduleEdf(tasks, today, horizon, plan.dailyBudget, &edf);
            std::vector<Task> kept;
            std::vector<std::size_t> keptIndex;
            for (std::size_t t = 0; t < tasks.size(); ++t)
                if (edf[t] >= 0) {
                    kept.push_back(tasks[t]);
                    keptIndex.push_back(t);
                }
            dayOfTask.assign(tasks.size(), -1);
            if (!kept.empty()) {
                const int klo = minimumCapacity(kept, today, horizon, std::max(1, plan.dailyBudget));
                const int spreadDays = std::max(1, horizon - finalDays);
                const int spreadLevel =
                    static_cast<int>((kept.size() + static_cast<std::size_t>(spreadDays) - 1) / spreadDays);
                const int level = std::min(plan.dailyBudget, std::max(klo, spreadLevel));
                std::vector<int> keptDays;
                const bool placed = scheduleLevel(kept, today, horizon, spreadDays, level, &keptDays)
                                    || scheduleEdf(kept, today, horizon, level, &keptDays) == 0;
                if (placed) {
                    for (std::size_t k = 0; k < kept.size(); ++k)
                        dayOfTask[keptIndex[k]] = keptDays[k];
                } else {
                    dayOfTask = edf;  // the kept set fits at the budget by construction
                }
            }
        }
        for (std::size_t t = 0; t < tasks.size(); ++t) {
            if (dayOfTask[t] >= 0)
                plan.days[static_cast<std::size_t>(dayOfTask[t])].required.push_back(tasks[t].key);
            else if (std::find(plan.unscheduled.begin(), plan.unscheduled.end(), tasks[t].key)
                     == plan.unscheduled.end())
                plan.unscheduled.push_back(tasks[t].key);
        }
    }

    // Planned review days per card, kept sorted as revisits are added.
    std::map<std::int64_t, std::vector<Day>> planned;
    for (const PlanDay& d : plan.days)
        for (std::int64_t key : d.required)
            planned[key].push_back(d.day);
    for (auto& [key, v] : planned)
        std::sort(v.begin(), v.end());

    // Final days: fill each up to the level with the interview's weakest cards on the day.
    for (const InterviewTarget& iv : interviews) {
        if (iv.day <= today || plan.levelPerDay <= 0)
            continue;
        const Day first = std::max(today, iv.day - finalDays);
        for (Day d = first; d < iv.day; ++d) {
            PlanDay& pd = plan.days[static_cast<std::size_t>(d - today)];
            int room = plan.levelPerDay - pd.load();
            if (room <= 0)
                continue;
            std::vector<std::pair<double, std::int64_t>> weakest;
            for (std::int64_t key : iv.cards) {
                const auto& days = planned[key];
                if (std::find(days.begin(), days.end(), d) != days.end())
                    continue;
                Day lastPlanned = kNever;
                weakest.push_back({predictRecall(model, cardFor(key), days, iv.day, &lastPlanned), key});
            }
            std::sort(weakest.begin(), weakest.end());
            weakest.erase(std::unique(weakest.begin(), weakest.end(),
                                      [](const auto& a, const auto& b) { return a.second == b.second; }),
                          weakest.end());
            for (const auto& [recall, key] : weakest) {
                if (room-- <= 0)
                    break;
                pd.revisits.push_back(key);
                auto& days = planned[key];
                days.insert(std::upper_bound(days.begin(), days.end(), d), d);
            }
        }
    }

    // Outlook per interview and per card.
    for (const InterviewTarget& iv : request.interviews) {
        InterviewOutlook out;
        out.id = iv.id;
        out.day = iv.day;
        out.daysLeft = static_cast<int>(iv.day - today);
        std::set<std::int64_t> unique(iv.cards.begin(), iv.cards.end());
        out.cards = static_cast<int>(unique.size());
        double sum = 0, sumNoPlan = 0;
        for (std::int64_t key : unique) {
            CardOutlook co;
            co.key = key;
            co.interviewId = iv.id;
            const PlanCard& card = cardFor(key);
            co.recallOnDay = predictRecall(model, card, planned[key], iv.day, &co.lastPlanned);
            Day unused = kNever;
            sumNoPlan += predictRecall(model, card, {}, iv.day, &unused);
            const Day from = iv.coverFrom == kNever ? today : std::min(iv.coverFrom, today);
            const bool answered = card.memory && card.lastReview != kNever && card.lastReview >= from
                                  && card.lastReview < iv.day;
            if (co.lastPlanned != kNever || answered)
                ++out.covered;
            sum += co.recallOnDay;
            plan.cards.push_back(co);
        }
        if (out.cards > 0) {
            out.averageRecall = sum / out.cards;
            out.averageRecallNoPlan = sumNoPlan / out.cards;
        }
        plan.interviews.push_back(out);
    }

    if (!plan.feasible) {
        plan.warning = "Not enough time: at " + std::to_string(plan.dailyBudget) + " cards a day, "
                       + std::to_string(plan.unscheduled.size()) + " of " + std::to_string(daysOfCard.size())
                       + " relevant cards cannot be reviewed before their interview. At least "
                       + std::to_string(plan.neededPerDay) + " cards a day are needed over the next "
                       + dayCount(horizon) + ".";
    }
    return plan;
}

// --- simulator ---------------------------------------------------------------------------

const char* toString(SimulatedPolicy policy)
{
    switch (policy) {
    case SimulatedPolicy::Sm2: return "SM-2";
    case SimulatedPolicy::Fsrs: return "FSRS-6";
    case SimulatedPolicy::FsrsWithPlan: return "FSRS-6 + interview plan";
    }
    return "?";
}

namespace {

struct SimCard {
    PlanCard input;
    std::optional<fsrs::Memory> trueMemory;  ///< The learner's real state.
    Day trueLast = kNever;
    CardState sm2;  ///< The SM-2 policy's view.
    FsrsCard fsrs;  ///< The FSRS policies' view.
    bool seen = false;
};

/// Review order for a day-based policy: due reviews, most overdue first, then new cards in
/// deck order.
std::vector<std::size_t> pickByDue(const std::vector<SimCard>& cards, Day day, int budget, bool useFsrs)
{
    std::vector<std::size_t> due, fresh;
    for (std::size_t i = 0; i < cards.size(); ++i) {
        const CardState& s = useFsrs ? cards[i].fsrs.state : cards[i].sm2;
        if (s.isNew)
            fresh.push_back(i);
        else if (s.due <= day)
            due.push_back(i);
    }
    std::stable_sort(due.begin(), due.end(), [&](std::size_t a, std::size_t b) {
        const CardState& x = useFsrs ? cards[a].fsrs.state : cards[a].sm2;
        const CardState& y = useFsrs ? cards[b].fsrs.state : cards[b].sm2;
        return x.due < y.due;
    });
    std::vector<std::size_t> out;
    for (std::size_t i : due)
        if (static_cast<int>(out.size()) < budget)
            out.push_back(i);
    for (std::size_t i : fresh)
        if (static_cast<int>(out.size()) < budget)
            out.push_back(i);
    return out;
}

}  // namespace

SimulationResult simulateUntilInterview(const SimulationRequest& request, SimulatedPolicy policy)
{
    const fsrs::Model learner(request.learner);
    FsrsSettings settings;
    settings.desiredRetention = request.desiredRetention;
    settings.fuzzSeed = request.seed;
    const FsrsScheduler fsrsScheduler(settings);
    const Sm2Scheduler sm2Scheduler;

    std::vector<SimCard> cards;
    for (const PlanCard& c : request.cards) {
        SimCard s;
        s.input = c;
        s.trueMemory = c.memory;
        s.trueLast = c.memory ? c.lastReview : kNever;
        if (c.memory && c.lastReview != kNever) {
            // Both policies start from the same history: SM-2 at the interval FSRS would give.
            s.sm2.isNew = false;
            s.sm2.repetitions = 2;
            s.sm2.intervalDays = std::max(1, static_cast<int>(std::lround(c.memory->stability)));
            s.sm2.lastReview = c.lastReview;
            s.sm2.due = c.due;
            s.fsrs.state = s.sm2;
            s.fsrs.memory = c.memory;
        }
        cards.push_back(s);
    }

    std::mt19937_64 rng(request.seed);
    auto uniform = [&rng]() { return static_cast<double>(rng() >> 11) * (1.0 / 9007199254740992.0); };

    SimulationResult result;
    result.policy = policy;
    for (Day day = request.today; day < request.interviewDay; ++day) {
        std::vector<std::size_t> picks;
        if (policy == SimulatedPolicy::FsrsWithPlan) {
            PlanRequest pr;
            pr.today = day;
            pr.dailyBudget = request.dailyBudget;
            InterviewTarget iv{1, request.interviewDay, {}, request.today};
            for (std::size_t i = 0; i < cards.size(); ++i) {
                const SimCard& s = cards[i];
                pr.cards.push_back({static_cast<std::int64_t>(i), s.fsrs.memory,
                                    s.fsrs.state.isNew ? kNever : s.fsrs.state.lastReview, s.fsrs.state.due});
                iv.cards.push_back(static_cast<std::int64_t>(i));
            }
            pr.interviews.push_back(iv);
            const InterviewPlan plan = buildInterviewPlan(pr);
            if (const PlanDay* pd = plan.dayOf(day)) {
                for (std::int64_t k : pd->required)
                    picks.push_back(static_cast<std::size_t>(k));
                for (std::int64_t k : pd->revisits)
                    picks.push_back(static_cast<std::size_t>(k));
            }
            // A plan may stop short of the budget; due reviews then fill the rest.
            for (std::size_t i : pickByDue(cards, day, request.dailyBudget, true)) {
                if (static_cast<int>(picks.size()) >= request.dailyBudget)
                    break;
                if (std::find(picks.begin(), picks.end(), i) == picks.end() && !cards[i].fsrs.state.isNew)
                    picks.push_back(i);
            }
        } else {
            picks = pickByDue(cards, day, request.dailyBudget, policy != SimulatedPolicy::Sm2);
        }

        for (std::size_t i : picks) {
            SimCard& s = cards[i];
            Answer rating = Answer::Good;
            if (s.trueMemory) {
                const double r =
                    learner.retrievability(static_cast<double>(day - s.trueLast), s.trueMemory->stability);
                rating = uniform() < r ? Answer::Good : Answer::Again;
            }
            const double elapsed = s.trueLast == kNever ? 0.0 : static_cast<double>(day - s.trueLast);
            s.trueMemory = learner.next(s.trueMemory, elapsed, rating);
            s.trueLast = day;
            s.seen = true;
            s.sm2 = sm2Scheduler.answer(s.sm2, rating, day);
            s.fsrs = fsrsScheduler.answerCard(s.fsrs, rating, day);
            ++result.reviews;
            if (rating == Answer::Again)
                ++result.lapses;
        }
        result.loadPerDay.push_back(static_cast<int>(picks.size()));
    }

    double sum = 0;
    for (const SimCard& s : cards) {
        if (s.seen)
            ++result.covered;
        if (s.trueMemory && s.trueLast != kNever)
            sum += learner.retrievability(static_cast<double>(request.interviewDay - s.trueLast),
                                          s.trueMemory->stability);
    }
    if (!cards.empty()) {
        result.coverage = static_cast<double>(result.covered) / static_cast<double>(cards.size());
        result.recallOnDay = sum / static_cast<double>(cards.size());
    }
    return result;
}

}  // namespace scheduler
