#include "gemm_intensity.h"

#include <algorithm>

#include "roofline.h"
#include "units.h"

namespace formulas {

GemmTraffic gemmTraffic(double m, double n, double k, double inBytes, double outBytes, bool writeOutput)
{
    // M N K multiply-adds of two FLOPs each; A and B read once, C written once. A real kernel
    // re-reads tiles from L2 and may read C too (beta != 0), so this is the best case.
    const double flops = 2.0 * m * n * k;
    const double bytes = (m * k + k * n) * inBytes + (writeOutput ? m * n * outBytes : 0.0);
    return {flops, bytes, flops / bytes};
}

Formula gemmIntensityFormula()
{
    Formula f;
    f.id = "gemm-intensity";
    f.titleEn = "GEMM arithmetic intensity from its shape";
    f.titleZh = "由 GEMM 形状求算术强度";
    // Defaults: the guide's example linear layer (4096 outputs, 1024 inputs, batch 512, FP16)
    // on an H100 SXM (989 dense BF16 TFLOP/s, 3.35 TB/s).
    f.parameters = {
        {"m", "M (rows of A and C; tokens for a linear layer)", "M（A 与 C 的行数；线性层的 token 数）", "",
         512.0, 1.0, 1e9, true},
        {"n", "N (columns of B and C; output features)", "N（B 与 C 的列数；输出特征数）", "", 4096.0, 1.0,
         1e9, true},
        {"k", "K (the reduced dimension; input features)", "K（被规约的维度；输入特征数）", "", 1024.0, 1.0,
         1e9, true},
        {"in_bytes",
         "Input element type",
         "输入数据类型",
         "B",
         2.0,
         0.5,
         4.0,
         false,
         {{4.0, "fp32", "FP32 (4 B)", "FP32（4 字节）"},
          {2.0, "bf16", "BF16/FP16 (2 B)", "BF16/FP16（2 字节）"},
          {1.0, "fp8", "FP8/INT8 (1 B)", "FP8/INT8（1 字节）"},
          {0.5, "fp4", "FP4/INT4 (0.5 B)", "FP4/INT4（0.5 字节）"}}},
        {"out_bytes",
         "Output element type",
         "输出数据类型",
         "B",
         2.0,
         1.0,
         4.0,
         false,
         {{4.0, "fp32", "FP32 (4 B)", "FP32（4 字节）"},
          {2.0, "bf16", "BF16/FP16 (2 B)", "BF16/FP16（2 字节）"},
          {1.0, "fp8", "FP8 (1 B)", "FP8（1 字节）"}}},
        {"write_output",
         "Output write",
         "是否计输出写回",
         "",
         1.0,
         0.0,
         1.0,
         true,
         {{1.0, "yes", "counted (C written to DRAM)", "计入（C 写回显存）"},
          {0.0, "no", "not counted (fused into the next op)", "不计（与下一算子融合）"}}},
        {"peak_tflops", "Compute roof (dense)", "算力屋顶（稠密）", "TFLOP/s (10^12)", 989.0, 0.001,
         100000.0},
        {"bandwidth_gbs", "Memory roof", "带宽屋顶", "GB/s (10^9 B/s)", 3350.0, 0.001, 1000000.0},
    };
    f.evaluate = [](const Values& v) -> Result<Results> {
        const GemmTraffic g = gemmTraffic(v.at("m"), v.at("n"), v.at("k"), v.at("in_bytes"),
                                          v.at("out_bytes"), v.at("write_output") == 1.0);
        const double peak = v.at("peak_tflops") * units::tera;
        const double bw = v.at("bandwidth_gbs") * units::GB;
        const double ridge = ridgePoint(peak, bw);
        const double reach = attainable(peak, bw, g.intensity);
        const double seconds = std::max(g.flops / peak, g.bytes / bw);
        return Results{
            {"flops", "FLOPs, 2 M N K", "FLOPs，2MNK", "FLOP", g.flops, true},
            {"bytes", "Bytes moved once", "各搬运一次的字节", "B", g.bytes, true},
            {"intensity", "Arithmetic intensity", "算术强度", "FLOP/B", g.intensity, false,
             g.intensity < ridge ? "memory-bound" : "compute-bound"},
            {"ridge", "Ridge point of the device", "设备拐点", "FLOP/B", ridge},
            {"attainable_tflops", "Attainable", "可达", "TFLOP/s (10^12)", reach / units::tera},
            {"time_floor_us", "Time floor, max(FLOPs/peak, bytes/BW)", "时间下限 max(FLOPs/峰值, 字节/带宽)",
             "us", 1e6 * seconds, true},
        };
    };
    f.fromDevice = [](const DevicePreset& d) {
        return Values{{"peak_tflops", d.bf16DenseTflops}, {"bandwidth_gbs", d.bandwidthGBs}};
    };
    return f;
}

}  // namespace formulas
