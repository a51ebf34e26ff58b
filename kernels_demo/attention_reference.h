#pragma once
// CPU reference for the decode-attention demo: one query vector against the keys and values
// of one sequence, in double. Plain C++, no CUDA, unit-tested.

#include <cstddef>
#include <span>

namespace kdemo {

/// out = softmax(q . k_t / sqrt(d)) weighted sum of v_t over t < tokens, where d = q.size(),
/// k and v are row-major [tokens][d] and out has d entries. Scores are shifted by their
/// maximum before exp, so large scores do not overflow.
void decodeAttentionHead(std::span<const float> q, std::span<const float> k, std::span<const float> v,
                         std::size_t tokens, std::span<double> out);

}  // namespace kdemo
