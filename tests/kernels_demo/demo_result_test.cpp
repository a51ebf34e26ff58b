#include "demo_result.h"
#include "result_output.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace kdemo;

TEST_CASE("a variant's metric and ratio follow from its median time", "[kernels_demo][result]")
{
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

TEST_CASE("a result is correct only if every checked variant passed", "[kernels_demo][result]")
{
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

TEST_CASE("toJson writes the schema fields", "[kernels_demo][result]")
{
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

TEST_CASE("a variant against a library variant of the same run", "[kernels_demo][result]")
{
    Variant ours, lib;
    ours.id = "mma-pipelined";
    ours.metricKind = lib.metricKind = MetricKind::Flops;
    ours.flops = lib.flops = 1e12;
    ours.samplesMs = {2.0};  // 500 TFLOP/s
    lib.id = "cublaslt-bf16";
    lib.library = "cuBLASLt";
    lib.samplesMs = {1.6};  // 625 TFLOP/s
    const PeerComparison c = compareWithPeer(ours, lib);
    CHECK(c.present);
    CHECK(c.library == "cuBLASLt");
    CHECK(c.peerValue == Approx(625.0));
    CHECK(c.times == Approx(0.8));  // 500 / 625

    // For a time metric, faster is smaller: 40 us against the library's 50 us is 1.25x.
    Variant t1, t2;
    t1.metricKind = t2.metricKind = MetricKind::Time;
    t1.samplesMs = {0.040};
    t2.samplesMs = {0.050};
    CHECK(compareWithPeer(t1, t2).times == Approx(1.25));

    lib.skipped = true;
    lib.samplesMs.clear();
    lib.note = "libcublasLt.so.13 could not be loaded";
    const PeerComparison absent = compareWithPeer(ours, lib);
    CHECK_FALSE(absent.present);
    CHECK(absent.absentWhy == lib.note);
    CHECK(std::isnan(absent.times));
}

TEST_CASE("toJson writes the library and the peers", "[kernels_demo][result]")
{
    DemoResult r;
    Variant v;
    v.id = "cub-inclusive-sum";
    v.library = "CUB";
    v.samplesMs = {1.0};
    v.bytes = 1e9;
    r.variants.push_back(v);
    Variant mine = v;
    mine.id = "decoupled-lookback";
    mine.library.clear();
    mine.samplesMs = {1.25};
    r.variants.push_back(mine);
    r.peers.push_back(compareWithPeer(r.variants[1], r.variants[0]));
    const std::string j = toJson(r);
    CHECK(j.find("\"library\":\"CUB\"") != std::string::npos);
    CHECK(j.find("\"library\":null") != std::string::npos);
    CHECK(j.find("\"peers\":[{\"ours\":\"decoupled-lookback\",\"peer\":\"cub-inclusive-sum\"")
          != std::string::npos);
    CHECK(j.find("\"times\":0.8") != std::string::npos);  // 800 GB/s against 1000
}
