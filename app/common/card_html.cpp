#include "common/card_html.h"

#include <algorithm>
#include <cctype>

#include <md4c.h>
#include <vector>

namespace app {

std::string escapeHtml(std::string_view text)
{
    std::string out;
    out.reserve(text.size() + text.size() / 8);
    for (char c : text) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&#39;"; break;
        default: out += c;
        }
    }
    return out;
}

namespace {

/// Renders md4c's parse events as HTML. Every piece of text is escaped; only the tags below are
/// written, with no attribute from the card except an http(s) link's address (escaped) and a
/// code block's language (reduced to letters, digits and '+'). Raw HTML in the card is text
/// (MD_FLAG_NOHTML); an image shows its description, never loads; math spans are written back
/// as $…$ / $$…$$ text for KaTeX's auto-render; a literal dollar gets its own element so the
/// auto-render never pairs it with another.
class Renderer {
public:
    std::string html;

    static int enterBlock(MD_BLOCKTYPE type, void* detail, void* self)
    {
        return static_cast<Renderer*>(self)->block(type, detail, true);
    }
    static int leaveBlock(MD_BLOCKTYPE type, void* detail, void* self)
    {
        return static_cast<Renderer*>(self)->block(type, detail, false);
    }
    static int enterSpan(MD_SPANTYPE type, void* detail, void* self)
    {
        return static_cast<Renderer*>(self)->span(type, detail, true);
    }
    static int leaveSpan(MD_SPANTYPE type, void* detail, void* self)
    {
        return static_cast<Renderer*>(self)->span(type, detail, false);
    }
    static int onText(MD_TEXTTYPE type, const MD_CHAR* text, MD_SIZE size, void* self)
    {
        static_cast<Renderer*>(self)->text(type, std::string_view(text, size));
        return 0;
    }

private:
    std::vector<bool> linkOpen_;  ///< per MD_SPAN_A: whether an <a> was written
    int image_ = 0;               ///< inside an image's description
    bool inCode_ = false;         ///< inside a code block (no dollar spans there)
    bool inMath_ = false;
    // A paragraph holding one display formula and nothing else becomes a math block.
    std::size_t paraStart_ = 0;
    bool paraDisplayOnly_ = false;
    int paraDisplays_ = 0;

    static std::string attribute(const MD_ATTRIBUTE& a) { return std::string(a.text, a.size); }

    static bool webAddress(const std::string& href)
    {
        std::string lower = href.substr(0, 8);
        std::transform(lower.begin(), lower.end(), lower.begin(),
                       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        return lower.starts_with("https://") || lower.starts_with("http://");
    }

    int block(MD_BLOCKTYPE type, void* detail, bool enter)
    {
        switch (type) {
        case MD_BLOCK_DOC: break;
        case MD_BLOCK_QUOTE: html += enter ? "<blockquote>" : "</blockquote>\n"; break;
        case MD_BLOCK_UL: html += enter ? "<ul>" : "</ul>\n"; break;
        case MD_BLOCK_OL: {
            const auto* d = static_cast<MD_BLOCK_OL_DETAIL*>(detail);
            if (!enter)
                html += "</ol>\n";
            else if (d->start != 1)
                html += "<ol start=\"" + std::to_string(d->start) + "\">";
            else
                html += "<ol>";
            break;
        }
        case MD_BLOCK_LI: html += enter ? "<li>" : "</li>"; break;
        case MD_BLOCK_HR:
            if (enter)
                html += "<hr>\n";
            break;
        case MD_BLOCK_H: {
            // A card's headings sit under the page's own: # is h3, ## h4, and so on.
            const unsigned level = std::min(6u, static_cast<MD_BLOCK_H_DETAIL*>(detail)->level + 2);
            html += (enter ? "<h" : "</h") + std::to_string(level) + (enter ? ">" : ">\n");
            break;
        }
        case MD_BLOCK_CODE: {
            if (enter) {
                const auto* d = static_cast<MD_BLOCK_CODE_DETAIL*>(detail);
                std::string lang = attribute(d->lang);
                for (char& c : lang)
                    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                          || c == '+'))
                        c = '-';
                html += lang.empty() ? "<pre><code>" : "<pre><code class=\"language-" + lang + "\">";
                inCode_ = true;
            } else {
                if (html.ends_with('\n'))
                    html.pop_back();
                html += "</code></pre>\n";
                inCode_ = false;
            }
            break;
        }
        case MD_BLOCK_HTML: break;  // not produced with MD_FLAG_NOHTML
        case MD_BLOCK_P:
            if (enter) {
                paraStart_ = html.size();
                paraDisplayOnly_ = true;
                paraDisplays_ = 0;
                html += "<p>";
            } else if (paraDisplayOnly_ && paraDisplays_ == 1) {
                html.replace(paraStart_, 3, "<div class=\"math-block\">");
                html += "</div>\n";
            } else {
                html += "</p>\n";
            }
            break;
        case MD_BLOCK_TABLE: html += enter ? "<table>" : "</table>\n"; break;
        case MD_BLOCK_THEAD: html += enter ? "<thead>" : "</thead>"; break;
        case MD_BLOCK_TBODY: html += enter ? "<tbody>" : "</tbody>"; break;
        case MD_BLOCK_TR: html += enter ? "<tr>" : "</tr>"; break;
        case MD_BLOCK_TH:
        case MD_BLOCK_TD: {
            const char* tag = type == MD_BLOCK_TH ? "th" : "td";
            if (!enter) {
                html += std::string("</") + tag + ">";
                break;
            }
            const auto align = static_cast<MD_BLOCK_TD_DETAIL*>(detail)->align;
            const char* a = align == MD_ALIGN_LEFT     ? "left"
                            : align == MD_ALIGN_CENTER ? "center"
                            : align == MD_ALIGN_RIGHT  ? "right"
                                                       : nullptr;
            html += std::string("<") + tag
                    + (a ? std::string(" style=\"text-align:") + a + "\"" : std::string()) + ">";
            break;
        }
        }
        return 0;
    }

    int span(MD_SPANTYPE type, void* detail, bool enter)
    {
        if (type == MD_SPAN_LATEXMATH_DISPLAY)
            paraDisplays_ += enter ? 1 : 0;
        else
            paraDisplayOnly_ = false;
        if (image_ > 0 && type != MD_SPAN_IMG)
            return 0;  // an image's description is plain text
        switch (type) {
        case MD_SPAN_EM: html += enter ? "<em>" : "</em>"; break;
        case MD_SPAN_STRONG: html += enter ? "<strong>" : "</strong>"; break;
        case MD_SPAN_DEL: html += enter ? "<del>" : "</del>"; break;
        // MD_FLAG_UNDERLINE turns _…_ into these spans: written back as the underscores they were,
        // so identifiers such as __shared__ or __init__ are never bold or underlined.
        case MD_SPAN_U: html += "_"; break;
        case MD_SPAN_CODE: html += enter ? "<code>" : "</code>"; break;
        case MD_SPAN_A: {
            if (enter) {
                const std::string href = attribute(static_cast<MD_SPAN_A_DETAIL*>(detail)->href);
                const bool web = webAddress(href);
                linkOpen_.push_back(web);
                if (web)
                    html += "<a class=\"web\" href=\"" + escapeHtml(href) + "\">";
            } else {
                if (!linkOpen_.empty() && linkOpen_.back())
                    html += "</a>";
                if (!linkOpen_.empty())
                    linkOpen_.pop_back();
            }
            break;
        }
        case MD_SPAN_IMG:
            if (enter) {
                if (image_++ == 0)
                    html += "<span class=\"image-alt\">[";
            } else if (--image_ == 0) {
                html += "]</span>";
            }
            break;
        case MD_SPAN_LATEXMATH:
            html += "$";
            inMath_ = enter;
            break;
        case MD_SPAN_LATEXMATH_DISPLAY:
            html += "$$";
            inMath_ = enter;
            break;
        case MD_SPAN_WIKILINK: break;
        }
        return 0;
    }

    void text(MD_TEXTTYPE type, std::string_view t)
    {
        if (!inMath_ && t.find_first_not_of(" \t\n") != std::string_view::npos)
            paraDisplayOnly_ = false;
        switch (type) {
        case MD_TEXT_NULLCHAR: html += "\xEF\xBF\xBD"; return;
        case MD_TEXT_BR: html += image_ > 0 ? " " : "<br>\n"; return;
        case MD_TEXT_SOFTBR: html += image_ > 0 ? " " : "\n"; return;
        case MD_TEXT_NORMAL:
            if (!inCode_ && !inMath_) {
                for (char c : t) {
                    if (c == '$')
                        html += "<span class=\"dollar\">$</span>";
                    else
                        html += escapeHtml(std::string_view(&c, 1));
                }
                return;
            }
            break;
        default: break;  // code, math, entities and (never) raw HTML: shown as written
        }
        html += escapeHtml(t);
    }
};

// No strikethrough: md4c's takes a single ~ too, and Chinese text writes ranges with it
// (0~255, 2~3 倍), which would be struck out.
constexpr unsigned kMarkdownFlags = MD_FLAG_NOHTML | MD_FLAG_TABLES | MD_FLAG_LATEXMATHSPANS
                                    | MD_FLAG_PERMISSIVEURLAUTOLINKS | MD_FLAG_UNDERLINE;

/// A table written straight under a line of text ("**一张表**：" then "| a | b |"), as GitHub
/// renders it: md4c, like CommonMark, would read the table's rows as part of the paragraph, so a
/// blank line is put before a table header that follows text. Fenced code is left alone.
std::string tablesMayFollowText(std::string_view text)
{
    std::vector<std::string_view> lines;
    for (std::size_t at = 0; at <= text.size();) {
        const std::size_t nl = std::min(text.find('\n', at), text.size());
        lines.push_back(text.substr(at, nl - at));
        at = nl + 1;
    }
    const auto trimmed = [](std::string_view l) {
        while (!l.empty() && (l.front() == ' ' || l.front() == '\t'))
            l.remove_prefix(1);
        return l;
    };
    const auto isDelimiterRow = [&](std::string_view l) {
        l = trimmed(l);
        return l.starts_with('|') && l.find('-') != std::string_view::npos
               && l.find_first_not_of("|-: \t\r") == std::string_view::npos;
    };
    std::string out;
    out.reserve(text.size() + 16);
    bool fenced = false;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string_view t = trimmed(lines[i]);
        if (t.starts_with("```") || t.starts_with("~~~"))
            fenced = !fenced;
        if (!fenced && i > 0 && t.starts_with('|') && i + 1 < lines.size() && isDelimiterRow(lines[i + 1])) {
            const std::string_view before = trimmed(lines[i - 1]);
            if (!before.empty() && !before.starts_with('|'))
                out += '\n';
        }
        out += lines[i];
        if (i + 1 < lines.size())
            out += '\n';
    }
    return out;
}

/// One line of inline Markdown (a question, a key point): the paragraph markup md4c adds is
/// dropped.
std::string inlineMarkup(std::string_view text)
{
    std::string html = markdownToHtml(text);
    if (html.starts_with("<p>") && html.ends_with("</p>\n") && html.find("<p>", 3) == std::string::npos)
        return html.substr(3, html.size() - 3 - 5);
    while (html.ends_with('\n'))
        html.pop_back();
    return html;
}

}  // namespace

std::string markdownToHtml(std::string_view markdown)
{
    const std::string source = tablesMayFollowText(markdown);
    Renderer r;
    MD_PARSER parser{};
    parser.abi_version = 0;
    parser.flags = kMarkdownFlags;
    parser.enter_block = &Renderer::enterBlock;
    parser.leave_block = &Renderer::leaveBlock;
    parser.enter_span = &Renderer::enterSpan;
    parser.leave_span = &Renderer::leaveSpan;
    parser.text = &Renderer::onText;
    if (md_parse(source.data(), static_cast<MD_SIZE>(source.size()), &parser, &r) != 0)
        return "<p>" + escapeHtml(markdown) + "</p>\n";  // md4c ran out of memory: the text as it is
    return std::move(r.html);
}

int formulaDepth(std::string_view tex)
{
    int depth = 0, deepest = 0;
    for (std::size_t i = 0; i < tex.size(); ++i) {
        const char c = tex[i];
        if (c == '\\') {
            // The command's name: \left and \begin open, \right and \end close (\leftarrow does
            // neither).
            std::size_t end = i + 1;
            while (end < tex.size()
                   && ((tex[end] >= 'a' && tex[end] <= 'z') || (tex[end] >= 'A' && tex[end] <= 'Z')))
                ++end;
            const std::string_view name = tex.substr(i + 1, end - i - 1);
            if (name == "left" || name == "begin")
                deepest = std::max(deepest, ++depth);
            else if (name == "right" || name == "end")
                depth = std::max(0, depth - 1);
            // Past the name, or past the one escaped character (\{, \\) that opens or closes nothing.
            i = name.empty() ? i + 1 : end - 1;
        } else if (c == '{') {
            deepest = std::max(deepest, ++depth);
        } else if (c == '}') {
            depth = std::max(0, depth - 1);
        }
    }
    return deepest;
}

namespace {

/// End of the formula opened at `from` (just past its left delimiter), as KaTeX's auto-render
/// finds it: the first right delimiter outside braces, skipping escaped characters.
std::size_t formulaEnd(std::string_view text, std::size_t from, std::string_view right)
{
    int braces = 0;
    for (std::size_t i = from; i < text.size(); ++i) {
        const char c = text[i];
        if (braces <= 0 && text.substr(i, right.size()) == right)
            return i;
        if (c == '\\')
            ++i;
        else if (c == '{')
            ++braces;
        else if (c == '}')
            --braces;
    }
    return std::string_view::npos;
}

/// One text node of the page: its formulas bounded.
void boundText(std::string_view text, const std::string& label, std::string& out)
{
    static constexpr std::string_view kLeft[] = {"$$", "\\[", "$", "\\("};
    static constexpr std::string_view kRight[] = {"$$", "\\]", "$", "\\)"};
    std::size_t i = 0;
    while (i < text.size()) {
        std::size_t at = std::string_view::npos;
        int which = -1;
        for (int k = 0; k < 4; ++k) {
            const std::size_t p = text.find(kLeft[k], i);
            if (p < at) {
                at = p;
                which = k;
            }
        }
        if (which < 0) {
            out += text.substr(i);
            return;
        }
        const std::size_t from = at + kLeft[which].size();
        const std::size_t end = formulaEnd(text, from, kRight[which]);
        if (end == std::string_view::npos) {
            out += text.substr(i);
            return;
        }
        const std::size_t after = end + kRight[which].size();
        out += text.substr(i, at - i);
        if (formulaDepth(text.substr(from, end - from)) > kMaxFormulaDepth)
            out += "<span class=\"math-too-complex\">" + escapeHtml(label) + "</span>";
        else
            out += text.substr(at, after - at);
        i = after;
    }
}

}  // namespace

std::string boundFormulas(std::string_view html, const std::string& tooComplexLabel)
{
    // Tags pass through; text between them is bounded, except inside <pre> and <code>, where
    // the page renders no math.
    std::string out;
    out.reserve(html.size());
    int code = 0;
    std::size_t i = 0;
    while (i < html.size()) {
        if (html[i] == '<') {
            const std::size_t close = html.find('>', i);
            const std::size_t end = close == std::string_view::npos ? html.size() : close + 1;
            const std::string_view tag = html.substr(i, end - i);
            if (tag.starts_with("<pre") || tag.starts_with("<code"))
                ++code;
            else if (tag.starts_with("</pre") || tag.starts_with("</code"))
                code = std::max(0, code - 1);
            out += tag;
            i = end;
            continue;
        }
        std::size_t next = html.find('<', i);
        if (next == std::string_view::npos)
            next = html.size();
        if (code > 0)
            out += html.substr(i, next - i);
        else
            boundText(html.substr(i, next - i), tooComplexLabel, out);
        i = next;
    }
    return out;
}

CardHtml renderCard(const deck::CardContent& card, const std::string& keyPointsLabel,
                    const std::string& sourcesLabel, const std::string& tooComplexLabel)
{
    CardHtml out;
    out.front = "<div class=\"question\">" + inlineMarkup(card.question) + "</div>";
    if (!card.questionEn.empty())
        out.front += "<div class=\"question-en\">" + inlineMarkup(card.questionEn) + "</div>";
    out.back = "<div class=\"answer\">" + markdownToHtml(card.answer) + "</div>";
    if (!card.keyPoints.empty()) {
        out.back += "<h4>" + escapeHtml(keyPointsLabel) + "</h4><ol class=\"points\">";
        for (const auto& p : card.keyPoints)
            out.back += "<li>" + inlineMarkup(p) + "</li>";
        out.back += "</ol>";
    }
    if (!card.sources.empty()) {
        out.back += "<h4>" + escapeHtml(sourcesLabel) + "</h4><ul class=\"sources\">";
        for (const auto& s : card.sources)
            out.back += "<li>" + escapeHtml(s) + "</li>";
        out.back += "</ul>";
    }
    out.front = boundFormulas(out.front, tooComplexLabel);
    out.back = boundFormulas(out.back, tooComplexLabel);
    return out;
}

}  // namespace app
