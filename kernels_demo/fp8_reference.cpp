#include "fp8_reference.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace kdemo {

std::uint8_t toE4m3Bits(float x)
{
    std::uint32_t u = 0;
    std::memcpy(&u, &x, sizeof u);
    const auto sign = static_cast<std::uint8_t>((u >> 24) & 0x80u);
    u &= 0x7fffffffu;
    if (u > 0x7f800000u)
        return 0x7f;  // NaN (sign dropped: one NaN code is enough)
    if (u >= 0x43e00000u)
        return sign | 0x7e;  // >= 448 (1.75 x 2^8) saturates
    if (u < 0x3c800000u) {
        // Below 2^-6, the smallest normal: E4M3 subnormals are multiples of 2^-9, so the code is
        // the value in units of 2^-9 rounded to an integer (0..8; 8 is 2^-6, code 0x08).
        const float units = std::fabs(x) * 512.0f;  // exact: a power-of-two scaling
        return sign | static_cast<std::uint8_t>(std::nearbyint(units));
    }
    // Normal: move the float exponent bias (127) to E4M3's (7), then drop the low 20 of the 23
    // mantissa bits with round-to-nearest-even; a carry out of the mantissa bumps the exponent,
    // which is the right result. Inputs are below 448, so the result stays at or below 0x7e.
    u -= 120u << 23;
    const std::uint32_t lsb = (u >> 20) & 1u;
    u += 0x7ffffu + lsb;
    return sign | static_cast<std::uint8_t>(u >> 20);
}

float e4m3BitsToFloat(std::uint8_t bits)
{
    const int exponent = (bits >> 3) & 0xf;
    const int mantissa = bits & 0x7;
    const float sign = (bits & 0x80) ? -1.0f : 1.0f;
    if (exponent == 0xf && mantissa == 0x7)
        return std::nanf("");
    if (exponent == 0)
        return sign * std::ldexp(static_cast<float>(mantissa), -9);
    return sign * std::ldexp(1.0f + static_cast<float>(mantissa) / 8.0f, exponent - 7);
}

std::int8_t toInt8Symmetric(float x, float scale)
{
    const float q = std::nearbyint(x / scale);
    if (std::isnan(q))
        return 0;
    return static_cast<std::int8_t>(std::clamp(q, -127.0f, 127.0f));
}

}  // namespace kdemo
