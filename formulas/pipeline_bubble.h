#pragma once
// Pipeline bubble of GPipe, 1F1B and interleaved 1F1B (Narayanan et al. 2021, "Efficient
// Large-Scale Language Model Training on GPU Clusters Using Megatron-LM", section 2.2).
#include "formula.h"

namespace formulas {

enum class PipelineSchedule {
    GPipe = 0,
    OneFOneB = 1,
    Interleaved = 2
};

struct Bubble {
    double ratio;  ///< bubble time / ideal time = (p-1) / (v m)
    double share;  ///< bubble time / step time = (p-1) / (v m + p - 1)
};

/// p stages, m micro-batches per step, v model chunks per stage (1 unless interleaved).
Bubble pipelineBubble(double stages, double microBatches, double chunks);

Formula pipelineBubbleFormula();

}  // namespace formulas
