#include "kv_cache.h"

#include <cmath>

#include "units.h"

namespace formulas {

double kvElementsPerToken(const KvCacheInputs& in) {
    switch (in.attention) {
    case Attention::Mha: return 2.0 * in.heads * in.headDim * in.layers;
    case Attention::Mqa: return 2.0 * in.headDim * in.layers;
    case Attention::Gqa: return 2.0 * in.kvHeads * in.headDim * in.layers;
    // One compressed latent c^KV plus the shared decoupled RoPE key k^R per layer; no factor 2
    // because K and V are both rebuilt from the same latent.
    case Attention::Mla: return (in.mlaLatent + in.mlaRope) * in.layers;
    }
    return 0.0;
}

Formula kvCacheFormula() {
    Formula f;
    f.id = "kv-cache";
    f.titleEn = "KV-cache size (MHA, MQA, GQA, MLA)";
    f.titleZh = "KV cache 大小（MHA、MQA、GQA、MLA）";
    f.parameters = {
        {"attention", "Attention kind", "注意力类型", "", 0.0, 0.0, 3.0, true,
         {{0.0, "mha", "MHA (one K/V per head)", "MHA（每头一份 K/V）"},
          {1.0, "mqa", "MQA (one shared K/V)", "MQA（共享一份 K/V）"},
          {2.0, "gqa", "GQA (one K/V per group)", "GQA（每组一份 K/V）"},
          {3.0, "mla", "MLA (compressed latent + RoPE key)", "MLA（压缩潜向量 + RoPE 键）"}}},
        {"layers", "Layers (l)", "层数 (l)", "", 32.0, 1.0, 100000.0, true},
        {"heads", "Query heads (n_h)", "查询头数 (n_h)", "", 32.0, 1.0, 65536.0, true},
        {"kv_heads", "KV heads / groups (n_g, GQA)", "KV 头数/组数 (n_g，GQA)", "", 8.0, 1.0, 65536.0, true},
        {"head_dim", "Head dimension (d_h)", "每头维度 (d_h)", "", 128.0, 1.0, 65536.0, true},
        {"mla_latent", "MLA latent width (d_c)", "MLA 潜向量维度 (d_c)", "", 512.0, 1.0, 1048576.0, true},
        {"mla_rope", "MLA RoPE key width (d_h^R)", "MLA RoPE 键维度 (d_h^R)", "", 64.0, 1.0, 65536.0, true},
        {"dtype_bytes", "Cache element type", "缓存数据类型", "B", 2.0, 1.0, 4.0, false,
         {{4.0, "fp32", "FP32 (4 B)", "FP32（4 字节）"},
          {2.0, "bf16", "BF16/FP16 (2 B)", "BF16/FP16（2 字节）"},
          {1.0, "fp8", "FP8/INT8 (1 B)", "FP8/INT8（1 字节）"}}},
        {"batch", "Batch (concurrent sequences)", "批大小（并发序列数）", "sequences", 1.0, 1.0, 1048576.0, true},
        {"seq_len", "Sequence length", "序列长度", "tokens", 4096.0, 1.0, 104857600.0, true},
    };
    f.evaluate = [](const Values& v) -> Expected<Results> {
        KvCacheInputs in{static_cast<Attention>(v.at("attention")), v.at("layers"), v.at("heads"),
                         v.at("kv_heads"), v.at("head_dim"), v.at("mla_latent"), v.at("mla_rope")};
        if (in.attention == Attention::Gqa &&
            (in.kvHeads > in.heads || std::fmod(in.heads, in.kvHeads) != 0.0)) {
            return FormulaError{FormulaError::Kind::Inconsistent, "kv_heads",
                                "kv_heads: must divide heads (" + formatNumber(in.heads) +
                                    ") for GQA; valid: a divisor of heads from 1 to " +
                                    formatNumber(in.heads)};
        }
        const double elements = kvElementsPerToken(in);
        const double bytesPerToken = elements * v.at("dtype_bytes");
        const double tokens = v.at("batch") * v.at("seq_len");
        const double total = bytesPerToken * tokens;
        const double mhaElements = 2.0 * in.heads * in.headDim * in.layers;
        return Results{
            {"elements_per_token_layer", "Cached elements per token per layer", "每 token 每层缓存元素",
             "elements", elements / in.layers, true},
            {"elements_per_token", "Cached elements per token", "每 token 缓存元素", "elements", elements, true},
            {"mha_ratio", "Share of the MHA cache of the same shape", "相对同形状 MHA 的比例", "%",
             100.0 * elements / mhaElements, true},
            // The GQA group count with the same cache: n_g = elements / (2 d_h l).
            {"equivalent_groups", "Equivalent GQA groups", "等效 GQA 组数", "",
             elements / (2.0 * in.headDim * in.layers), true},
            {"bytes_per_token_kib", "Bytes per token", "每 token 字节", "KiB (2^10 B)",
             bytesPerToken / units::KiB},
            {"tokens", "Cached tokens (batch x length)", "缓存 token 数（批 × 长度）", "tokens", tokens, true},
            {"total_gb", "Whole cache", "总缓存", "GB (10^9 B)", total / units::GB},
            {"total_gib", "Whole cache", "总缓存", "GiB (2^30 B)", total / units::GiB},
        };
    };
    f.fromModel = [](const ModelPreset& m) {
        Values v{{"attention", m.attention}, {"layers", m.layers}, {"heads", m.heads},
                 {"kv_heads", m.kvHeads}, {"head_dim", m.headDim}, {"seq_len", m.seqLen}};
        if (m.mlaLatentDim > 0) {
            v["mla_latent"] = m.mlaLatentDim;
            v["mla_rope"] = m.mlaRopeDim;
        }
        return v;
    };
    return f;
}

}  // namespace formulas
