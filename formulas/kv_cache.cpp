#include "kv_cache.h"

#include <cmath>

#include "units.h"

namespace formulas {

double kvElementsPerToken(const KvCacheInputs& in)
{
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

double cachedElementBytes(double dtypeBytes, double groupSize, double scaleBytes)
{
    // Below 8 bits each group of elements carries its own scale (and zero point, if asymmetric).
    return dtypeBytes < 1.0 ? dtypeBytes + scaleBytes / groupSize : dtypeBytes;
}

Formula kvCacheFormula()
{
    Formula f;
    f.id = "kv-cache";
    f.titleEn = "KV-cache size (MHA, MQA, GQA, MLA)";
    f.titleZh = "KV cache 大小（MHA、MQA、GQA、MLA）";
    f.parameters = {
        {"attention",
         "Attention kind",
         "注意力类型",
         "",
         0.0,
         0.0,
         3.0,
         true,
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
        {"dtype_bytes",
         "Cache element type",
         "缓存数据类型",
         "B",
         2.0,
         1.0,
         4.0,
         false,
         {{4.0, "fp32", "FP32 (4 B)", "FP32（4 字节）"},
          {2.0, "bf16", "BF16/FP16 (2 B)", "BF16/FP16（2 字节）"},
          {1.0, "fp8", "FP8/INT8 (1 B)", "FP8/INT8（1 字节）"},
          {0.5, "int4", "INT4/FP4 (0.5 B) + one scale per group", "INT4/FP4（0.5 字节）+ 每组一个 scale"}}},
        {"group_size", "Elements per scale group (4-bit only)", "每个 scale 管的元素数（仅 4 bit）",
         "elements", 32.0, 1.0, 65536.0, true},
        {"scale_bytes",
         "Scale per group (4-bit only)",
         "每组 scale（仅 4 bit）",
         "B",
         2.0,
         1.0,
         4.0,
         false,
         {{1.0, "fp8", "one 8-bit scale (NVFP4 E4M3, MXFP4 E8M0)",
           "一个 8 bit scale（NVFP4 E4M3、MXFP4 E8M0）"},
          {2.0, "fp16", "one FP16 scale", "一个 FP16 scale"},
          {4.0, "fp16-zero", "FP16 scale + FP16 zero point (asymmetric INT4)",
           "FP16 scale + FP16 零点（非对称 INT4）"}}},
        {"batch", "Batch (concurrent sequences)", "批大小（并发序列数）", "sequences", 1.0, 1.0, 1048576.0,
         true},
        {"seq_len", "Sequence length", "序列长度", "tokens", 4096.0, 1.0, 104857600.0, true},
    };
    f.evaluate = [](const Values& v) -> Result<Results> {
        KvCacheInputs in{static_cast<Attention>(v.at("attention")),
                         v.at("layers"),
                         v.at("heads"),
                         v.at("kv_heads"),
                         v.at("head_dim"),
                         v.at("mla_latent"),
                         v.at("mla_rope")};
        if (in.attention == Attention::Gqa
            && (in.kvHeads > in.heads || std::fmod(in.heads, in.kvHeads) != 0.0)) {
            return FormulaError{FormulaError::Kind::Inconsistent, "kv_heads",
                                "kv_heads: must divide heads (" + formatNumber(in.heads)
                                    + ") for GQA; valid: a divisor of heads from 1 to "
                                    + formatNumber(in.heads)};
        }
        const double elements = kvElementsPerToken(in);
        const double elementBytes =
            cachedElementBytes(v.at("dtype_bytes"), v.at("group_size"), v.at("scale_bytes"));
        const double bytesPerToken = elements * elementBytes;
        const double tokens = v.at("batch") * v.at("seq_len");
        const double total = bytesPerToken * tokens;
        const double mhaElements = 2.0 * in.heads * in.headDim * in.layers;
        return Results{
            {"elements_per_token_layer", "Cached elements per token per layer", "每 token 每层缓存元素",
             "elements", elements / in.layers, true},
            {"elements_per_token", "Cached elements per token", "每 token 缓存元素", "elements", elements,
             true},
            {"mha_ratio", "Share of the MHA cache of the same shape", "相对同形状 MHA 的比例", "%",
             100.0 * elements / mhaElements, true},
            // The GQA group count with the same cache: n_g = elements / (2 d_h l).
            {"equivalent_groups", "Equivalent GQA groups", "等效 GQA 组数", "",
             elements / (2.0 * in.headDim * in.layers), true},
            {"bits_per_element", "Bits per cached element (with group scales)",
             "每个缓存元素的比特数（含组 scale）", "bit", 8.0 * elementBytes, true},
            {"bytes_per_token_kib", "Bytes per token", "每 token 字节", "KiB (2^10 B)",
             bytesPerToken / units::KiB},
            {"tokens", "Cached tokens (batch x length)", "缓存 token 数（批 × 长度）", "tokens", tokens,
             true},
            {"total_gb", "Whole cache", "总缓存", "GB (10^9 B)", total / units::GB},
            {"total_gib", "Whole cache", "总缓存", "GiB (2^30 B)", total / units::GiB},
        };
    };
    f.fromModel = [](const ModelPreset& m) {
        Values v{{"attention", m.attention}, {"layers", m.layers},    {"heads", m.heads},
                 {"kv_heads", m.kvHeads},    {"head_dim", m.headDim}, {"seq_len", m.seqLen}};
        if (m.mlaLatentDim > 0) {
            v["mla_latent"] = m.mlaLatentDim;
            v["mla_rope"] = m.mlaRopeDim;
        }
        return v;
    };
    return f;
}

}  // namespace formulas

namespace formulas {

Formula kvCacheCompareFormula()
{
    Formula f;
    f.id = "kv-cache-compare";
    f.titleEn = "KV cache of two attention designs compared";
    f.titleZh = "两种注意力设计的 KV cache 对比";
    const std::vector<Choice> kinds = {{0.0, "mha", "MHA", "MHA"},
                                       {1.0, "mqa", "MQA", "MQA"},
                                       {2.0, "gqa", "GQA", "GQA"},
                                       {3.0, "mla", "MLA", "MLA"}};
    // Defaults: DeepSeek 67B (GQA, 95 layers, 64 heads, 8 KV heads of 128, BF16) against
    // DeepSeek-V2 as deployed (MLA, 60 layers, d_c 512, d_h^R 64, about 6 bits per element).
    auto design = [&](const std::string& p, const std::string& en, const std::string& zh, double kind,
                      double layers, double heads, double kvHeads, double latent, double bits) {
        return std::vector<ParameterSpec>{
            {p + "attention", en + ": attention", zh + "：注意力", "", kind, 0.0, 3.0, true, kinds},
            {p + "layers", en + ": layers", zh + "：层数", "", layers, 1.0, 100000.0, true},
            {p + "heads", en + ": query heads", zh + "：查询头数", "", heads, 1.0, 65536.0, true},
            {p + "kv_heads", en + ": KV heads (GQA)", zh + "：KV 头数（GQA）", "", kvHeads, 1.0, 65536.0,
             true},
            {p + "head_dim", en + ": head dimension", zh + "：每头维度", "", 128.0, 1.0, 65536.0, true},
            {p + "latent", en + ": MLA latent d_c", zh + "：MLA 潜向量 d_c", "", latent, 1.0, 1048576.0,
             true},
            {p + "rope", en + ": MLA RoPE key d_h^R", zh + "：MLA RoPE 键 d_h^R", "", 64.0, 1.0, 65536.0,
             true},
            {p + "bits", en + ": bits per cached element", zh + "：每个缓存元素的比特数", "bit", bits, 0.5,
             64.0},
        };
    };
    f.parameters = design("a_", "Design A", "设计 A", 2.0, 95.0, 64.0, 8.0, 512.0, 16.0);
    for (ParameterSpec& p : design("b_", "Design B", "设计 B", 3.0, 60.0, 128.0, 8.0, 512.0, 6.0))
        f.parameters.push_back(std::move(p));
    f.parameters.push_back(
        {"memory_gb", "Memory left for the cache", "可用于缓存的显存", "GB (10^9 B)", 80.0, 1e-6, 1e9});
    f.evaluate = [](const Values& v) -> Result<Results> {
        auto read = [&](const std::string& p) {
            return KvCacheInputs{static_cast<Attention>(v.at(p + "attention")),
                                 v.at(p + "layers"),
                                 v.at(p + "heads"),
                                 v.at(p + "kv_heads"),
                                 v.at(p + "head_dim"),
                                 v.at(p + "latent"),
                                 v.at(p + "rope")};
        };
        const KvCacheInputs a = read("a_"), b = read("b_");
        for (const auto& [in, p] : {std::pair{a, std::string("a_")}, std::pair{b, std::string("b_")}}) {
            if (in.attention == Attention::Gqa
                && (in.kvHeads > in.heads || std::fmod(in.heads, in.kvHeads) != 0.0)) {
                return FormulaError{FormulaError::Kind::Inconsistent, p + "kv_heads",
                                    p + "kv_heads: must divide " + p + "heads (" + formatNumber(in.heads)
                                        + ") for GQA"};
            }
        }
        const double ea = kvElementsPerToken(a), eb = kvElementsPerToken(b);
        const double ba = ea * v.at("a_bits") / 8.0, bb = eb * v.at("b_bits") / 8.0;
        const double memory = v.at("memory_gb") * units::GB;
        return Results{
            {"a_elements_per_token", "A: cached elements per token", "A：每 token 缓存元素", "elements", ea,
             true},
            {"b_elements_per_token", "B: cached elements per token", "B：每 token 缓存元素", "elements", eb,
             true},
            {"a_bytes_per_token", "A: bytes per token", "A：每 token 字节", "B", ba},
            {"b_bytes_per_token", "B: bytes per token", "B：每 token 字节", "B", bb},
            {"element_ratio", "B / A in elements (shape only)", "B / A（仅看元素数）", "%", 100.0 * eb / ea,
             true},
            {"ratio", "B / A in bytes", "B / A（字节）", "%", 100.0 * bb / ba},
            {"saving", "Saving of B against A", "B 相对 A 节省", "%", 100.0 * (1.0 - bb / ba)},
            // B's per-layer cache in units of one GQA group of A's head size (2 d_h per layer).
            {"b_equivalent_groups", "B as GQA groups of its head size", "B 折合的 GQA 组数", "",
             eb / (2.0 * b.headDim * b.layers), true},
            {"a_tokens_fit", "A: tokens that fit", "A：放得下的 token 数", "tokens", memory / ba, true},
            {"b_tokens_fit", "B: tokens that fit", "B：放得下的 token 数", "tokens", memory / bb, true},
        };
    };
    return f;
}

}  // namespace formulas
