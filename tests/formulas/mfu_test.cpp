#include <catch2/catch.hpp>

#include "mfu.h"
#include "test_support.h"

using namespace formulas;
using formulas::test::pick;
using formulas::test::run;

// PaLM (Chowdhery et al. 2022, arXiv:2204.02311), section 4 and Table 3: PaLM 540B trained at
// 238.3K tokens/s on 6144 TPU v4 chips of 275 peak TFLOP/s (bf16) reached 46.2 % MFU, with the
// model FLOPs per token 6N + 12LHQT of Appendix B.
TEST_CASE("PaLM 540B model FLOPs utilisation", "[mfu]") {
    const Results r = run("mfu", {{"params_b", 540.35}, {"layers", 118}, {"heads", 48}, {"head_dim", 256},
                                  {"seq_len", 2048}, {"tokens_per_s", 238300}, {"chips", 6144},
                                  {"peak_tflops", 275}, {"recompute", 0}});
    CHECK(pick(r, "mfu") == Approx(46.2).margin(0.05));
    CHECK(pick(r, "hfu") == Approx(pick(r, "mfu")));
}

// HFU counts recomputed work (Korthikanti et al. 2022, section 6). Full recomputation redoes the
// forward pass: (8N + 16LHQT)/(6N + 12LHQT) = 4/3 of the model FLOPs (hand calculation).
TEST_CASE("HFU with full and selective recomputation", "[mfu]") {
    const TransformerShape m{1e9, 10, 8, 64, 1000};
    const double attention = 12.0 * 10 * 8 * 64 * 1000;  // 6.144e7
    CHECK(hardwareFlopsPerToken(m, 2) == Approx(8e9 + attention * 4.0 / 3.0));
    CHECK(hardwareFlopsPerToken(m, 2) / modelFlopsPerToken(m) == Approx(4.0 / 3.0));
    // Selective: Korthikanti et al. 2022 Eq. 8 doubles the attention term (s/6h -> s/3h).
    CHECK(hardwareFlopsPerToken(m, 1) == Approx(6e9 + 2.0 * attention));
    // 1000 tokens/s of 6.06144e9 FLOPs on 2 chips of 10 TFLOP/s = 0.0303 % MFU.
    CHECK(utilisation(modelFlopsPerToken(m), 1000, 2, 10e12) == Approx(6.06144e12 / 20e12));
}

// Korthikanti et al. 2022 (arXiv:2205.05198), section 5: selective recomputation costs GPT-3 175B
// (96 layers, h = 12288, s = 2048) about 2.7 % extra FLOPs. By hand: 12*96*12288*2048 = 2.899e10
// over 6*175e9 + 2.899e10 = 1.079e12 gives 2.69 %.
TEST_CASE("Selective recomputation costs GPT-3 175B the paper's 2.7 %", "[mfu]") {
    const TransformerShape gpt3{175e9, 96, 96, 128, 2048};
    const double overhead = hardwareFlopsPerToken(gpt3, 1) / modelFlopsPerToken(gpt3) - 1.0;
    CHECK(overhead * 100.0 == Approx(2.7).margin(0.05));
}
