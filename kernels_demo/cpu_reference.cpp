#include "cpu_reference.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace kdemo {

std::uint64_t SplitMix64::next()
{
    // Constants of Steele, Lea & Flood's SplitMix64 (OOPSLA 2014), as in Vigna's splitmix64.c.
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

float SplitMix64::uniform(float lo, float hi)
{
    const auto top24 = static_cast<std::uint32_t>(next() >> 40);
    const float unit = static_cast<float>(top24) * (1.0f / 16777216.0f);
    return lo + (hi - lo) * unit;
}

void fillUniform(std::span<float> out, std::uint64_t seed, float lo, float hi)
{
    SplitMix64 rng(seed);
    for (float& v : out)
        v = rng.uniform(lo, hi);
}

void fillBytesAsInt(std::span<std::int32_t> out, std::uint64_t seed)
{
    SplitMix64 rng(seed);
    std::size_t i = 0;
    // One 64-bit draw gives eight bytes.
    while (i < out.size()) {
        std::uint64_t r = rng.next();
        for (int b = 0; b < 8 && i < out.size(); ++b, ++i) {
            out[i] = static_cast<std::int32_t>(r & 0xffu);
            r >>= 8;
        }
    }
}

std::int64_t sumInt(std::span<const std::int32_t> in)
{
    std::int64_t s = 0;
    for (std::int32_t v : in)
        s += v;
    return s;
}

void transpose(std::span<const float> in, std::span<float> out, std::size_t rows, std::size_t cols)
{
    for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t c = 0; c < cols; ++c)
            out[c * rows + r] = in[r * cols + c];
}

std::size_t stridedSource(std::size_t i, std::size_t n, std::size_t stride)
{
    const std::size_t perColumn = n / stride;
    return (i % perColumn) * stride + i / perColumn;
}

void softmaxRow(std::span<const float> in, std::span<double> out)
{
    double m = -INFINITY;
    for (float v : in)
        m = std::max(m, static_cast<double>(v));
    double s = 0.0;
    for (std::size_t i = 0; i < in.size(); ++i) {
        out[i] = std::exp(static_cast<double>(in[i]) - m);
        s += out[i];
    }
    for (double& v : out)
        v /= s;
}

OnlineMaxSum onlineMaxSum(std::span<const float> in)
{
    OnlineMaxSum acc{-INFINITY, 0.0};
    for (float f : in) {
        const double v = f;
        if (v > acc.max) {
            // Rescale what was summed against the old maximum.
            acc.sum = acc.sum * std::exp(acc.max - v) + 1.0;
            acc.max = v;
        } else {
            acc.sum += std::exp(v - acc.max);
        }
    }
    return acc;
}

void rmsnormRow(std::span<const float> x, std::span<const float> w, double eps, std::span<double> y)
{
    double ss = 0.0;
    for (float v : x)
        ss += static_cast<double>(v) * v;
    const double r = 1.0 / std::sqrt(ss / static_cast<double>(x.size()) + eps);
    for (std::size_t i = 0; i < x.size(); ++i)
        y[i] = x[i] * r * w[i];
}

double gemmEntry(std::span<const float> a, std::span<const float> b, std::size_t k, std::size_t n,
                 std::size_t row, std::size_t col)
{
    double s = 0.0;
    for (std::size_t p = 0; p < k; ++p)
        s += static_cast<double>(a[row * k + p]) * static_cast<double>(b[p * n + col]);
    return s;
}

double gemmTolerance(double c, std::size_t k, double maxAbsA, double maxAbsB)
{
    return c * std::sqrt(static_cast<double>(k)) * maxAbsA * maxAbsB;
}

std::uint16_t toBf16Bits(float x)
{
    std::uint32_t u = 0;
    std::memcpy(&u, &x, sizeof u);
    if ((u & 0x7fffffffu) > 0x7f800000u)
        return static_cast<std::uint16_t>((u >> 16) | 0x40u);  // NaN stays NaN
    // Round to nearest even on the 16 bits that are dropped.
    const std::uint32_t lsb = (u >> 16) & 1u;
    u += 0x7fffu + lsb;
    return static_cast<std::uint16_t>(u >> 16);
}

float bf16BitsToFloat(std::uint16_t bits)
{
    const std::uint32_t u = static_cast<std::uint32_t>(bits) << 16;
    float f = 0.0f;
    std::memcpy(&f, &u, sizeof f);
    return f;
}

float fmaChain(float v, float a, float b, int steps)
{
    for (int i = 0; i < steps; ++i)
        v = std::fma(v, a, b);
    return v;
}

}  // namespace kdemo
