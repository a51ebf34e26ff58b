#include "zero_memory.h"

#include "units.h"

namespace formulas {

ZeroMemory zeroMemory(double psi, double k, double nd)
{
    return {(2.0 + 2.0 + k) * psi, 2.0 * psi + 2.0 * psi + k * psi / nd, 2.0 * psi + (2.0 + k) * psi / nd,
            (2.0 + 2.0 + k) * psi / nd};
}

Formula zeroMemoryFormula()
{
    Formula f;
    f.id = "zero-memory";
    f.titleEn = "ZeRO-1/2/3: model-state memory per GPU";
    f.titleZh = "ZeRO-1/2/3：每卡模型状态显存";
    f.parameters = {
        {"params_b", "Parameters (Psi)", "参数量 (Ψ)", "billion", 7.5, 0.001, 100000.0},
        {"dp", "Data-parallel ranks (Nd)", "数据并行卡数 (Nd)", "", 64.0, 1.0, 1048576.0, true},
        {"k", "Optimizer bytes per parameter (K)", "每参数优化器字节 (K)", "B", 12.0, 1.0, 64.0},
    };
    f.evaluate = [](const Values& v) -> Result<Results> {
        const double psi = v.at("params_b") * units::billion;
        const double k = v.at("k");
        const double nd = v.at("dp");
        const ZeroMemory z = zeroMemory(psi, k, nd);
        return Results{
            {"weights_gb", "fp16 weights, 2 Psi", "fp16 权重 2Ψ", "GB (10^9 B)", 2 * psi / units::GB, true},
            {"grads_gb", "fp16 gradients, 2 Psi", "fp16 梯度 2Ψ", "GB (10^9 B)", 2 * psi / units::GB, true},
            {"optimizer_gb", "Optimizer states, K Psi", "优化器状态 KΨ", "GB (10^9 B)", k * psi / units::GB,
             true},
            {"baseline_gb", "Baseline data parallel", "普通数据并行", "GB (10^9 B)", z.baseline / units::GB},
            {"stage1_gb", "ZeRO-1 (P_os)", "ZeRO-1 (P_os)", "GB (10^9 B)", z.stage1 / units::GB},
            {"stage2_gb", "ZeRO-2 (P_os+g)", "ZeRO-2 (P_os+g)", "GB (10^9 B)", z.stage2 / units::GB},
            {"stage3_gb", "ZeRO-3 (P_os+g+p)", "ZeRO-3 (P_os+g+p)", "GB (10^9 B)", z.stage3 / units::GB},
            {"baseline_gib", "Baseline data parallel", "普通数据并行", "GiB (2^30 B)",
             z.baseline / units::GiB},
            {"stage1_gib", "ZeRO-1 (P_os)", "ZeRO-1 (P_os)", "GiB (2^30 B)", z.stage1 / units::GiB},
            {"stage2_gib", "ZeRO-2 (P_os+g)", "ZeRO-2 (P_os+g)", "GiB (2^30 B)", z.stage2 / units::GiB},
            {"stage3_gib", "ZeRO-3 (P_os+g+p)", "ZeRO-3 (P_os+g+p)", "GiB (2^30 B)", z.stage3 / units::GiB},
        };
    };
    f.fromModel = [](const ModelPreset& m) { return Values{{"params_b", m.paramsB}}; };
    return f;
}

}  // namespace formulas
