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

/// The deepest formula the page is given: braces, \left and \begin nest inside each other up to
/// this; KaTeX's output for a deeper one (a \frac nested ~190 times) overflows the web engine's
/// renderer stack.
inline constexpr int kMaxFormulaDepth = 40;

/// Nesting depth of a TeX formula: groups { }, \left…\right and \begin…\end inside each other.
int formulaDepth(std::string_view tex);

/// In `html` (from markdownToHtml/renderCard), every formula ($…$, $$…$$, \(…\), \[…\]) outside
/// code that nests deeper than kMaxFormulaDepth is replaced by `tooComplexLabel` (escaped), in a
/// <span class="math-too-complex">, so the page shows a message instead of crashing.
std::string boundFormulas(std::string_view html, const std::string& tooComplexLabel);

/// `labels` are the translated section titles ("Key points", "Sources") and the text shown in
/// place of a formula too complex to render.
CardHtml renderCard(const deck::CardContent& card, const std::string& keyPointsLabel,
                    const std::string& sourcesLabel,
                    const std::string& tooComplexLabel = "formula too complex to show");

} // namespace app
