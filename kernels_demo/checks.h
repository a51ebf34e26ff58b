#pragma once
// Comparing a GPU output (copied back) with a CPU reference; plain C++.

#include <cstdint>
#include <span>
#include <string>

#include "demo_result.h"

namespace kdemo {

/// Bit-for-bit equality of floats (a NaN left by the poisoned buffer fails).
Correctness checkExact(std::span<const float> got, std::span<const float> want, std::string method);
Correctness checkExactInt(std::int64_t got, std::int64_t want, std::string method);
/// |got - want| <= tolerance for every element; NaN fails.
Correctness checkClose(std::span<const float> got, std::span<const double> want, double tolerance,
                       std::string method);

}  // namespace kdemo
