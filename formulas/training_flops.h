#pragma once
// Training FLOPs: 6 N per token for the dense matmuls plus 12 L H Q T for attention
// (PaLM paper, Chowdhery et al. 2022, Appendix B).
#include "formula.h"

namespace formulas {

struct TransformerShape {
    double params;   ///< N, parameters used per token (non-embedding in PaLM's count)
    double layers;   ///< L
    double heads;    ///< H
    double headDim;  ///< Q
    double seqLen;   ///< T
};

/// Forward + backward FLOPs per token: 6N + 12 L H Q T.
double modelFlopsPerToken(const TransformerShape& m);
/// 12 L H Q T alone: the attention scores and their product with V.
double attentionFlopsPerToken(const TransformerShape& m);

Formula trainingFlopsFormula();

}  // namespace formulas
