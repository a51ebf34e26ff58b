#include "memory_ledger.h"

#include "units.h"

namespace formulas {

LedgerBytes ledgerBytesPerParameter(Precision precision, Optimizer optimizer)
{
    const int moments = optimizer == Optimizer::Adam ? 2 : optimizer == Optimizer::SgdMomentum ? 1 : 0;
    switch (precision) {
    case Precision::Fp32: return {4.0, 4.0, 4.0 * moments};
    case Precision::Mixed16:
        // FP16/BF16 weights and gradients; the optimizer keeps an FP32 master copy and FP32
        // moments, so Adam's K = 4 + 4 + 4 = 12.
        return {2.0, 2.0, 4.0 + 4.0 * moments};
    case Precision::Pure16:
        // Everything in BF16, no master copy (moments in BF16 too).
        return {2.0, 2.0, 2.0 * moments};
    }
    return {0.0, 0.0, 0.0};
}

Formula memoryLedgerFormula()
{
    Formula f;
    f.id = "memory-ledger";
    f.titleEn = "Training memory ledger: weights, gradients, optimizer states";
    f.titleZh = "训练显存账本：权重、梯度、优化器状态";
    f.parameters = {
        {"params_b", "Parameters", "参数量", "billion", 7.0, 0.001, 100000.0},
        {"precision",
         "Precision",
         "精度",
         "",
         1.0,
         0.0,
         2.0,
         true,
         {{0.0, "fp32", "FP32 everywhere", "全 FP32"},
          {1.0, "mixed", "FP16/BF16 mixed precision with FP32 master weights",
           "FP16/BF16 混合精度 + FP32 主权重"},
          {2.0, "bf16", "pure BF16 (no master copy)", "纯 BF16（无主权重）"}}},
        {"optimizer",
         "Optimizer",
         "优化器",
         "",
         0.0,
         0.0,
         2.0,
         true,
         {{0.0, "adam", "Adam / AdamW (2 moments)", "Adam / AdamW（两个矩）"},
          {1.0, "sgd-momentum", "SGD with momentum (1 buffer)", "带动量的 SGD（一个缓冲）"},
          {2.0, "sgd", "plain SGD (no state)", "普通 SGD（无状态）"}}},
    };
    f.evaluate = [](const Values& v) -> Result<Results> {
        const double psi = v.at("params_b") * units::billion;
        const LedgerBytes b = ledgerBytesPerParameter(static_cast<Precision>(v.at("precision")),
                                                      static_cast<Optimizer>(v.at("optimizer")));
        const double total = b.total() * psi;
        return Results{
            {"weight_bytes_per_param", "Weights per parameter", "每参数权重", "B", b.weights, true},
            {"grad_bytes_per_param", "Gradients per parameter", "每参数梯度", "B", b.gradients, true},
            {"optimizer_bytes_per_param", "Optimizer states per parameter (K)", "每参数优化器状态 (K)", "B",
             b.optimizer, true},
            {"bytes_per_param", "Total per parameter", "每参数合计", "B", b.total(), true},
            {"weights_gb", "Weights", "权重", "GB (10^9 B)", b.weights * psi / units::GB},
            {"grads_gb", "Gradients", "梯度", "GB (10^9 B)", b.gradients * psi / units::GB},
            {"optimizer_gb", "Optimizer states", "优化器状态", "GB (10^9 B)", b.optimizer * psi / units::GB},
            {"total_gb", "Model states in total", "模型状态合计", "GB (10^9 B)", total / units::GB},
            {"total_gib", "Model states in total", "模型状态合计", "GiB (2^30 B)", total / units::GiB},
        };
    };
    f.fromModel = [](const ModelPreset& m) { return Values{{"params_b", m.paramsB}}; };
    return f;
}

}  // namespace formulas
