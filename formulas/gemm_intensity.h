#pragma once
// Arithmetic intensity of one GEMM C = A B (A is M x K, B is K x N) from its shape, with each
// operand moved once between DRAM and the chip (NVIDIA, "GPU Performance Background User's
// Guide", section 4, and "Matrix Multiplication Background User's Guide", section 2.1), placed
// against a device's ridge point.
#include "formula.h"

namespace formulas {

struct GemmTraffic {
    double flops;  ///< 2 M N K
    double bytes;  ///< inputs, plus the output when written
    double intensity;
};

GemmTraffic gemmTraffic(double m, double n, double k, double inBytes, double outBytes, bool writeOutput);

Formula gemmIntensityFormula();

}  // namespace formulas
