#include "cli.h"

#include <catch2/catch.hpp>

using namespace kdemo;

TEST_CASE("run with a size and JSON output", "[kernels_demo][cli]")
{
    const auto r = parseCommandLine({"run", "reduction", "--size", "1024", "--json"});
    REQUIRE(std::holds_alternative<Options>(r));
    const Options& o = std::get<Options>(r);
    CHECK(o.command == Command::Run);
    CHECK(o.demoId == "reduction");
    CHECK(o.size == 1024);
    CHECK(o.json);
}

TEST_CASE("list and selftest", "[kernels_demo][cli]")
{
    CHECK(std::get<Options>(parseCommandLine({"--list", "--json"})).command == Command::List);
    CHECK(std::get<Options>(parseCommandLine({"selftest"})).command == Command::SelfTest);
}

TEST_CASE("command-line errors are reported, not thrown", "[kernels_demo][cli]")
{
    CHECK(std::holds_alternative<CliError>(parseCommandLine({})));
    CHECK(std::holds_alternative<CliError>(parseCommandLine({"run", "no-such-demo"})));
    CHECK(std::holds_alternative<CliError>(parseCommandLine({"run"})));
    CHECK(std::holds_alternative<CliError>(parseCommandLine({"run", "gemm", "--size", "-3"})));
    CHECK(std::holds_alternative<CliError>(parseCommandLine({"selftest", "--size", "10"})));
    CHECK(std::holds_alternative<CliError>(parseCommandLine({"--frobnicate"})));
}
