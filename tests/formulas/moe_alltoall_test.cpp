#include <catch2/catch.hpp>

#include "moe_alltoall.h"
#include "test_support.h"

using namespace formulas;
using formulas::test::pick;
using formulas::test::run;

// DeepSeek-V3 technical report (arXiv:2412.19437), section 3.3.2 and 3.3.3: activations are
// quantised to FP8 before the MoE dispatch with one scale per 1 x 128 tile, the combine stays
// in BF16. With h = 7168 (section 4.2) a dispatched copy is 7168 B + 56 FP32 scales = 7392 B
// (hand calculation).
TEST_CASE("DeepSeek-V3 dispatch copy with its 1x128 scales", "[moe]")
{
    CHECK(dispatchBytesPerCopy(7168, 1.0, 128, 4.0) == 7392.0);
    const Results r = run("moe-alltoall", {});
    CHECK(pick(r, "dispatch_bytes_per_copy") == 7392.0);
    // Uniform routing over EP 64: 63/64 of the 8 copies leave the GPU (hand calculation).
    CHECK(pick(r, "remote_share") == Approx(100.0 * 63 / 64));
    CHECK(pick(r, "dispatch_bytes_per_token") == Approx(8 * 7392 * 63.0 / 64));
    CHECK(pick(r, "combine_bytes_per_token") == Approx(8 * 7168 * 2 * 63.0 / 64));
}

// DeepEP README (https://github.com/deepseek-ai/DeepEP, "Low-latency kernels with pure RDMA"):
// H800 with CX7 400 Gb/s, 128 tokens per batch, hidden 7168, top-8, FP8 dispatch and BF16
// combine; EP 8: dispatch 77 us at 98 GB/s, combine 114 us at 127 GB/s; EP 64: dispatch 173 us
// at 43 GB/s, combine 314 us at 46 GB/s. The README's bandwidth counts every token copy, so
// the remote share is 100 %: bytes / bandwidth gives back the latency within 2 % (both figures
// are rounded).
TEST_CASE("DeepEP low-latency latencies from bytes and bandwidth", "[moe]")
{
    const struct {
        double ep, dispatchUs, dispatchGbs, combineUs, combineGbs;
    } rows[] = {{8, 77, 98, 114, 127}, {64, 173, 43, 314, 46}};
    for (const auto& row : rows) {
        INFO("EP " << row.ep);
        const Values common{{"tokens", 128}, {"hidden", 7168},    {"top_k", 8},
                            {"ep", row.ep},  {"dispatch", 0},     {"combine_bytes", 2},
                            {"routing", 1},  {"remote_pct", 100}, {"mode", 0}};
        Values d = common;
        d["bandwidth_gbs"] = row.dispatchGbs;
        CHECK(pick(run("moe-alltoall", d), "dispatch_us") == Approx(row.dispatchUs).epsilon(0.02));
        Values c = common;
        c["bandwidth_gbs"] = row.combineGbs;
        CHECK(pick(run("moe-alltoall", c), "combine_us") == Approx(row.combineUs).epsilon(0.02));
    }
    // The bytes themselves: 128 x 8 x 7392 = 7.57 MB dispatched, 128 x 8 x 14336 = 14.68 MB
    // combined (hand calculation).
    const Results r = run("moe-alltoall", {{"tokens", 128}, {"routing", 1}, {"remote_pct", 100}});
    CHECK(pick(r, "dispatch_mb_layer") == Approx(7.569408));
    CHECK(pick(r, "combine_mb_layer") == Approx(14.680064));
}

// Training runs both exchanges again in the backward pass; a single GPU (EP 1) sends nothing
// (hand calculation).
TEST_CASE("Training doubles the exchanges and EP 1 sends nothing", "[moe]")
{
    const Results fwd = run("moe-alltoall", {{"mode", 0}});
    const Results train = run("moe-alltoall", {{"mode", 1}});
    CHECK(pick(train, "step_ms") == Approx(2 * pick(fwd, "step_ms")));
    // 58 MoE layers x (dispatch + combine) at 50 GB/s.
    CHECK(
        pick(fwd, "step_ms")
        == Approx(1e3 * 58 * (pick(fwd, "dispatch_mb_layer") + pick(fwd, "combine_mb_layer")) * 1e6 / 50e9));
    const Results single = run("moe-alltoall", {{"ep", 1}});
    CHECK(pick(single, "dispatch_bytes_per_token") == 0.0);
}
