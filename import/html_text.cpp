#include "html_text.h"

#include "utf8.h"

#include <gumbo.h>

#include <memory>
#include <vector>

namespace importer {

namespace {

bool isBlock(GumboTag t)
{
    switch (t) {
    case GUMBO_TAG_P:
    case GUMBO_TAG_DIV:
    case GUMBO_TAG_LI:
    case GUMBO_TAG_UL:
    case GUMBO_TAG_OL:
    case GUMBO_TAG_TR:
    case GUMBO_TAG_TABLE:
    case GUMBO_TAG_H1:
    case GUMBO_TAG_H2:
    case GUMBO_TAG_H3:
    case GUMBO_TAG_H4:
    case GUMBO_TAG_H5:
    case GUMBO_TAG_H6:
    case GUMBO_TAG_BLOCKQUOTE:
    case GUMBO_TAG_PRE:
    case GUMBO_TAG_SECTION:
    case GUMBO_TAG_ARTICLE:
    case GUMBO_TAG_HR:
    case GUMBO_TAG_DL:
    case GUMBO_TAG_DT:
    case GUMBO_TAG_DD: return true;
    default: return false;
    }
}

bool isHidden(GumboTag t)
{
    return t == GUMBO_TAG_SCRIPT || t == GUMBO_TAG_STYLE || t == GUMBO_TAG_HEAD || t == GUMBO_TAG_TEMPLATE
           || t == GUMBO_TAG_NOSCRIPT || t == GUMBO_TAG_TITLE || t == GUMBO_TAG_IFRAME
           || t == GUMBO_TAG_OBJECT;
}

/// Writes the text of a parsed HTML tree the way a browser lays it out in lines: whitespace runs
/// collapse to one space (except in <pre>), block elements and <br> break lines, list items get
/// "- ", table cells are separated by " | ", and an image becomes a note naming its file.
class TextWriter {
public:
    std::string out;

    void node(const GumboNode* n, int pre)
    {
        switch (n->type) {
        case GUMBO_NODE_DOCUMENT: children(&n->v.document.children, pre); break;
        case GUMBO_NODE_ELEMENT:
        case GUMBO_NODE_TEMPLATE: element(n, pre); break;
        case GUMBO_NODE_TEXT:
        case GUMBO_NODE_CDATA:
        case GUMBO_NODE_WHITESPACE: text(n->v.text.text, pre > 0); break;
        case GUMBO_NODE_COMMENT: break;
        }
    }

private:
    bool space_ = false;  ///< a collapsed space waits to be written before the next text

    void children(const GumboVector* v, int pre)
    {
        for (unsigned i = 0; i < v->length; ++i)
            node(static_cast<const GumboNode*>(v->data[i]), pre);
    }

    void lineBreak()
    {
        space_ = false;
        while (out.ends_with(' '))
            out.pop_back();
        out += '\n';
    }

    void blockEdge()
    {
        if (!out.empty() && !out.ends_with('\n'))
            lineBreak();
        space_ = false;
    }

    void write(std::string_view s)
    {
        if (space_ && !out.empty() && !out.ends_with('\n') && !out.ends_with(' '))
            out += ' ';
        space_ = false;
        out += s;
    }

    void text(std::string_view t, bool pre)
    {
        std::string run;
        for (std::size_t i = 0; i < t.size(); ++i) {
            const char c = t[i];
            if (!pre && (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f')) {
                if (!run.empty()) {
                    write(run);
                    run.clear();
                }
                space_ = true;
            } else if (pre && c == '\n') {
                if (!run.empty()) {
                    write(run);
                    run.clear();
                }
                lineBreak();
            } else {
                run += c;
            }
        }
        if (!run.empty())
            write(run);
    }

    static std::string attribute(const GumboNode* n, const char* name)
    {
        const GumboAttribute* a = gumbo_get_attribute(&n->v.element.attributes, name);
        return a ? std::string(a->value) : std::string();
    }

    void element(const GumboNode* n, int pre)
    {
        const GumboTag t = n->v.element.tag;
        if (isHidden(t))
            return;
        if (t == GUMBO_TAG_BR) {
            lineBreak();
            return;
        }
        if (t == GUMBO_TAG_IMG) {
            // The picture itself is not imported: a note says which one the card showed.
            std::string src = attribute(n, "src");
            if (const auto slash = src.find_last_of('/'); slash != std::string::npos)
                src = src.substr(slash + 1);
            const std::string alt = attribute(n, "alt");
            const std::string name = !alt.empty() ? alt : src;
            if (!name.empty())
                write("[image: " + name + "]");
            return;
        }
        if (isBlock(t))
            blockEdge();
        if (t == GUMBO_TAG_LI)
            write("- ");
        if ((t == GUMBO_TAG_TD || t == GUMBO_TAG_TH) && !out.empty() && !out.ends_with('\n'))
            write(" | ");
        children(&n->v.element.children, pre + (t == GUMBO_TAG_PRE ? 1 : 0));
        if (isBlock(t))
            blockEdge();
    }
};

/// Non-breaking spaces as spaces, other control characters (after decoding) as spaces, [sound:…]
/// references dropped, each line trimmed, and blank lines removed.
std::string tidy(const std::string& text)
{
    std::string s;
    s.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0xA0) {
            s += ' ';
            ++i;
            continue;
        }
        if (c < 0x20 && c != '\n') {
            s += ' ';
            continue;
        }
        s += static_cast<char>(c);
    }
    for (std::size_t at = s.find("[sound:"); at != std::string::npos; at = s.find("[sound:", at)) {
        const std::size_t end = s.find(']', at);
        if (end == std::string::npos)
            break;
        s.erase(at, end - at + 1);
    }
    std::string out;
    for (std::size_t at = 0; at <= s.size();) {
        const std::size_t nl = std::min(s.find('\n', at), s.size());
        std::string_view line(s.data() + at, nl - at);
        while (!line.empty() && line.front() == ' ')
            line.remove_prefix(1);
        while (!line.empty() && line.back() == ' ')
            line.remove_suffix(1);
        if (!line.empty()) {
            if (!out.empty())
                out += '\n';
            out += line;
        }
        at = nl + 1;
    }
    return out;
}

}  // namespace

std::string htmlToText(std::string_view html)
{
    // gumbo reads UTF-8 only; the .apkg reader has repaired the field already, this keeps any
    // other caller safe.
    const std::string utf8 = isValidUtf8(html) ? std::string(html) : encodeUtf8(decodeUtf8(html));
    std::unique_ptr<GumboOutput, void (*)(GumboOutput*)> doc(
        gumbo_parse_with_options(&kGumboDefaultOptions, utf8.data(), utf8.size()),
        [](GumboOutput* o) { gumbo_destroy_output(&kGumboDefaultOptions, o); });
    if (!doc)
        return tidy(utf8);
    TextWriter w;
    w.node(doc->document, 0);
    return tidy(w.out);
}

namespace {

/// Calls `each(answer, hint)` for every {{cN::answer}} or {{cN::answer::hint}} in `text` and
/// writes the text around them, with what `replace` returns in their place.
template <class Replace>
std::string forEachCloze(std::string_view text, Replace replace)
{
    std::string out;
    std::size_t at = 0;
    while (true) {
        const std::size_t open = text.find("{{c", at);
        if (open == std::string_view::npos)
            break;
        std::size_t i = open + 3;
        while (i < text.size() && text[i] >= '0' && text[i] <= '9')
            ++i;
        const std::size_t close = text.find("}}", i);
        if (i == open + 3 || text.substr(i, 2) != "::" || close == std::string_view::npos) {
            out += text.substr(at, open + 3 - at);
            at = open + 3;
            continue;
        }
        const std::string_view body = text.substr(i + 2, close - i - 2);
        const std::size_t hintAt = body.find("::");
        out += text.substr(at, open - at);
        out += replace(body.substr(0, hintAt),
                       hintAt == std::string_view::npos ? std::string_view() : body.substr(hintAt + 2));
        at = close + 2;
    }
    out += text.substr(at);
    return out;
}

}  // namespace

bool hasCloze(std::string_view text)
{
    bool found = false;
    forEachCloze(text, [&](std::string_view, std::string_view) {
        found = true;
        return std::string();
    });
    return found;
}

std::string clozeFront(std::string_view text)
{
    return forEachCloze(text, [](std::string_view, std::string_view hint) {
        return hint.empty() ? std::string("[…]") : "[" + std::string(hint) + "]";
    });
}

std::vector<std::string> clozeAnswers(std::string_view text)
{
    std::vector<std::string> out;
    forEachCloze(text, [&](std::string_view answer, std::string_view) {
        out.emplace_back(answer);
        return std::string();
    });
    return out;
}

std::string textToHtml(std::string_view text)
{
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '&')
            out += "&amp;";
        else if (c == '<')
            out += "&lt;";
        else if (c == '>')
            out += "&gt;";
        else if (c == '"')
            out += "&quot;";
        else if (c == '\r')
            continue;
        else if (c == '\n')
            out += "<br>";
        else
            out.push_back(c);
    }
    return out;
}

}  // namespace importer
