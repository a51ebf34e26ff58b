#include "mfu.h"

#include "units.h"

namespace formulas {

double hardwareFlopsPerToken(const TransformerShape& m, int recompute) {
    const double forwardAttention = attentionFlopsPerToken(m) / 3.0;
    const double model = modelFlopsPerToken(m);
    switch (recompute) {
    // Selective recomputation, as Korthikanti et al. 2022 count it (Eq. 8, the convention of the
    // paper's and the Megatron-LM README's MFU/HFU pairs): the attention term s/6h becomes s/3h,
    // i.e. 12LHQT once more per token, not only the recomputed forward (4LHQT).
    case 1: return model + attentionFlopsPerToken(m);
    case 2: return model + 2.0 * m.params + forwardAttention;
    default: return model;
    }
}

double utilisation(double flopsPerToken, double tokensPerSecond, double chips, double peakFlops) {
    return tokensPerSecond * flopsPerToken / (chips * peakFlops);
}

Formula mfuFormula() {
    Formula f;
    f.id = "mfu";
    f.titleEn = "MFU and HFU";
    f.titleZh = "MFU 与 HFU";
    // Defaults: PaLM 540B as trained (PaLM paper, Table 3 and Appendix B).
    f.parameters = {
        {"params_b", "Parameters (N)", "参数量 (N)", "billion", 540.35, 0.001, 100000.0},
        {"layers", "Layers (L)", "层数 (L)", "", 118.0, 1.0, 100000.0, true},
        {"heads", "Attention heads (H)", "注意力头数 (H)", "", 48.0, 1.0, 65536.0, true},
        {"head_dim", "Head dimension (Q)", "每头维度 (Q)", "", 256.0, 1.0, 65536.0, true},
        {"seq_len", "Sequence length (T)", "序列长度 (T)", "tokens", 2048.0, 1.0, 104857600.0, true},
        {"tokens_per_s", "Measured throughput", "实测吞吐", "tokens/s", 238300.0, 1e-6, 1e12},
        {"chips", "Accelerators", "加速卡数", "", 6144.0, 1.0, 10000000.0, true},
        {"peak_tflops", "Peak per accelerator (dense)", "单卡峰值（稠密）", "TFLOP/s (10^12)", 275.0, 0.001, 100000.0},
        {"recompute", "Activation recomputation", "激活重计算", "", 0.0, 0.0, 2.0, true,
         {{0.0, "none", "none", "不重计算"},
          {1.0, "selective", "selective (attention scores)", "选择性（注意力分数）"},
          {2.0, "full", "full forward", "完整前向"}}},
    };
    f.evaluate = [](const Values& v) -> Expected<Results> {
        const TransformerShape m{v.at("params_b") * units::billion, v.at("layers"), v.at("heads"),
                                 v.at("head_dim"), v.at("seq_len")};
        const double tps = v.at("tokens_per_s");
        const double chips = v.at("chips");
        const double peak = v.at("peak_tflops") * units::tera;
        const double model = modelFlopsPerToken(m);
        const double hardware = hardwareFlopsPerToken(m, static_cast<int>(v.at("recompute")));
        return Results{
            {"model_flops_per_token", "Model FLOPs per token (6N + 12LHQT)", "每 token 模型 FLOPs", "FLOP", model, true},
            {"hardware_flops_per_token", "Hardware FLOPs per token (with recomputation)",
             "每 token 硬件 FLOPs（含重计算）", "FLOP", hardware, true},
            {"achieved_tflops", "Model FLOP/s per accelerator", "每卡模型 FLOP/s", "TFLOP/s (10^12)",
             tps * model / chips / units::tera, true},
            {"peak_total_flops", "Peak of all accelerators", "全部卡峰值", "FLOP/s", chips * peak, true},
            {"mfu", "MFU", "MFU", "%", 100.0 * utilisation(model, tps, chips, peak)},
            {"hfu", "HFU", "HFU", "%", 100.0 * utilisation(hardware, tps, chips, peak)},
        };
    };
    f.fromModel = [](const ModelPreset& m) {
        return Values{{"params_b", m.activeParamsB}, {"layers", m.layers}, {"heads", m.heads},
                      {"head_dim", m.headDim}, {"seq_len", m.seqLen}};
    };
    f.fromDevice = [](const DevicePreset& d) { return Values{{"peak_tflops", d.bf16DenseTflops}}; };
    return f;
}

}  // namespace formulas
