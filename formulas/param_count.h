#pragma once
// Parameter count of a decoder-only transformer from its shape: the 12 l d^2 + V d rule of thumb
// and the exact sum with GQA, a gated (SwiGLU) or plain MLP, biases, norms, tied or untied
// embeddings, learned positions and mixture-of-experts layers.
#include "formula.h"

namespace formulas {

struct TransformerLayout {
    double layers, hidden, heads, kvHeads, headDim;
    double ffn;  ///< d_ff of a dense MLP
    bool gated;  ///< SwiGLU: three d x d_ff matrices instead of two
    double vocab;
    bool tied;                ///< output projection shares the input embedding
    bool biases;              ///< every linear layer has a bias, norms are LayerNorm with bias
    double learnedPositions;  ///< rows of a learned position table (0: RoPE or none)
    double experts;           ///< routed experts per MoE layer (0: dense model)
    double sharedExperts;
    double topK;
    double expertFfn;    ///< d_ff of one expert
    double denseLayers;  ///< leading layers that keep the dense MLP
};

struct ParamCount {
    double attentionPerLayer, mlpPerLayer, expertPerLayer, routerPerLayer, normsPerLayer;
    double embedding, output, total, active, nonEmbedding;
};

ParamCount countParameters(const TransformerLayout& m);

Formula paramCountFormula();

}  // namespace formulas
