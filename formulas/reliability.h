#pragma once
// Reliability of a large synchronous training job: the job's mean time between interruptions
// from a count over a run, the per-GPU figure it implies, and the Young/Daly checkpoint interval
// and the share of wall time lost with it.
#include "formula.h"

namespace formulas {

/// First-order share of wall time lost at checkpoint interval tau (minutes): writing checkpoints
/// (delta / tau) plus, per failure, half an interval of lost work and a restart ((tau/2 + R) / M).
double lostFraction(double tau, double delta, double mtbf, double restart);

Formula reliabilityFormula();

}  // namespace formulas
