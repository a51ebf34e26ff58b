#include "deck/mock_presets.h"

#include <set>

#include <nlohmann/json.hpp>

#include "deck/deck_source.h"

namespace deck {

namespace {

// A copy of resources/mock_presets.json (tests/deck/mock_session_test.cpp compares the two).
constexpr std::string_view kBuiltinJson = R"json({
  "version": 1,
  "about": "Mock-interview round presets. Round types, durations and the seeds' question numbers follow shared/seeds/001 section 1.5, which gives 8-10 questions for the first two rounds; the other question counts are this project's choice, as are the topic ids (docs/deck-format.md) and deck levels that map those question numbers onto the deck. deck/mock_presets.cpp embeds a copy of this file; tests/deck/mock_session_test.cpp checks that the two agree.",
  "presets": [
    {
      "id": "project-deep-dive",
      "name": {"zh": "项目深挖", "en": "Project deep dive"},
      "minutes": 60,
      "questions": 8,
      "questionRange": [8, 10],
      "seedScope": "Q75-Q84, Q91-Q115",
      "topics": ["dist-training", "communication", "model-arch", "cluster", "triton", "kernel-opt", "inference", "quantization"],
      "levels": [7, 9],
      "pass": {
        "zh": "以实验的原始数据为依据，讲清怎么实现、怎么测量、哪里失败、局限在哪。",
        "en": "Explains the implementation, the measurement, the failures and the limits, starting from the raw evidence of the experiments."
      }
    },
    {
      "id": "runtime-internals",
      "name": {"zh": "运行时底层", "en": "Runtime internals"},
      "minutes": 60,
      "questions": 8,
      "questionRange": [8, 10],
      "seedScope": "Q116-Q145",
      "topics": ["runtime", "dist-training", "communication", "cuda", "inference", "kernel-opt"],
      "levels": [10],
      "pass": {
        "zh": "回答落到通信器、CUDA stream、分片与调度的状态机上，并拿 profiler 数据佐证。",
        "en": "Grounds every answer in communicators, streams, the sharding and scheduling state machines, and profiler evidence."
      }
    },
    {
      "id": "distributed-training",
      "name": {"zh": "分布式训练", "en": "Distributed training"},
      "minutes": 60,
      "questions": 8,
      "questionRange": [8, 10],
      "seedScope": "Q13-Q40",
      "topics": ["dist-training", "communication", "runtime"],
      "levels": [2, 3],
      "pass": {
        "zh": "由张量的切分方式推算出通信量和显存占用。",
        "en": "Derives the communication volume and the memory footprint from the way the tensors are split."
      }
    },
    {
      "id": "inference-systems",
      "name": {"zh": "推理系统", "en": "Inference systems"},
      "minutes": 60,
      "questions": 8,
      "questionRange": [8, 10],
      "seedScope": "Q41-Q54, Q87",
      "topics": ["inference", "quantization", "model-arch"],
      "levels": [4, 8],
      "pass": {
        "zh": "能给出排队、KV cache 容量与调度的分析模型。",
        "en": "Builds a working model of queueing, KV-cache capacity and scheduling."
      }
    },
    {
      "id": "performance-kernels",
      "name": {"zh": "性能/内核", "en": "Performance and kernels"},
      "minutes": 60,
      "questions": 8,
      "questionRange": [8, 10],
      "seedScope": "Q01-Q12, Q55-Q64",
      "topics": ["gpu-arch", "cuda", "kernel-opt", "triton", "cutlass-hopper", "compilers"],
      "levels": [1, 5],
      "pass": {
        "zh": "借助 profiler 和 roofline 一步步缩小性能问题的范围。",
        "en": "Narrows a performance problem down step by step with a profiler and the roofline model."
      }
    },
    {
      "id": "system-design",
      "name": {"zh": "系统设计", "en": "System design"},
      "minutes": 60,
      "questions": 6,
      "questionRange": [4, 8],
      "seedScope": "Q65-Q74, Q85-Q90",
      "topics": ["system-design", "cluster", "rl-infra", "inference", "dist-training"],
      "levels": [6, 8],
      "pass": {
        "zh": "先明确约束条件，再依次设计容量、可靠性与可观测性。",
        "en": "Settles the constraints first, then designs for capacity, reliability and observability."
      }
    },
    {
      "id": "coding-practice",
      "name": {"zh": "编码实践", "en": "Coding practice"},
      "minutes": 90,
      "questions": 3,
      "questionRange": [2, 4],
      "seedScope": "C01-C08",
      "topics": ["coding"],
      "levels": [],
      "pass": {
        "zh": "代码正确，讲清复杂度，配上测试，并考虑可观测性。",
        "en": "Correct code, with its complexity stated, tests written and observability considered."
      }
    }
  ]
}
)json";

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
    m.seedScope = text(p, "seedScope");
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

} // namespace

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

} // namespace deck
