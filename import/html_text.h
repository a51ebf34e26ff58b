#pragma once
// Anki fields are HTML; the deck shows imported text as text. This reduces HTML to plain text.

#include <string>
#include <string_view>

namespace importer {

/// Drops every tag (and the whole content of script, style, head and template elements), turns
/// <br>, </p>, </div>, </li>, </tr> into line breaks and <li> into "- ", decodes the named
/// entities &amp; &lt; &gt; &quot; &apos; &#39; &nbsp; and numeric ones, removes Anki's
/// [sound:…] references, and trims blank lines. The result is plain text (a decoded "&lt;" is a
/// literal "<"), to be shown escaped like all imported text.
std::string htmlToText(std::string_view html);

/// Escapes &, <, > and " and turns line breaks into <br>, for writing text into an Anki field.
std::string textToHtml(std::string_view text);

} // namespace importer
