#include "demo_result.h"
#include "result_output.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace kdemo;

TEST_CASE("a variant's metric and ratio follow from its median time", "[kernels_demo][result]") {
    Variant v;
    v.bytes = 2e9;
    v.samplesMs = {2.0, 1.0, 1.0};  // median 1 ms
    v.limit.value = 4000.0;
    CHECK(v.metric() == Approx(2000.0));  // 2e9 B in 1 ms = 2000 GB/s
    CHECK(v.ratio() == Approx(0.5));
    v.metricKind = MetricKind::Flops;
    v.flops = 5e10;
    CHECK(v.metric() == Approx(50.0));  // 5e10 FLOP in 1 ms = 50 TFLOP/s
    v.metricKind = MetricKind::Time;
    CHECK(v.metric() == Approx(1000.0));  // microseconds
    CHECK(std::isnan(v.ratio()));
}

TEST_CASE("a result is correct only if every checked variant passed", "[kernels_demo][result]") {
    DemoResult r;
    CHECK_FALSE(r.allCorrect());  // nothing checked
    Variant a;
    a.correctness.checked = true;
    a.correctness.passed = true;
    r.variants.push_back(a);
    CHECK(r.allCorrect());
    a.correctness.passed = false;
    r.variants.push_back(a);
    CHECK_FALSE(r.allCorrect());
}

TEST_CASE("toJson writes the schema fields", "[kernels_demo][result]") {
    DemoResult r;
    r.id = "reduction";
    Variant v;
    v.id = "vectorised";
    v.samplesMs = {0.25};
    v.bytes = 1e9;
    r.variants.push_back(v);
    const std::string j = toJson(r);
    CHECK(j.find(R"("schema_version":1)") != std::string::npos);
    CHECK(j.find(R"("id":"vectorised")") != std::string::npos);
    CHECK(j.find(R"("value":4000,"unit":"GB/s")") != std::string::npos);  // 1e9 B in 0.25 ms
}
