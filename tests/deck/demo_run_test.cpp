#include "deck/demo_run.h"

#include <catch2/catch.hpp>

#include <string>

using namespace deck;

namespace {

std::string recorded(const char* name)
{
    return std::string(INFRACARDS_SOURCE_DIR) + "/resources/demos/h200/" + name;
}

/// The smallest document the parser accepts: one variant, every field present.
const char* kMinimal = R"({"schema_version":1,"tool":"infracards-kernels",
 "demo":{"id":"softmax","title":"t","question":"q","metric":"GB/s","size":64,"size_meaning":"rows"},
 "run":{"started_utc":"2026-11-29T23:00:00Z","command":"c","seed":1,"quick":true,"method":"m"},
 "device":{"index":0,"name":"GPU","compute_capability":"9.0","sm_count":132,"sm_clock_max_mhz":1980,
  "mem_clock_mhz":3201,"mem_bus_width_bits":6016,"memory_bytes":1,"l2_bytes":2,"smem_per_sm_bytes":3,
  "ecc_enabled":true,"driver_version":"","cuda_driver_api":13000,"cuda_runtime":13000,"pci_bus_id":"x",
  "pcie_generation":null,"pcie_width":null,"theoretical_dram_gbs":4814.3,"fp32_peak_tflops":66.9,"device_count":1,
  "state_start":{"sm_clock_mhz":null,"mem_clock_mhz":null,"temperature_c":null,"power_w":null,"clocks_event_reasons":null},
  "state_end":{"sm_clock_mhz":1500,"mem_clock_mhz":3201,"temperature_c":40,"power_w":690.5,"clocks_event_reasons":4}},
 "limit":{"kind":"bandwidth","value":4000,"unit":"GB/s","how":"h"},
 "variants":[{"id":"fused","label":"l","problem":"p","precision":"fp32","tensor_cores":false,"skipped":false,
  "work":{"bytes":1e9,"flops":0},"time_ms":{"median":0.5,"min":0.4,"count":2,"launches_per_sample":3,"samples":[0.5,0.4]},
  "metric":{"value":2000,"unit":"GB/s","basis":"median"},"limit":{"kind":"bandwidth","value":4000,"unit":"GB/s","how":"h"},
  "ratio":0.5,"correctness":{"checked":true,"passed":false,"method":"m","elements_checked":10,"max_abs_err":null,"tolerance":1e-5},
  "extra":{"speedup":2.5},"note":"n"}],
 "targets":[{"variant":"fused","description":"d","threshold":0.9,"value":0.5,"met":false}],
 "warnings":["w"],"error":null,"all_correct":false})";

}  // namespace

TEST_CASE("demo_run reads a recorded H200 reduction result", "[deck][demo_run]")
{
    const auto r = loadDemoRun(recorded("reduction.json"));
    REQUIRE(r.ok());
    // Values as written in resources/demos/h200/reduction.json (see its README for provenance).
    CHECK(r->demoId == "reduction");
    CHECK(r->device.name == "NVIDIA H200");
    CHECK(r->device.smCount == 132);
    CHECK(r->device.l2Bytes == 62914560u);  // 60 MiB, as cuda-demos.md section 2.3 also measured
    CHECK(r->device.driverVersion == "580.159.04");
    CHECK(r->device.pcieGeneration == 5);
    REQUIRE(r->variants.size() == 6);
    CHECK(r->variants.front().id == "interleaved");
    CHECK(r->variants.back().id == "vectorised");
    CHECK(r->variants.back().correctness.passed);
    CHECK(r->variants.back().metricUnit == "GB/s");
    CHECK(r->variants.back().sampleCount == static_cast<int>(r->variants.back().samplesMs.size()));
    CHECK(r->limit.unit == "GB/s");
    REQUIRE(r->targets.size() == 1);
    CHECK(r->targets[0].variant == "vectorised");
    CHECK_FALSE(r->error.has_value());
    CHECK(r->allCorrect);
}

TEST_CASE("demo_run reads every field of a minimal document", "[deck][demo_run]")
{
    const auto r = parseDemoRun(kMinimal);
    REQUIRE(r.ok());
    CHECK(r->quick);
    CHECK_FALSE(r->device.pcieGeneration.has_value());
    CHECK_FALSE(r->device.stateStart.smClockMHz.has_value());
    CHECK(r->device.stateEnd.clocksEventReasons == 4);
    CHECK(r->device.stateEnd.powerW == Approx(690.5));
    const DemoVariant& v = r->variants.at(0);
    CHECK(v.medianMs == Approx(0.5));
    CHECK(v.launchesPerSample == 3);
    CHECK(v.samplesMs == std::vector<double>{0.5, 0.4});
    CHECK(v.ratio == Approx(0.5));
    CHECK_FALSE(v.correctness.passed);
    CHECK_FALSE(v.correctness.maxAbsErr.has_value());  // null: a NaN was found
    CHECK(v.extra.at("speedup") == Approx(2.5));
    CHECK(r->warnings == std::vector<std::string>{"w"});
    CHECK_FALSE(r->targets.at(0).met);
}

TEST_CASE("demo_run reads the runner's no-GPU reply", "[deck][demo_run]")
{
    const auto r = parseDemoRun(R"({"schema_version":1,"no_gpu":true,"error":"no usable NVIDIA GPU"})");
    REQUIRE(r.ok());
    CHECK(r->noGpu);
    CHECK(r->error == "no usable NVIDIA GPU");
    CHECK(r->variants.empty());
}

TEST_CASE("demo_run reports a demo that could not run", "[deck][demo_run]")
{
    // What a one-GPU machine answers to `run nccl-allreduce`: no variants, the reason in "error".
    std::string doc = kMinimal;
    const auto from = doc.find(R"("variants":[)");
    const auto to = doc.find(R"("targets":)");
    doc.replace(from, to - from, R"("variants":[],)");
    doc.replace(doc.find(R"("error":null)"), 12, R"("error":"needs 2 or more GPUs; this machine has 1")");
    const auto r = parseDemoRun(doc);
    REQUIRE(r.ok());
    CHECK(r->variants.empty());
    REQUIRE(r->error.has_value());
    CHECK(r->error->find("needs 2 or more GPUs") != std::string::npos);
}

TEST_CASE("demo_run reads the recorded two-GPU all-reduce", "[deck][demo_run]")
{
    const auto r = loadDemoRun(recorded("nccl-allreduce.json"));
    REQUIRE(r.ok());
    CHECK(r->device.deviceCount == 2);
    REQUIRE(r->variants.size() == 1);
    CHECK(r->variants[0].extra.at("ranks") == 2.0);
    CHECK(r->variants[0].correctness.passed);
    CHECK(r->variants[0].correctness.elementsChecked == 268435456u);  // 1 GiB of fp32 per rank
}

TEST_CASE("demo_run gives clear errors for malformed results", "[deck][demo_run]")
{
    SECTION("not JSON")
    {
        const auto r = parseDemoRun(R"({"schema_version":1, "demo": )");
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().kind == ErrorKind::InvalidInput);
        CHECK(r.error().message.find("not valid JSON") != std::string::npos);
    }
    SECTION("a missing field is named by its path")
    {
        std::string doc = kMinimal;
        doc.replace(doc.find(R"("median":0.5,)"), 13, "");
        const auto r = parseDemoRun(doc);
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().message.find("variants[0].time_ms.median") != std::string::npos);
    }
    SECTION("a field of the wrong type")
    {
        std::string doc = kMinimal;
        doc.replace(doc.find(R"("sm_count":132)"), 14, R"("sm_count":"many")");
        const auto r = parseDemoRun(doc);
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().message.find("device.sm_count' is not an integer") != std::string::npos);
    }
    SECTION("a newer schema")
    {
        const auto r = parseDemoRun(R"({"schema_version":2})");
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().kind == ErrorKind::TooNew);
    }
    SECTION("the top level is not an object")
    {
        CHECK_FALSE(parseDemoRun("[1,2]").ok());
    }
    SECTION("a missing file")
    {
        const auto r = loadDemoRun(recorded("no-such-demo.json"));
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().kind == ErrorKind::FileMissing);
    }
}

TEST_CASE("demo_run reads library variants and peers, and results that have none", "[deck][demo_run]")
{
    std::string doc = kMinimal;
    // Results recorded before peers existed have neither field.
    const auto old = parseDemoRun(doc);
    REQUIRE(old.ok());
    CHECK(old->peers.empty());
    CHECK(old->variants.at(0).library.empty());

    doc.replace(doc.find("\"skipped\":false,"), 16, "\"skipped\":false,\"library\":\"CUB\",");
    doc.replace(
        doc.find("\"warnings\""), 10,
        R"("peers":[{"ours":"decoupled-lookback","peer":"fused","library":"CUB","source":"same run",)"
        R"("present":true,"absent_why":null,"peer_value":2000,"unit":"GB/s","times":0.93},)"
        R"({"ours":"flash","peer":"sdpa","library":"PyTorch","source":"s","present":false,)"
        R"("absent_why":"torch is not installed","peer_value":null,"unit":"TFLOP/s","times":null}],"warnings")");
    const auto r = parseDemoRun(doc);
    REQUIRE(r.ok());
    CHECK(r->variants.at(0).library == "CUB");
    REQUIRE(r->peers.size() == 2);
    CHECK(r->peers[0].times == Approx(0.93));
    CHECK(r->peers[0].peerValue == Approx(2000.0));
    CHECK_FALSE(r->peers[1].present);
    CHECK(r->peers[1].absentWhy == "torch is not installed");
    CHECK_FALSE(r->peers[1].times.has_value());

    std::string bad = doc;
    bad.replace(bad.find("\"times\":0.93"), 12, "\"times\":\"x\"");
    const auto e = parseDemoRun(bad);
    REQUIRE_FALSE(e.ok());
    CHECK(e.error().message.find("peers[0].times") != std::string::npos);
}
