#include "import/input_text.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <streambuf>

#include <unistd.h>

using namespace importer;

TEST_CASE("UTF-8 passes, the BOM is dropped", "[input]")
{
    const auto r = decodeText("\xEF\xBB\xBF字节 一面\n1. 讲讲 NCCL", "a.txt");
    REQUIRE(r.ok());
    CHECK(r->encoding == SourceEncoding::Utf8);
    CHECK(r->utf8 == "字节 一面\n1. 讲讲 NCCL");
}

TEST_CASE("GBK / GB18030 text is detected and converted", "[input][bad-input]")
{
    // "字节 一面" in GBK: 字 D7D6, 节 BDDA, 一 D2BB, 面 C3E6 (GB2312 code table).
    const auto r = decodeText("\xD7\xD6\xBD\xDA \xD2\xBB\xC3\xE6", "gbk.txt");
    REQUIRE(r.ok());
    CHECK(r->encoding == SourceEncoding::Gb18030);
    CHECK(r->utf8 == "字节 一面");
}

TEST_CASE("empty, binary and undecodable input give errors naming file and line", "[input][bad-input]")
{
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

TEST_CASE("files over the size limit are refused before reading", "[input][bad-input]")
{
    const std::string path = "input_text_test_big.txt";
    {
        std::ofstream f(path, std::ios::binary);
        f.seekp(100 * 1024 * 1024);  // a sparse file of 100 MiB + 1 byte
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

TEST_CASE("a GBK word inside a UTF-8 file is refused as mixed, not read as GB18030", "[input][bad-input]")
{
    // Line 2 holds "显存" in GBK (显 CFD4, 存 B4E6, GB2312 code table); the rest is UTF-8.
    const std::string text =
        "字节跳动 一面 推理框架\n1. 讲讲 \xCF\xD4\xB4\xE6 的估算\n2. 讲讲 KV cache 的大小怎么算\n";
    const auto r = decodeText(text, "mixed.md");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == ErrorKind::BadEncoding);
    CHECK(r.error().file == "mixed.md");
    CHECK(r.error().line == 2);
    // The first bad byte is 0xCF, after 33 bytes of line 1 (11 characters of 3 bytes) and "1. 讲讲 ".
    const std::size_t at = text.find('\xCF');
    CHECK(r.error().message.find("byte " + std::to_string(at)) != std::string::npos);
    CHECK(r.error().message.find("UTF-8") != std::string::npos);
}

TEST_CASE("UTF-16 with a byte-order mark is decoded, in either byte order", "[input]")
{
    // "一面 GPU": 一 U+4E00, 面 U+9762.
    const std::string le("\xFF\xFE\x00\x4E\x62\x97 \x00G\x00P\x00U\x00", 14);
    const std::string be("\xFE\xFF\x4E\x00\x97\x62\x00 \x00G\x00P\x00U", 14);
    for (const std::string& bytes : {le, be}) {
        const auto r = decodeText(bytes, "utf16.txt");
        REQUIRE(r.ok());
        CHECK(r->encoding == SourceEncoding::Utf16);
        CHECK(r->utf8 == "一面 GPU");
    }
    // An unpaired surrogate (U+D800 alone) is an error, not mojibake.
    const auto bad = decodeText(std::string("\xFF\xFE\x00\xD8G\x00", 6), "bad16.txt");
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().kind == ErrorKind::BadEncoding);
}

namespace {

/// An endless stream of 'a': what `import -` meets when standard input never ends.
class EndlessBuf : public std::streambuf {
public:
    EndlessBuf() { setg(buf_, buf_, buf_ + sizeof buf_); }
    std::size_t served = 0;

protected:
    int_type underflow() override
    {
        std::fill(std::begin(buf_), std::end(buf_), 'a');
        served += sizeof buf_;
        setg(buf_, buf_, buf_ + sizeof buf_);
        return traits_type::to_int_type(buf_[0]);
    }

private:
    char buf_[4096];
};

}  // namespace

TEST_CASE("a stream is read in pieces and refused as soon as it passes the limit", "[input][bad-input]")
{
    EndlessBuf endless;
    std::istream in(&endless);
    const auto r = readStreamBytes(in, "<stdin>", 1 << 20);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == ErrorKind::TooLarge);
    CHECK(r.error().file == "<stdin>");
    // It stopped within one piece (64 KiB) of the limit, instead of reading on.
    CHECK(endless.served <= (1u << 20) + (64u << 10) + 4096);

    std::istringstream small("1. 讲讲 NCCL");
    const auto ok = readStreamBytes(small, "<stdin>", 1 << 20);
    REQUIRE(ok.ok());
    CHECK(*ok == "1. 讲讲 NCCL");
}

TEST_CASE("a folder and a device are refused for what they are", "[input][bad-input]")
{
    const auto dir = readFileBytes("/tmp");
    REQUIRE_FALSE(dir.ok());
    CHECK(dir.error().kind == ErrorKind::Io);
    CHECK(dir.error().message.find("folder") != std::string::npos);
    // /dev/urandom has no size: read as a stream, it passes any limit (here 1 MiB).
    const auto dev = readFileBytes("/dev/urandom", 1 << 20);
    REQUIRE_FALSE(dev.ok());
    CHECK(dev.error().kind == ErrorKind::TooLarge);
}

TEST_CASE("a file is written whole or not at all", "[input]")
{
    const std::string dir =
        (std::filesystem::temp_directory_path() / ("infracards-atomic-" + std::to_string(::getpid())))
            .string();
    std::filesystem::create_directories(dir);
    const std::string path = dir + "/export.json";
    {
        std::ofstream(path) << "the old export, which must not be cut short";
    }
    REQUIRE(writeFileAtomically(path, "new").ok());
    std::ifstream in(path);
    std::string got((std::istreambuf_iterator<char>(in)), {});
    CHECK(got == "new");
    // Nothing is left beside it.
    int files = 0;
    for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir))
        ++files;
    CHECK(files == 1);
    // A target in a folder that does not exist fails and creates nothing.
    const auto bad = writeFileAtomically(dir + "/no/such/folder/x.json", "x");
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().kind == ErrorKind::Io);
    std::filesystem::remove_all(dir);
}
