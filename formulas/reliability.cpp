#include "reliability.h"

#include "checkpoint_interval.h"

namespace formulas {

double lostFraction(double tau, double delta, double mtbf, double restart)
{
    return delta / tau + (tau / 2.0 + restart) / mtbf;
}

Formula reliabilityFormula()
{
    Formula f;
    f.id = "reliability";
    f.titleEn = "MTBF from interruptions, and the checkpoint interval it implies";
    f.titleZh = "由中断次数求 MTBF 及相应的 checkpoint 间隔";
    // Defaults: the Llama 3 405B pre-training snapshot (419 unexpected interruptions in 54 days on
    // 16,384 H100s); checkpoint write and restart times are illustrative.
    f.parameters = {
        {"interruptions", "Unexpected interruptions in the window", "窗口内的意外中断次数", "", 419.0, 1.0,
         1e9, true},
        {"days", "Length of the window", "统计窗口长度", "days", 54.0, 1e-6, 1e6},
        {"gpus", "GPUs in the job", "作业的 GPU 数", "", 16384.0, 1.0, 1e8, true},
        {"target_gpus", "GPUs to project the MTBF to", "外推到的 GPU 数", "", 32768.0, 1.0, 1e8, true},
        {"delta_min", "Time to write a checkpoint (delta)", "写一次 checkpoint 的时间 (δ)", "min", 1.0, 1e-6,
         1e6},
        {"restart_min", "Time to detect, restart and reload (R)", "发现故障、重启并加载的时间 (R)", "min",
         10.0, 1e-6, 1e6},
    };
    f.evaluate = [](const Values& v) -> Result<Results> {
        const double hours = v.at("days") * 24.0;
        const double mtbfH = hours / v.at("interruptions");
        const double m = mtbfH * 60.0;  // minutes from here on
        const double delta = v.at("delta_min"), restart = v.at("restart_min");
        const double young = youngInterval(delta, m);
        const double daly = dalyInterval(delta, m);
        // Independent, exponentially distributed failures: the job fails when any GPU does, so
        // rates add and a per-GPU MTBF is the job's times the GPU count.
        const double perGpuH = mtbfH * v.at("gpus");
        const double projectedH = perGpuH / v.at("target_gpus");
        const double firstOrder = lostFraction(young, delta, m, restart);
        // Daly's expected wall time for a job of Ts compute is proportional to Ts, so the useful
        // share Ts / T_w does not depend on Ts (exponential failures, restarts can fail too).
        const double useful = 1.0 / dalyWallTime(daly, delta, m, restart, 1.0);
        return Results{
            {"mtbf_h", "Job MTBF, window / interruptions", "作业 MTBF = 窗口 / 中断次数", "h", mtbfH},
            {"per_day", "Interruptions per day", "每天中断次数", "", 24.0 / mtbfH, true},
            {"per_gpu_mtbf_years", "MTBF of one GPU (failures independent)", "单卡 MTBF（故障相互独立）",
             "years", perGpuH / (24.0 * 365.25)},
            {"projected_mtbf_h", "Job MTBF at the projected GPU count", "外推 GPU 数下的作业 MTBF", "h",
             projectedH, true},
            {"young_min", "Young: sqrt(2 delta M)", "Young：sqrt(2δM)", "min", young},
            {"daly_min", "Daly, higher order", "Daly 高阶估计", "min", daly, true},
            {"checkpoints_per_failure", "Checkpoints between failures, M / tau",
             "两次故障间的 checkpoint 数 M/τ", "", m / daly, true},
            {"lost_first_order_pct", "Lost at Young's interval, delta/tau + (tau/2 + R)/M",
             "Young 间隔下的损失 δ/τ + (τ/2 + R)/M", "%", 100.0 * firstOrder, true},
            {"lost_pct", "Wall time lost at Daly's interval (Daly's model)",
             "Daly 间隔下损失的墙钟时间（Daly 模型）", "%", 100.0 * (1.0 - useful)},
            {"effective_pct", "Effective training time", "有效训练时间", "%", 100.0 * useful},
        };
    };
    return f;
}

}  // namespace formulas
