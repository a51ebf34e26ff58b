#include <catch2/catch.hpp>

#include "mfu.h"
#include "test_support.h"

using namespace formulas;
using formulas::test::pick;
using formulas::test::run;

// PaLM (Chowdhery et al. 2022, arXiv:2204.02311), section 4 and Table 3: PaLM 540B trained at
// 238.3K tokens/s on 6144 TPU v4 chips of 275 peak TFLOP/s (bf16) reached 46.2 % MFU, with the
// model FLOPs per token 6N + 12LHQT of Appendix B.
TEST_CASE("PaLM 540B model FLOPs utilisation", "[mfu]")
{
    const Results r = run("mfu", {{"params_b", 540.35},
                                  {"layers", 118},
                                  {"heads", 48},
                                  {"head_dim", 256},
                                  {"seq_len", 2048},
                                  {"tokens_per_s", 238300},
                                  {"chips", 6144},
                                  {"peak_tflops", 275},
                                  {"recompute", 0}});
    CHECK(pick(r, "mfu") == Approx(46.2).margin(0.05));
    CHECK(pick(r, "hfu") == Approx(pick(r, "mfu")));
}

// HFU counts recomputed work (Korthikanti et al. 2022, section 6). Full recomputation redoes the
// forward pass: (8N + 16LHQT)/(6N + 12LHQT) = 4/3 of the model FLOPs (hand calculation).
TEST_CASE("HFU with full and selective recomputation", "[mfu]")
{
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
TEST_CASE("Selective recomputation costs GPT-3 175B the paper's 2.7 %", "[mfu]")
{
    const TransformerShape gpt3{175e9, 96, 96, 128, 2048};
    const double overhead = hardwareFlopsPerToken(gpt3, 1) / modelFlopsPerToken(gpt3) - 1.0;
    CHECK(overhead * 100.0 == Approx(2.7).margin(0.05));
}

namespace {

// The Megatron runs of Korthikanti et al. 2022 (arXiv:2205.05198), Table 3: heads, hidden size,
// layers, GPUs and global batch; s = 2048 and v = 51200 for all (section 6); A100 peak 312
// TFLOP/s. N is the transformer layers' 12 l h^2, the logit layer counted apart (Eq. 7).
struct MegatronRun {
    double heads, hidden, layers, gpus, batch, seconds;
};

Results megatronRun(const MegatronRun& r)
{
    return run("mfu", {{"params_b", 12.0 * r.layers * r.hidden * r.hidden / 1e9},
                       {"layers", r.layers},
                       {"heads", r.heads},
                       {"head_dim", r.hidden / r.heads},
                       {"seq_len", 2048},
                       {"tokens_per_s", r.batch * 2048 / r.seconds},
                       {"chips", r.gpus},
                       {"peak_tflops", 312},
                       {"recompute", 1},
                       {"logit", 1},
                       {"vocab", 51200},
                       {"hidden", r.hidden}});
}

}  // namespace

// Korthikanti et al. 2022, Table 5 ("Present Work" iteration time, MFU, HFU) and the same pairs
// in the Megatron-LM README (https://github.com/NVIDIA/Megatron-LM, "Model FLOPs Utilization |
// Hardware FLOPs Utilization": 22B 41.5/43.7, 175B 51.4/52.8, 530B 56.0/57.0, 1T 56.3/57.0).
// MFU follows Eq. 7 and HFU Eq. 8 from the measured iteration time; both round to the published
// tenths. The 22B time is printed as 1.10 s, two digits: 1.095 to 1.105 s spans 41.46 to 41.84 %
// MFU, so that row is checked to that spread.
TEST_CASE("Korthikanti Table 5 MFU and HFU pairs from the iteration times", "[mfu]")
{
    const Results r22 = megatronRun({64, 6144, 48, 8, 4, 1.10});
    CHECK(pick(r22, "mfu") == Approx(41.5).margin(0.2));
    CHECK(pick(r22, "hfu") == Approx(43.7).margin(0.2));
    const Results r175 = megatronRun({96, 12288, 96, 64, 64, 13.75});
    CHECK(pick(r175, "mfu") == Approx(51.4).margin(0.05));
    CHECK(pick(r175, "hfu") == Approx(52.8).margin(0.05));
    const Results r530 = megatronRun({128, 20480, 105, 280, 280, 37.83});
    CHECK(pick(r530, "mfu") == Approx(56.0).margin(0.05));
    CHECK(pick(r530, "hfu") == Approx(57.0).margin(0.05));
    const Results r1t = megatronRun({160, 25600, 128, 512, 512, 71.49});
    CHECK(pick(r1t, "mfu") == Approx(56.3).margin(0.05));
    CHECK(pick(r1t, "hfu") == Approx(57.0).margin(0.05));
    // The HFU/MFU ratio alone (Eq. 8 over Eq. 7) maps each published MFU, +/- its rounding, onto
    // an interval that holds the published HFU +/- its rounding.
    const struct {
        Results r;
        double mfu, hfu;
    } pairs[] = {{r22, 41.5, 43.7}, {r175, 51.4, 52.8}, {r530, 56.0, 57.0}, {r1t, 56.3, 57.0}};
    for (const auto& p : pairs) {
        const double ratio = pick(p.r, "hfu") / pick(p.r, "mfu");
        CHECK((p.mfu - 0.05) * ratio <= p.hfu + 0.05);
        CHECK((p.mfu + 0.05) * ratio >= p.hfu - 0.05);
    }
    // The recomputation overhead of section 5: "only 2.7% and 1.6% FLOPs overhead" for GPT-3
    // and MT-NLG, here with the logit layer in the denominator as in Eq. 7.
    CHECK(pick(r175, "recompute_overhead") == Approx(2.7).margin(0.05));
    CHECK(pick(r530, "recompute_overhead") == Approx(1.6).margin(0.05));
    // 8-way data parallelism on the 530B model: 39.15 s per iteration and "an MFU drop from
    // 56.0% to 54.2%" (section 6.3; abstract: 54.2 % on 2240 GPUs).
    const Results dp8 = megatronRun({128, 20480, 105, 2240, 2240, 39.15});
    CHECK(pick(dp8, "mfu") == Approx(54.2).margin(0.05));
}

// Narayanan et al. 2021 (arXiv:2104.04473), Eq. 3 counts 96 B s l h^2 (1 + s/6h + V/16lh) per
// iteration with full recomputation: the logit layer's 6 B s h V is not re-run. MT-NLG
// (Smith et al. 2022, arXiv:2201.11990, section 2.4): batch 1920 of 2048 tokens on 2240 A100s
// at 60.1 s per iteration is "126 teraFLOP/s per GPU" (GPT-2 vocabulary, 50257 tokens).
TEST_CASE("The logit layer is counted once and not recomputed", "[mfu][flops]")
{
    const double l = 105, h = 20480, s = 2048, v = 50257;
    const Results r = run("mfu", {{"params_b", 12.0 * l * h * h / 1e9},
                                  {"layers", l},
                                  {"heads", 128},
                                  {"head_dim", 160},
                                  {"seq_len", s},
                                  {"tokens_per_s", 1920 * s / 60.1},
                                  {"chips", 2240},
                                  {"peak_tflops", 312},
                                  {"recompute", 2},
                                  {"logit", 1},
                                  {"vocab", v},
                                  {"hidden", h}});
    CHECK(pick(r, "hardware_tflops") == Approx(126).margin(0.5));
    // Per token, Eq. 3 over B s: 96 l h^2 (1 + s/6h + V/16lh) (hand expansion).
    CHECK(pick(r, "hardware_flops_per_token")
          == Approx(96 * l * h * h * (1 + s / (6 * h) + v / (16 * l * h))));
    CHECK(pick(r, "logit_flops_per_token") == Approx(6 * v * h));
    // Eq. 7 for the model FLOPs: 72 l h^2 (1 + s/6h + V/12lh).
    CHECK(pick(r, "model_flops_per_token") == Approx(72 * l * h * h * (1 + s / (6 * h) + v / (12 * l * h))));
}

// PaLM (arXiv:2204.02311), section 4.1: PaLM 540B's MFU is 45.7 % without the self-attention
// FLOPs and 46.2 % with them.
TEST_CASE("PaLM 540B MFU with and without the attention term", "[mfu]")
{
    const Results r = run("mfu", {});
    CHECK(pick(r, "mfu") == Approx(46.2).margin(0.05));
    CHECK(pick(r, "mfu_no_attention") == Approx(45.7).margin(0.05));
}

// Selective recomputation re-runs only the score and value products, 4 L H Q T per token
// (Korthikanti et al. 2022, Appendix A); Eq. 8 counts 12 L H Q T. Both are offered, labelled.
TEST_CASE("HFU counting only the re-run forward", "[mfu]")
{
    const TransformerShape m{1e9, 10, 8, 64, 1000};
    const double attention = 12.0 * 10 * 8 * 64 * 1000;
    CHECK(rerunFlopsPerToken(m, 1) == Approx(6e9 + attention * 4.0 / 3.0));
    CHECK(rerunFlopsPerToken(m, 2) == Approx(hardwareFlopsPerToken(m, 2)));
    CHECK(rerunFlopsPerToken(m, 0) == Approx(modelFlopsPerToken(m)));
}

// Narayanan et al. 2021, Table 1: the 1T model on 3072 A100s reaches 163 TFLOP/s per GPU, 52 %
// of the 312 TFLOP/s peak, 502 PFLOP/s aggregate, counted with Eq. 3 (recomputation included).
// Its MFU is 3/4 of that with full recomputation: 163 x 3/4 / 312 = 39.2 % (hand calculation).
TEST_CASE("Megatron's 163 TFLOP/s per GPU as HFU and MFU", "[mfu]")
{
    const Results r = run("mfu-from-tflops", {});
    CHECK(pick(r, "hfu") == Approx(52).margin(0.5));
    CHECK(pick(r, "mfu") == Approx(163 * 0.75 / 312 * 100));
    // 163 is rounded; 502 / 3072 = 163.4.
    CHECK(pick(r, "aggregate_pflops") == Approx(502).margin(2));
    // Llama 3 (arXiv:2407.21783), Table 4: 430 TFLOP/s per H100 is 43 % BF16 MFU and 380 is 38 %
    // (dense BF16 peak 989 TFLOP/s, H100 datasheet).
    const Results l8k = run("mfu-from-tflops", {{"achieved_tflops", 430},
                                                {"counted", 0},
                                                {"forward_passes", 1},
                                                {"peak_tflops", 989},
                                                {"gpus", 8192}});
    CHECK(pick(l8k, "mfu") == Approx(43).margin(0.5));
    CHECK(pick(l8k, "hfu") == Approx(pick(l8k, "mfu")));
    const Results l16k = run("mfu-from-tflops", {{"achieved_tflops", 380},
                                                 {"counted", 0},
                                                 {"forward_passes", 1},
                                                 {"peak_tflops", 989},
                                                 {"gpus", 16384}});
    CHECK(pick(l16k, "mfu") == Approx(38).margin(0.5));
    // With full recomputation the hardware does 8N of the model's 6N (hand calculation).
    CHECK(hardwareOverModel(2) == Approx(4.0 / 3.0));
}
