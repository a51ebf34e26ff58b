#pragma once
// Optimum compute time between checkpoints: Young (1974) to first order, Daly (2006) to higher
// order, and Daly's expected wall-clock time for a job.
#include "formula.h"

namespace formulas {

/// sqrt(2 delta M); all times in the same unit.
double youngInterval(double delta, double mtbf);
/// Daly 2006, the higher-order estimate: sqrt(2 delta M)[1 + sqrt(delta/2M)/3 + (delta/2M)/9] - delta for
/// delta < 2M, else M.
double dalyInterval(double delta, double mtbf);
/// Daly 2006, expected wall time M e^{R/M} (e^{(tau+delta)/M} - 1) Ts / tau.
double dalyWallTime(double tau, double delta, double mtbf, double restart, double solve);

Formula checkpointIntervalFormula();

}  // namespace formulas
