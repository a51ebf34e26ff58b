// Real QtWebEngine rendering: KaTeX runs on card math, and hostile card text runs nothing.
#include <catch2/catch.hpp>

#include <QEventLoop>
#include <QSignalSpy>
#include <QTimer>
#include <QWebEnginePage>
#include <QtTest/QTest>

#include "app_test_main.h"
#include "gui/card_view.h"

namespace {

QVariant evaluate(app::CardView& view, const QString& script)
{
    QVariant result;
    QEventLoop loop;
    view.page()->runJavaScript(script, [&](const QVariant& v) {
        result = v;
        loop.quit();
    });
    QTimer::singleShot(10000, &loop, &QEventLoop::quit);
    loop.exec();
    return result;
}

bool waitRendered(app::CardView& view, const app::CardHtml& html, int* mathNodes = nullptr)
{
    QSignalSpy rendered(&view, &app::CardView::cardRendered);
    view.showCard(html, true);
    if (!rendered.wait(30000))
        return false;
    if (mathNodes)
        *mathNodes = rendered.takeFirst().at(0).toInt();
    return true;
}

}  // namespace

TEST_CASE("Card math is typeset by KaTeX from the app's resources", "[webview]")
{
    ensureApp();
    app::CardView view;
    view.resize(800, 600);
    view.show();
    deck::CardContent c;
    c.question = "显存账本：$M = (2 + 2 + 12)\\Psi$";
    c.answer = "推导：\n\n$$\\text{Mem} = \\frac{16\\Psi}{N_d}$$";
    int nodes = 0;
    REQUIRE(waitRendered(view, app::renderCard(c, "Key points", "Sources"), &nodes));
    CHECK(nodes == 2);
    CHECK(evaluate(view, "document.querySelectorAll('.katex-display').length").toInt() == 1);
    CHECK(evaluate(view, "typeof katex !== 'undefined' ? katex.version : ''").toString().startsWith("0.16"));
}

TEST_CASE("A card holding script, an onerror image or a javascript: link shows as text",
          "[webview][security]")
{
    ensureApp();
    app::CardView view;
    view.resize(800, 600);
    view.show();
    deck::CardContent c;
    c.question = "<script>document.title='pwned1'</script>";
    c.answer = "<img src=x onerror=\"document.title='pwned2'\">\n\n"
               "[click](javascript:document.title='pwned3') <a href=\"javascript:alert(1)\">a</a>\n\n"
               "<iframe src=\"https://example.com\"></iframe>";
    c.keyPoints = {"<svg onload=\"document.title='pwned4'\"></svg>"};
    REQUIRE(waitRendered(view, app::renderCard(c, "Key points", "Sources")));
    // Give any injected handler a chance to run.
    QTest::qWait(300);
    CHECK(evaluate(view, "document.title").toString().indexOf("pwned") < 0);
    // The front is exactly the question's own div (no English line on this card) ...
    CHECK(evaluate(view, "document.querySelectorAll('#front *').length").toInt() == 1);
    // ... and nothing from the card became an element on the back.
    CHECK(evaluate(
              view,
              "document.querySelectorAll('#back img, #back a, #back iframe, #back svg, #back script').length")
              .toInt()
          == 0);
    CHECK(evaluate(view, "document.getElementById('front').innerText")
              .toString()
              .contains("<script>document.title='pwned1'</script>"));
    CHECK(evaluate(view, "document.getElementById('back').innerText").toString().contains("onerror="));
}

TEST_CASE("Code blocks are highlighted once highlight.js has loaded, CUDA as C++", "[webview]")
{
    ensureApp();
    app::CardView view;
    view.resize(800, 600);
    view.show();
    deck::CardContent c;
    c.question = "写一个 grid-stride loop";
    c.answer = "```cuda\n__global__ void f(int n) {\n    for (int i = 0; i < n; ++i) {}\n}\n```";
    REQUIRE(waitRendered(view, app::renderCard(c, "Key points", "Sources")));
    // highlight.js is fetched after the card is shown: poll until it has marked up the block.
    int keywords = 0;
    for (int i = 0; i < 100 && keywords == 0; ++i) {
        keywords = evaluate(view, "document.querySelectorAll('#back code .hljs-keyword').length").toInt();
        if (keywords == 0)
            QTest::qWait(50);
    }
    CHECK(keywords >= 2);  // void, for, int: found by the C++ grammar
    CHECK(evaluate(view, "document.querySelector('#back code').classList.contains('language-cpp')").toBool());
    // The card text itself is unchanged by the markup.
    CHECK(evaluate(view, "document.querySelector('#back code').textContent")
              .toString()
              .contains("__global__ void f"));
}

TEST_CASE("A formula nested ~190 deep shows a message instead of crashing the page", "[webview][bad-input]")
{
    ensureApp();
    app::CardView view;
    view.resize(800, 600);
    view.show();
    deck::CardContent c;
    std::string tex;
    for (int i = 0; i < 190; ++i)
        tex += "\\frac{1}{";
    tex += "x" + std::string(190, '}');
    c.question = "公式：$" + tex + "$";
    c.answer = "正常的公式 $a^2 + b^2$";
    int nodes = -1;
    REQUIRE(waitRendered(view, app::renderCard(c, "Key points", "Sources", "formula too complex"), &nodes));
    CHECK(nodes == 1);  // the normal formula only
    CHECK(evaluate(view, "document.querySelectorAll('.math-too-complex').length").toInt() == 1);
    CHECK(evaluate(view, "1 + 1").toInt() == 2);
}

TEST_CASE("After the page's renderer dies, the view reloads and shows the card without math",
          "[webview][bad-input]")
{
    ensureApp();
    app::CardView view;
    view.resize(800, 600);
    view.show();
    // Bypasses renderCard's bound on purpose: this is the page being handed what crashed it.
    std::string tex;
    for (int i = 0; i < 400; ++i)
        tex += "\\frac{1}{";
    tex += "x" + std::string(400, '}');
    app::CardHtml raw;
    raw.front = "<div class=\"question\">$" + tex + "$</div>";
    raw.back = "<div class=\"answer\">答案</div>";
    REQUIRE(waitRendered(view, raw));
    // Whatever the renderer did with it, the page answers again and holds the card's text.
    CHECK(evaluate(view, "1 + 1").toInt() == 2);
    CHECK(evaluate(view, "document.getElementById('back').innerText")
              .toString()
              .contains(QStringLiteral("答案")));
}

TEST_CASE("A card's web link never navigates the page: the click is handed over to ask first",
          "[webview][security]")
{
    ensureApp();
    app::CardView view;
    view.setAsksToOpenLinks(false);
    view.resize(800, 600);
    view.show();
    deck::CardContent c;
    c.question = "链接";
    c.answer = "See [the NCCL docs](https://docs.nvidia.com/deeplearning/nccl/) and "
               "![x](https://evil.example/p.png).";
    REQUIRE(waitRendered(view, app::renderCard(c, "Key points", "Sources")));
    // The image is its description; the link is the one element with an address.
    CHECK(evaluate(view, "document.querySelectorAll('#back img').length").toInt() == 0);
    CHECK(evaluate(view, "document.querySelectorAll('#back a.web').length").toInt() == 1);
    QSignalSpy asked(&view, &app::CardView::webLinkRequested);
    evaluate(view, "document.querySelector('#back a.web').click(); 1");
    REQUIRE((asked.count() > 0 || asked.wait(5000)));
    CHECK(asked.takeFirst().at(0).toUrl()
          == QUrl(QStringLiteral("https://docs.nvidia.com/deeplearning/nccl/")));
    QTest::qWait(300);
    CHECK(view.page()->url() == QUrl(QStringLiteral("qrc:/web/card.html")));
}
