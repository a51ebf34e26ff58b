#pragma once
// KV-cache size per token and in total for MHA, MQA, GQA and MLA
// (DeepSeek-V2 paper, Table 1, for the per-token element counts).
#include "formula.h"

namespace formulas {

enum class Attention {
    Mha = 0,
    Mqa = 1,
    Gqa = 2,
    Mla = 3
};

struct KvCacheInputs {
    Attention attention;
    double layers;     ///< l
    double heads;      ///< n_h, query heads
    double kvHeads;    ///< n_g, used by GQA only
    double headDim;    ///< d_h
    double mlaLatent;  ///< d_c, used by MLA only
    double mlaRope;    ///< d_h^R, used by MLA only
};

/// Cached elements per token summed over all layers.
double kvElementsPerToken(const KvCacheInputs& in);

/// Bytes per cached element: below one byte each group of `groupSize` elements adds a scale of
/// `scaleBytes` (NVFP4: 16 elements and an FP8 scale, MXFP4: 32 and an E8M0 scale).
double cachedElementBytes(double dtypeBytes, double groupSize, double scaleBytes);

Formula kvCacheFormula();
/// The same model (or two models) under two attention designs and cache precisions.
Formula kvCacheCompareFormula();

}  // namespace formulas
