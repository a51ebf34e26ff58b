#pragma once
// What the command-line tool prints: JSON that never aborts on stored bytes, and text that a
// terminal shows as text (no escape sequence from a card or a file reaches the terminal).

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace cli {

/// `j` as JSON text; bytes that are not UTF-8 become U+FFFD instead of throwing.
std::string jsonText(const nlohmann::json& j, int indent = 2);
std::string jsonText(const nlohmann::ordered_json& j, int indent = 2);

/// `text` for a terminal: malformed UTF-8 becomes U+FFFD; ESC and every other C0/C1 control
/// character except newline and tab is written as a visible escape (`\x1b`, `\u009b`).
std::string terminalText(std::string_view text);

/// `arg` (a command-line argument) as UTF-8: malformed bytes become U+FFFD.
std::string utf8Argument(std::string_view arg);

}  // namespace cli
