#include "zero_sizing.h"

#include "units.h"

#include <cmath>

namespace formulas {

std::array<double, 4> zeroBytesPerParameter(double k, double nd)
{
    return {2.0 + 2.0 + k, 2.0 + 2.0 + k / nd, 2.0 + (2.0 + k) / nd, (2.0 + 2.0 + k) / nd};
}

std::array<double, 4> zeroMaxParameters(double memoryBytes, double k, double nd, double mp)
{
    const auto perParam = zeroBytesPerParameter(k, nd);
    std::array<double, 4> out{};
    for (std::size_t s = 0; s < 4; ++s)
        out[s] = memoryBytes * mp / perParam[s];
    return out;
}

std::array<std::optional<double>, 4> zeroMinDataParallel(double psi, double memoryBytes, double k, double mp)
{
    // Per GPU at stage s: (fixed + split / Nd) * psi / mp <= M, so Nd >= split * psi / (M mp - fixed psi).
    const double budget = memoryBytes * mp;
    const auto ranks = [&](double fixed, double split) -> std::optional<double> {
        const double room = budget - fixed * psi;
        if (room <= 0)
            return std::nullopt;
        return std::max(1.0, std::ceil(split * psi / room - 1e-9));
    };
    std::array<std::optional<double>, 4> out;
    out[0] = (4.0 + k) * psi <= budget ? std::optional<double>(1.0) : std::nullopt;
    out[1] = ranks(4.0, k);
    out[2] = ranks(2.0, 2.0 + k);
    out[3] = ranks(0.0, 4.0 + k);
    return out;
}

double zeroStepElementsSent(double psi, double nd, int stage)
{
    return (stage == 3 ? 3.0 : 2.0) * psi * (nd - 1.0) / nd;
}

Formula zeroSizingFormula()
{
    Formula f;
    f.id = "zero-sizing";
    f.titleEn = "ZeRO backwards: the largest model per GPU, the fewest GPUs per model";
    f.titleZh = "ZeRO 反推：每卡能放下的最大模型、放下模型所需的最少卡数";
    f.parameters = {
        {"memory_gb", "Memory per GPU for model states (M)", "每卡可用于模型状态的显存 (M)", "GB (10^9 B)",
         32.0, 0.001, 100000.0},
        {"dp", "Data-parallel ranks (Nd)", "数据并行卡数 (Nd)", "", 64.0, 1.0, 1048576.0, true},
        {"mp", "Model-parallel ranks sharing one replica (MP)", "一份模型切分的模型并行卡数 (MP)", "", 1.0,
         1.0, 65536.0, true},
        {"k", "Optimizer bytes per parameter (K)", "每参数优化器字节 (K)", "B", 12.0, 1.0, 64.0},
        {"params_b", "Model to place (Psi), for the fewest GPUs", "要放下的模型 (Ψ)，用于最少卡数", "billion",
         175.0, 0.001, 1000000.0},
    };
    f.evaluate = [](const Values& v) -> Result<Results> {
        const double memory = v.at("memory_gb") * units::GB;
        const double nd = v.at("dp"), mp = v.at("mp"), k = v.at("k");
        const auto per = zeroBytesPerParameter(k, nd);
        const auto most = zeroMaxParameters(memory, k, nd, mp);
        const auto fewest = zeroMinDataParallel(v.at("params_b") * units::billion, memory, k, mp);
        const auto gpus = [&](const std::optional<double>& ranks) { return ranks ? *ranks * mp : 0.0; };
        return Results{
            {"bytes_per_param_stage0", "Bytes per parameter per GPU, plain DP: 4 + K",
             "每参数每卡字节，普通 DP：4 + K", "B", per[0], true},
            {"bytes_per_param_stage1", "ZeRO-1: 4 + K/Nd", "ZeRO-1：4 + K/Nd", "B", per[1], true},
            {"bytes_per_param_stage2", "ZeRO-2: 2 + (2 + K)/Nd", "ZeRO-2：2 + (2 + K)/Nd", "B", per[2], true},
            {"bytes_per_param_stage3", "ZeRO-3: (4 + K)/Nd", "ZeRO-3：(4 + K)/Nd", "B", per[3], true},
            {"max_params_stage0_b", "Largest model, plain data parallel", "最大模型，普通数据并行", "billion",
             most[0] / units::billion},
            {"max_params_stage1_b", "Largest model, ZeRO-1", "最大模型，ZeRO-1", "billion",
             most[1] / units::billion},
            {"max_params_stage2_b", "Largest model, ZeRO-2", "最大模型，ZeRO-2", "billion",
             most[2] / units::billion},
            {"max_params_stage3_b", "Largest model, ZeRO-3", "最大模型，ZeRO-3", "billion",
             most[3] / units::billion},
            {"min_gpus_stage0", "Fewest GPUs for Psi, plain DP (0: never fits)",
             "放下 Ψ 的最少卡数，普通 DP（0：放不下）", "GPUs", gpus(fewest[0])},
            {"min_gpus_stage1", "Fewest GPUs for Psi, ZeRO-1 (0: never fits)",
             "放下 Ψ 的最少卡数，ZeRO-1（0：放不下）", "GPUs", gpus(fewest[1])},
            {"min_gpus_stage2", "Fewest GPUs for Psi, ZeRO-2 (0: never fits)",
             "放下 Ψ 的最少卡数，ZeRO-2（0：放不下）", "GPUs", gpus(fewest[2])},
            {"min_gpus_stage3", "Fewest GPUs for Psi, ZeRO-3 (0: never fits)",
             "放下 Ψ 的最少卡数，ZeRO-3（0：放不下）", "GPUs", gpus(fewest[3])},
        };
    };
    f.fromModel = [](const ModelPreset& m) { return Values{{"params_b", m.paramsB}}; };
    return f;
}

Formula dpTrafficFormula()
{
    Formula f;
    f.id = "dp-traffic";
    f.titleEn = "Data-parallel traffic per step: DDP, ZeRO-1/2 (2 Psi) and ZeRO-3 (3 Psi)";
    f.titleZh = "数据并行每步通信量：DDP、ZeRO-1/2（2Ψ）与 ZeRO-3（3Ψ）";
    f.parameters = {
        {"params_b", "Parameters (Psi)", "参数量 (Ψ)", "billion", 7.5, 0.001, 1000000.0},
        {"dp", "Data-parallel ranks (Nd)", "数据并行卡数 (Nd)", "", 64.0, 2.0, 1048576.0, true},
        {"dtype_bytes",
         "Gradient and parameter type",
         "梯度与参数的数据类型",
         "B",
         2.0,
         1.0,
         4.0,
         false,
         {{4.0, "fp32", "FP32 (4 B)", "FP32（4 字节）"},
          {2.0, "bf16", "BF16/FP16 (2 B)", "BF16/FP16（2 字节）"}}},
        {"bandwidth_gbs", "Per-GPU bus bandwidth of the collective", "集合通信的每卡总线带宽",
         "GB/s (10^9 B/s)", 50.0, 1e-6, 1e6},
    };
    f.evaluate = [](const Values& v) -> Result<Results> {
        const double psi = v.at("params_b") * units::billion, nd = v.at("dp"), bytes = v.at("dtype_bytes");
        const double dp = zeroStepElementsSent(psi, nd, 0) * bytes,
                     z3 = zeroStepElementsSent(psi, nd, 3) * bytes;
        const double bw = v.at("bandwidth_gbs") * units::GB;
        return Results{
            {"ring_factor", "Ring share sent per GPU, (Nd - 1)/Nd", "环形算法每卡发送比例 (Nd − 1)/Nd", "",
             (nd - 1.0) / nd, true},
            {"ddp_gb", "Sent per GPU per step, DDP and ZeRO-1/2: 2 Psi",
             "每卡每步发送量，DDP 与 ZeRO-1/2：2Ψ", "GB (10^9 B)", dp / units::GB},
            {"zero3_gb", "Sent per GPU per step, ZeRO-3: 3 Psi", "每卡每步发送量，ZeRO-3：3Ψ", "GB (10^9 B)",
             z3 / units::GB},
            {"zero3_ratio", "ZeRO-3 over DDP", "ZeRO-3 与 DDP 之比", "x", z3 / dp},
            {"ddp_ms", "Time at the bus bandwidth, DDP (no overlap)", "按总线带宽的时间，DDP（不重叠）", "ms",
             1e3 * dp / bw},
            {"zero3_ms", "Time at the bus bandwidth, ZeRO-3 (no overlap)",
             "按总线带宽的时间，ZeRO-3（不重叠）", "ms", 1e3 * z3 / bw},
        };
    };
    f.fromModel = [](const ModelPreset& m) { return Values{{"params_b", m.paramsB}}; };
    return f;
}

}  // namespace formulas
