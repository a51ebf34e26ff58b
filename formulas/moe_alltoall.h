#pragma once
// Expert-parallel all-to-all of a mixture-of-experts layer: each token's hidden vector goes to
// its top-k experts (dispatch) and the k expert outputs come back to be summed (combine), in the
// style of DeepSeek-V3 (FP8 dispatch with 1 x 128 scales, BF16 combine; DeepSeek-V3 technical
// report, section 3.3) and the DeepEP kernels that implement it.
#include "formula.h"

namespace formulas {

/// Bytes one token copy carries on dispatch: h elements of `elementBytes`, plus one scale of
/// `scaleBytes` per `group` elements when the payload is quantised (group > 0).
double dispatchBytesPerCopy(double hidden, double elementBytes, double group, double scaleBytes);

Formula moeAllToAllFormula();

}  // namespace formulas
