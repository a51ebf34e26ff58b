#include <catch2/catch.hpp>

#include "test_support.h"
#include "training_flops.h"

using namespace formulas;
using formulas::test::pick;
using formulas::test::run;

// GPT-3 (Brown et al. 2020, arXiv:2005.14165), Table D.1: GPT-3 175B trained on 300B tokens
// took 3.14e23 FLOPs (3.64e3 PF-days), counted as 6ND without the attention term.
TEST_CASE("GPT-3 175B training compute", "[flops]")
{
    const Results r = run("training-flops", {{"params_b", 174.6},
                                             {"tokens_b", 300},
                                             {"layers", 96},
                                             {"heads", 96},
                                             {"head_dim", 128},
                                             {"seq_len", 2048}});
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
TEST_CASE("PaLM 540B attention term", "[flops]")
{
    const TransformerShape palm{540.35e9, 118, 48, 256, 2048};
    CHECK(attentionFlopsPerToken(palm) == 35634806784.0);
    CHECK(modelFlopsPerToken(palm) == Approx(6 * 540.35e9 + 35634806784.0));
}

// Korthikanti et al. 2022 (arXiv:2205.05198), Eq. 7: model FLOPs per iteration
// 72 B L s h^2 (1 + s/6h + v/12hL), i.e. per token 6N + 12 L H Q T + 6 v h with N = 12 L h^2 and
// the logit layer counted apart. For their 1T configuration (Table 3: 128 layers, h = 25600,
// 160 heads; s = 2048, v = 51200) the logit layer adds v/12hL = 0.13 % (hand calculation).
TEST_CASE("The logit layer as its own term, Korthikanti Eq. 7", "[flops]")
{
    const double l = 128, h = 25600, s = 2048, v = 51200;
    const Results r = run("training-flops", {{"params_b", 12 * l * h * h / 1e9},
                                             {"layers", l},
                                             {"heads", 160},
                                             {"head_dim", 160},
                                             {"seq_len", s},
                                             {"logit", 1},
                                             {"vocab", v},
                                             {"hidden", h}});
    CHECK(pick(r, "per_token") == Approx(72 * l * h * h * (1 + s / (6 * h) + v / (12 * h * l))));
    CHECK(pick(r, "logit_per_token") / pick(r, "dense_per_token") == Approx(v / (12 * h * l)));
    // Counted in N (the default), the logit term is zero and nothing else changes.
    const Results in = run("training-flops", {{"logit", 0}});
    CHECK(pick(in, "logit_per_token") == 0.0);
}
