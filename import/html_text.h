#pragma once
// Anki fields are HTML; the deck shows imported text as text. This reduces HTML to plain text.

#include <string>
#include <string_view>
#include <vector>

namespace importer {

/// Parses `html` as a browser does (gumbo, the HTML5 parsing algorithm: broken nesting, unclosed
/// tags, every named and numeric entity) and keeps its text as it would be laid out: whitespace
/// collapsed (except in <pre>), a line break for <br> and around block elements (<div>, <p>,
/// <li>, <tr>, headings …), "- " before a list item, " | " between table cells, "[image: name]"
/// for a picture, nothing of script, style, head, template or iframe, and Anki's [sound:…]
/// references dropped; lines trimmed, blank lines removed. The result is plain text (a decoded
/// "&lt;" is a literal "<"), to be shown escaped like all imported text.
std::string htmlToText(std::string_view html);

/// Anki cloze deletions, {{c1::answer}} or {{c1::answer::hint}}, in a field's text.
bool hasCloze(std::string_view text);
/// The text as the cloze card's front shows it: each deletion as "[…]", or "[hint]".
std::string clozeFront(std::string_view text);
/// The deleted answers, in order.
std::vector<std::string> clozeAnswers(std::string_view text);

/// Escapes &, <, > and " and turns line breaks into <br>, for writing text into an Anki field.
std::string textToHtml(std::string_view text);

}  // namespace importer
