#include "deck/mock_presets.h"

#include <set>

#include <nlohmann/json.hpp>

#include "deck/deck_source.h"
#include "deck/mock_presets_json.h"

namespace deck {

namespace {

// resources/mock_presets.json, compiled in by deck/CMakeLists.txt.
constexpr std::string_view kBuiltinJson = kMockPresetsJson;

Error invalid(const std::string& message)
{
    return Error{ErrorKind::InvalidInput, message, "mock_presets.json", 0};
}

std::string text(const nlohmann::json& object, const char* key)
{
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

Result<MockPreset> readPreset(const nlohmann::json& p, const std::set<std::string>& topicIds)
{
    if (!p.is_object())
        return invalid("a preset is a JSON object");
    MockPreset m;
    m.id = text(p, "id");
    if (m.id.empty())
        return invalid("a preset has no id");
    const std::string where = "preset " + m.id + ": ";
    if (p.contains("name") && p["name"].is_object()) {
        m.nameZh = text(p["name"], "zh");
        m.nameEn = text(p["name"], "en");
    }
    if (m.nameZh.empty() || m.nameEn.empty())
        return invalid(where + "needs a Chinese and an English name");
    if (!p.value("minutes", nlohmann::json()).is_number_integer() || p["minutes"].get<int>() <= 0)
        return invalid(where + "minutes must be a positive integer");
    m.minutes = p["minutes"].get<int>();
    if (!p.value("questions", nlohmann::json()).is_number_integer())
        return invalid(where + "questions must be an integer");
    m.questions = p["questions"].get<int>();
    m.minQuestions = m.maxQuestions = m.questions;
    if (p.contains("questionRange")) {
        const auto& r = p["questionRange"];
        if (!r.is_array() || r.size() != 2 || !r[0].is_number_integer() || !r[1].is_number_integer())
            return invalid(where + "questionRange is [min, max]");
        m.minQuestions = r[0].get<int>();
        m.maxQuestions = r[1].get<int>();
    }
    if (m.minQuestions < 1 || m.minQuestions > m.questions || m.questions > m.maxQuestions)
        return invalid(where + "questions must lie within questionRange, and be at least 1");
    for (const auto& t : p.value("topics", nlohmann::json::array())) {
        if (!t.is_string() || !topicIds.count(t.get<std::string>()))
            return invalid(where + "unknown topic id " + t.dump());
        m.topics.push_back(t.get<std::string>());
    }
    for (const auto& l : p.value("levels", nlohmann::json::array())) {
        if (!l.is_number_integer() || l.get<int>() < 1 || l.get<int>() > 10)
            return invalid(where + "a level is an integer 1-10, not " + l.dump());
        m.levels.push_back(l.get<int>());
    }
    if (p.contains("pass") && p["pass"].is_object()) {
        m.passZh = text(p["pass"], "zh");
        m.passEn = text(p["pass"], "en");
    }
    if (m.passZh.empty() || m.passEn.empty())
        return invalid(where + "needs a pass criterion in Chinese and English");
    return m;
}

}  // namespace

Result<std::vector<MockPreset>> parseMockPresets(std::string_view json)
{
    const nlohmann::json doc = nlohmann::json::parse(json, nullptr, /*allow_exceptions=*/false);
    if (doc.is_discarded())
        return invalid("not valid JSON");
    if (!doc.is_object() || !doc.contains("presets") || !doc["presets"].is_array())
        return invalid("the file needs a \"presets\" array");
    const auto& known = knownTopics();
    const std::set<std::string> topicIds(known.begin(), known.end());
    std::vector<MockPreset> presets;
    std::set<std::string> ids;
    for (const auto& p : doc["presets"]) {
        auto preset = readPreset(p, topicIds);
        if (!preset)
            return preset.error();
        if (!ids.insert(preset->id).second)
            return invalid("preset id " + preset->id + " appears twice");
        presets.push_back(std::move(preset).value());
    }
    return presets;
}

std::string_view builtinMockPresetsJson()
{
    return kBuiltinJson;
}

Result<std::vector<MockPreset>> builtinMockPresets()
{
    return parseMockPresets(kBuiltinJson);
}

}  // namespace deck
