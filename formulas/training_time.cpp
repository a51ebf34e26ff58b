#include "training_time.h"

#include "units.h"

namespace formulas {

double trainingSeconds(double params, double tokens, double gpus, double flopsPerGpu,
                       double flopsPerParamToken)
{
    return flopsPerParamToken * tokens * params / (gpus * flopsPerGpu);
}

Formula trainingTimeFormula()
{
    Formula f;
    f.id = "training-time";
    f.titleEn = "Training time from the achieved FLOP/s per GPU";
    f.titleZh = "由每卡实际 FLOP/s 估算训练时间";
    f.parameters = {
        {"params_b", "Parameters (P)", "参数量 (P)", "billion", 175.0, 0.001, 1000000.0},
        {"tokens_b", "Training tokens (T)", "训练 token 数 (T)", "billion", 300.0, 0.001, 1e8},
        {"gpus", "GPUs (n)", "GPU 数 (n)", "", 1024.0, 1.0, 1e8, true},
        {"achieved_tflops", "Achieved per GPU (X)", "每卡实际达到 (X)", "TFLOP/s (10^12)", 140.0, 0.001, 1e6},
        {"recompute",
         "Activation recomputation",
         "激活重计算",
         "",
         1.0,
         0.0,
         1.0,
         true,
         {{0.0, "none", "none: 6 T P", "不重计算：6TP"}, {1.0, "full", "full: 8 T P", "完全重计算：8TP"}}},
    };
    f.evaluate = [](const Values& v) -> Result<Results> {
        const double c = v.at("recompute") == 1.0 ? 8.0 : 6.0;
        const double p = v.at("params_b") * units::billion, t = v.at("tokens_b") * units::billion;
        const double x = v.at("achieved_tflops") * 1e12;
        const double seconds = trainingSeconds(p, t, v.at("gpus"), x, c);
        return Results{
            {"flops_per_param_token", "FLOPs per parameter and token (c)", "每参数每 token 的 FLOPs (c)",
             "FLOP", c, true},
            {"total_flops", "Hardware FLOPs, c T P", "硬件 FLOPs，cTP", "FLOP", c * t * p, true},
            {"cluster_tflops", "Achieved by all GPUs, n X", "全部 GPU 实际达到 nX", "TFLOP/s (10^12)",
             v.at("gpus") * x / 1e12, true},
            {"seconds", "Training time", "训练时间", "s", seconds},
            {"days", "Training time", "训练时间", "days", seconds / 86400.0},
        };
    };
    f.fromModel = [](const ModelPreset& m) { return Values{{"params_b", m.activeParamsB}}; };
    return f;
}

}  // namespace formulas
