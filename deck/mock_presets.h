#pragma once
// The mock-interview round presets (the round types of an AI-infrastructure loop) as data. The
// source is resources/mock_presets.json, which the build compiles into this library, so that
// neither the app nor the CLI has to find the file at run time.

#include <string>
#include <string_view>
#include <vector>

#include "deck/error.h"

namespace deck {

struct MockPreset {
    std::string id;  ///< Stable, e.g. "runtime-internals"; stored with a session.
    std::string nameZh, nameEn;
    int minutes = 60;                         ///< Length of the whole round, minutes.
    int questions = 8;                        ///< Default number of questions.
    int minQuestions = 1, maxQuestions = 10;  ///< The range the setup screen offers.
    std::vector<std::string> topics;          ///< Deck topic ids (docs/deck-format.md); empty: every topic.
    std::vector<int> levels;                  ///< Deck levels 1-10; empty: every level.
    std::string passZh, passEn;               ///< The pass criterion in words.
};

/// Parses the presets file's text. Every preset is checked (known topic ids, levels 1-10,
/// positive minutes, questions within their range, unique ids); the first problem is returned.
Result<std::vector<MockPreset>> parseMockPresets(std::string_view json);

/// The embedded copy of resources/mock_presets.json.
std::string_view builtinMockPresetsJson();

/// parseMockPresets(builtinMockPresetsJson()).
Result<std::vector<MockPreset>> builtinMockPresets();

}  // namespace deck
