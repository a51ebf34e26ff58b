#include <catch2/catch.hpp>

#include "deck/deck_source.h"

using namespace deck;

TEST_CASE("A well-formed card parses into every field", "[source]")
{
    const char* text = R"(# comment
@card cuda-warp-divergence
kind: question
topic: cuda
level: 2
tags: warp, simt
links: demo:reduction, formula:roofline
q: 什么是 warp divergence？
en: What is warp divergence?
answer:

同一 warp 内的线程走不同分支时，$T = T_a + T_b$。

```cpp
if (threadIdx.x % 2) a(); else b();
```
points:
- 分支串行执行
- 用 warp 粒度的条件
- 测量 branch efficiency
sources:
- https://docs.nvidia.com/cuda/cuda-c-programming-guide/ (SIMT)
)";
    SourceParse p = parseDeckSource(text, "cuda.cards");
    REQUIRE(p.errors.empty());
    REQUIRE(p.cards.size() == 1);
    const CardContent& c = p.cards[0].content;
    CHECK(p.cards[0].line == 2);
    CHECK(c.uid == "cuda-warp-divergence");
    CHECK(c.level == 2);
    CHECK(c.tags == std::vector<std::string>{"warp", "simt"});
    CHECK(c.links == std::vector<std::string>{"demo:reduction", "formula:roofline"});
    CHECK(c.question == "什么是 warp divergence？");
    CHECK(c.answer.starts_with("同一 warp"));
    CHECK(c.answer.ends_with("```"));
    CHECK(c.keyPoints.size() == 3);
    CHECK(c.sources.size() == 1);
}

TEST_CASE("Problems are reported with file and line", "[source]")
{
    const char* text =
        "@card cuda-x\ntopic: cuda\nlevel: 11\nq: Q\nen: E\nanswer:\nA\npoints:\n- 1\n- 2\n- 3\n"
        "@card Bad_Id\ntopic: nosuch\nlevel: 2\ncolour: red\nq: Q\nen: E\nanswer:\nA\npoints:\n- 1\n";
    SourceParse p = parseDeckSource(text, "x.cards");
    std::vector<std::string> messages;
    for (const Error& e : p.errors)
        messages.push_back(e.describe());
    auto has = [&](const std::string& needle) {
        for (const auto& m : messages)
            if (m.find(needle) != std::string::npos)
                return true;
        return false;
    };
    CHECK(has("x.cards:3: level must be a whole number from 1 to 10"));
    CHECK(has("x.cards:12: card id 'Bad_Id'"));
    CHECK(has("x.cards:13: unknown topic 'nosuch'"));
    CHECK(has("x.cards:15: unknown field 'colour'"));
    CHECK(has("has 1 key points; it needs 3 to 6"));
}

TEST_CASE("Duplicate ids and dangling card links are found across files", "[source]")
{
    const char* a = "@card cuda-x\ntopic: cuda\nlevel: 1\nlinks: card:cuda-missing\nq: Q\nen: "
                    "E\nanswer:\nA\npoints:\n- 1\n- 2\n- 3\n";
    const char* b = "@card cuda-x\ntopic: cuda\nlevel: 1\nq: Q2\nen: E\nanswer:\nA\npoints:\n- 1\n- 2\n- 3\n";
    std::vector<SourceCard> cards = parseDeckSource(a, "a.cards").cards;
    for (auto& c : parseDeckSource(b, "b.cards").cards)
        cards.push_back(c);
    std::vector<Error> errors;
    checkDeckLinks(cards, errors);
    REQUIRE(errors.size() == 2);
    CHECK(errors[0].describe() == "b.cards:1: card id 'cuda-x' is already used at a.cards:1");
    CHECK(errors[1].describe().find("links to missing card 'cuda-missing'") != std::string::npos);
}

TEST_CASE("A card lives in its topic's file", "[source]")
{
    const char* text =
        "@card cuda-x\ntopic: cuda\nlevel: 1\nq: Q\nen: E\nanswer:\nA\npoints:\n- 1\n- 2\n- 3\n";
    CHECK(parseDeckSource(text, "resources/deck/cuda.cards").errors.empty());
    const SourceParse p = parseDeckSource(text, "resources/deck/triton.cards");
    REQUIRE(p.errors.size() == 1);
    CHECK(p.errors[0].describe()
          == "resources/deck/triton.cards:1: card 'cuda-x' has topic 'cuda' but is in triton.cards; "
             "it belongs in cuda.cards");
}

TEST_CASE("A measured section is read into references, and a malformed line is named", "[source]")
{
    const char* text =
        "@card cuda-x\ntopic: cuda\nlevel: 1\nq: Q\nen: E\nanswer:\n4.58 TB/s\npoints:\n- 1\n- 2\n- 3\n"
        "measured:\n- reduction/vectorised metric.value 4.58 1000\n- occupancy/- limit.value 12\n"
        "- reduction vectorised 4\n- reduction/x metric.value abc\n"
        "sources:\n- https://example.org/ (x)\n";
    const SourceParse p = parseDeckSource(text, "cuda.cards");
    REQUIRE(p.cards.size() == 1);
    const auto& m = p.cards[0].measured;
    REQUIRE(m.size() == 3);
    CHECK(m[0].demo == "reduction");
    CHECK(m[0].variant == "vectorised");
    CHECK(m[0].path == "metric.value");
    CHECK(m[0].stated == "4.58");
    CHECK(m[0].divisor == 1000.0);
    CHECK(m[0].line == 13);
    CHECK(m[1].variant == "-");
    CHECK(m[1].divisor == 1.0);
    REQUIRE(p.errors.size() == 2);
    CHECK(p.errors[0].describe().starts_with("cuda.cards:15: a measured line is"));
    CHECK(p.errors[1].describe() == "cuda.cards:16: measured value 'abc' is not a number");
    CHECK(p.cards[0].content.sources.size() == 1);
}
