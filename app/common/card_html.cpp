#include "common/card_html.h"

#include <algorithm>
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

std::string_view trimLeft(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    return s;
}

bool isBlank(std::string_view s) { return trimLeft(s).empty(); }

/// Inline markup on already-escaped text: `code`, **bold**, and \$ as a literal dollar
/// (wrapped in its own element so KaTeX's auto-render never pairs it).
std::string inlineMarkup(std::string_view escaped)
{
    std::string out;
    bool bold = false;
    for (std::size_t i = 0; i < escaped.size();) {
        if (escaped[i] == '`') {
            const auto end = escaped.find('`', i + 1);
            if (end != std::string_view::npos) {
                out += "<code>";
                out += escaped.substr(i + 1, end - i - 1);
                out += "</code>";
                i = end + 1;
                continue;
            }
        }
        if (escaped.substr(i, 2) == "**") {
            out += bold ? "</strong>" : "<strong>";
            bold = !bold;
            i += 2;
            continue;
        }
        if (escaped.substr(i, 2) == "\\$") {
            out += "<span class=\"dollar\">$</span>";
            i += 2;
            continue;
        }
        out += escaped[i++];
    }
    if (bold)
        out += "</strong>";
    return out;
}

bool isOrderedItem(std::string_view line, std::size_t* textStart)
{
    line = trimLeft(line);
    std::size_t i = 0;
    while (i < line.size() && line[i] >= '0' && line[i] <= '9')
        ++i;
    if (i == 0 || i > 3 || i + 1 >= line.size() || line[i] != '.' || line[i + 1] != ' ')
        return false;
    *textStart = i + 2;
    return true;
}

bool isBulletItem(std::string_view line)
{
    line = trimLeft(line);
    return line.size() >= 2 && (line[0] == '-' || line[0] == '*' || line[0] == '+') && line[1] == ' ';
}

std::vector<std::string_view> tableCells(std::string_view row)
{
    row = trimLeft(row);
    if (!row.empty() && row.front() == '|')
        row.remove_prefix(1);
    while (!row.empty() && (row.back() == ' ' || row.back() == '\r'))
        row.remove_suffix(1);
    if (!row.empty() && row.back() == '|')
        row.remove_suffix(1);
    std::vector<std::string_view> cells;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= row.size(); ++i) {
        if (i == row.size() || (row[i] == '|' && (i == 0 || row[i - 1] != '\\'))) {
            std::string_view cell = trimLeft(row.substr(start, i - start));
            while (!cell.empty() && cell.back() == ' ')
                cell.remove_suffix(1);
            cells.push_back(cell);
            start = i + 1;
        }
    }
    return cells;
}

bool isTableSeparator(std::string_view line)
{
    line = trimLeft(line);
    if (line.empty() || line.front() != '|')
        return false;
    for (char c : line)
        if (c != '|' && c != '-' && c != ':' && c != ' ')
            return false;
    return line.find('-') != std::string_view::npos;
}

} // namespace

std::string markdownToHtml(std::string_view markdown)
{
    const std::string escaped = escapeHtml(markdown);
    std::vector<std::string_view> lines;
    {
        std::string_view all = escaped;
        std::size_t start = 0;
        while (start <= all.size()) {
            std::size_t nl = all.find('\n', start);
            if (nl == std::string_view::npos)
                nl = all.size();
            std::string_view line = all.substr(start, nl - start);
            if (!line.empty() && line.back() == '\r')
                line.remove_suffix(1);
            lines.push_back(line);
            start = nl + 1;
        }
    }

    std::string html;
    std::size_t i = 0;
    while (i < lines.size()) {
        std::string_view line = lines[i];
        if (isBlank(line)) {
            ++i;
            continue;
        }
        std::string_view t = trimLeft(line);
        if (t.starts_with("```")) {
            std::string lang(t.substr(3));
            for (char& c : lang)
                if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '+'))
                    c = '-';
            html += lang.empty() ? "<pre><code>" : "<pre><code class=\"language-" + lang + "\">";
            ++i;
            bool first = true;
            while (i < lines.size() && !trimLeft(lines[i]).starts_with("```")) {
                if (!first)
                    html += '\n';
                html += lines[i++];
                first = false;
            }
            html += "</code></pre>\n";
            ++i;  // closing fence
            continue;
        }
        if (t.starts_with("$$")) {
            // Display math block: keep its lines together, untouched.
            html += "<div class=\"math-block\">";
            std::string block(t);
            std::size_t j = i;
            const bool closedOnFirst = t.size() > 2 && t.substr(2).find("$$") != std::string_view::npos;
            while (!closedOnFirst && j + 1 < lines.size() && block.find("$$", 2) == std::string::npos) {
                block += '\n';
                block += lines[++j];
            }
            html += block + "</div>\n";
            i = j + 1;
            continue;
        }
        if (t.starts_with("#")) {
            std::size_t level = 0;
            while (level < t.size() && t[level] == '#')
                ++level;
            if (level <= 4 && level < t.size() && t[level] == ' ') {
                const std::string tag = "h" + std::to_string(level + 2);
                html += "<" + tag + ">" + inlineMarkup(t.substr(level + 1)) + "</" + tag + ">\n";
                ++i;
                continue;
            }
        }
        if (t.starts_with("|") && i + 1 < lines.size() && isTableSeparator(lines[i + 1])) {
            html += "<table><thead><tr>";
            for (auto cell : tableCells(line))
                html += "<th>" + inlineMarkup(cell) + "</th>";
            html += "</tr></thead><tbody>";
            i += 2;
            while (i < lines.size() && trimLeft(lines[i]).starts_with("|")) {
                html += "<tr>";
                for (auto cell : tableCells(lines[i]))
                    html += "<td>" + inlineMarkup(cell) + "</td>";
                html += "</tr>";
                ++i;
            }
            html += "</tbody></table>\n";
            continue;
        }
        std::size_t textStart = 0;
        if (isBulletItem(line) || isOrderedItem(line, &textStart)) {
            const bool ordered = !isBulletItem(line);
            html += ordered ? "<ol>" : "<ul>";
            while (i < lines.size()) {
                std::size_t start = 0;
                std::string_view item = trimLeft(lines[i]);
                if (!ordered && isBulletItem(lines[i]))
                    start = 2;
                else if (ordered && isOrderedItem(lines[i], &start))
                    ;
                else
                    break;
                std::string text(item.substr(start));
                ++i;
                // Continuation lines (indented, not a new item) belong to the item.
                while (i < lines.size() && !isBlank(lines[i]) && !isBulletItem(lines[i])
                       && !isOrderedItem(lines[i], &textStart)
                       && (lines[i].starts_with("  ") || lines[i].starts_with("\t"))) {
                    text += ' ';
                    text += trimLeft(lines[i++]);
                }
                html += "<li>" + inlineMarkup(text) + "</li>";
            }
            html += ordered ? "</ol>\n" : "</ul>\n";
            continue;
        }
        // Paragraph: consecutive non-blank lines that start nothing else.
        std::string para(t);
        ++i;
        while (i < lines.size() && !isBlank(lines[i])) {
            std::string_view n = trimLeft(lines[i]);
            if (n.starts_with("```") || n.starts_with("$$") || n.starts_with("#") || n.starts_with("|")
                || isBulletItem(lines[i]) || isOrderedItem(lines[i], &textStart))
                break;
            para += '\n';
            para += n;
            ++i;
        }
        html += "<p>" + inlineMarkup(para) + "</p>\n";
    }
    return html;
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
            while (end < tex.size() && ((tex[end] >= 'a' && tex[end] <= 'z') || (tex[end] >= 'A' && tex[end] <= 'Z')))
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

} // namespace

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
    out.front = "<div class=\"question\">" + inlineMarkup(escapeHtml(card.question)) + "</div>";
    if (!card.questionEn.empty())
        out.front += "<div class=\"question-en\">" + inlineMarkup(escapeHtml(card.questionEn)) + "</div>";
    out.back = "<div class=\"answer\">" + markdownToHtml(card.answer) + "</div>";
    if (!card.keyPoints.empty()) {
        out.back += "<h4>" + escapeHtml(keyPointsLabel) + "</h4><ol class=\"points\">";
        for (const auto& p : card.keyPoints)
            out.back += "<li>" + inlineMarkup(escapeHtml(p)) + "</li>";
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

} // namespace app
