#include "deck/mock_session.h"

#include <algorithm>

#include "deck/mock_selection.h"

namespace deck {

const char* toString(MockState state)
{
    switch (state) {
    case MockState::NotStarted: return "not-started";
    case MockState::Asking: return "asking";
    case MockState::Paused: return "paused";
    case MockState::Revealed: return "revealed";
    case MockState::Scored: return "scored";
    case MockState::Finished: return "finished";
    }
    return "not-started";
}

std::int64_t MockClock::questionLeftMs() const
{
    std::int64_t left = -1;
    if (questionLimitMs > 0)
        left = std::max<std::int64_t>(0, questionLimitMs - questionElapsedMs);
    if (totalLimitMs > 0) {
        const std::int64_t total = std::max<std::int64_t>(0, totalLimitMs - totalElapsedMs);
        left = left < 0 ? total : std::min(left, total);
    }
    return left;
}

MockSession::MockSession(Collection& collection, SessionId id, MockConfig config, std::vector<CardId> cards)
    : collection_(&collection), id_(id), config_(std::move(config)), cards_(std::move(cards)),
      answered_(cards_.size(), false)
{}

Result<MockSession> MockSession::create(Collection& collection, const MockConfig& config, const Now& now)
{
    auto cards = selectMockQuestions(collection, config);
    if (!cards)
        return cards.error();
    auto id = insertMockSession(collection, config, *cards, now);
    if (!id)
        return id.error();
    return MockSession(collection, *id, config, std::move(cards).value());
}

Result<MockSession> MockSession::reopen(Collection& collection, SessionId id, const Now& now)
{
    auto row = loadMockSession(collection, id);
    if (!row)
        return row.error();
    std::vector<CardId> cards;
    for (const MockAnswerRow& a : row->answers)
        cards.push_back(a.card);
    MockSession s(collection, id, row->config, std::move(cards));
    if (row->status != MockStatus::Running) {
        s.state_ = MockState::Finished;
        return s;
    }
    // Answers stored just before a crash may still lack their review-log row.
    if (auto sent = reconcileMockAnswers(collection, id, now.utcOffsetSeconds); !sent)
        return sent.error();
    int first = -1;
    for (const MockAnswerRow& a : row->answers) {
        s.answered_[static_cast<std::size_t>(a.position)] = a.reached();
        if (a.reached())
            s.doneMs_ += a.timeMs;
        else if (first < 0)
            first = a.position;
    }
    s.outOfTime_ = s.config_.totalMs > 0 && s.doneMs_ >= s.config_.totalMs;
    if (first < 0 || s.outOfTime_) {
        // Interrupted after its last answer: close it as it would have been closed.
        const MockStatus status = first < 0 ? MockStatus::Finished : MockStatus::OutOfTime;
        if (auto st = finishMockSession(collection, id, status, now); !st.ok())
            return st.error();
        s.state_ = MockState::Finished;
        return s;
    }
    s.position_ = first;
    s.state_ = MockState::Paused;
    s.shown_ = false;
    return s;
}

std::optional<MockQuestion> MockSession::currentQuestion() const
{
    if (position_ < 0 || position_ >= count())
        return std::nullopt;
    if (!cache_ || cache_->position != position_) {
        auto card = collection_->card(cards_[static_cast<std::size_t>(position_)]);
        if (!card)
            return std::nullopt;
        cache_ = MockQuestion{position_, count(), card->id, card->content};
    }
    return cache_;
}

std::int64_t MockSession::questionElapsed(const Now& now) const
{
    std::int64_t ms = questionMs_;
    if (runningSince_)
        ms += std::max<std::int64_t>(0, now.unixMs - *runningSince_);
    return ms;
}

std::int64_t MockSession::questionLimit() const
{
    std::int64_t limit = config_.perQuestionMs;  // 0: none
    if (config_.totalMs > 0) {
        const std::int64_t rest = std::max<std::int64_t>(1, config_.totalMs - doneMs_);
        limit = limit > 0 ? std::min(limit, rest) : rest;
    }
    return limit;
}

MockClock MockSession::clock(const Now& now) const
{
    MockClock c;
    const bool current = position_ < count() && !answered_[static_cast<std::size_t>(position_)];
    c.questionElapsedMs = questionElapsed(now);
    c.questionLimitMs = config_.perQuestionMs;
    c.totalElapsedMs = doneMs_ + (current ? c.questionElapsedMs : 0);
    c.totalLimitMs = config_.totalMs;
    c.running = runningSince_.has_value();
    return c;
}

Error MockSession::conflict(const char* event) const
{
    return Error{ErrorKind::Conflict,
                 std::string(event) + " does not apply while the mock interview is " + toString(state_),
                 {},
                 0};
}

void MockSession::emitState()
{
    if (view_)
        view_->showState(state_);
}

void MockSession::stopClock(const Now& now)
{
    questionMs_ = questionElapsed(now);
    runningSince_.reset();
}

Status MockSession::askCurrent(const Now& now)
{
    auto question = currentQuestion();
    if (!question)
        return Error{
            ErrorKind::NotFound, "the card of question " + std::to_string(position_ + 1) + " is gone", {}, 0};
    state_ = MockState::Asking;
    questionMs_ = 0;
    runningSince_ = now.unixMs;
    timedOut_ = false;
    notes_.clear();
    marks_.clear();
    shown_ = true;
    if (view_) {
        view_->showQuestion(*question);
        view_->showState(state_);
        view_->showTime(clock(now));
    }
    return Ok{};
}

Status MockSession::start(const Now& now)
{
    if (state_ != MockState::NotStarted)
        return conflict("start");
    return askCurrent(now);
}

Status MockSession::pause(const Now& now)
{
    if (state_ != MockState::Asking)
        return conflict("pause");
    stopClock(now);
    state_ = MockState::Paused;
    emitState();
    if (view_)
        view_->showTime(clock(now));
    return Ok{};
}

Status MockSession::resume(const Now& now)
{
    if (state_ != MockState::Paused)
        return conflict("resume");
    if (!shown_)
        return askCurrent(now);  // a reopened session: its question starts afresh
    state_ = MockState::Asking;
    runningSince_ = now.unixMs;
    emitState();
    if (view_)
        view_->showTime(clock(now));
    return Ok{};
}

Status MockSession::reveal(const Now& now)
{
    if (state_ != MockState::Asking)
        return conflict("reveal");
    stopClock(now);
    state_ = MockState::Revealed;
    if (view_) {
        if (auto q = currentQuestion())
            view_->showAnswer(*q, false);
        view_->showState(state_);
        view_->showTime(clock(now));
    }
    return Ok{};
}

Status MockSession::timeOut(const Now& now)
{
    if (state_ != MockState::Asking)
        return conflict("timeOut");
    stopClock(now);
    // A tick arrives a little after the limit passed: the question gets exactly its limit.
    if (const std::int64_t limit = questionLimit(); limit > 0)
        questionMs_ = std::min(questionMs_, limit);
    outOfTime_ = config_.totalMs > 0 && doneMs_ + questionMs_ >= config_.totalMs;
    timedOut_ = true;
    state_ = MockState::Revealed;
    if (view_) {
        if (auto q = currentQuestion())
            view_->showAnswer(*q, true);
        view_->showState(state_);
        view_->showTime(clock(now));
    }
    return Ok{};
}

Status MockSession::score(int rubricScore, const Now& now)
{
    if (state_ != MockState::Revealed)
        return conflict("score");
    if (rubricScore < 0 || rubricScore > 4)
        return Error{
            ErrorKind::InvalidInput, "a rubric score is 0 to 4, not " + std::to_string(rubricScore), {}, 0};
    if (auto s =
            recordMockAnswer(*collection_, id_, position_, rubricScore, notes_, questionMs_, now, marks_);
        !s.ok())
        return s;
    answered_[static_cast<std::size_t>(position_)] = true;
    doneMs_ += questionMs_;
    state_ = MockState::Scored;
    if (view_) {
        if (auto q = currentQuestion())
            view_->showScored(*q, rubricScore);
        view_->showState(state_);
    }
    return Ok{};
}

Status MockSession::next(const Now& now)
{
    if (state_ != MockState::Scored)
        return conflict("next");
    return advance(now);
}

Status MockSession::skip(const Now& now)
{
    if (state_ != MockState::Asking && state_ != MockState::Paused && state_ != MockState::Revealed)
        return conflict("skip");
    // A question of a reopened session that was never shown again has no time of its own.
    const std::int64_t elapsed = shown_ ? questionElapsed(now) : 0;
    if (auto s = storeMockAnswer(*collection_, id_, position_, std::nullopt, notes_, elapsed, now); !s.ok())
        return s;
    runningSince_.reset();
    questionMs_ = elapsed;
    answered_[static_cast<std::size_t>(position_)] = true;
    doneMs_ += elapsed;
    if (config_.totalMs > 0 && doneMs_ >= config_.totalMs)
        outOfTime_ = true;
    return advance(now);
}

Status MockSession::advance(const Now& now)
{
    int nextPosition = -1;
    for (int i = position_ + 1; i < count(); ++i) {
        if (!answered_[static_cast<std::size_t>(i)]) {
            nextPosition = i;
            break;
        }
    }
    if (nextPosition < 0)
        return finish(MockStatus::Finished, now);
    if (outOfTime_)
        return finish(MockStatus::OutOfTime, now);
    position_ = nextPosition;
    return askCurrent(now);
}

Status MockSession::endEarly(const Now& now)
{
    if (state_ == MockState::Finished)
        return conflict("endEarly");
    stopClock(now);
    const bool allAnswered = std::all_of(answered_.begin(), answered_.end(), [](bool b) { return b; });
    return finish(allAnswered ? MockStatus::Finished : MockStatus::EndedEarly, now);
}

Status MockSession::finish(MockStatus status, const Now& now)
{
    if (auto s = finishMockSession(*collection_, id_, status, now); !s.ok())
        return s;
    runningSince_.reset();
    state_ = MockState::Finished;
    emitState();
    if (view_) {
        if (auto r = report())
            view_->showReport(*r);
    }
    return Ok{};
}

Status MockSession::tick(const Now& now)
{
    if (state_ == MockState::Finished || state_ == MockState::NotStarted)
        return Ok{};
    if (state_ == MockState::Asking) {
        const std::int64_t limit = questionLimit();
        if (limit > 0 && questionElapsed(now) >= limit)
            return timeOut(now);
    }
    if (view_)
        view_->showTime(clock(now));
    return Ok{};
}

Result<MockReport> MockSession::report() const
{
    return buildMockReport(*collection_, id_);
}

}  // namespace deck
