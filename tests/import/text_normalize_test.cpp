#include "import/text_normalize.h"
#include "import/utf8.h"

#include <catch2/catch.hpp>

using namespace importer;

TEST_CASE("full-width forms, case, punctuation and spaces normalise to one form", "[normalize]")
{
    // Ｋ (U+FF2B) - 0xFEE0 = K (U+004B); the ideographic space U+3000 is a space.
    CHECK(normalizeText("什么是ＫＶ　Ｃａｃｈｅ？") == "什么是kv cache");
    CHECK(normalizeText("什么是 kv cache?") == "什么是kv cache");
    CHECK(normalizeText("  Ring   All-Reduce，通信量多大。 ") == "ring all reduce通信量多大");
    CHECK(normalizeText("【字节】“FlashAttention”为什么快！") == "字节flashattention为什么快");
    CHECK(normalizeText("") == "");
    CHECK(normalizeText("？！。") == "");
}

TEST_CASE("UTF-8 validation rejects overlongs, surrogates and truncation", "[utf8]")
{
    CHECK(isValidUtf8("abc 中文"));
    CHECK_FALSE(isValidUtf8("\xC0\xAF"));          // overlong '/'
    CHECK_FALSE(isValidUtf8("\xED\xA0\x80"));      // U+D800, a surrogate
    CHECK_FALSE(isValidUtf8("\xE4\xB8"));          // first two bytes of 中
    CHECK_FALSE(isValidUtf8("\xD6\xD0\xCE\xC4"));  // "中文" in GBK
    CHECK(decodeUtf8("\xE4\xB8\xAD") == U"中");
    CHECK(encodeUtf8(U"\U0001F600") == "\xF0\x9F\x98\x80");
}

TEST_CASE("lines split on LF, CRLF and CR", "[utf8]")
{
    const auto lines = splitLines("a\r\nb\rc\n\nd");
    REQUIRE(lines.size() == 5);
    CHECK(lines[0] == "a");
    CHECK(lines[1] == "b");
    CHECK(lines[2] == "c");
    CHECK(lines[3] == "");
    CHECK(lines[4] == "d");
    CHECK(trim("\xE3\x80\x80 x \t") == "x");  // U+3000 at the front
}
