#pragma once
// Training FLOPs: 6 N per token for the dense matmuls plus 12 L H Q T for attention
// (PaLM paper, Chowdhery et al. 2022, Appendix B), and the logit layer 6 V d on its own when N
// leaves the output embedding out (Narayanan et al. 2021, Eq. 3; Korthikanti et al. 2022, Eq. 7).
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
/// The logit layer, forward 2 V d and backward 4 V d per token: 6 V d. Counted only when N
/// does not already hold the output embedding.
double logitFlopsPerToken(double vocab, double hidden);

/// The parameters that say whether the logit layer is counted on its own, and its V and d.
std::vector<ParameterSpec> logitParameters(double defaultHidden);
/// 6 V d when the "logit" choice asks for it, else 0.
double logitFlopsFrom(const Values& v);

Formula trainingFlopsFormula();

}  // namespace formulas
