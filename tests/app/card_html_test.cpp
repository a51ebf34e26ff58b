// The one card -> HTML function: everything from a card is escaped before any markup is added.
#include <catch2/catch.hpp>

#include "common/card_html.h"

using app::markdownToHtml;

TEST_CASE("Tags, attributes and javascript: links from a card stay text", "[html]")
{
    const std::string html = markdownToHtml(
        "<script>alert(1)</script>\n\n<img src=x onerror=\"alert(2)\">\n\n"
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
          == "<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>\n");
    CHECK(markdownToHtml("## 标题") == "<h4>标题</h4>\n");
}

TEST_CASE("Math is left for KaTeX, escaped, and a backslash-dollar stays a literal dollar", "[html]")
{
    CHECK(markdownToHtml("when $a < b$ holds") == "<p>when $a &lt; b$ holds</p>\n");
    CHECK(markdownToHtml("$$\n\\frac{1}{2}\n$$") == "<div class=\"math-block\">$$\n\\frac{1}{2}\n$$</div>\n");
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

} // namespace

TEST_CASE("Formula depth counts groups, \\left and \\begin inside each other", "[html][bad-input]")
{
    CHECK(app::formulaDepth("x + y") == 0);
    CHECK(app::formulaDepth("\\frac{a}{b}") == 1);
    CHECK(app::formulaDepth("\\frac{1}{\\sqrt{x^{2}}}") == 3);
    CHECK(app::formulaDepth("\\left( \\frac{a}{b} \\right)") == 2);
    CHECK(app::formulaDepth("\\begin{aligned} a &= {b} \\end{aligned}") == 2);  // \begin, then {aligned} or {b}
    CHECK(app::formulaDepth("a \\leftarrow b \\rightarrow c") == 0);
    CHECK(app::formulaDepth("\\{ \\} \\\\") == 0);  // escaped braces open nothing
    CHECK(app::formulaDepth(nestedFrac(190)) == 190);
}

TEST_CASE("A formula nested past the limit is replaced by a message, and others pass untouched", "[html][bad-input]")
{
    deck::CardContent c;
    c.question = "深嵌套：$" + nestedFrac(190) + "$ 之后的文字";
    c.answer = "正常的公式 $\\frac{16\\Psi}{N_d}$ 和\n\n$$" + nestedFrac(app::kMaxFormulaDepth) + "$$\n\n"
               "```\n$" + nestedFrac(60) + "$\n```";
    const app::CardHtml html = app::renderCard(c, "Key points", "Sources", "too <complex>");
    // The deep one is gone, with the (escaped) message in its place and the text around it kept.
    CHECK(html.front.find("\\frac") == std::string::npos);
    CHECK(html.front.find("<span class=\"math-too-complex\">too &lt;complex&gt;</span>") != std::string::npos);
    CHECK(html.front.find("之后的文字") != std::string::npos);
    // At the limit itself, and inside code (which the page never typesets), nothing changes.
    CHECK(html.back.find("$\\frac{16\\Psi}{N_d}$") != std::string::npos);
    CHECK(html.back.find("$$" + nestedFrac(app::kMaxFormulaDepth) + "$$") != std::string::npos);
    CHECK(html.back.find("$" + nestedFrac(60) + "$") != std::string::npos);
    CHECK(html.back.find("math-too-complex") == std::string::npos);
}
