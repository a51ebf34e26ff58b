#pragma once
// CPU references for the GPU demos: plain C++, no CUDA, so they can be unit-tested anywhere.
// Every GPU variant is checked against one of these on a fresh (NaN-filled) output buffer.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace kdemo {

/// Deterministic 64-bit generator (SplitMix64): the same seed gives the same data on every
/// machine, so a recorded run can be reproduced.
class SplitMix64 {
public:
    explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next();
    /// Uniform float in [lo, hi), from the top 24 bits.
    float uniform(float lo, float hi);

private:
    std::uint64_t state_;
};

void fillUniform(std::span<float> out, std::uint64_t seed, float lo, float hi);
/// Small non-negative integers (0..255) so that sums are exact whatever the order.
void fillBytesAsInt(std::span<std::int32_t> out, std::uint64_t seed);

/// Exact sum of 32-bit integers in 64 bits.
std::int64_t sumInt(std::span<const std::int32_t> in);

/// out[c * rows + r] = in[r * cols + c] (row-major in, row-major out of shape cols x rows).
void transpose(std::span<const float> in, std::span<float> out, std::size_t rows, std::size_t cols);

/// Index that element i of a strided copy reads: the n elements are viewed as a
/// (stride x n/stride) matrix read column by column, so neighbouring threads are `stride`
/// elements apart and every element is still read once. n must be a multiple of stride.
std::size_t stridedSource(std::size_t i, std::size_t n, std::size_t stride);

/// Softmax of one row in double precision (the reference for the fp32 kernels).
void softmaxRow(std::span<const float> in, std::span<double> out);
/// The online (max, normaliser) pair of one row in one pass (Milakov & Gimelshein 2018).
struct OnlineMaxSum {
    double max;
    double sum;  ///< sum of exp(x - max)
};
OnlineMaxSum onlineMaxSum(std::span<const float> in);

/// y = x / sqrt(mean(x^2) + eps) * w, one row, in double.
void rmsnormRow(std::span<const float> x, std::span<const float> w, double eps, std::span<double> y);

/// One element of C = A * B for row-major A (m x k) and B (k x n), in double.
double gemmEntry(std::span<const float> a, std::span<const float> b, std::size_t k, std::size_t n,
                 std::size_t row, std::size_t col);
/// Error bound for one GEMM entry: c * sqrt(k) * max|a| * max|b| (c by precision: about 1e-6
/// for FP32, 1e-3 for TF32, 8e-3 for BF16 inputs; cuda-demos.md section 3, item 4).
double gemmTolerance(double c, std::size_t k, double maxAbsA, double maxAbsB);

/// Round a float to bfloat16 (round to nearest, ties to even) and return its 16 bits.
std::uint16_t toBf16Bits(float x);
float bf16BitsToFloat(std::uint16_t bits);

/// v <- v * a + b applied `steps` times, in float with fused multiply-add (the roofline
/// kernel's chain; with a = 1 and small integer b the result is exact).
float fmaChain(float v, float a, float b, int steps);

}  // namespace kdemo
