#include "moe_alltoall.h"

#include <cmath>

#include "units.h"

namespace formulas {

double dispatchBytesPerCopy(double hidden, double elementBytes, double group, double scaleBytes)
{
    const double scales = group > 0.0 ? std::ceil(hidden / group) * scaleBytes : 0.0;
    return hidden * elementBytes + scales;
}

Formula moeAllToAllFormula()
{
    Formula f;
    f.id = "moe-alltoall";
    f.titleEn = "MoE expert-parallel all-to-all: dispatch and combine";
    f.titleZh = "MoE 专家并行 all-to-all：dispatch 与 combine";
    // Defaults: DeepSeek-V3 as trained (h 7168, 8 routed experts per token, 58 MoE layers of 61,
    // EP 64, FP8 dispatch, BF16 combine) with the 4096 tokens per GPU and the ~50 GB/s of one
    // 400 Gb/s NIC that DeepEP benchmarks with.
    f.parameters = {
        {"tokens", "Tokens per GPU per micro-batch", "每卡每 micro-batch 的 token 数", "tokens", 4096.0, 1.0,
         1e9, true},
        {"hidden", "Hidden size (h)", "隐藏维度 (h)", "", 7168.0, 1.0, 1048576.0, true},
        {"top_k", "Routed experts per token (k)", "每 token 路由专家数 (k)", "", 8.0, 1.0, 1024.0, true},
        {"ep", "Expert-parallel degree (EP)", "专家并行度 (EP)", "", 64.0, 1.0, 1048576.0, true},
        {"dispatch",
         "Dispatch payload",
         "dispatch 数据格式",
         "",
         0.0,
         0.0,
         2.0,
         true,
         {{0.0, "fp8-scaled", "FP8 + one FP32 scale per 128 (DeepSeek-V3)",
           "FP8 + 每 128 个一个 FP32 scale（DeepSeek-V3）"},
          {1.0, "fp8", "FP8, no scales", "FP8，不计 scale"},
          {2.0, "bf16", "BF16", "BF16"}}},
        {"combine_bytes",
         "Combine element type",
         "combine 数据类型",
         "B",
         2.0,
         1.0,
         4.0,
         false,
         {{2.0, "bf16", "BF16 (2 B)", "BF16（2 字节）"},
          {4.0, "fp32", "FP32 (4 B)", "FP32（4 字节）"},
          {1.0, "fp8", "FP8 (1 B)", "FP8（1 字节）"}}},
        {"routing",
         "Share of copies that leave the GPU",
         "离开本卡的副本比例",
         "",
         0.0,
         0.0,
         1.0,
         true,
         {{0.0, "uniform", "uniform routing: (EP - 1)/EP", "均匀路由：(EP - 1)/EP"},
          {1.0, "given", "given below", "按下方给定"}}},
        {"remote_pct", "Copies that leave the GPU (when given)", "离开本卡的副本（给定时）", "%", 100.0, 1e-6,
         100.0},
        {"bandwidth_gbs", "Send bandwidth per GPU", "每卡发送带宽", "GB/s (10^9 B/s)", 50.0, 0.001, 1e6},
        {"moe_layers", "MoE layers", "MoE 层数", "", 58.0, 1.0, 100000.0, true},
        {"mode",
         "Pass",
         "阶段",
         "",
         1.0,
         0.0,
         1.0,
         true,
         {{0.0, "forward", "forward only (inference)", "仅前向（推理）"},
          {1.0, "training", "training: forward + backward, twice", "训练：前向 + 反向，两遍"}}},
    };
    f.evaluate = [](const Values& v) -> Result<Results> {
        const double h = v.at("hidden"), k = v.at("top_k"), ep = v.at("ep");
        const int kind = static_cast<int>(v.at("dispatch"));
        const double perCopyDispatch = kind == 0   ? dispatchBytesPerCopy(h, 1.0, 128.0, 4.0)
                                       : kind == 1 ? dispatchBytesPerCopy(h, 1.0, 0.0, 0.0)
                                                   : dispatchBytesPerCopy(h, 2.0, 0.0, 0.0);
        const double perCopyCombine = h * v.at("combine_bytes");
        // With EP = 1 under uniform routing nothing leaves the GPU and the traffic is zero.
        const double remote = v.at("routing") == 0.0 ? (ep - 1.0) / ep : v.at("remote_pct") / 100.0;
        const double dispatchToken = k * remote * perCopyDispatch;
        const double combineToken = k * remote * perCopyCombine;
        const double tokens = v.at("tokens");
        const double bw = v.at("bandwidth_gbs") * units::GB;
        const double dispatchLayer = tokens * dispatchToken;
        const double combineLayer = tokens * combineToken;
        // The backward pass runs the same two exchanges the other way round (the gradient of a
        // combine is a dispatch of BF16 gradients and vice versa); counted as the same bytes.
        const double passes = v.at("mode") == 1.0 ? 2.0 : 1.0;
        const double stepBytes = passes * v.at("moe_layers") * (dispatchLayer + combineLayer);
        return Results{
            {"remote_share", "Copies that leave the GPU", "离开本卡的副本比例", "%", 100.0 * remote, true},
            {"dispatch_bytes_per_copy", "Dispatch bytes per token copy", "每个 token 副本的 dispatch 字节",
             "B", perCopyDispatch, true},
            {"dispatch_bytes_per_token", "Dispatch bytes sent per token, k x share x copy",
             "每 token 发出的 dispatch 字节 k × 比例 × 副本", "B", dispatchToken},
            {"combine_bytes_per_token", "Combine bytes sent per token", "每 token 的 combine 字节", "B",
             combineToken},
            {"dispatch_mb_layer", "Dispatch per GPU per layer", "每卡每层 dispatch", "MB (10^6 B)",
             dispatchLayer / units::MB},
            {"combine_mb_layer", "Combine per GPU per layer", "每卡每层 combine", "MB (10^6 B)",
             combineLayer / units::MB},
            {"dispatch_us", "Dispatch time per layer at the link bandwidth", "按链路带宽每层 dispatch 时间",
             "us", 1e6 * dispatchLayer / bw},
            {"combine_us", "Combine time per layer at the link bandwidth", "按链路带宽每层 combine 时间",
             "us", 1e6 * combineLayer / bw},
            {"step_gb", "All-to-all bytes per GPU per micro-batch, all MoE layers",
             "每卡每 micro-batch 全部 MoE 层的 all-to-all 字节", "GB (10^9 B)", stepBytes / units::GB, true},
            {"step_ms", "All-to-all time per micro-batch if not overlapped",
             "不重叠时每 micro-batch 的 all-to-all 时间", "ms", 1e3 * stepBytes / bw},
        };
    };
    return f;
}

}  // namespace formulas
