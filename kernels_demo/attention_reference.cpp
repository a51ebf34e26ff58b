#include "attention_reference.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace kdemo {

void decodeAttentionHead(std::span<const float> q, std::span<const float> k, std::span<const float> v,
                         std::size_t tokens, std::span<double> out)
{
    const std::size_t d = q.size();
    const double scale = 1.0 / std::sqrt(static_cast<double>(d));
    std::vector<double> score(tokens);
    double maxScore = -INFINITY;
    for (std::size_t t = 0; t < tokens; ++t) {
        double s = 0.0;
        for (std::size_t i = 0; i < d; ++i)
            s += static_cast<double>(q[i]) * k[t * d + i];
        score[t] = s * scale;
        maxScore = std::max(maxScore, score[t]);
    }
    std::fill(out.begin(), out.end(), 0.0);
    double sum = 0.0;
    for (std::size_t t = 0; t < tokens; ++t) {
        const double p = std::exp(score[t] - maxScore);
        sum += p;
        for (std::size_t i = 0; i < d; ++i)
            out[i] += p * v[t * d + i];
    }
    for (double& o : out)
        o /= sum;
}

}  // namespace kdemo
