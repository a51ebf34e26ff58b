#pragma once
// Activation memory of one transformer layer (Korthikanti et al. 2022, "Reducing Activation
// Recomputation in Large Transformer Models", section 4 and Table 2), 16-bit activations.
#include "formula.h"

namespace formulas {

enum class Recompute {
    None = 0,
    Selective = 1,
    Full = 2
};

struct ActivationInputs {
    double seq;                 ///< s, tokens
    double microBatch;          ///< b
    double hidden;              ///< h
    double heads;               ///< a
    double tensorParallel = 1;  ///< t
    bool sequenceParallel = false;
    Recompute recompute = Recompute::None;
};

/// Bytes per layer per GPU, and the coefficient c with bytes = s b h c.
struct ActivationMemory {
    double bytesPerLayer;
    double coefficient;
};

ActivationMemory activationMemory(const ActivationInputs& in);

Formula activationMemoryFormula();

}  // namespace formulas
