#pragma once
// From a parallel layout to the pipeline bubble: the data-parallel size d = n / (t c p), the
// micro-batches per step m = B / (b d), and the bubble (p - 1) / (v m) of 1F1B
// (Narayanan et al. 2021, sections 2.2 and 3; context parallelism as in the Llama 3 paper).
#include "formula.h"

namespace formulas {

Formula pipelineLayoutFormula();

}  // namespace formulas
