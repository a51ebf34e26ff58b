#pragma once
// The one place that turns card text into HTML for the web view. Markdown is parsed by md4c
// (CommonMark with GitHub tables, $math$ spans) and written by our own renderer, which escapes
// every piece of text and writes only Markdown's own tags: raw HTML in a card is text, the only
// attribute from a card is an http(s) link's address, images show their description, and math
// is left as $...$ / $$...$$ text for KaTeX's auto-render inside the page. A card holding
// <script>, <img onerror=...> or a javascript: link shows as plain text. docs/deck-format.md
// ("Markdown") lists the project's rules on top of CommonMark.
// Pure C++ (no Qt) so that the escaping can be tested directly.

#include <string>
#include <string_view>

#include "deck/card.h"

namespace app {

std::string escapeHtml(std::string_view text);

/// Markdown -> HTML (see the file comment).
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

}  // namespace app
