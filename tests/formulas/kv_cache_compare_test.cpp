#include <catch2/catch.hpp>

#include "kv_cache.h"
#include "test_support.h"

using namespace formulas;
using formulas::test::pick;
using formulas::test::run;

// DeepSeek-V2 (arXiv:2405.04434): the abstract's "reduces the KV cache by 93.3%" against
// DeepSeek 67B. V2 caches (d_c + d_h^R) = 512 + 64 elements per layer over 60 layers (section
// 2.1 and 3.1.2) and, as deployed, "compress[es] each element in its KV cache into 6 bits on
// average" (section 3.2.3); DeepSeek 67B (DeepSeek LLM, arXiv:2401.02954, Table 2: 95 layers,
// 64 heads, 8 KV heads of 128) caches 2 x 8 x 128 elements per layer in BF16.
// 1 - 576 x 60 x 6 / (2048 x 95 x 16) = 93.34 % (hand calculation).
TEST_CASE("DeepSeek-V2 against DeepSeek 67B: the published 93.3 % saving", "[kv-cache]")
{
    const Results r = run("kv-cache-compare", {});
    CHECK(pick(r, "saving") == Approx(93.3).margin(0.05));
    CHECK(pick(r, "a_elements_per_token") == 2.0 * 8 * 128 * 95);
    CHECK(pick(r, "b_elements_per_token") == 576.0 * 60);
}

// DeepSeek-V2, Table 1 and its note: with d_c = 4 d_h and d_h^R = d_h / 2 the MLA cache per token
// is (9/2) d_h l elements, "equal to GQA with only 2.25 groups"; against MHA on the same
// 128 heads of 128 and 60 layers it is 4.5 / 256 = 1.76 % (hand calculation).
TEST_CASE("MLA as 2.25 GQA groups, and against MHA of the same model", "[kv-cache]")
{
    const Results r =
        run("kv-cache-compare",
            {{"a_attention", 0}, {"a_layers", 60}, {"a_heads", 128}, {"a_bits", 16}, {"b_bits", 16}});
    CHECK(pick(r, "b_equivalent_groups") == Approx(2.25));
    CHECK(pick(r, "ratio") == Approx(100.0 * 4.5 / 256));
    // GQA with 8 groups of the same model: 16 / 256 = 6.25 %; MQA 2 / 256 (hand calculation).
    const Results gqa = run("kv-cache-compare", {{"a_attention", 0},
                                                 {"a_layers", 60},
                                                 {"a_heads", 128},
                                                 {"b_attention", 2},
                                                 {"b_heads", 128},
                                                 {"b_kv_heads", 8},
                                                 {"b_bits", 16}});
    CHECK(pick(gqa, "ratio") == Approx(6.25));
}

// Below 8 bits each group carries a scale. NVFP4 (NVIDIA, "Introducing NVFP4 for Efficient and
// Accurate Low-Precision Inference", developer blog, 2025): E2M1 values in blocks of 16 with one
// FP8 E4M3 scale, 4 + 8/16 = 4.5 bits; MXFP4 (OCP Microscaling Formats v1.0 specification):
// blocks of 32 with an E8M0 scale, 4.25 bits; asymmetric INT4 with an FP16 scale and zero point
// per 32 (KIVI-style groups): 5 bits (hand calculations from those layouts).
TEST_CASE("KV cache at 4 bits with group scales", "[kv-cache]")
{
    CHECK(cachedElementBytes(0.5, 16, 1) * 8 == Approx(4.5));
    CHECK(cachedElementBytes(0.5, 32, 1) * 8 == Approx(4.25));
    CHECK(cachedElementBytes(0.5, 32, 4) * 8 == Approx(5.0));
    CHECK(cachedElementBytes(2.0, 32, 4) == 2.0);
    // Llama-2-7B-like MHA, 32 layers x 32 heads x 128: 0.5 MiB per token in BF16, 4.5/16 of it
    // in NVFP4 (hand calculation).
    const Results bf16 = run("kv-cache", {{"attention", 0}});
    const Results fp4 =
        run("kv-cache", {{"attention", 0}, {"dtype_bytes", 0.5}, {"group_size", 16}, {"scale_bytes", 1}});
    CHECK(pick(bf16, "bytes_per_token_kib") == Approx(512));
    CHECK(pick(fp4, "bytes_per_token_kib") == Approx(512 * 4.5 / 16));
    CHECK(pick(fp4, "bits_per_element") == Approx(4.5));
}
