#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "formula.h"
#include "validation.h"

using namespace formulas;

namespace {
bool mentions(const std::string& text, const std::string& part)
{
    return text.find(part) != std::string::npos;
}
}  // namespace

// Bad input (issue 6): negative, zero, non-numeric or out-of-range values give a message that
// names the valid range; nothing crashes, no NaN or infinity.
TEST_CASE("Bad field text is refused with the valid range", "[validation]")
{
    const Formula* f = find("kv-cache");
    REQUIRE(f != nullptr);
    const ParameterSpec* layers = f->parameter("layers");
    REQUIRE(layers != nullptr);
    for (const char* text :
         {"0", "-3", "abc", "", "  ", "nan", "inf", "-inf", "1e999", "12abc", "2.5", "100001"}) {
        INFO("text '" << text << "'");
        const Result<double> v = parseValue(*layers, text);
        REQUIRE_FALSE(v.ok());
        CHECK(v.error().parameter == "layers");
        CHECK(mentions(v.error().message, "1 to 100000"));
    }
    CHECK(parseValue(*layers, "80").value() == 80.0);
    CHECK(parseValue(*layers, " +80 ").value() == 80.0);
    CHECK(parseValue(*layers, "8e1").value() == 80.0);
}

TEST_CASE("Choice parameters take names or their codes", "[validation]")
{
    const ParameterSpec* attention = find("kv-cache")->parameter("attention");
    CHECK(parseValue(*attention, "gqa").value() == 2.0);
    CHECK(parseValue(*attention, "2").value() == 2.0);
    const Result<double> bad = parseValue(*attention, "mxa");
    REQUIRE_FALSE(bad.ok());
    CHECK(mentions(bad.error().message, "one of: mha, mqa, gqa, mla"));
    CHECK_FALSE(parseValue(*attention, "7").ok());
}

TEST_CASE("compute() refuses unknown names and out-of-range numbers", "[validation]")
{
    const Formula* f = find("zero-memory");
    const Result<Results> unknown = f->compute({{"params", 7}});
    REQUIRE_FALSE(unknown.ok());
    CHECK(unknown.error().kind == FormulaError::Kind::UnknownParameter);
    const Result<Results> zero = f->compute({{"dp", 0}});
    REQUIRE_FALSE(zero.ok());
    CHECK(zero.error().kind == FormulaError::Kind::OutOfRange);
    CHECK(mentions(zero.error().message, "dp"));
    CHECK(mentions(zero.error().message, "1 to 1048576"));
    const Result<Results> nan = f->compute({{"params_b", std::nan("")}});
    REQUIRE_FALSE(nan.ok());
    CHECK(nan.error().kind == FormulaError::Kind::NotANumber);
    const Result<Results> frac = f->compute({{"dp", 6.5}});
    REQUIRE_FALSE(frac.ok());
    CHECK(frac.error().kind == FormulaError::Kind::NotAnInteger);
}

// Every numeric range starts above zero, so zero and negatives are refused everywhere; and the
// extremes of every range give finite results or a NotFinite error, never inf or NaN.
TEST_CASE("Every parameter at its limits stays finite", "[validation]")
{
    for (const Formula& f : all()) {
        INFO("formula " << f.id);
        REQUIRE(f.compute({}).ok());  // the defaults always compute
        for (const ParameterSpec& p : f.parameters) {
            INFO("parameter " << p.name);
            if (!p.isChoice())
                CHECK(p.minValue > 0.0);
            for (double v : {p.minValue, p.maxValue}) {
                const Result<Results> r = f.compute({{p.name, v}});
                if (r.ok()) {
                    for (const ResultValue& out : r.value())
                        CHECK(std::isfinite(out.value));
                } else {
                    CHECK(!r.error().message.empty());
                }
            }
        }
    }
}

// The ids content writers link to (brief for issue 6).
TEST_CASE("Registry ids", "[registry]")
{
    const char* ids[] = {"memory-ledger",   "zero-memory",      "activation-memory",
                         "kv-cache",        "training-flops",   "mfu",
                         "roofline",        "collective-cost",  "busbw",
                         "pipeline-bubble", "tp-traffic",       "checkpoint-interval",
                         "zero-sizing",     "dp-traffic",       "training-time",
                         "mfu-from-tflops", "moe-alltoall",     "param-count",
                         "gemm-intensity",  "kv-cache-compare", "reliability",
                         "pipeline-layout"};
    REQUIRE(all().size() == std::size(ids));
    for (const char* id : ids) {
        const Formula* f = find(id);
        REQUIRE(f != nullptr);
        CHECK(!f->titleEn.empty());
        CHECK(!f->titleZh.empty());
    }
    CHECK(find("nope") == nullptr);
}
