#include "tp_traffic.h"

#include "units.h"

namespace formulas {

TpTraffic tpTraffic(double b, double s, double h, double t, double dtypeBytes, bool recomputeFull)
{
    // Forward: g after attention and g after the MLP; backward: f before each of them.
    const double collectives = recomputeFull ? 6.0 : 4.0;
    const double message = b * s * h * dtypeBytes;
    // A ring all-reduce sends 2 (t-1)/t of the message per GPU; with sequence parallelism the
    // all-gather and reduce-scatter send (t-1)/t each, the same total.
    return {collectives, message, collectives * 2.0 * (t - 1.0) / t * message};
}

Formula tpTrafficFormula()
{
    Formula f;
    f.id = "tp-traffic";
    f.titleEn = "Tensor-parallel traffic per layer";
    f.titleZh = "张量并行每层通信量";
    f.parameters = {
        {"micro_batch", "Micro-batch size (b)", "micro-batch 大小 (b)", "sequences", 1.0, 1.0, 65536.0, true},
        {"seq_len", "Sequence length (s)", "序列长度 (s)", "tokens", 2048.0, 1.0, 10485760.0, true},
        {"hidden", "Hidden size (h)", "隐藏维度 (h)", "", 12288.0, 1.0, 1048576.0, true},
        {"tp", "Tensor-parallel size (t)", "张量并行度 (t)", "", 8.0, 2.0, 1024.0, true},
        {"layers", "Layers (L)", "层数 (L)", "", 96.0, 1.0, 100000.0, true},
        {"dtype_bytes",
         "Activation type",
         "激活数据类型",
         "B",
         2.0,
         1.0,
         4.0,
         false,
         {{4.0, "fp32", "FP32 (4 B)", "FP32（4 字节）"},
          {2.0, "bf16", "BF16/FP16 (2 B)", "BF16/FP16（2 字节）"}}},
        {"recompute",
         "Activation recomputation",
         "激活重计算",
         "",
         0.0,
         0.0,
         1.0,
         true,
         {{0.0, "none", "none or selective", "不重计算或选择性"}, {1.0, "full", "full", "完全重计算"}}},
        {"bandwidth_gbs", "Per-GPU link bandwidth, one direction", "每卡单向链路带宽", "GB/s (10^9 B/s)",
         450.0, 1e-6, 1e6},
    };
    f.evaluate = [](const Values& v) -> Result<Results> {
        const TpTraffic tr = tpTraffic(v.at("micro_batch"), v.at("seq_len"), v.at("hidden"), v.at("tp"),
                                       v.at("dtype_bytes"), v.at("recompute") == 1.0);
        const double all = tr.bytesSentPerLayer * v.at("layers");
        return Results{
            {"collectives_per_layer", "All-reduces per layer per step", "每层每步 all-reduce 次数", "",
             tr.collectivesPerLayer, true},
            {"message_mb", "Message b s h x bytes", "消息大小 b s h × 字节", "MB (10^6 B)",
             tr.messageBytes / units::MB, true},
            {"sent_per_layer_mb", "Sent per GPU per layer", "每卡每层发送量", "MB (10^6 B)",
             tr.bytesSentPerLayer / units::MB},
            {"sent_all_layers_gb", "Sent per GPU, all layers", "每卡所有层发送量", "GB (10^9 B)",
             all / units::GB},
            {"sent_all_layers_gib", "Sent per GPU, all layers", "每卡所有层发送量", "GiB (2^30 B)",
             all / units::GiB},
            {"time_ms", "Time at the link bandwidth (no overlap)", "按链路带宽的时间（不重叠）", "ms",
             1e3 * all / (v.at("bandwidth_gbs") * units::GB)},
        };
    };
    f.fromModel = [](const ModelPreset& m) {
        return Values{{"seq_len", m.seqLen}, {"hidden", m.hidden}, {"layers", m.layers}};
    };
    return f;
}

}  // namespace formulas
