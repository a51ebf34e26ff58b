#include "import/input_text.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>

using namespace importer;

TEST_CASE("UTF-8 passes, the BOM is dropped", "[input]") {
    const auto r = decodeText("\xEF\xBB\xBF字节 一面\n1. 讲讲 NCCL", "a.txt");
    REQUIRE(r.ok());
    CHECK(r->encoding == SourceEncoding::Utf8);
    CHECK(r->utf8 == "字节 一面\n1. 讲讲 NCCL");
}

TEST_CASE("GBK / GB18030 text is detected and converted", "[input][bad-input]") {
    // "字节 一面" in GBK: 字 D7D6, 节 BDDA, 一 D2BB, 面 C3E6 (GB2312 code table).
    const auto r = decodeText("\xD7\xD6\xBD\xDA \xD2\xBB\xC3\xE6", "gbk.txt");
    REQUIRE(r.ok());
    CHECK(r->encoding == SourceEncoding::Gb18030);
    CHECK(r->utf8 == "字节 一面");
}

TEST_CASE("empty, binary and undecodable input give errors naming file and line", "[input][bad-input]") {
    auto r = decodeText("  \n\t\n", "blank.txt");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == ErrorKind::EmptyInput);
    CHECK(r.error().file == "blank.txt");

    r = decodeText(std::string("line one\nPK\x03\x04\0\0", 16), "x.zip");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == ErrorKind::BinaryInput);
    CHECK(r.error().line == 2);

    // 0xFF is a lead byte in neither UTF-8 nor GB18030.
    r = decodeText("ok\nok\nbad \xFF here", "odd.txt");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == ErrorKind::BadEncoding);
    CHECK(r.error().line == 3);
}

TEST_CASE("files over the size limit are refused before reading", "[input][bad-input]") {
    const std::string path = "input_text_test_big.txt";
    {
        std::ofstream f(path, std::ios::binary);
        f.seekp(100 * 1024 * 1024); // a sparse file of 100 MiB + 1 byte
        f.put('x');
    }
    const auto r = readFileBytes(path);
    std::remove(path.c_str());
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == ErrorKind::TooLarge);
    CHECK(r.error().file == path);

    const auto missing = readFileBytes("does-not-exist.txt");
    REQUIRE_FALSE(missing.ok());
    CHECK(missing.error().kind == ErrorKind::Io);
}
