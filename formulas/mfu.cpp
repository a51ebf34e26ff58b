#include "mfu.h"

#include "units.h"

namespace formulas {

double hardwareFlopsPerToken(const TransformerShape& m, int recompute)
{
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

double rerunFlopsPerToken(const TransformerShape& m, int recompute)
{
    if (recompute == 1)
        return modelFlopsPerToken(m) + attentionFlopsPerToken(m) / 3.0;
    return hardwareFlopsPerToken(m, recompute);
}

double utilisation(double flopsPerToken, double tokensPerSecond, double chips, double peakFlops)
{
    return tokensPerSecond * flopsPerToken / (chips * peakFlops);
}

double hardwareOverModel(double forwardPasses)
{
    return (forwardPasses + 2.0) / 3.0;
}

Formula mfuFormula()
{
    Formula f;
    f.id = "mfu";
    f.titleEn = "MFU and HFU";
    f.titleZh = "MFU 与 HFU";
    // Defaults: PaLM 540B as trained (PaLM paper, Table 3 and Appendix B); its 540.35B
    // parameters include the shared input/output embedding, so the logit layer is in N.
    f.parameters = {
        {"params_b", "Parameters (N)", "参数量 (N)", "billion", 540.35, 0.001, 100000.0},
        {"layers", "Layers (L)", "层数 (L)", "", 118.0, 1.0, 100000.0, true},
        {"heads", "Attention heads (H)", "注意力头数 (H)", "", 48.0, 1.0, 65536.0, true},
        {"head_dim", "Head dimension (Q)", "每头维度 (Q)", "", 256.0, 1.0, 65536.0, true},
        {"seq_len", "Sequence length (T)", "序列长度 (T)", "tokens", 2048.0, 1.0, 104857600.0, true},
        {"tokens_per_s", "Measured throughput", "实测吞吐", "tokens/s", 238300.0, 1e-6, 1e12},
        {"chips", "Accelerators", "加速卡数", "", 6144.0, 1.0, 10000000.0, true},
        {"peak_tflops", "Peak per accelerator (dense)", "单卡峰值（稠密）", "TFLOP/s (10^12)", 275.0, 0.001,
         100000.0},
        {"recompute",
         "Activation recomputation",
         "激活重计算",
         "",
         0.0,
         0.0,
         2.0,
         true,
         {{0.0, "none", "none", "不重计算"},
          {1.0, "selective", "selective (attention scores)", "选择性（注意力分数）"},
          {2.0, "full", "full forward", "完整前向"}}},
    };
    for (ParameterSpec& p : logitParameters(18432.0))
        f.parameters.push_back(std::move(p));
    f.evaluate = [](const Values& v) -> Result<Results> {
        const TransformerShape m{v.at("params_b") * units::billion, v.at("layers"), v.at("heads"),
                                 v.at("head_dim"), v.at("seq_len")};
        const double tps = v.at("tokens_per_s");
        const double chips = v.at("chips");
        const double peak = v.at("peak_tflops") * units::tera;
        const int recompute = static_cast<int>(v.at("recompute"));
        const double logit = logitFlopsFrom(v);
        const double model = modelFlopsPerToken(m) + logit;
        const double hardware = hardwareFlopsPerToken(m, recompute) + logit;
        const double rerun = rerunFlopsPerToken(m, recompute) + logit;
        const double withoutAttention = 6.0 * m.params + logit;
        return Results{
            {"logit_flops_per_token", "Logit layer 6 V d per token (0 when in N)",
             "每 token logit 层 6Vd（计入 N 时为 0）", "FLOP", logit, true},
            {"model_flops_per_token", "Model FLOPs per token (6N + 12LHQT + logit)",
             "每 token 模型 FLOPs（6N + 12LHQT + logit）", "FLOP", model, true},
            {"hardware_flops_per_token", "Hardware FLOPs per token (with recomputation)",
             "每 token 硬件 FLOPs（含重计算）", "FLOP", hardware, true},
            {"recompute_overhead", "Extra FLOPs of recomputation, hardware / model - 1",
             "重计算多出的 FLOPs（硬件/模型 - 1）", "%", 100.0 * (hardware / model - 1.0), true},
            {"achieved_tflops", "Model FLOP/s per accelerator", "每卡模型 FLOP/s", "TFLOP/s (10^12)",
             tps * model / chips / units::tera, true},
            {"hardware_tflops", "Hardware FLOP/s per accelerator", "每卡硬件 FLOP/s", "TFLOP/s (10^12)",
             tps * hardware / chips / units::tera, true},
            {"peak_total_flops", "Peak of all accelerators", "全部卡峰值", "FLOP/s", chips * peak, true},
            {"mfu", "MFU", "MFU", "%", 100.0 * utilisation(model, tps, chips, peak)},
            {"mfu_no_attention", "MFU without the attention term (6N only)", "不计注意力项的 MFU（仅 6N）",
             "%", 100.0 * utilisation(withoutAttention, tps, chips, peak), true},
            {"hfu", "HFU (Korthikanti Eq. 8 convention)", "HFU（Korthikanti 式 8 口径）", "%",
             100.0 * utilisation(hardware, tps, chips, peak)},
            {"hfu_rerun_only", "HFU counting only the re-run forward (selective: + 4LHQT)",
             "只计实际重跑的前向的 HFU（selective：+4LHQT）", "%",
             100.0 * utilisation(rerun, tps, chips, peak), true},
        };
    };
    f.fromModel = [](const ModelPreset& m) {
        return Values{{"params_b", m.activeParamsB}, {"layers", m.layers},  {"heads", m.heads},
                      {"head_dim", m.headDim},       {"seq_len", m.seqLen}, {"hidden", m.hidden}};
    };
    f.fromDevice = [](const DevicePreset& d) { return Values{{"peak_tflops", d.bf16DenseTflops}}; };
    return f;
}

Formula mfuFromTflopsFormula()
{
    Formula f;
    f.id = "mfu-from-tflops";
    f.titleEn = "MFU and HFU from the achieved TFLOP/s per GPU";
    f.titleZh = "由每卡实测 TFLOP/s 求 MFU 与 HFU";
    // Defaults: the 1T-parameter run of Narayanan et al. 2021, Table 1 (163 TFLOP/s per A100,
    // counted with Eq. 3, i.e. with the recomputed forward, on 3072 GPUs).
    f.parameters = {
        {"achieved_tflops", "Achieved per GPU (X)", "每卡实测 (X)", "TFLOP/s (10^12)", 163.0, 0.001, 1e6},
        {"counted",
         "What X counts",
         "X 的计数口径",
         "",
         1.0,
         0.0,
         1.0,
         true,
         {{0.0, "model", "model FLOPs (6N, no recomputation)", "模型 FLOPs（6N，不含重计算）"},
          {1.0, "hardware", "hardware FLOPs (recomputation included, Megatron Eq. 3)",
           "硬件 FLOPs（含重计算，Megatron 式 3）"}}},
        {"forward_passes", "Forward passes per step (1 none, 2 full recomputation)",
         "每步前向次数（1 不重算，2 完全重算）", "", 2.0, 1.0, 10.0},
        {"peak_tflops", "Peak per GPU (dense)", "单卡峰值（稠密）", "TFLOP/s (10^12)", 312.0, 0.001,
         100000.0},
        {"gpus", "GPUs (n)", "GPU 数 (n)", "", 3072.0, 1.0, 1e8, true},
    };
    f.evaluate = [](const Values& v) -> Result<Results> {
        const double x = v.at("achieved_tflops");
        const double ratio = hardwareOverModel(v.at("forward_passes"));
        const double hardware = v.at("counted") == 1.0 ? x : x * ratio;
        const double model = v.at("counted") == 1.0 ? x / ratio : x;
        const double peak = v.at("peak_tflops");
        return Results{
            {"hardware_over_model", "Hardware / model FLOPs, (k + 2)/3", "硬件/模型 FLOPs，(k + 2)/3", "",
             ratio, true},
            {"model_tflops", "Model FLOP/s per GPU", "每卡模型 FLOP/s", "TFLOP/s (10^12)", model, true},
            {"hardware_tflops", "Hardware FLOP/s per GPU", "每卡硬件 FLOP/s", "TFLOP/s (10^12)", hardware,
             true},
            {"mfu", "MFU", "MFU", "%", 100.0 * model / peak},
            {"hfu", "HFU", "HFU", "%", 100.0 * hardware / peak},
            {"aggregate_pflops", "All GPUs, n X", "全部 GPU，nX", "PFLOP/s (10^15)", v.at("gpus") * x / 1e3},
        };
    };
    f.fromDevice = [](const DevicePreset& d) { return Values{{"peak_tflops", d.bf16DenseTflops}}; };
    return f;
}

}  // namespace formulas
