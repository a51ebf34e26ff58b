#pragma once
// How a card's list fields are stored in their TEXT columns, and the content hash used to
// tell whether a built-in card changed between deck versions. Internal to deck/.

#include <string>
#include <vector>

#include "deck/card.h"

namespace deck::rows {

std::string joinLines(const std::vector<std::string>& items);
std::vector<std::string> splitLines(const std::string& text);
std::string joinComma(const std::vector<std::string>& items);
std::vector<std::string> splitComma(const std::string& text);

/// FNV-1a 64-bit over every content field, as 16 hex digits.
std::string contentHash(const CardContent& content);

}  // namespace deck::rows
