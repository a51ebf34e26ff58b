#pragma once
// CPU side of the prefix-scan demo: input data, the inclusive scan it is checked against, and
// the element-wise comparison. Plain C++, no CUDA, unit-tested.

#include <cstdint>
#include <span>
#include <string>

#include "demo_result.h"

namespace kdemo {

/// Values 0..15, sixteen from each SplitMix64 draw, lowest nibble first: small enough that a
/// sum of 2^28 of them stays below 2^32, and cheap to make for a gigabyte of input.
void fillNibbles(std::span<std::uint32_t> out, std::uint64_t seed);

/// out[i] = in[0] + ... + in[i] in unsigned 32-bit arithmetic (wrap-around modulo 2^32, which
/// is what the GPU's 32-bit adds do; unsigned keeps it defined). `out` may be `in`.
void inclusiveScanU32(std::span<const std::uint32_t> in, std::span<std::uint32_t> out);

/// Exact element-wise equality. maxAbsErr is the largest |got - want| over the mismatches (as
/// 64-bit signed differences); the method text gets the first mismatch's index and values.
Correctness checkExactU32(std::span<const std::uint32_t> got, std::span<const std::uint32_t> want,
                          std::string method);

}  // namespace kdemo
