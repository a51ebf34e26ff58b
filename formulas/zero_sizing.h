#pragma once
// ZeRO run backwards and ZeRO's traffic (Rajbhandari et al. 2020, "ZeRO: Memory Optimizations
// Toward Training Trillion Parameter Models", SC20, arXiv:1910.02054): the largest model whose
// model states fit a device at each stage, the fewest GPUs that hold a given model, and the
// data-parallel bytes each GPU moves per step (section 7).
#include "formula.h"

#include <array>
#include <optional>

namespace formulas {

/// Bytes of model state per parameter on one GPU at ZeRO stage 0 (plain data parallel) to 3,
/// with K optimizer bytes per parameter over `nd` data-parallel ranks.
std::array<double, 4> zeroBytesPerParameter(double k, double nd);

/// The largest parameter count whose model states fit `memoryBytes` per GPU at each stage, with
/// the model split over `mp` model-parallel ranks first.
std::array<double, 4> zeroMaxParameters(double memoryBytes, double k, double nd, double mp);

/// The fewest data-parallel ranks (1 or more) at which `psi` parameters fit at each stage;
/// empty when no number of ranks is enough (the stage keeps an unsplit part that alone is too
/// large).
std::array<std::optional<double>, 4> zeroMinDataParallel(double psi, double memoryBytes, double k, double mp);

/// Elements each GPU sends per step for the gradients (and, at stage 3, the parameters) over a
/// ring: 2 Psi (N-1)/N for plain data parallel and stages 1-2 (reduce-scatter + all-gather),
/// 3 Psi (N-1)/N for stage 3 (the parameters are gathered for the forward and again for the
/// backward, the gradients reduce-scattered).
double zeroStepElementsSent(double psi, double nd, int stage);

Formula zeroSizingFormula();
Formula dpTrafficFormula();

}  // namespace formulas
