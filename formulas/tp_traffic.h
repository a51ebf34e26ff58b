#pragma once
// Tensor-parallel communication per transformer layer (Shoeybi et al. 2019, "Megatron-LM",
// section 3 and Figure 4; sequence parallelism from Korthikanti et al. 2022, section 4.2.2).
#include "formula.h"

namespace formulas {

struct TpTraffic {
    double collectivesPerLayer;  ///< all-reduces (or all-gather + reduce-scatter pairs) per step
    double messageBytes;         ///< b s h x bytes: the activation each collective reduces
    double bytesSentPerLayer;    ///< bytes one GPU sends per layer and step, ring algorithm
};

/// recomputeFull: the forward is run again in the backward pass, with its two all-reduces.
TpTraffic tpTraffic(double batch, double seq, double hidden, double tp, double dtypeBytes,
                    bool recomputeFull);

Formula tpTrafficFormula();

}  // namespace formulas
