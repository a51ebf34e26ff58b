#include <catch2/catch.hpp>

#include "test_support.h"

using namespace formulas;
using formulas::test::pick;
using formulas::test::run;

// The Llama 3 Herd of Models (arXiv:2407.21783), Table 4: 405B pre-training layouts with
// sequences of 8,192 tokens and 16M tokens per batch: 8,192 GPUs as TP 8, CP 1, PP 16, DP 64 with
// 32 sequences per DP rank; 16,384 GPUs as TP 8, CP 1, PP 16, DP 128 with 16; and for 131,072-token
// sequences 16,384 GPUs as TP 8, CP 16, PP 16, DP 8 with 16. d = n/(t c p) reproduces each DP
// size, and B s = 16.8M tokens each time.
TEST_CASE("Llama 3 405B layouts: DP from GPUs, TP, CP and PP", "[pipeline-layout]")
{
    const Results a = run("pipeline-layout", {{"gpus", 8192}, {"global_batch", 64 * 32}});
    CHECK(pick(a, "dp") == 64);
    CHECK(pick(a, "batch_per_replica") == 32);
    CHECK(pick(a, "tokens_per_step_m") == Approx(16.777216));
    const Results b = run("pipeline-layout", {});
    CHECK(pick(b, "dp") == 128);
    CHECK(pick(b, "batch_per_replica") == 16);
    const Results c = run("pipeline-layout", {{"cp", 16}, {"global_batch", 8 * 16}, {"seq_len", 131072}});
    CHECK(pick(c, "dp") == 8);
    CHECK(pick(c, "tokens_per_step_m") == Approx(16.777216));
}

// Korthikanti et al. 2022 (arXiv:2205.05198), Table 3 and section 6: 175B on 64 GPUs with TP 8,
// PP 8, global batch 64, micro-batch 1, interleaved with 3 chunks; 1T on 512 GPUs with TP 8,
// PP 64, batch 512, micro-batch 1. With d = 1: m = 64 and (8-1)/(3 x 64) = 3.6 %; m = 512 and
// 63/512 = 12.3 % bubble over ideal time (hand calculations from the published layouts).
TEST_CASE("Korthikanti layouts feeding the bubble", "[pipeline-layout]")
{
    const Results r175 = run(
        "pipeline-layout",
        {{"gpus", 64}, {"pp", 8}, {"global_batch", 64}, {"seq_len", 2048}, {"schedule", 2}, {"chunks", 3}});
    CHECK(pick(r175, "dp") == 1);
    CHECK(pick(r175, "micro_batches") == 64);
    CHECK(pick(r175, "bubble_ratio") == Approx(7.0 / 192));
    const Results r1t =
        run("pipeline-layout", {{"gpus", 512}, {"pp", 64}, {"global_batch", 512}, {"seq_len", 2048}});
    CHECK(pick(r1t, "bubble_ratio") == Approx(63.0 / 512));
    CHECK(pick(r1t, "bubble_share") == Approx(100.0 * 63 / (512 + 63)));
}

TEST_CASE("Layouts that do not divide are refused", "[pipeline-layout]")
{
    const Formula* f = find("pipeline-layout");
    CHECK_FALSE(f->compute({{"gpus", 1000}}).ok());         // 1000 not a multiple of 128
    CHECK_FALSE(f->compute({{"global_batch", 100}}).ok());  // 100 sequences over 128 replicas
    CHECK_FALSE(f->compute({{"schedule", 2}, {"global_batch", 128 * 8}}).ok());  // m = 8 < p = 16
}
