#pragma once
// Host-side quantisation for the FP8/INT8 GEMM demo: plain C++, no CUDA, unit-tested.
// E4M3 is the OCP 8-bit float with 1 sign, 4 exponent (bias 7) and 3 mantissa bits; it has no
// infinities, 0x7f / 0xff are NaN, and the largest finite value is 448 = 1.75 x 2^8
// (Micikevicius et al., "FP8 Formats for Deep Learning", arXiv 2209.05433).

#include <cstdint>

namespace kdemo {

/// Rounds to the nearest E4M3 value, ties to even; magnitudes at or above 448 (infinity too)
/// saturate to +-448, as cuBLASLt's own conversions with "satfinite" do; NaN gives 0x7f.
std::uint8_t toE4m3Bits(float x);
/// The exact value of an E4M3 code (NaN for 0x7f and 0xff).
float e4m3BitsToFloat(std::uint8_t bits);

/// Symmetric INT8 quantisation: round(x / scale) to nearest (ties to even), clamped to
/// [-127, 127] so that the range stays symmetric.
std::int8_t toInt8Symmetric(float x, float scale);

}  // namespace kdemo
