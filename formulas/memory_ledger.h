#pragma once
// Training memory per parameter: weights, gradients and optimizer states (the "model states"
// of the ZeRO paper, section 3.1), without activations.
#include "formula.h"

namespace formulas {

enum class Precision {
    Fp32 = 0,
    Mixed16 = 1,
    Pure16 = 2
};
enum class Optimizer {
    Adam = 0,
    SgdMomentum = 1,
    Sgd = 2
};

struct LedgerBytes {
    double weights;    ///< bytes per parameter of the working weights
    double gradients;  ///< bytes per parameter
    double optimizer;  ///< bytes per parameter: FP32 master copy (mixed) plus moment buffers (K)
    double total() const { return weights + gradients + optimizer; }
};

/// Mixed precision with Adam gives 2 + 2 + 12 = 16 bytes per parameter (ZeRO paper, 3.1).
LedgerBytes ledgerBytesPerParameter(Precision precision, Optimizer optimizer);

Formula memoryLedgerFormula();

}  // namespace formulas
