#pragma once
// What a mock interview asks: the filters, the number of questions, the clocks and the order.
// Stored as JSON in mock_sessions.config so that a session can be resumed and reported as set up.

#include <cstdint>
#include <string>
#include <vector>

#include "deck/error.h"
#include "deck/mock_presets.h"

namespace deck {

enum class MockOrder {
    Random,          ///< Shuffled with the config's seed.
    WeakestFirst,    ///< Topics (then cards) with the highest failure rate in the review log first.
    MostAskedFirst,  ///< Cards asked by the most companies (sightings) first.
};
const char* toString(MockOrder order);
bool parseMockOrder(const std::string& text, MockOrder* order);

struct MockConfig {
    std::string preset;                  ///< Preset id; empty for a custom round.
    std::vector<std::string> topics;     ///< Deck topic ids; empty: any topic.
    std::vector<std::string> companies;  ///< Only cards with a sighting from one of these; empty: any.
    std::vector<std::string> rounds;     ///< Only cards with a sighting in one of these rounds; empty: any.
    std::vector<int> levels;             ///< Deck levels 1-10; empty: any level.
    int questions = 8;
    std::int64_t perQuestionMs = 0;  ///< Clock per question, milliseconds; 0: no limit.
    std::int64_t totalMs = 0;        ///< Clock for the round, milliseconds; 0: no limit.
    MockOrder order = MockOrder::Random;
    std::uint64_t seed = 0;     ///< For the shuffle (and the tie-breaks of other orders).
    double passFraction = 0.8;  ///< Pass line as a fraction of the maximum score.
    /// The round's questions, in this order, when they were chosen elsewhere (the top N of what a
    /// company asks most); the filters and the order above then do not apply. Card id values.
    std::vector<std::int64_t> cards;
    bool operator==(const MockConfig&) const = default;
};

/// A preset's round: its topics and levels, its number of questions, its length as the total
/// clock and that length shared equally among the questions as the per-question clock.
MockConfig configForPreset(const MockPreset& preset, std::uint64_t seed);

/// Questions 1-100, clocks >= 0, pass fraction in (0, 1], levels 1-10.
Status validateMockConfig(const MockConfig& config);

std::string mockConfigToJson(const MockConfig& config);
Result<MockConfig> mockConfigFromJson(const std::string& json);

/// The points needed to pass: passFraction x maxScore, rounded up (80 % of 40 -> 32).
int mockPassLine(int maxScore, double passFraction);

}  // namespace deck
