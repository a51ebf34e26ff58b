#pragma once
// Dates in report headings: 2024-03-15, 2024.3.15, 2024/3/15, 2024年3月15日, 2024年3月.

#include <optional>
#include <string>
#include <string_view>

namespace importer {

/// The first date in `text` as "YYYY-MM-DD" (or "YYYY-MM" when no day is given). Years 2000–2099
/// only, month 1–12, day 1–31: anything else is not taken for a date.
/// A field labelled 时间 ("面试时间：25.10.11", "时间: 24-3-5") may give a two-digit year, read as 20YY.
std::optional<std::string> findDate(std::string_view text);

/// Bytes taken by a date at the start of `text` (after white space) and the separators after it
/// (spaces, commas, 、): "2025年10月11日，一面" gives the offset of 一面. 0 when the text does not
/// start with a date (two- or four-digit year, then month and day).
std::size_t leadingDateBytes(std::string_view text);

}  // namespace importer
