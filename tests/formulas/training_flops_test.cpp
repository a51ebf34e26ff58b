#include <catch2/catch.hpp>

#include "test_support.h"
#include "training_flops.h"

using namespace formulas;
using formulas::test::pick;
using formulas::test::run;

// GPT-3 (Brown et al. 2020, arXiv:2005.14165), Table D.1: GPT-3 175B trained on 300B tokens
// took 3.14e23 FLOPs (3.64e3 PF-days), counted as 6ND without the attention term.
TEST_CASE("GPT-3 175B training compute", "[flops]") {
    const Results r = run("training-flops", {{"params_b", 174.6}, {"tokens_b", 300}, {"layers", 96},
                                             {"heads", 96}, {"head_dim", 128}, {"seq_len", 2048}});
    CHECK(pick(r, "total_6nd") == Approx(3.14e23).epsilon(0.002));
    // Attention adds 12 x 96 x 96 x 128 x 2048 = 2.899e10 FLOPs per token, 2.7 % of 6N
    // (hand calculation).
    CHECK(pick(r, "attention_per_token") == Approx(28991029248.0));
    CHECK(pick(r, "attention_share") == Approx(2.69).margin(0.01));
    // In PF-days: with attention 3.2298e23 / 8.64e19 = 3738.2 (hand calculation).
    CHECK(pick(r, "total_pf_days") == Approx(3738.16).margin(0.05));
}

// PaLM (Chowdhery et al. 2022, arXiv:2204.02311), Appendix B: PaLM 540B has L = 118, H = 48,
// Q = 256 and T = 2048, so its attention term 12 L H Q T is 3.5635e10 FLOPs per token.
TEST_CASE("PaLM 540B attention term", "[flops]") {
    const TransformerShape palm{540.35e9, 118, 48, 256, 2048};
    CHECK(attentionFlopsPerToken(palm) == 35634806784.0);
    CHECK(modelFlopsPerToken(palm) == Approx(6 * 540.35e9 + 35634806784.0));
}
