#pragma once
// Mock sessions in the collection (tables mock_sessions and mock_answers, schema version 1).
//
// A session row is written with one mock_answers row per question when the round is set up, so
// the question list survives a crash. Each answer is then one transaction (recordMockAnswer):
// the mock_answers row (score, notes, time), the session's running total, and
// Collection::answerWithRubric's review-log row and scheduler state, nested as a savepoint.
// A crash leaves either all of it or none of it. Sessions written by version 0.1.0, which stored
// the two parts in separate transactions, may hold a scored row without its review-log row;
// reconcileMockAnswers (called when a session is reopened) replays exactly those, with the
// answer's own time. A review-log row belongs to a mock answer when card, mode 'mock' and
// time (ms) all match, so nothing is logged twice.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "deck/collection.h"
#include "deck/mock_config.h"

namespace deck {

enum class MockStatus {
    Running,     ///< Being answered, or interrupted (a crash): can be resumed.
    Finished,    ///< Every question answered or skipped.
    EndedEarly,  ///< The user ended it before the last question.
    OutOfTime,   ///< The round's total clock ran out.
};
const char* toString(MockStatus status);
bool parseMockStatus(const std::string& text, MockStatus* status);

struct MockAnswerRow {
    int position = 0;  ///< 0-based order in the round.
    CardId card;
    std::optional<int> score;  ///< Rubric 0-4; empty when skipped or not reached.
    std::string notes;
    std::int64_t timeMs = 0;                   ///< Time on the question (clock running), ms.
    std::optional<std::int64_t> answeredAtMs;  ///< Unix ms; empty while not reached.
    /// The key points ticked as covered, one character per key point ('1' or '0'); empty when
    /// none were marked.
    std::string points;
    bool reached() const { return answeredAtMs.has_value(); }
};

struct MockSessionRow {
    SessionId id;
    MockConfig config;
    std::int64_t startedAtMs = 0;
    std::optional<std::int64_t> endedAtMs;
    MockStatus status = MockStatus::Running;
    int totalScore = 0;
    int maxScore = 0;                    ///< 4 x the number of questions in the round.
    std::vector<MockAnswerRow> answers;  ///< By position.
};

/// Writes a running session with one unanswered row per card, in one transaction.
Result<SessionId> insertMockSession(Collection& collection, const MockConfig& config,
                                    const std::vector<CardId>& cards, const Now& now);

/// Step 1 alone: stores the answer at `position` (score empty: skipped) and the session's
/// total, in one transaction. A position answered before is a Conflict and changes nothing.
Status storeMockAnswer(Collection& collection, SessionId session, int position, std::optional<int> score,
                       const std::string& notes, std::int64_t timeMs, const Now& now,
                       const std::string& points = {});

/// The whole answer in one transaction: storeMockAnswer and, for a score (not a skip), the
/// review it sends through answerWithRubric (see the file comment).
Status recordMockAnswer(Collection& collection, SessionId session, int position, std::optional<int> score,
                        const std::string& notes, std::int64_t timeMs, const Now& now,
                        const std::string& points = {});

/// The score the ticked key points suggest (the user's own score stands): all of them 4, at
/// least three quarters 3, at least half 2, any 1, none 0. -1 when the card has no key points.
int suggestedRubricScore(int covered, int total);

/// How often one key point of one card was missed over every mock answer that marked it.
struct PointRecord {
    CardId card;
    int point = 0;     ///< 0-based index into the card's key points.
    std::string text;  ///< The key point, as the card states it now.
    std::string question;
    int missed = 0;
    int marked = 0;  ///< Answers that marked this card's points.
};

/// The key points missed most often (missed / marked, then missed, then card and point), at
/// most `limit`; points never missed are left out. Marks whose length no longer matches the
/// card's key points (the card was edited) are ignored.
Result<std::vector<PointRecord>> weakestPoints(Collection& collection, int limit = 10);

/// Sends every scored answer of `session` that has no review-log row yet through
/// answerWithRubric, at the time it was given; returns how many it sent.
Result<int> reconcileMockAnswers(Collection& collection, SessionId session, int utcOffsetSeconds);

/// Closes the session with `status` at `now` and its final total.
Status finishMockSession(Collection& collection, SessionId session, MockStatus status, const Now& now);

Result<MockSessionRow> loadMockSession(Collection& collection, SessionId session);

/// The most recently started session still Running, if any (to offer "resume").
Result<std::optional<SessionId>> latestRunningMockSession(Collection& collection);

}  // namespace deck
