#pragma once
// Model-state memory per GPU under ZeRO stages 1-3 over Nd data-parallel ranks
// (Rajbhandari et al. 2020, "ZeRO", section 5 and Figure 1).
#include "formula.h"

namespace formulas {

/// Bytes per GPU for each stage; psi = parameters, k = optimizer bytes per parameter.
/// Weights and gradients are 2 bytes each (mixed precision), as in the paper.
struct ZeroMemory {
    double baseline;  ///< (2 + 2 + K) psi: plain data parallelism
    double stage1;    ///< P_os:     2 psi + 2 psi + K psi / Nd
    double stage2;    ///< P_os+g:   2 psi + (2 + K) psi / Nd
    double stage3;    ///< P_os+g+p: (2 + 2 + K) psi / Nd
};

ZeroMemory zeroMemory(double psi, double k, double dataParallel);

Formula zeroMemoryFormula();

}  // namespace formulas
