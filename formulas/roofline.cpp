#include "roofline.h"

#include <algorithm>

#include "units.h"

namespace formulas {

double ridgePoint(double peak, double bw)
{
    return peak / bw;
}

double attainable(double peak, double bw, double intensity)
{
    return std::min(peak, intensity * bw);
}

Formula rooflineFormula()
{
    Formula f;
    f.id = "roofline";
    f.titleEn = "Roofline: ridge point and attainable throughput";
    f.titleZh = "Roofline：拐点与可达吞吐";
    // Defaults: H100 SXM BF16 dense and HBM3 (NVIDIA H100 datasheet).
    f.parameters = {
        {"peak_tflops", "Compute roof (dense)", "算力屋顶（稠密）", "TFLOP/s (10^12)", 989.0, 0.001,
         100000.0},
        {"bandwidth_gbs", "Memory roof", "带宽屋顶", "GB/s (10^9 B/s)", 3350.0, 0.001, 1000000.0},
        {"intensity", "Arithmetic intensity", "算术强度", "FLOP/B", 64.0, 1e-6, 1e9},
    };
    f.evaluate = [](const Values& v) -> Result<Results> {
        const double peak = v.at("peak_tflops") * units::tera;
        const double bw = v.at("bandwidth_gbs") * units::GB;
        const double ai = v.at("intensity");
        const double ridge = ridgePoint(peak, bw);
        const double reach = attainable(peak, bw, ai);
        return Results{
            {"memory_roof_tflops", "Memory roof at this intensity (AI x BW)", "该强度下的带宽屋顶 (AI × BW)",
             "TFLOP/s (10^12)", ai * bw / units::tera, true},
            {"ridge", "Ridge point", "拐点", "FLOP/B", ridge},
            {"attainable_tflops", "Attainable", "可达", "TFLOP/s (10^12)", reach / units::tera, false,
             ai < ridge ? "memory-bound" : "compute-bound"},
            {"fraction_of_peak", "Share of the compute roof", "占算力峰值", "%", 100.0 * reach / peak},
            // The time floor for 1 GB moved at this intensity, a quick way to sanity-check a kernel.
            {"time_per_gb_us", "Time floor per GB moved", "每搬运 1 GB 的时间下限", "us",
             1e6 * std::max(units::GB / bw, ai * units::GB / peak), true},
        };
    };
    f.fromDevice = [](const DevicePreset& d) {
        return Values{{"peak_tflops", d.bf16DenseTflops}, {"bandwidth_gbs", d.bandwidthGBs}};
    };
    return f;
}

}  // namespace formulas
