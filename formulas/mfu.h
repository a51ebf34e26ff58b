#pragma once
// Model and hardware FLOPs utilisation (PaLM paper, Appendix B; recomputation counted in HFU
// only, as in Korthikanti et al. 2022).
#include "formula.h"
#include "training_flops.h"

namespace formulas {

/// Hardware FLOPs per token: the model FLOPs plus the forward work redone in the backward pass.
/// Selective redoes the attention scores (4 L H Q T); full redoes the whole forward
/// (2N + 4 L H Q T).
double hardwareFlopsPerToken(const TransformerShape& m, int recompute);

/// MFU as a fraction: tokens/s x FLOPs per token / (chips x peak FLOP/s).
double utilisation(double flopsPerToken, double tokensPerSecond, double chips, double peakFlops);

Formula mfuFormula();

}  // namespace formulas
