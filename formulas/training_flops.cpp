#include "training_flops.h"

#include "units.h"

namespace formulas {

double attentionFlopsPerToken(const TransformerShape& m)
{
    // Per layer and token, Q K^T and the product with V are 2 T (H Q) multiply-adds each, i.e.
    // 4 T H Q FLOPs forward; backward costs twice the forward.
    return 12.0 * m.layers * m.heads * m.headDim * m.seqLen;
}

double modelFlopsPerToken(const TransformerShape& m)
{
    return 6.0 * m.params + attentionFlopsPerToken(m);
}

double logitFlopsPerToken(double vocab, double hidden)
{
    // The projection of each token's d features onto V logits is a d x V GEMM: 2 V d FLOPs
    // forward, twice that backward (input and weight gradients).
    return 6.0 * vocab * hidden;
}

std::vector<ParameterSpec> logitParameters(double defaultHidden)
{
    return {
        {"logit",
         "Logit layer (output embedding)",
         "logit 层（输出 embedding）",
         "",
         0.0,
         0.0,
         1.0,
         true,
         {{0.0, "in-n", "counted in N (PaLM, GPT-3 totals)", "已计入 N（PaLM、GPT-3 的总参数）"},
          {1.0, "separate", "separate: + 6 V d per token (Megatron)", "单独计：每 token + 6Vd（Megatron）"}}},
        {"vocab", "Vocabulary (V)", "词表大小 (V)", "tokens", 51200.0, 1.0, 1e8, true},
        {"hidden", "Model width (d)", "模型宽度 (d)", "", defaultHidden, 1.0, 1048576.0, true},
    };
}

double logitFlopsFrom(const Values& v)
{
    return v.at("logit") == 1.0 ? logitFlopsPerToken(v.at("vocab"), v.at("hidden")) : 0.0;
}

static std::vector<ParameterSpec> shapeParameters()
{
    return {
        {"params_b", "Parameters (N)", "参数量 (N)", "billion", 175.0, 0.001, 100000.0},
        {"layers", "Layers (L)", "层数 (L)", "", 96.0, 1.0, 100000.0, true},
        {"heads", "Attention heads (H)", "注意力头数 (H)", "", 96.0, 1.0, 65536.0, true},
        {"head_dim", "Head dimension (Q)", "每头维度 (Q)", "", 128.0, 1.0, 65536.0, true},
        {"seq_len", "Sequence length (T)", "序列长度 (T)", "tokens", 2048.0, 1.0, 104857600.0, true},
    };
}

Formula trainingFlopsFormula()
{
    Formula f;
    f.id = "training-flops";
    f.titleEn = "Training FLOPs: 6ND plus the attention term";
    f.titleZh = "训练 FLOPs：6ND 加注意力项";
    f.parameters = shapeParameters();
    f.parameters.push_back(
        {"tokens_b", "Training tokens (D)", "训练 token 数 (D)", "billion", 300.0, 0.001, 1e7});
    for (ParameterSpec& p : logitParameters(12288.0))
        f.parameters.push_back(std::move(p));
    f.evaluate = [](const Values& v) -> Result<Results> {
        const TransformerShape m{v.at("params_b") * units::billion, v.at("layers"), v.at("heads"),
                                 v.at("head_dim"), v.at("seq_len")};
        const double tokens = v.at("tokens_b") * units::billion;
        const double dense = 6.0 * m.params;
        const double attention = attentionFlopsPerToken(m);
        const double logit = logitFlopsFrom(v);
        const double perToken = dense + attention + logit;
        return Results{
            {"dense_per_token", "6N per token", "每 token 6N", "FLOP", dense, true},
            {"attention_per_token", "12 L H Q T per token", "每 token 12LHQT", "FLOP", attention, true},
            {"logit_per_token", "Logit layer 6 V d per token (0 when in N)",
             "每 token logit 层 6Vd（计入 N 时为 0）", "FLOP", logit, true},
            {"per_token", "FLOPs per token", "每 token FLOPs", "FLOP", perToken, true},
            {"attention_share", "Attention share", "注意力占比", "%", 100.0 * attention / perToken, true},
            {"total_6nd", "6ND", "6ND", "FLOP", dense * tokens},
            {"total", "6ND + attention + logit", "6ND + 注意力 + logit", "FLOP", perToken * tokens},
            // 1 PF-day = 10^15 FLOP/s for 86 400 s, the unit of the GPT-3 paper's Table D.1.
            {"total_pf_days", "6ND + attention + logit", "6ND + 注意力 + logit", "PF-days",
             perToken * tokens / 8.64e19},
        };
    };
    f.fromModel = [](const ModelPreset& m) {
        return Values{{"params_b", m.activeParamsB}, {"layers", m.layers},  {"heads", m.heads},
                      {"head_dim", m.headDim},       {"seq_len", m.seqLen}, {"hidden", m.hidden}};
    };
    return f;
}

}  // namespace formulas
