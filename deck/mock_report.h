#pragma once
// The end-of-round report and the history of past rounds, computed from the stored rows only
// (so a report looks the same after a restart as it did at the end of the round).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "deck/collection.h"
#include "deck/mock_store.h"

namespace deck {

struct MockReportItem {
    int position = 0;
    CardId card;
    std::string uid, topic, question;
    int level = 1;
    std::optional<int> score;  ///< Empty: skipped, or not reached.
    bool reached = false;      ///< Answered or skipped (false: the round ended before it).
    std::int64_t timeMs = 0;
    std::string notes;
    std::vector<std::string> keyPoints;  ///< The card's key points.
    std::string points;                  ///< Marks as stored ('1' covered, '0' missed); empty: not marked.
};

struct MockTopicScore {
    std::string topic;
    int points = 0;
    int maxPoints = 0;  ///< 4 x the questions of this topic that were reached.
    int questions = 0;
    double fraction() const { return maxPoints > 0 ? static_cast<double>(points) / maxPoints : 0.0; }
};

struct MockReport {
    SessionId id;
    MockConfig config;
    MockStatus status = MockStatus::Running;
    std::int64_t startedAtMs = 0;
    std::optional<std::int64_t> endedAtMs;
    std::vector<MockReportItem> items;
    int total = 0;
    int maxScore = 0;  ///< 4 x every question of the round, reached or not.
    int passLine = 0;  ///< Points needed: mockPassLine(maxScore, passFraction).
    bool passed = false;
    std::int64_t timeMs = 0;             ///< Sum of the time on each question.
    std::vector<MockTopicScore> topics;  ///< Weakest first (lowest fraction; ties by topic id).
    std::vector<CardId> toReview;        ///< Scored 0-2 or skipped, in round order.
    int pointsMarked = 0;                ///< Key points marked over the round's answers...
    int pointsCovered = 0;               ///< ...and of those, ticked as covered.
    /// Key points the user marked as missed, in round order: (position, key point).
    std::vector<std::pair<int, std::string>> missedPoints;
    /// The key points missed most over every round so far (weakestPoints, at most five).
    std::vector<PointRecord> weakest;
};

Result<MockReport> buildMockReport(Collection& collection, SessionId session);

struct MockHistoryEntry {
    SessionId id;
    std::string preset;
    MockStatus status = MockStatus::Running;
    std::int64_t startedAtMs = 0;
    int total = 0, maxScore = 0, passLine = 0;
    bool passed = false;
    int questions = 0, reached = 0;
};

/// Every session, oldest first (scores over time).
Result<std::vector<MockHistoryEntry>> mockHistory(Collection& collection);

}  // namespace deck
