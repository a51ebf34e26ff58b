#include <catch2/catch.hpp>

#include "param_count.h"
#include "test_support.h"

using namespace formulas;
using formulas::test::pick;
using formulas::test::run;

// Exact parameter counts published by Hugging Face for Meta's checkpoints (the model API's
// safetensors.total, shown as "Model size" on each model page):
//   https://huggingface.co/meta-llama/Llama-3.1-8B    8,030,261,248
//   https://huggingface.co/meta-llama/Llama-3.1-70B   70,553,706,496
//   https://huggingface.co/meta-llama/Llama-3.1-405B  405,853,388,800
// with the shapes of the Llama 3 paper (arXiv:2407.21783), Table 3: 32/80/126 layers, model
// dimension 4096/8192/16384, FFN 14336/28672/53248, 32/64/128 heads, 8 KV heads, vocabulary
// 128,000 (128,256 entries in the released config), untied embeddings, RMSNorm, SwiGLU.
TEST_CASE("Llama 3.1 8B, 70B and 405B parameter counts, exact", "[param-count]")
{
    CHECK(pick(run("param-count", {}), "total") == 8030261248.0);
    CHECK(pick(run("param-count", {{"layers", 80}, {"hidden", 8192}, {"heads", 64}, {"ffn", 28672}}), "total")
          == 70553706496.0);
    CHECK(pick(run("param-count", {{"layers", 126}, {"hidden", 16384}, {"heads", 128}, {"ffn", 53248}}),
               "total")
          == 405853388800.0);
}

// Llama 2 70B (arXiv:2307.09288, Table 1: GQA; released config: 80 layers, 8192, 64 heads, 8 KV
// heads, FFN 28672, vocabulary 32000). Hugging Face lists 68,976,653,312 for
// meta-llama/Llama-2-70b-hf; that checkpoint also stores each layer's rotary inv_freq buffer
// (d_h/2 = 64 values, 80 x 64 = 5,120), which is not a parameter. Llama 2 7B: 6,738,415,616,
// the count of huggyllama/llama-7b and Llama-2-7b-hf without those buffers (6,738,417,664 - 2,048).
TEST_CASE("Llama 2 70B and 7B: GQA and MHA", "[param-count]")
{
    const Results r70 = run(
        "param-count",
        {{"layers", 80}, {"hidden", 8192}, {"heads", 64}, {"kv_heads", 8}, {"ffn", 28672}, {"vocab", 32000}});
    CHECK(pick(r70, "total") == 68976653312.0 - 80 * 64);
    const Results r7 = run("param-count", {{"layers", 32},
                                           {"hidden", 4096},
                                           {"heads", 32},
                                           {"kv_heads", 32},
                                           {"ffn", 11008},
                                           {"vocab", 32000}});
    CHECK(pick(r7, "total") == 6738417664.0 - 32 * 64);
}

// GPT-3 (arXiv:2005.14165), Table D.1: "GPT-3 175B" has 174.6B parameters (Table 2.1: 96 layers,
// d_model 12288, n_ctx 2048; GPT-2's tied embeddings, learned positions, biases and LayerNorm,
// vocabulary 50257). The rule 12 l d^2 + V d is 174.6B as well, to 0.01 %.
TEST_CASE("GPT-3 175B: biases, LayerNorm, learned positions, tied embeddings", "[param-count]")
{
    const Results r = run("param-count", {{"layers", 96},
                                          {"hidden", 12288},
                                          {"heads", 96},
                                          {"kv_heads", 96},
                                          {"ffn", 4 * 12288},
                                          {"mlp", 0},
                                          {"vocab", 50257},
                                          {"embeddings", 1},
                                          {"biases", 1},
                                          {"positions", 1},
                                          {"ctx", 2048}});
    CHECK(pick(r, "total_b") == Approx(174.6).margin(0.05));
    CHECK(pick(r, "rule_of_thumb_b") == Approx(174.6).margin(0.05));
    // By hand: 96 (12 d^2 + 13 d) + V d + 2048 d + 2 d = 174,604,259,328.
    CHECK(pick(r, "total") == 174604259328.0);
}

// Mixtral 8x7B (Mistral AI, https://mistral.ai/news/mixtral-of-experts/): "46.7B total
// parameters but only uses 12.9B parameters per token"; Hugging Face lists 46,702,792,704 for
// mistralai/Mixtral-8x7B-v0.1 (config: 32 layers, 4096, 32 heads, 8 KV heads, 8 experts of
// SwiGLU 14336, top-2 routing, vocabulary 32000, untied).
TEST_CASE("Mixtral 8x7B total and active parameters", "[param-count]")
{
    const Results r = run(
        "param-count", {{"vocab", 32000}, {"moe", 1}, {"experts", 8}, {"top_k", 2}, {"expert_ffn", 14336}});
    CHECK(pick(r, "total") == 46702792704.0);
    CHECK(pick(r, "active_b") == Approx(12.9).margin(0.05));
}

TEST_CASE("Shapes that cannot exist are refused", "[param-count]")
{
    const Formula* f = find("param-count");
    CHECK_FALSE(f->compute({{"kv_heads", 7}}).ok());
    CHECK_FALSE(f->compute({{"moe", 1}, {"top_k", 16}}).ok());
    CHECK_FALSE(f->compute({{"moe", 1}, {"layers", 2}, {"dense_layers", 3}}).ok());
}
