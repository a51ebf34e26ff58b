#pragma once
// The mock interview as a state machine, free of any toolkit: the widgets implement MockView and
// forward the user's actions as events; tests drive it the same way with a fake view.
//
//   NotStarted --start--> Asking <--pause/resume--> Paused
//   Asking --reveal | timeOut--> Revealed --score(0-4)--> Scored --next--> Asking | Finished
//   Asking | Paused | Revealed --skip--> Asking (next question) | Finished
//   any but Finished --endEarly--> Finished
//
// The machine never reads a clock: every event carries the caller's Now. A question's clock runs
// only while Asking (not while Paused, not after the answer is revealed); the round's clock is
// the sum of the question clocks. A question times out when its own limit or the round's limit
// is reached; when the round's clock runs out, the question being asked can still be scored and
// then the round ends. Every answer is stored before the event returns (see mock_store.h), so a
// session dropped at any point can be reopened from the collection and resumed.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "deck/collection.h"
#include "deck/mock_config.h"
#include "deck/mock_report.h"
#include "deck/mock_store.h"

namespace deck {

enum class MockState {
    NotStarted,
    Asking,
    Paused,
    Revealed,
    Scored,
    Finished
};
const char* toString(MockState state);

struct MockQuestion {
    int position = 0;  ///< 0-based.
    int count = 0;     ///< Questions in the round.
    CardId card;
    CardContent content;
};

struct MockClock {
    std::int64_t questionElapsedMs = 0;
    std::int64_t questionLimitMs = 0;  ///< 0: no limit.
    std::int64_t totalElapsedMs = 0;
    std::int64_t totalLimitMs = 0;  ///< 0: no limit.
    bool running = false;
    /// Time left on the question: the nearer of its own limit and the round's; -1 without limits.
    std::int64_t questionLeftMs() const;
    std::int64_t totalLeftMs() const
    {
        return totalLimitMs > 0 ? std::max<std::int64_t>(0, totalLimitMs - totalElapsedMs) : -1;
    }
};

class MockView {
public:
    virtual ~MockView() = default;
    /// A new question is being asked (also after a resume of a reopened session).
    virtual void showQuestion(const MockQuestion& question) = 0;
    virtual void showTime(const MockClock& clock) = 0;
    /// Reference answer and key points; `timedOut` when the clock, not the user, revealed it.
    virtual void showAnswer(const MockQuestion& question, bool timedOut) = 0;
    virtual void showScored(const MockQuestion& question, int score) = 0;
    virtual void showState(MockState state) = 0;
    virtual void showReport(const MockReport& report) = 0;
};

class MockSession {
public:
    /// Selects the questions and stores a new running session (state NotStarted).
    static Result<MockSession> create(Collection& collection, const MockConfig& config, const Now& now);
    /// Reopens a stored session. A running one comes back Paused on its first unanswered
    /// question (the time already spent on that question is not kept, the time of the answered
    /// ones is), with every stored score sent to the scheduler; a closed one comes back Finished.
    static Result<MockSession> reopen(Collection& collection, SessionId id, const Now& now);

    void setView(MockView* view) { view_ = view; }

    SessionId id() const { return id_; }
    MockState state() const { return state_; }
    const MockConfig& config() const { return config_; }
    int count() const { return static_cast<int>(cards_.size()); }
    int position() const { return position_; }  ///< The current question, 0-based.
    std::optional<MockQuestion> currentQuestion() const;
    MockClock clock(const Now& now) const;
    bool outOfTime() const { return outOfTime_; }
    bool timedOut() const { return timedOut_; }  ///< The current question's clock ran out.
    const std::string& notes() const { return notes_; }
    void setNotes(std::string notes) { notes_ = std::move(notes); }
    /// The key points the user ticked as covered after the reveal, one '1' or '0' per key point
    /// of the current card; stored with the score. Cleared when the next question is asked.
    void setPointMarks(std::string marks) { marks_ = std::move(marks); }
    const std::string& pointMarks() const { return marks_; }

    // Events. One that does not apply in the current state is a Conflict and changes nothing.
    Status start(const Now& now);
    Status pause(const Now& now);
    Status resume(const Now& now);
    Status reveal(const Now& now);
    /// Rubric 0-4. If the answer was stored but the scheduler refused it, the machine still moves
    /// on (the answer is replayed on the next reopen) and the error is returned.
    Status score(int rubricScore, const Now& now);
    Status next(const Now& now);
    Status skip(const Now& now);
    Status timeOut(const Now& now);
    Status endEarly(const Now& now);
    /// The caller's timer: shows the clock and raises timeOut when a limit is reached.
    Status tick(const Now& now);

    Result<MockReport> report() const;

private:
    MockSession(Collection& collection, SessionId id, MockConfig config, std::vector<CardId> cards);
    std::int64_t questionElapsed(const Now& now) const;
    std::int64_t questionLimit() const;  ///< Nearer of the per-question and the remaining total, ms.
    Status askCurrent(const Now& now);
    Status advance(const Now& now);  ///< To the next unanswered question, or Finished.
    Status finish(MockStatus status, const Now& now);
    void stopClock(const Now& now);
    Error conflict(const char* event) const;
    void emitState();

    Collection* collection_;
    MockView* view_ = nullptr;
    SessionId id_;
    MockConfig config_;
    std::vector<CardId> cards_;
    std::vector<bool> answered_;
    int position_ = 0;
    MockState state_ = MockState::NotStarted;
    std::int64_t questionMs_ = 0;               ///< Accumulated while Asking, before runningSince_.
    std::optional<std::int64_t> runningSince_;  ///< Unix ms the clock last started.
    std::int64_t doneMs_ = 0;                   ///< Time of the questions already answered.
    bool timedOut_ = false;
    bool outOfTime_ = false;
    bool shown_ = false;  ///< The current question was given to the view.
    std::string notes_;
    std::string marks_;
    mutable std::optional<MockQuestion> cache_;
};

}  // namespace deck
