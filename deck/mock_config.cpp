#include "deck/mock_config.h"

#include <cmath>

#include <nlohmann/json.hpp>

namespace deck {

const char* toString(MockOrder order)
{
    switch (order) {
    case MockOrder::Random: return "random";
    case MockOrder::WeakestFirst: return "weakest-first";
    case MockOrder::MostAskedFirst: return "most-asked-first";
    }
    return "random";
}

bool parseMockOrder(const std::string& text, MockOrder* order)
{
    for (MockOrder o : {MockOrder::Random, MockOrder::WeakestFirst, MockOrder::MostAskedFirst}) {
        if (text == toString(o)) {
            *order = o;
            return true;
        }
    }
    return false;
}

MockConfig configForPreset(const MockPreset& preset, std::uint64_t seed)
{
    MockConfig c;
    c.preset = preset.id;
    c.topics = preset.topics;
    c.levels = preset.levels;
    c.questions = preset.questions;
    c.totalMs = static_cast<std::int64_t>(preset.minutes) * 60'000;
    c.perQuestionMs = preset.questions > 0 ? c.totalMs / preset.questions : 0;
    c.seed = seed;
    return c;
}

Status validateMockConfig(const MockConfig& c)
{
    auto bad = [](const std::string& m) { return Error{ErrorKind::InvalidInput, m, {}, 0}; };
    if (c.questions < 1 || c.questions > 100)
        return bad("a mock interview has 1 to 100 questions, not " + std::to_string(c.questions));
    if (c.perQuestionMs < 0 || c.totalMs < 0)
        return bad("a clock cannot be negative");
    if (!(c.passFraction > 0.0 && c.passFraction <= 1.0))
        return bad("the pass line is a fraction in (0, 1]");
    for (int level : c.levels)
        if (level < 1 || level > 10)
            return bad("a level is 1 to 10, not " + std::to_string(level));
    return Ok{};
}

std::string mockConfigToJson(const MockConfig& c)
{
    nlohmann::json j = {
        {"preset", c.preset},
        {"topics", c.topics},
        {"companies", c.companies},
        {"rounds", c.rounds},
        {"levels", c.levels},
        {"questions", c.questions},
        {"perQuestionMs", c.perQuestionMs},
        {"totalMs", c.totalMs},
        {"order", toString(c.order)},
        {"seed", c.seed},
        {"passFraction", c.passFraction},
        {"cards", c.cards},
    };
    return j.dump();
}

Result<MockConfig> mockConfigFromJson(const std::string& json)
{
    const nlohmann::json j = nlohmann::json::parse(json, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return Error{ErrorKind::InvalidInput, "a mock session's config is not a JSON object", {}, 0};
    MockConfig c;
    try {
        c.preset = j.value("preset", std::string());
        c.topics = j.value("topics", std::vector<std::string>{});
        c.companies = j.value("companies", std::vector<std::string>{});
        c.rounds = j.value("rounds", std::vector<std::string>{});
        c.levels = j.value("levels", std::vector<int>{});
        c.questions = j.value("questions", 8);
        c.perQuestionMs = j.value("perQuestionMs", std::int64_t{0});
        c.totalMs = j.value("totalMs", std::int64_t{0});
        c.seed = j.value("seed", std::uint64_t{0});
        c.passFraction = j.value("passFraction", 0.8);
        c.cards = j.value("cards", std::vector<std::int64_t>{});
        if (!parseMockOrder(j.value("order", std::string("random")), &c.order))
            return Error{ErrorKind::InvalidInput, "unknown mock order " + j["order"].dump(), {}, 0};
    } catch (const nlohmann::json::exception& e) {
        // A field of the wrong type (a hand-edited file); nlohmann reports it by exception.
        return Error{ErrorKind::InvalidInput, std::string("mock session config: ") + e.what(), {}, 0};
    }
    if (auto s = validateMockConfig(c); !s.ok())
        return s.error();
    return c;
}

int mockPassLine(int maxScore, double passFraction)
{
    // The small epsilon keeps 0.8 x 40 = 32.000000000000004 from becoming 33.
    return static_cast<int>(std::ceil(passFraction * maxScore - 1e-9));
}

}  // namespace deck
