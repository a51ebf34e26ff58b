#pragma once
// Dates in report headings: 2024-03-15, 2024.3.15, 2024/3/15, 2024年3月15日, 2024年3月.

#include <optional>
#include <string>
#include <string_view>

namespace importer {

/// The first date in `text` as "YYYY-MM-DD" (or "YYYY-MM" when no day is given). Years 2000–2099
/// only, month 1–12, day 1–31: anything else is not taken for a date.
std::optional<std::string> findDate(std::string_view text);

} // namespace importer
