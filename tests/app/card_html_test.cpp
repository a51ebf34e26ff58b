// The one card -> HTML function: everything from a card is escaped before any markup is added.
#include <catch2/catch.hpp>

#include "common/card_html.h"

#include <sqlite3.h>

#include <algorithm>
#include <set>
#include <vector>

using app::markdownToHtml;

TEST_CASE("Tags, attributes and javascript: links from a card stay text", "[html]")
{
    const std::string html =
        markdownToHtml("<script>alert(1)</script>\n\n<img src=x onerror=\"alert(2)\">\n\n"
                       "[click](javascript:alert(3)) and <a href='https://evil.example'>x</a>");
    CHECK(html.find("<script") == std::string::npos);
    CHECK(html.find("<img") == std::string::npos);
    CHECK(html.find("<a ") == std::string::npos);
    CHECK(html.find("&lt;script&gt;alert(1)&lt;/script&gt;") != std::string::npos);
    CHECK(html.find("onerror=&quot;alert(2)&quot;") != std::string::npos);
    CHECK(html.find("&#39;https://evil.example&#39;") != std::string::npos);
}

TEST_CASE("Markdown subset: paragraphs, lists, bold, code, tables, fences", "[html]")
{
    CHECK(markdownToHtml("one\ntwo\n\nthree") == "<p>one\ntwo</p>\n<p>three</p>\n");
    CHECK(markdownToHtml("- a\n- **b**\n") == "<ul><li>a</li><li><strong>b</strong></li></ul>\n");
    CHECK(markdownToHtml("1. x\n2. y") == "<ol><li>x</li><li>y</li></ol>\n");
    CHECK(markdownToHtml("use `a<b>` here") == "<p>use <code>a&lt;b&gt;</code> here</p>\n");
    CHECK(markdownToHtml("```cpp\nint a = b < c;\n```")
          == "<pre><code class=\"language-cpp\">int a = b &lt; c;</code></pre>\n");
    CHECK(markdownToHtml("| a | b |\n|---|---|\n| 1 | 2 |")
          == "<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></"
             "tbody></table>\n");
    CHECK(markdownToHtml("## 标题") == "<h4>标题</h4>\n");
}

TEST_CASE("Math is left for KaTeX, escaped, and a backslash-dollar stays a literal dollar", "[html]")
{
    CHECK(markdownToHtml("when $a < b$ holds") == "<p>when $a &lt; b$ holds</p>\n");
    // A display formula alone in its paragraph is a block; md4c passes its line breaks as spaces.
    CHECK(markdownToHtml("$$\n\\frac{1}{2}\n$$") == "<div class=\"math-block\">$$\\frac{1}{2} $$</div>\n");
    CHECK(markdownToHtml("costs \\$5") == "<p>costs <span class=\"dollar\">$</span>5</p>\n");
    // A language tag cannot break out of its attribute.
    CHECK(markdownToHtml("```\" onmouseover=\"x\n1\n```").find("onmouseover=\"") == std::string::npos);
}

TEST_CASE("renderCard escapes every field and keeps the sections", "[html]")
{
    deck::CardContent c;
    c.question = "<b>Q</b>";
    c.questionEn = "E & F";
    c.answer = "A";
    c.keyPoints = {"<i>p</i>"};
    c.sources = {"https://example.org/x?a=1&b=<2>"};
    const app::CardHtml h = app::renderCard(c, "Key points", "Sources");
    CHECK(h.front.find("&lt;b&gt;Q&lt;/b&gt;") != std::string::npos);
    CHECK(h.front.find("E &amp; F") != std::string::npos);
    CHECK(h.back.find("&lt;i&gt;p&lt;/i&gt;") != std::string::npos);
    CHECK(h.back.find("a=1&amp;b=&lt;2&gt;") != std::string::npos);
    CHECK(h.back.find("<h4>Key points</h4>") != std::string::npos);
}

namespace {

/// \frac nested `depth` times: $\frac{1}{\frac{1}{...x...}}$ (the size that crashed the page).
std::string nestedFrac(int depth)
{
    std::string tex;
    for (int i = 0; i < depth; ++i)
        tex += "\\frac{1}{";
    tex += "x";
    tex += std::string(static_cast<std::size_t>(depth), '}');
    return tex;
}

}  // namespace

TEST_CASE("Formula depth counts groups, \\left and \\begin inside each other", "[html][bad-input]")
{
    CHECK(app::formulaDepth("x + y") == 0);
    CHECK(app::formulaDepth("\\frac{a}{b}") == 1);
    CHECK(app::formulaDepth("\\frac{1}{\\sqrt{x^{2}}}") == 3);
    CHECK(app::formulaDepth("\\left( \\frac{a}{b} \\right)") == 2);
    CHECK(app::formulaDepth("\\begin{aligned} a &= {b} \\end{aligned}")
          == 2);  // \begin, then {aligned} or {b}
    CHECK(app::formulaDepth("a \\leftarrow b \\rightarrow c") == 0);
    CHECK(app::formulaDepth("\\{ \\} \\\\") == 0);  // escaped braces open nothing
    CHECK(app::formulaDepth(nestedFrac(190)) == 190);
}

TEST_CASE("A formula nested past the limit is replaced by a message, and others pass untouched",
          "[html][bad-input]")
{
    deck::CardContent c;
    c.question = "深嵌套：$" + nestedFrac(190) + "$ 之后的文字";
    c.answer = "正常的公式 $\\frac{16\\Psi}{N_d}$ 和\n\n$$" + nestedFrac(app::kMaxFormulaDepth)
               + "$$\n\n"
                 "```\n$"
               + nestedFrac(60) + "$\n```";
    const app::CardHtml html = app::renderCard(c, "Key points", "Sources", "too <complex>");
    // The deep one is gone, with the (escaped) message in its place and the text around it kept.
    CHECK(html.front.find("\\frac") == std::string::npos);
    CHECK(html.front.find("<span class=\"math-too-complex\">too &lt;complex&gt;</span>")
          != std::string::npos);
    CHECK(html.front.find("之后的文字") != std::string::npos);
    // At the limit itself, and inside code (which the page never typesets), nothing changes.
    CHECK(html.back.find("$\\frac{16\\Psi}{N_d}$") != std::string::npos);
    CHECK(html.back.find("$$" + nestedFrac(app::kMaxFormulaDepth) + "$$") != std::string::npos);
    CHECK(html.back.find("$" + nestedFrac(60) + "$") != std::string::npos);
    CHECK(html.back.find("math-too-complex") == std::string::npos);
}

TEST_CASE("Ordinary Markdown renders: emphasis, nested lists, quotes, headings, alignment, links", "[html]")
{
    CHECK(markdownToHtml("*em* and **bold**") == "<p><em>em</em> and <strong>bold</strong></p>\n");
    // A tilde is a range, as Chinese text writes it, never strikethrough.
    CHECK(markdownToHtml("0~255 与 2~3 倍，~~x~~") == "<p>0~255 与 2~3 倍，~~x~~</p>\n");
    // Underscores stay as written: identifiers are never bold (__shared__), nor _this_.
    CHECK(markdownToHtml("__shared__ float s; _x_ a_b") == "<p>__shared__ float s; _x_ a_b</p>\n");
    CHECK(markdownToHtml("- a\n  - b\n- c") == "<ul><li>a<ul><li>b</li></ul>\n</li><li>c</li></ul>\n");
    CHECK(markdownToHtml("> 引用") == "<blockquote><p>引用</p>\n</blockquote>\n");
    CHECK(markdownToHtml("# 一级") == "<h3>一级</h3>\n");
    CHECK(markdownToHtml("| a | b |\n|:--|--:|\n| 1 | 2 |")
          == "<table><thead><tr><th style=\"text-align:left\">a</th><th "
             "style=\"text-align:right\">b</th></tr></thead>"
             "<tbody><tr><td style=\"text-align:left\">1</td><td "
             "style=\"text-align:right\">2</td></tr></tbody></table>\n");
    CHECK(markdownToHtml("3. c\n4. d") == "<ol start=\"3\"><li>c</li><li>d</li></ol>\n");
    // Underscores and stars inside math are not emphasis.
    CHECK(markdownToHtml("$a_1 * b_2$ and $x*y*z$") == "<p>$a_1 * b_2$ and $x*y*z$</p>\n");
    // A web link keeps its (escaped) address; the page asks before opening it in the browser.
    CHECK(markdownToHtml("[NCCL](https://docs.nvidia.com/nccl?a=1&b=2)")
          == "<p><a class=\"web\" href=\"https://docs.nvidia.com/nccl?a=1&amp;b=2\">NCCL</a></p>\n");
    CHECK(markdownToHtml("see https://arxiv.org/abs/2205.14135")
          == "<p>see <a class=\"web\" "
             "href=\"https://arxiv.org/abs/2205.14135\">https://arxiv.org/abs/2205.14135</a></p>\n");
}

TEST_CASE("Links other than http(s), images, raw HTML and quotes in addresses never become markup", "[html]")
{
    const std::string html = markdownToHtml(
        "[a](javascript:alert(1)) [b](file:///etc/passwd) [c](data:text/html,x)\n\n"
        "![diagram](https://evil.example/track.png)\n\n<iframe src=\"https://evil.example\"></iframe>\n\n"
        "[d](https://x.example/\"onmouseover=\"alert(2))\n\n<style>body{background:url(https://"
        "evil.example)}</style>");
    CHECK(html.find("javascript:") == std::string::npos);  // the text only, without the address
    CHECK(html.find("file:") == std::string::npos);
    CHECK(html.find("<img") == std::string::npos);
    CHECK(html.find("<span class=\"image-alt\">[diagram]</span>") != std::string::npos);
    CHECK(html.find("<iframe") == std::string::npos);
    CHECK(html.find("&lt;iframe") != std::string::npos);
    CHECK(html.find("<style") == std::string::npos);
    CHECK(html.find("onmouseover=\"") == std::string::npos);
    // The only attribute from the card is a web link's address, escaped: the [d] link and the
    // bare address inside the (escaped, inert) style text.
    std::size_t links = 0;
    for (std::size_t at = html.find("href=\""); at != std::string::npos; at = html.find("href=\"", at + 1)) {
        ++links;
        CHECK(html.compare(at + 6, 8, "https://") == 0);
    }
    CHECK(links == 2);
}

namespace {

/// The built-in deck's cards as the page gets them.
std::vector<std::pair<std::string, deck::CardContent>> builtinCards()
{
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open_v2(INFRACARDS_DEFAULT_DECK_FILE, &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
    sqlite3_stmt* st = nullptr;
    REQUIRE(sqlite3_prepare_v2(
                db, "SELECT uid, question, coalesce(question_en, ''), answer, key_points FROM cards", -1, &st,
                nullptr)
            == SQLITE_OK);
    std::vector<std::pair<std::string, deck::CardContent>> out;
    const auto text = [&](int i) {
        return std::string(reinterpret_cast<const char*>(sqlite3_column_text(st, i)) ?: "");
    };
    while (sqlite3_step(st) == SQLITE_ROW) {
        deck::CardContent c;
        c.question = text(1);
        c.questionEn = text(2);
        c.answer = text(3);
        const std::string points = text(4);
        for (std::size_t a = 0; a <= points.size() && !points.empty();) {
            const std::size_t b = std::min(points.find('\n', a), points.size());
            c.keyPoints.push_back(points.substr(a, b - a));
            a = b + 1;
        }
        out.emplace_back(text(0), std::move(c));
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    return out;
}

/// `html` without the contents of code and math (which keep their characters as written) and
/// without tags: what the reader sees as prose.
std::string prose(const std::string& html)
{
    std::string out;
    int code = 0;
    for (std::size_t i = 0; i < html.size();) {
        if (html[i] == '<') {
            const std::size_t end = html.find('>', i);
            const std::string tag = html.substr(i, end - i + 1);
            if (tag.starts_with("<code") || tag.starts_with("<pre"))
                ++code;
            if (tag == "</code>" || tag == "</pre>")
                --code;
            if (tag.starts_with("<p") || tag.starts_with("<li") || tag.starts_with("<br")
                || tag.starts_with("<t"))
                out += '\n';
            i = end + 1;
            continue;
        }
        if (html[i] == '$' && code == 0) {  // a formula: skip to its closing dollar(s)
            const bool display = html.compare(i, 2, "$$") == 0;
            const std::size_t end = html.find(display ? "$$" : "$", i + (display ? 2 : 1));
            if (end != std::string::npos) {
                i = end + (display ? 2 : 1);
                continue;
            }
        }
        if (code == 0)
            out += html[i];
        ++i;
    }
    return out;
}

}  // namespace

TEST_CASE("Every built-in card renders without leftover Markdown syntax", "[html][content]")
{
    const auto cards = builtinCards();
    REQUIRE(cards.size() > 1000);
    int bad = 0;
    for (const auto& [uid, card] : cards) {
        const app::CardHtml h = app::renderCard(card, "Key points", "Sources");
        const std::string text = prose(h.front + "\n" + h.back);
        std::vector<std::string> problems;
        if (text.find("**") != std::string::npos)
            problems.push_back("** left over");
        if (std::count(text.begin(), text.end(), '`') % 2 != 0)
            problems.push_back("unbalanced backtick");
        for (std::size_t at = 0; at < text.size();) {
            const std::size_t nl = std::min(text.find('\n', at), text.size());
            const std::string line = text.substr(at, nl - at);
            if (line.find_first_not_of(' ') != std::string::npos && line[line.find_first_not_of(' ')] == '|'
                && line.find('|', line.find_first_not_of(' ') + 1) != std::string::npos)
                problems.push_back("table row outside a table: " + line.substr(0, 60));
            at = nl + 1;
        }
        // Emphasis is rare in the deck: each use is listed here once it has been checked.
        static const std::set<std::string> emphasised = {"coding-full-binary-tree"};  // *perfect*, *full*
        if ((h.back.find("<em>") != std::string::npos || h.front.find("<em>") != std::string::npos)
            && !emphasised.count(uid))
            problems.push_back("emphasis: is a * meant as multiplication or a pointer?");
        for (const auto& p : problems) {
            UNSCOPED_INFO(uid << ": " << p);
            ++bad;
        }
    }
    CHECK(bad == 0);
}
