#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/formula_command.h"
#include "formulas/formula.h"

namespace {
struct Run {
    int status;
    std::string out;
    std::string err;
};
Run call(std::vector<std::string> args)
{
    std::ostringstream out, err;
    const int status = runFormulaCommand(args, out, err);
    return {status, out.str(), err.str()};
}
double resultValue(const nlohmann::json& j, const std::string& name)
{
    for (const auto& r : j.at("results")) {
        if (r.at("name") == name)
            return r.at("value").get<double>();
    }
    throw std::runtime_error("no result " + name);
}
}  // namespace

TEST_CASE("formula --list names every formula with units and defaults", "[cli]")
{
    const Run text = call({"--list"});
    CHECK(text.status == 0);
    CHECK(text.out.find("zero-memory") != std::string::npos);
    CHECK(text.out.find("bandwidth_gbs=3350 [GB/s (10^9 B/s)]") != std::string::npos);
    const Run js = call({"--list", "--json"});
    REQUIRE(js.status == 0);
    const auto j = nlohmann::json::parse(js.out);
    CHECK(j.at("formulas").size() == formulas::all().size());
    CHECK(j.at("formulas").size() == 22);  // the registry in formulas/formula.cpp
    CHECK(j.at("devices").size() == 6);
}

// ZeRO paper Figure 1 again, through the command line: 7.5B on 64 GPUs, ZeRO-3 = 1.875 GB.
TEST_CASE("formula ID name=value prints every result", "[cli]")
{
    const Run js = call({"zero-memory", "params_b=7.5", "dp=64", "--json"});
    REQUIRE(js.status == 0);
    const auto j = nlohmann::json::parse(js.out);
    CHECK(resultValue(j, "stage3_gb") == Approx(1.875));
    CHECK(resultValue(j, "baseline_gb") == Approx(120.0));
    const Run text = call({"zero-memory", "params_b=7.5", "dp=64"});
    CHECK(text.out.find("1.875 GB (10^9 B)") != std::string::npos);
}

// Presets, then overrides: H200 ridge 989 / 4.8 = 206.04 FLOP/B; with bandwidth overridden to
// 3350 GB/s it is the H100's 295.2 (hand calculation).
TEST_CASE("device and model presets", "[cli]")
{
    const auto h200 = nlohmann::json::parse(call({"roofline", "device=h200-sxm", "--json"}).out);
    CHECK(resultValue(h200, "ridge") == Approx(206.04).margin(0.01));
    const auto over =
        nlohmann::json::parse(call({"roofline", "device=h200-sxm", "bandwidth_gbs=3350", "--json"}).out);
    CHECK(resultValue(over, "ridge") == Approx(295.22).margin(0.01));
    // Llama-2-7B in BF16: 512 KiB per token (Llama 2 paper shapes, see kv_cache_test.cpp).
    const auto llama = nlohmann::json::parse(call({"kv-cache", "model=llama-2-7b", "--json"}).out);
    CHECK(resultValue(llama, "bytes_per_token_kib") == Approx(512.0));
    CHECK(call({"roofline", "model=llama-2-7b"}).status == 2);  // roofline takes no model
}

TEST_CASE("bad input exits 2 and names the range", "[cli]")
{
    const Run zero = call({"zero-memory", "dp=0"});
    CHECK(zero.status == 2);
    CHECK(zero.err.find("1 to 1048576") != std::string::npos);
    const Run word = call({"kv-cache", "layers=many"});
    CHECK(word.status == 2);
    CHECK(word.err.find("layers") != std::string::npos);
    CHECK(call({"kv-cache", "attention=xyz"}).err.find("one of: mha, mqa, gqa, mla") != std::string::npos);
    CHECK(call({"no-such-formula"}).status == 2);
    CHECK(call({"zero-memory", "bogus=1"}).status == 2);
    CHECK(call({"zero-memory", "dp"}).status == 2);
    CHECK(call({}).status == 2);
    const Run js = call({"roofline", "intensity=-1", "--json"});
    CHECK(js.status == 2);
    CHECK(nlohmann::json::parse(js.out).at("error").at("parameter") == "intensity");
}

TEST_CASE("an unknown choice is named as not an option, with the options", "[cli][bad-input]")
{
    const Run r = call({"memory-ledger", "optimizer=adamw"});
    CHECK(r.status == 2);
    CHECK(r.err.find("optimizer: 'adamw' is not an option; valid: one of: adam, sgd-momentum, sgd")
          != std::string::npos);
    CHECK(r.err.find("not a number") == std::string::npos);
    // Text that is not UTF-8 or holds an escape comes back as text, and the JSON still parses.
    const Run j = call({"memory-ledger", "optimizer=\x1b]52;c;eA==\x07\xff", "--json"});
    CHECK(j.status == 2);
    CHECK(j.err.find('\x1b') == std::string::npos);
    CHECK(nlohmann::json::accept(j.out));
}
