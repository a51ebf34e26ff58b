#include "pipeline_layout.h"

#include <cmath>

#include "pipeline_bubble.h"
#include "units.h"

namespace formulas {

Formula pipelineLayoutFormula()
{
    Formula f;
    f.id = "pipeline-layout";
    f.titleEn = "Parallel layout: data-parallel size, micro-batches and bubble";
    f.titleZh = "并行布局：数据并行度、micro-batch 数与气泡";
    // Defaults: Llama 3 405B on 16,384 GPUs (TP 8, CP 1, PP 16, 2,048 sequences of 8,192 tokens
    // per step; Llama 3 paper, Table 4) with micro-batch 1.
    f.parameters = {
        {"gpus", "GPUs (n)", "GPU 数 (n)", "", 16384.0, 1.0, 1e8, true},
        {"tp", "Tensor-parallel size (t)", "张量并行度 (t)", "", 8.0, 1.0, 65536.0, true},
        {"cp", "Context-parallel size (c)", "上下文并行度 (c)", "", 1.0, 1.0, 65536.0, true},
        {"pp", "Pipeline stages (p)", "流水线段数 (p)", "", 16.0, 1.0, 65536.0, true},
        {"global_batch", "Global batch (B)", "全局批大小 (B)", "sequences", 2048.0, 1.0, 1e9, true},
        {"micro_batch", "Micro-batch (b)", "micro-batch 大小 (b)", "sequences", 1.0, 1.0, 1e6, true},
        {"seq_len", "Sequence length (s)", "序列长度 (s)", "tokens", 8192.0, 1.0, 1e9, true},
        {"schedule",
         "Schedule",
         "调度",
         "",
         1.0,
         1.0,
         2.0,
         true,
         {{1.0, "1f1b", "1F1B", "1F1B"},
          {2.0, "interleaved", "interleaved 1F1B (v chunks per stage)", "交错式 1F1B（每段 v 个模型块）"}}},
        {"chunks", "Model chunks per stage (v, interleaved only)", "每段模型块数 (v，仅交错式)", "", 2.0, 1.0,
         1024.0, true},
    };
    f.evaluate = [](const Values& v) -> Result<Results> {
        const double n = v.at("gpus"), t = v.at("tp"), c = v.at("cp"), p = v.at("pp");
        const double replica = t * c * p;
        if (std::fmod(n, replica) != 0.0) {
            return FormulaError{FormulaError::Kind::Inconsistent, "gpus",
                                "gpus: must be a multiple of tp x cp x pp (" + formatNumber(replica) + ")"};
        }
        const double d = n / replica;
        const double bigB = v.at("global_batch"), b = v.at("micro_batch");
        if (std::fmod(bigB, b * d) != 0.0) {
            return FormulaError{FormulaError::Kind::Inconsistent, "global_batch",
                                "global_batch: must be a multiple of micro_batch x data-parallel size ("
                                    + formatNumber(b * d) + ")"};
        }
        const double m = bigB / (b * d);
        const bool interleaved = v.at("schedule") == 2.0;
        if (interleaved && std::fmod(m, p) != 0.0) {
            return FormulaError{FormulaError::Kind::Inconsistent, "global_batch",
                                "global_batch: the interleaved schedule needs the micro-batch count ("
                                    + formatNumber(m) + ") to be a multiple of pp (" + formatNumber(p) + ")"};
        }
        const Bubble bubble = pipelineBubble(p, m, interleaved ? v.at("chunks") : 1.0);
        return Results{
            {"replica_gpus", "GPUs per model replica, t c p", "每个模型副本的 GPU 数 t·c·p", "", replica,
             true},
            {"dp", "Data-parallel size d = n / (t c p)", "数据并行度 d = n/(t·c·p)", "", d},
            {"batch_per_replica", "Sequences per replica per step, B / d", "每副本每步的序列数 B/d",
             "sequences", bigB / d, true},
            {"micro_batches", "Micro-batches per step m = B / (b d)", "每步 micro-batch 数 m = B/(b·d)", "",
             m},
            {"tokens_per_step_m", "Tokens per step, B s", "每步 token 数 B·s", "million",
             bigB * v.at("seq_len") / 1e6, true},
            {"bubble_ratio", "Bubble / ideal time, (p - 1)/(v m)", "气泡/理想时间 (p-1)/(v m)", "",
             bubble.ratio, true},
            {"bubble_share", "Bubble share of the step", "气泡占步时比例", "%", 100.0 * bubble.share},
        };
    };
    return f;
}

}  // namespace formulas
