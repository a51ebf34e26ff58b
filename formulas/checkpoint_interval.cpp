#include "checkpoint_interval.h"

#include <cmath>

namespace formulas {

double youngInterval(double delta, double mtbf)
{
    return std::sqrt(2.0 * delta * mtbf);
}

double dalyInterval(double delta, double mtbf)
{
    if (delta >= 2.0 * mtbf)
        return mtbf;
    const double x = delta / (2.0 * mtbf);
    return std::sqrt(2.0 * delta * mtbf) * (1.0 + std::sqrt(x) / 3.0 + x / 9.0) - delta;
}

double dalyWallTime(double tau, double delta, double mtbf, double restart, double solve)
{
    return mtbf * std::exp(restart / mtbf) * std::expm1((tau + delta) / mtbf) * solve / tau;
}

Formula checkpointIntervalFormula()
{
    Formula f;
    f.id = "checkpoint-interval";
    f.titleEn = "Optimal checkpoint interval (Young, Daly)";
    f.titleZh = "最优 checkpoint 间隔（Young、Daly）";
    // Defaults: Daly 2006, Fig. 3 (M = 24 h, Ts = 500 h, R = 10 min, delta = 5 min).
    f.parameters = {
        {"delta_min", "Time to write a checkpoint (delta)", "写一次 checkpoint 的时间 (δ)", "min", 5.0, 1e-6,
         1e6},
        {"mtbf_h", "Mean time between failures of the job (M)", "作业平均故障间隔 (M)", "h", 24.0, 1e-6, 1e7},
        {"restart_min", "Time to restart from a checkpoint (R)", "从 checkpoint 重启的时间 (R)", "min", 10.0,
         1e-6, 1e6},
        {"solve_h", "Failure-free compute time of the job (Ts)", "无故障时的计算时间 (Ts)", "h", 500.0, 1e-6,
         1e8},
    };
    f.evaluate = [](const Values& v) -> Result<Results> {
        // Work in minutes throughout.
        const double delta = v.at("delta_min");
        const double m = v.at("mtbf_h") * 60.0;
        const double r = v.at("restart_min");
        const double ts = v.at("solve_h") * 60.0;
        const double young = youngInterval(delta, m);
        const double daly = dalyInterval(delta, m);
        const double wallDaly = dalyWallTime(daly, delta, m, r, ts);
        const double wallYoung = dalyWallTime(young, delta, m, r, ts);
        return Results{
            {"delta_over_2m", "delta / 2M", "δ / 2M", "", delta / (2.0 * m), true},
            {"young_min", "Young: sqrt(2 delta M)", "Young：sqrt(2δM)", "min", young},
            {"daly_min", "Daly, higher order", "Daly 高阶估计", "min", daly},
            {"wall_daly_h", "Expected wall time at Daly's interval", "按 Daly 间隔的期望墙钟时间", "h",
             wallDaly / 60.0},
            {"wall_young_h", "Expected wall time at Young's interval", "按 Young 间隔的期望墙钟时间", "h",
             wallYoung / 60.0, true},
            {"efficiency", "Useful share of wall time, Ts / T_w", "有效时间占比 Ts / T_w", "%",
             100.0 * ts / wallDaly},
        };
    };
    return f;
}

}  // namespace formulas
