#pragma once
// The one place that turns card text into HTML for the web view: everything is escaped first,
// then a small Markdown subset (paragraphs, lists, headings, tables, **bold**, `code`, fenced
// code) is applied to the escaped text. Math ($...$, $$...$$) is left as text for KaTeX's
// auto-render inside the page. No tag, attribute or URL from a card reaches the page, so a card
// holding <script>, <img onerror=...> or a javascript: link shows as plain text.
// Pure C++ (no Qt) so that the escaping can be tested directly.

#include <string>
#include <string_view>

#include "deck/card.h"

namespace app {

std::string escapeHtml(std::string_view text);

/// Markdown subset -> HTML, escaping everything first.
std::string markdownToHtml(std::string_view markdown);

struct CardHtml {
    std::string front;  ///< The question (Chinese + English line).
    std::string back;   ///< Answer, key points, sources.
};

/// `labels` are the translated section titles ("Key points", "Sources").
CardHtml renderCard(const deck::CardContent& card, const std::string& keyPointsLabel,
                    const std::string& sourcesLabel);

} // namespace app
