#include "training_flops.h"

#include "units.h"

namespace formulas {

double attentionFlopsPerToken(const TransformerShape& m) {
    // Per layer and token, Q K^T and the product with V are 2 T (H Q) multiply-adds each, i.e.
    // 4 T H Q FLOPs forward; backward costs twice the forward.
    return 12.0 * m.layers * m.heads * m.headDim * m.seqLen;
}

double modelFlopsPerToken(const TransformerShape& m) {
    return 6.0 * m.params + attentionFlopsPerToken(m);
}

static std::vector<ParameterSpec> shapeParameters() {
    return {
        {"params_b", "Parameters (N)", "参数量 (N)", "billion", 175.0, 0.001, 100000.0},
        {"layers", "Layers (L)", "层数 (L)", "", 96.0, 1.0, 100000.0, true},
        {"heads", "Attention heads (H)", "注意力头数 (H)", "", 96.0, 1.0, 65536.0, true},
        {"head_dim", "Head dimension (Q)", "每头维度 (Q)", "", 128.0, 1.0, 65536.0, true},
        {"seq_len", "Sequence length (T)", "序列长度 (T)", "tokens", 2048.0, 1.0, 104857600.0, true},
    };
}

Formula trainingFlopsFormula() {
    Formula f;
    f.id = "training-flops";
    f.titleEn = "Training FLOPs: 6ND plus the attention term";
    f.titleZh = "训练 FLOPs：6ND 加注意力项";
    f.parameters = shapeParameters();
    f.parameters.push_back({"tokens_b", "Training tokens (D)", "训练 token 数 (D)", "billion", 300.0, 0.001, 1e7});
    f.evaluate = [](const Values& v) -> Expected<Results> {
        const TransformerShape m{v.at("params_b") * units::billion, v.at("layers"), v.at("heads"),
                                 v.at("head_dim"), v.at("seq_len")};
        const double tokens = v.at("tokens_b") * units::billion;
        const double dense = 6.0 * m.params;
        const double attention = attentionFlopsPerToken(m);
        return Results{
            {"dense_per_token", "6N per token", "每 token 6N", "FLOP", dense, true},
            {"attention_per_token", "12 L H Q T per token", "每 token 12LHQT", "FLOP", attention, true},
            {"per_token", "FLOPs per token", "每 token FLOPs", "FLOP", dense + attention, true},
            {"attention_share", "Attention share", "注意力占比", "%", 100.0 * attention / (dense + attention), true},
            {"total_6nd", "6ND", "6ND", "FLOP", dense * tokens},
            {"total", "6ND + attention", "6ND + 注意力", "FLOP", (dense + attention) * tokens},
            // 1 PF-day = 10^15 FLOP/s for 86 400 s, the unit of the GPT-3 paper's Table D.1.
            {"total_pf_days", "6ND + attention", "6ND + 注意力", "PF-days", (dense + attention) * tokens / 8.64e19},
        };
    };
    f.fromModel = [](const ModelPreset& m) {
        return Values{{"params_b", m.activeParamsB}, {"layers", m.layers}, {"heads", m.heads},
                      {"head_dim", m.headDim}, {"seq_len", m.seqLen}};
    };
    return f;
}

}  // namespace formulas
