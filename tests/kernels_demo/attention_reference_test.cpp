#include "attention_reference.h"

#include <catch2/catch.hpp>

#include <vector>

using namespace kdemo;

TEST_CASE("Equal scores average the values", "[kernels_demo][attention]")
{
    // d = 1: both keys give score 0, so the weights are 1/2 each and out = (2 + 4) / 2.
    const std::vector<float> q{1.0f}, k{0.0f, 0.0f}, v{2.0f, 4.0f};
    std::vector<double> out(1);
    decodeAttentionHead(q, k, v, 2, out);
    CHECK(out[0] == Approx(3.0).epsilon(1e-12));
}

TEST_CASE("Scores are scaled by 1/sqrt(d) before the softmax", "[kernels_demo][attention]")
{
    // d = 4: q . k1 = 4 x 0.5 = 2, scaled by 1/2 gives 1; q . k0 = 0. Weights 1 : e, so
    // out = (v0 + e v1) / (1 + e) = [1/(1+e), e/(1+e), 0, 0] = [0.268941, 0.731059, 0, 0].
    const std::vector<float> q{1, 1, 1, 1};
    const std::vector<float> k{0, 0, 0, 0, 0.5f, 0.5f, 0.5f, 0.5f};
    const std::vector<float> v{1, 0, 0, 0, 0, 1, 0, 0};
    std::vector<double> out(4);
    decodeAttentionHead(q, k, v, 2, out);
    CHECK(out[0] == Approx(0.2689414214).epsilon(1e-9));
    CHECK(out[1] == Approx(0.7310585786).epsilon(1e-9));
    CHECK(out[2] == 0.0);
    CHECK(out[3] == 0.0);
}

TEST_CASE("Large scores do not overflow", "[kernels_demo][attention]")
{
    // Scores of 1000 each: exp(1000) overflows a double, exp(1000 - max) = 1 does not.
    const std::vector<float> q{1000.0f}, k{1.0f, 1.0f, 1.0f}, v{1.0f, 2.0f, 6.0f};
    std::vector<double> out(1);
    decodeAttentionHead(q, k, v, 3, out);
    CHECK(out[0] == Approx(3.0).epsilon(1e-12));
}

TEST_CASE("Only the first `tokens` rows take part", "[kernels_demo][attention]")
{
    const std::vector<float> q{1.0f}, k{0.0f, 0.0f, 50.0f}, v{1.0f, 3.0f, 100.0f};
    std::vector<double> out(1);
    decodeAttentionHead(q, k, v, 2, out);
    CHECK(out[0] == Approx(2.0).epsilon(1e-12));
}
