#include "histogram_reference.h"

#include <algorithm>
#include <cmath>

#include "cpu_reference.h"

namespace kdemo {

void fillUniformBytes(std::span<std::uint8_t> out, std::uint64_t seed)
{
    SplitMix64 rng(seed);
    std::size_t i = 0;
    while (i < out.size()) {
        std::uint64_t r = rng.next();
        for (int b = 0; b < 8 && i < out.size(); ++b, ++i) {
            out[i] = static_cast<std::uint8_t>(r & 0xffu);
            r >>= 8;
        }
    }
}

void fillSkewedBytes(std::span<std::uint8_t> out, std::uint64_t seed, double hotFraction, std::uint8_t hot)
{
    const double clamped = std::clamp(hotFraction, 0.0, 1.0);
    const auto threshold = static_cast<std::uint32_t>(std::lround(clamped * 65536.0));
    SplitMix64 rng(seed);
    std::size_t i = 0;
    while (i < out.size()) {
        const std::uint64_t r = rng.next();
        for (int half = 0; half < 2 && i < out.size(); ++half, ++i) {
            const auto h = static_cast<std::uint32_t>(r >> (32 * half));
            out[i] = (h & 0xffffu) < threshold ? hot : static_cast<std::uint8_t>((h >> 16) & 0xffu);
        }
    }
}

std::vector<std::uint32_t> histogram256(std::span<const std::uint8_t> in)
{
    // Four partial histograms so that runs of one value do not serialise on one counter.
    std::vector<std::uint32_t> part(4 * kHistogramBins, 0);
    std::size_t i = 0;
    for (; i + 4 <= in.size(); i += 4) {
        ++part[in[i]];
        ++part[kHistogramBins + in[i + 1]];
        ++part[2 * kHistogramBins + in[i + 2]];
        ++part[3 * kHistogramBins + in[i + 3]];
    }
    for (; i < in.size(); ++i)
        ++part[in[i]];
    std::vector<std::uint32_t> h(kHistogramBins, 0);
    for (int p = 0; p < 4; ++p)
        for (int b = 0; b < kHistogramBins; ++b)
            h[b] += part[p * kHistogramBins + b];
    return h;
}

double meanDistinctPerWarpRequest(std::span<const std::uint8_t> in, std::size_t maxChunks)
{
    const std::size_t chunks = std::min(in.size() / 512, maxChunks);
    if (chunks == 0)
        return 0.0;
    std::size_t distinct = 0;
    for (std::size_t q = 0; q < chunks; ++q)
        for (int k = 0; k < 16; ++k) {
            bool seen[kHistogramBins] = {};
            for (int l = 0; l < 32; ++l) {
                const std::uint8_t v = in[q * 512 + 16 * l + k];
                if (!seen[v]) {
                    seen[v] = true;
                    ++distinct;
                }
            }
        }
    return static_cast<double>(distinct) / static_cast<double>(chunks * 16);
}

Correctness compareCounts(std::span<const std::uint32_t> got, std::span<const std::uint32_t> want,
                          std::string method)
{
    Correctness c;
    c.checked = true;
    c.method = std::move(method);
    c.elementsChecked = want.size();
    c.passed = got.size() == want.size();
    if (!c.passed)
        return c;
    for (std::size_t i = 0; i < want.size(); ++i) {
        const double d = std::fabs(static_cast<double>(got[i]) - static_cast<double>(want[i]));
        if (d > 0.0)
            c.passed = false;
        c.maxAbsErr = std::max(c.maxAbsErr, d);
    }
    return c;
}

}  // namespace kdemo
