#pragma once
// Roofline model (Williams, Waterman, Patterson 2009): attainable = min(peak, AI x bandwidth).
#include "formula.h"

namespace formulas {

/// FLOP/byte at which the memory roof meets the compute roof.
double ridgePoint(double peakFlops, double bandwidthBytesPerSecond);
/// FLOP/s reachable at arithmetic intensity `intensity` (FLOP/byte).
double attainable(double peakFlops, double bandwidthBytesPerSecond, double intensity);

Formula rooflineFormula();

}  // namespace formulas
