#include "pipeline_bubble.h"

#include <cmath>

namespace formulas {

Bubble pipelineBubble(double p, double m, double v)
{
    // Filling and draining a pipeline of p stages idles each stage for (p-1) micro-batch
    // times; with v chunks per stage each of those slots is v times shorter.
    return {(p - 1.0) / (v * m), (p - 1.0) / (v * m + p - 1.0)};
}

Formula pipelineBubbleFormula()
{
    Formula f;
    f.id = "pipeline-bubble";
    f.titleEn = "Pipeline bubble: GPipe, 1F1B, interleaved";
    f.titleZh = "流水线气泡：GPipe、1F1B、交错式";
    f.parameters = {
        {"schedule",
         "Schedule",
         "调度",
         "",
         1.0,
         0.0,
         2.0,
         true,
         {{0.0, "gpipe", "GPipe (all forwards, then all backwards)", "GPipe（先全部前向再全部反向）"},
          {1.0, "1f1b", "1F1B (PipeDream-Flush)", "1F1B（PipeDream-Flush）"},
          {2.0, "interleaved", "interleaved 1F1B (v chunks per stage)", "交错式 1F1B（每段 v 个模型块）"}}},
        {"stages", "Pipeline stages (p)", "流水线段数 (p)", "", 8.0, 1.0, 4096.0, true},
        {"micro_batches", "Micro-batches per step (m)", "每步 micro-batch 数 (m)", "", 32.0, 1.0, 1048576.0,
         true},
        {"chunks", "Model chunks per stage (v, interleaved only)", "每段模型块数 (v，仅交错式)", "", 2.0, 1.0,
         1024.0, true},
        {"micro_batch_ms", "Forward + backward time of one micro-batch on one stage (t_f + t_b)",
         "单段处理一个 micro-batch 的前向 + 反向时间 (t_f + t_b)", "ms", 10.0, 1e-6, 1e9},
    };
    f.evaluate = [](const Values& v) -> Result<Results> {
        const auto schedule = static_cast<PipelineSchedule>(v.at("schedule"));
        const double p = v.at("stages");
        const double m = v.at("micro_batches");
        const double chunks = schedule == PipelineSchedule::Interleaved ? v.at("chunks") : 1.0;
        if (schedule == PipelineSchedule::Interleaved && std::fmod(m, p) != 0.0) {
            // Megatron's interleaved schedule sends micro-batches round in groups of p.
            return FormulaError{FormulaError::Kind::Inconsistent, "micro_batches",
                                "micro_batches: must be a multiple of stages (" + formatNumber(p)
                                    + ") for the interleaved schedule"};
        }
        const Bubble b = pipelineBubble(p, m, chunks);
        const double t = v.at("micro_batch_ms");
        const double ideal = m * t;
        const double bubble = (p - 1.0) * t / chunks;
        Results r{
            {"ratio", "Bubble / ideal time, (p-1)/(v m)", "气泡 / 理想时间 (p-1)/(v m)", "", b.ratio, true},
            {"share", "Bubble share of the step", "气泡占步时比例", "%", 100.0 * b.share},
            {"ideal_ms", "Ideal time m (t_f + t_b)", "理想时间 m (t_f + t_b)", "ms", ideal, true},
            {"bubble_ms", "Bubble time (p-1)(t_f + t_b)/v", "气泡时间 (p-1)(t_f + t_b)/v", "ms", bubble,
             true},
            {"step_ms", "Step time", "单步时间", "ms", ideal + bubble},
        };
        // Activations the first stage keeps at its peak: GPipe holds all m micro-batches,
        // 1F1B at most p (Narayanan et al. 2021, section 2.2.1).
        if (schedule != PipelineSchedule::Interleaved) {
            r.push_back({"in_flight", "Micro-batches whose activations stage 1 holds",
                         "第一段同时保存激活的 micro-batch 数", "",
                         schedule == PipelineSchedule::GPipe ? m : std::min(m, p), true});
        }
        return r;
    };
    return f;
}

}  // namespace formulas
