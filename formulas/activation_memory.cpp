#include "activation_memory.h"

#include "units.h"

namespace formulas {

ActivationMemory activationMemory(const ActivationInputs& in)
{
    const double s = in.seq, b = in.microBatch, h = in.hidden, a = in.heads;
    const double t = in.tensorParallel;
    // 5as/h: the softmax input/output and dropout mask of the a s x s score matrices
    // (2 + 2 + 1 bytes per score), the part selective recomputation drops.
    const double attention = 5.0 * a * s / h;
    double c = 0.0;
    switch (in.recompute) {
    case Recompute::Full:
        // Only the layer input (2 bytes per element) is kept; with sequence parallelism that
        // input is itself split over t ranks.
        c = in.sequenceParallel ? 2.0 / t : 2.0;
        break;
    case Recompute::Selective:
        // 10 sbh of layer-norm and dropout inputs stay replicated without SP (Table 2).
        c = in.sequenceParallel ? 34.0 / t : 10.0 + 24.0 / t;
        break;
    case Recompute::None:
        c = in.sequenceParallel ? (34.0 + attention) / t : 10.0 + 24.0 / t + attention / t;
        break;
    }
    return {s * b * h * c, c};
}

Formula activationMemoryFormula()
{
    Formula f;
    f.id = "activation-memory";
    f.titleEn = "Activation memory per transformer layer (TP, SP, recomputation)";
    f.titleZh = "每层 Transformer 激活显存（TP、SP、重计算）";
    f.parameters = {
        {"seq_len", "Sequence length (s)", "序列长度 (s)", "tokens", 2048.0, 1.0, 10485760.0, true},
        {"micro_batch", "Micro-batch size (b)", "micro-batch 大小 (b)", "sequences", 1.0, 1.0, 65536.0, true},
        {"hidden", "Hidden size (h)", "隐藏维度 (h)", "", 12288.0, 1.0, 1048576.0, true},
        {"heads", "Attention heads (a)", "注意力头数 (a)", "", 96.0, 1.0, 65536.0, true},
        {"layers", "Layers (L)", "层数 (L)", "", 96.0, 1.0, 100000.0, true},
        {"tp", "Tensor-parallel size (t)", "张量并行度 (t)", "", 8.0, 1.0, 1024.0, true},
        {"sp",
         "Sequence parallelism",
         "序列并行",
         "",
         1.0,
         0.0,
         1.0,
         true,
         {{0.0, "off", "off", "关"}, {1.0, "on", "on", "开"}}},
        {"recompute",
         "Activation recomputation",
         "激活重计算",
         "",
         0.0,
         0.0,
         2.0,
         true,
         {{0.0, "none", "none", "不重计算"},
          {1.0, "selective", "selective (attention scores)", "选择性（注意力分数）"},
          {2.0, "full", "full (keep layer inputs only)", "完全（只存层输入）"}}},
    };
    f.evaluate = [](const Values& v) -> Result<Results> {
        ActivationInputs in{v.at("seq_len"),
                            v.at("micro_batch"),
                            v.at("hidden"),
                            v.at("heads"),
                            v.at("tp"),
                            v.at("sp") == 1.0,
                            static_cast<Recompute>(v.at("recompute"))};
        const ActivationMemory m = activationMemory(in);
        const double sbh = in.seq * in.microBatch * in.hidden;
        const double total = m.bytesPerLayer * v.at("layers");
        return Results{
            {"sbh", "s b h", "s b h", "elements", sbh, true},
            {"attention_term", "5as/h (attention scores, dropout mask)", "5as/h（注意力分数与 dropout 掩码）",
             "", 5.0 * in.heads * in.seq / in.hidden, true},
            {"coefficient", "Bytes per s b h element", "每个 sbh 元素的字节数", "B", m.coefficient, true},
            {"per_layer_gb", "Per layer per GPU", "每层每卡", "GB (10^9 B)", m.bytesPerLayer / units::GB},
            {"per_layer_gib", "Per layer per GPU", "每层每卡", "GiB (2^30 B)", m.bytesPerLayer / units::GiB},
            // Under 1F1B the first pipeline stage holds p micro-batches of L/p layers, i.e. L
            // layers' worth, whatever p is (Korthikanti et al. 2022, section 4.2.3).
            {"all_layers_gb", "All L layers per GPU", "L 层合计每卡", "GB (10^9 B)", total / units::GB},
            {"all_layers_gib", "All L layers per GPU", "L 层合计每卡", "GiB (2^30 B)", total / units::GiB},
        };
    };
    f.fromModel = [](const ModelPreset& m) {
        return Values{{"seq_len", m.seqLen}, {"hidden", m.hidden}, {"heads", m.heads}, {"layers", m.layers}};
    };
    return f;
}

}  // namespace formulas
