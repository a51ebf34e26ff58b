#include <catch2/catch.hpp>

#include "kv_cache.h"
#include "test_support.h"

using namespace formulas;
using formulas::test::pick;
using formulas::test::run;

// Llama 2 (arXiv:2307.09288, Table 1 and section 2.2): 7B uses MHA, 70B uses GQA with 8 KV
// heads; both 4096-token context. Shapes from the released configs: 7B has 32 layers of
// 32 x 128 heads, 70B 80 layers of 64 query heads of 128. By hand in BF16:
// 7B: 2 x 32 x 32 x 128 x 2 B = 524 288 B = 512 KiB per token, 2 GiB for 4096 tokens;
// 70B: 2 x 80 x 8 x 128 x 2 B = 327 680 B = 320 KiB per token, 1.25 GiB for 4096 tokens.
TEST_CASE("Llama-2 KV cache per token", "[kv]")
{
    const Results r7 = run("kv-cache", {{"attention", 0},
                                        {"layers", 32},
                                        {"heads", 32},
                                        {"head_dim", 128},
                                        {"dtype_bytes", 2},
                                        {"batch", 1},
                                        {"seq_len", 4096}});
    CHECK(pick(r7, "bytes_per_token_kib") == Approx(512.0));
    CHECK(pick(r7, "total_gib") == Approx(2.0));
    const Results r70 = run("kv-cache", {{"attention", 2},
                                         {"layers", 80},
                                         {"heads", 64},
                                         {"kv_heads", 8},
                                         {"head_dim", 128},
                                         {"dtype_bytes", 2},
                                         {"batch", 1},
                                         {"seq_len", 4096}});
    CHECK(pick(r70, "bytes_per_token_kib") == Approx(320.0));
    CHECK(pick(r70, "total_gib") == Approx(1.25));
    CHECK(pick(r70, "mha_ratio") == Approx(12.5));  // 8 of 64 heads
}

// DeepSeek-V2 (arXiv:2405.04434), Table 1: per token MHA caches 2 n_h d_h l elements, GQA
// 2 n_g d_h l, MQA 2 d_h l, MLA (d_c + d_h^R) l ~ 9/2 d_h l with d_c = 4 d_h = 512 and
// d_h^R = d_h / 2 = 64, "equal to GQA with only 2.25 groups". V2 has l = 60, n_h = 128.
TEST_CASE("DeepSeek-V2 MLA cache equals GQA with 2.25 groups", "[kv]")
{
    KvCacheInputs in{Attention::Mla, 60, 128, 1, 128, 512, 64};
    CHECK(kvElementsPerToken(in) == 34560.0);  // (512 + 64) x 60
    CHECK(kvElementsPerToken(in) == Approx(4.5 * 128 * 60));
    in.attention = Attention::Mha;
    CHECK(kvElementsPerToken(in) == 1966080.0);  // 2 x 128 x 128 x 60
    in.attention = Attention::Mqa;
    CHECK(kvElementsPerToken(in) == 15360.0);  // 2 x 128 x 60
    const Results r = run("kv-cache", {{"attention", 3},
                                       {"layers", 60},
                                       {"heads", 128},
                                       {"head_dim", 128},
                                       {"mla_latent", 512},
                                       {"mla_rope", 64},
                                       {"dtype_bytes", 2}});
    CHECK(pick(r, "equivalent_groups") == Approx(2.25));
    CHECK(pick(r, "bytes_per_token_kib") == Approx(67.5));  // 69 120 B
}

TEST_CASE("GQA groups must divide the heads", "[kv][validation]")
{
    const Formula* f = find("kv-cache");
    const Result<Results> r = f->compute({{"attention", 2}, {"heads", 64}, {"kv_heads", 6}});
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == FormulaError::Kind::Inconsistent);
    CHECK(r.error().parameter == "kv_heads");
}
