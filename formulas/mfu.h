#pragma once
// Model and hardware FLOPs utilisation (PaLM paper, Appendix B; recomputation counted in HFU
// only, as in Korthikanti et al. 2022, Eq. 7 and 8).
#include "formula.h"
#include "training_flops.h"

namespace formulas {

/// Hardware FLOPs per token of the transformer layers: the model FLOPs plus the work redone in
/// the backward pass. Selective counts the attention term 12 L H Q T once more, the convention
/// of Korthikanti et al. 2022 Eq. 8 and of their published MFU/HFU pairs; full redoes the whole
/// forward (2N + 4 L H Q T). A separate logit layer (6 V d) is never re-run and is added by the
/// caller to both sides.
double hardwareFlopsPerToken(const TransformerShape& m, int recompute);

/// The same with only the forward work that is actually re-run: selective adds the 4 L H Q T of
/// the score and value products (Korthikanti et al. 2022, Appendix A, text before Eq. 8).
double rerunFlopsPerToken(const TransformerShape& m, int recompute);

/// MFU as a fraction: tokens/s x FLOPs per token / (chips x peak FLOP/s).
double utilisation(double flopsPerToken, double tokensPerSecond, double chips, double peakFlops);

/// Hardware over model FLOPs with k forward passes per step (k = 1 no recomputation, 2 full):
/// (2k + 4) N / 6N = (k + 2) / 3.
double hardwareOverModel(double forwardPasses);

Formula mfuFormula();
/// MFU and HFU from an achieved TFLOP/s per accelerator (a training log's figure).
Formula mfuFromTflopsFormula();

}  // namespace formulas
