#pragma once
// End-to-end training time from the achieved FLOP/s per GPU (Narayanan et al. 2021, "Efficient
// Large-Scale Language Model Training on GPU Clusters Using Megatron-LM", SC21, section 5.1):
// T_train ~ c T P / (n X), with c = 8 when activations are recomputed (one more forward) and 6
// without; T tokens, P parameters, n GPUs, X achieved FLOP/s per GPU.
#include "formula.h"

namespace formulas {

/// Seconds to train `params` parameters on `tokens` tokens with `gpus` GPUs each achieving
/// `flopsPerGpu`, `flopsPerParamToken` FLOPs per parameter and token (6, or 8 with recomputation).
double trainingSeconds(double params, double tokens, double gpus, double flopsPerGpu,
                       double flopsPerParamToken);

Formula trainingTimeFormula();

}  // namespace formulas
