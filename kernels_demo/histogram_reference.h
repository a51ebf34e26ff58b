#pragma once
// CPU side of the histogram demo: the two input distributions, the 256-bin reference histogram
// and an exact comparison of counts. Plain C++, no CUDA.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "demo_result.h"

namespace kdemo {

inline constexpr int kHistogramBins = 256;

/// Uniform bytes: each 64-bit SplitMix64 draw gives eight bytes, lowest byte first.
void fillUniformBytes(std::span<std::uint8_t> out, std::uint64_t seed);

/// Skewed bytes: each value is `hot` with probability `hotFraction` (in steps of 1/65536), and
/// otherwise uniform over 0..255 (so `hot` can also come from the uniform part). Each 64-bit
/// draw gives two values, low half first; of a 32-bit half, bits 0-15 decide (hot when below
/// round(hotFraction x 65536)) and bits 16-23 are the uniform value.
void fillSkewedBytes(std::span<std::uint8_t> out, std::uint64_t seed, double hotFraction, std::uint8_t hot);

/// Counts of each byte value, 256 bins.
std::vector<std::uint32_t> histogram256(std::span<const std::uint8_t> in);

/// Mean number of distinct values in groups of 32 (the bins one warp request touches when lane
/// l holds element base + 16 l + k, as a warp reading 16 bytes a lane does): elements
/// q * 512 + 16 l + k, l = 0..31, for the first `maxChunks` whole 512-byte chunks q, k = 0..15.
double meanDistinctPerWarpRequest(std::span<const std::uint8_t> in, std::size_t maxChunks);

/// Exact comparison of counts: passes when the sizes match and every bin is equal; maxAbsErr is
/// the largest difference.
Correctness compareCounts(std::span<const std::uint32_t> got, std::span<const std::uint32_t> want,
                          std::string method);

}  // namespace kdemo
