#include "param_count.h"

#include <cmath>

#include "units.h"

namespace formulas {

namespace {

// One MLP of width f: up (and gate) d x f, down f x d, with their biases when asked for.
double mlp(double d, double f, bool gated, bool biases)
{
    const double inputs = gated ? 2.0 : 1.0;
    return (inputs + 1.0) * d * f + (biases ? inputs * f + d : 0.0);
}

}  // namespace

ParamCount countParameters(const TransformerLayout& m)
{
    const double d = m.hidden;
    const double q = m.heads * m.headDim, kv = m.kvHeads * m.headDim;
    ParamCount c{};
    // Q and O are d x (n_h d_h); K and V are d x (n_kv d_h) each.
    c.attentionPerLayer = 2.0 * d * q + 2.0 * d * kv + (m.biases ? q + 2.0 * kv + d : 0.0);
    // Two norms per layer: RMSNorm has a gain, LayerNorm a gain and a bias.
    c.normsPerLayer = 2.0 * (m.biases ? 2.0 * d : d);
    c.mlpPerLayer = mlp(d, m.ffn, m.gated, m.biases);
    const bool moe = m.experts > 0.0;
    c.expertPerLayer = moe ? mlp(d, m.expertFfn, m.gated, m.biases) : 0.0;
    c.routerPerLayer = moe ? m.experts * d : 0.0;
    const double moeLayers = moe ? m.layers - m.denseLayers : 0.0;
    const double denseLayers = m.layers - moeLayers;
    const double finalNorm = m.biases ? 2.0 * d : d;
    c.embedding = m.vocab * d + m.learnedPositions * d;
    c.output = m.tied ? 0.0 : m.vocab * d;
    const double common = m.layers * (c.attentionPerLayer + c.normsPerLayer) + denseLayers * c.mlpPerLayer
                          + moeLayers * c.routerPerLayer + finalNorm;
    c.total = common + moeLayers * (m.experts + m.sharedExperts) * c.expertPerLayer + c.embedding + c.output;
    c.active = common + moeLayers * (m.topK + m.sharedExperts) * c.expertPerLayer + c.embedding + c.output;
    c.nonEmbedding = c.total - c.embedding - c.output;
    return c;
}

Formula paramCountFormula()
{
    Formula f;
    f.id = "param-count";
    f.titleEn = "Parameter count from the shape";
    f.titleZh = "由模型形状数参数量";
    // Defaults: Llama 3.1 8B (released config: 32 layers, d 4096, 32 heads, 8 KV heads,
    // d_ff 14336 SwiGLU, V 128256, untied, RMSNorm, RoPE).
    f.parameters = {
        {"layers", "Layers (l)", "层数 (l)", "", 32.0, 1.0, 100000.0, true},
        {"hidden", "Model width (d)", "模型宽度 (d)", "", 4096.0, 1.0, 1048576.0, true},
        {"heads", "Query heads (n_h)", "查询头数 (n_h)", "", 32.0, 1.0, 65536.0, true},
        {"kv_heads", "KV heads (n_kv; = n_h for MHA)", "KV 头数（n_kv；MHA 时等于 n_h）", "", 8.0, 1.0,
         65536.0, true},
        {"head_dim", "Head dimension (d_h)", "每头维度 (d_h)", "", 128.0, 1.0, 65536.0, true},
        {"ffn", "MLP width (d_ff)", "MLP 宽度 (d_ff)", "", 14336.0, 1.0, 1e7, true},
        {"mlp",
         "MLP kind",
         "MLP 类型",
         "",
         1.0,
         0.0,
         1.0,
         true,
         {{0.0, "gelu", "two matrices (GELU/ReLU)", "两个矩阵（GELU/ReLU）"},
          {1.0, "swiglu", "gated, three matrices (SwiGLU)", "门控，三个矩阵（SwiGLU）"}}},
        {"vocab", "Vocabulary (V)", "词表大小 (V)", "tokens", 128256.0, 1.0, 1e8, true},
        {"embeddings",
         "Output embedding",
         "输出 embedding",
         "",
         0.0,
         0.0,
         1.0,
         true,
         {{0.0, "untied", "untied (own V x d head)", "不共享（单独的 V × d 输出层）"},
          {1.0, "tied", "tied to the input embedding", "与输入 embedding 共享"}}},
        {"biases",
         "Biases and norms",
         "偏置与归一化",
         "",
         0.0,
         0.0,
         1.0,
         true,
         {{0.0, "none", "no biases, RMSNorm (Llama)", "无偏置，RMSNorm（Llama）"},
          {1.0, "gpt", "biases everywhere, LayerNorm (GPT-2/3)", "处处有偏置，LayerNorm（GPT-2/3）"}}},
        {"positions",
         "Position embedding",
         "位置编码",
         "",
         0.0,
         0.0,
         1.0,
         true,
         {{0.0, "rope", "rotary / none (no parameters)", "旋转位置编码或无（无参数）"},
          {1.0, "learned", "learned table of n_ctx rows", "可学习的 n_ctx 行位置表"}}},
        {"ctx", "Context rows of a learned position table", "可学习位置表的行数", "tokens", 2048.0, 1.0, 1e8,
         true},
        {"experts", "Routed experts per MoE layer", "每个 MoE 层的路由专家数", "", 8.0, 1.0, 65536.0, true},
        {"shared_experts",
         "Shared experts (MoE)",
         "共享专家数（MoE）",
         "",
         0.0,
         0.0,
         2.0,
         true,
         {{0.0, "0", "none", "无"},
          {1.0, "1", "one (DeepSeek-V3)", "1 个（DeepSeek-V3）"},
          {2.0, "2", "two", "2 个"}}},
        {"moe",
         "Layers",
         "层结构",
         "",
         0.0,
         0.0,
         1.0,
         true,
         {{0.0, "dense", "dense MLPs", "稠密 MLP"},
          {1.0, "moe", "mixture of experts after the dense layers", "前若干稠密层之后为 MoE"}}},
        {"top_k", "Routed experts per token (k)", "每 token 路由专家数 (k)", "", 2.0, 1.0, 1024.0, true},
        {"expert_ffn", "Expert MLP width", "专家 MLP 宽度", "", 14336.0, 1.0, 1e7, true},
        {"dense_layers",
         "Leading dense layers (MoE)",
         "开头的稠密层数（MoE）",
         "",
         0.0,
         0.0,
         3.0,
         true,
         {{0.0, "0", "none: every layer is MoE (Mixtral)", "无：每层都是 MoE（Mixtral）"},
          {1.0, "1", "one (DeepSeek-V2)", "1 层（DeepSeek-V2）"},
          {2.0, "2", "two", "2 层"},
          {3.0, "3", "three (DeepSeek-V3)", "3 层（DeepSeek-V3）"}}},
    };
    f.evaluate = [](const Values& v) -> Result<Results> {
        const double heads = v.at("heads"), kvHeads = v.at("kv_heads");
        if (kvHeads > heads || std::fmod(heads, kvHeads) != 0.0) {
            return FormulaError{FormulaError::Kind::Inconsistent, "kv_heads",
                                "kv_heads: must divide heads (" + formatNumber(heads) + ")"};
        }
        const bool moe = v.at("moe") == 1.0;
        const double denseLayers = moe ? v.at("dense_layers") : 0.0;
        if (denseLayers >= v.at("layers")) {
            return FormulaError{FormulaError::Kind::Inconsistent, "dense_layers",
                                "dense_layers: must be fewer than layers (" + formatNumber(v.at("layers"))
                                    + ")"};
        }
        if (moe && v.at("top_k") > v.at("experts")) {
            return FormulaError{FormulaError::Kind::Inconsistent, "top_k",
                                "top_k: at most experts (" + formatNumber(v.at("experts")) + ")"};
        }
        const TransformerLayout m{v.at("layers"),
                                  v.at("hidden"),
                                  heads,
                                  kvHeads,
                                  v.at("head_dim"),
                                  v.at("ffn"),
                                  v.at("mlp") == 1.0,
                                  v.at("vocab"),
                                  v.at("embeddings") == 1.0,
                                  v.at("biases") == 1.0,
                                  v.at("positions") == 1.0 ? v.at("ctx") : 0.0,
                                  moe ? v.at("experts") : 0.0,
                                  moe ? v.at("shared_experts") : 0.0,
                                  v.at("top_k"),
                                  v.at("expert_ffn"),
                                  denseLayers};
        const ParamCount c = countParameters(m);
        const double d = m.hidden;
        const double rule = 12.0 * m.layers * d * d + m.vocab * d;
        return Results{
            {"attention_per_layer", "Attention per layer (Q, K, V, O)", "每层注意力（Q、K、V、O）", "",
             c.attentionPerLayer, true},
            {"mlp_per_layer", "Dense MLP per layer", "每层稠密 MLP", "", c.mlpPerLayer, true},
            {"expert_per_layer", "One expert", "单个专家", "", c.expertPerLayer, true},
            {"embedding", "Input embedding (+ positions)", "输入 embedding（+ 位置表）", "", c.embedding,
             true},
            {"output", "Output head (0 when tied)", "输出层（共享时为 0）", "", c.output, true},
            {"non_embedding_b", "Non-embedding parameters", "非 embedding 参数", "billion",
             c.nonEmbedding / units::billion},
            {"total", "Total parameters", "总参数量", "", c.total},
            {"total_b", "Total parameters", "总参数量", "billion", c.total / units::billion},
            {"active_b", "Parameters used per token", "每 token 激活参数", "billion",
             c.active / units::billion},
            {"rule_of_thumb_b", "Rule of thumb 12 l d^2 + V d", "经验式 12ld² + Vd", "billion",
             rule / units::billion, true},
            {"rule_error", "Rule of thumb against the exact count", "经验式相对精确值的偏差", "%",
             100.0 * (rule / c.total - 1.0), true},
        };
    };
    f.fromModel = [](const ModelPreset& m) {
        // MLA's low-rank projections are not a Q/K/V/O shape; only the depth and width carry over.
        if (m.attention == 3)
            return Values{{"layers", m.layers}, {"hidden", m.hidden}};
        return Values{{"layers", m.layers},
                      {"hidden", m.hidden},
                      {"heads", m.heads},
                      {"kv_heads", m.kvHeads},
                      {"head_dim", m.headDim}};
    };
    return f;
}

}  // namespace formulas
