#include "fp8_reference.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

using namespace kdemo;

// E4M3 codes by hand: sign | exponent (4 bits, bias 7) | mantissa (3 bits).
TEST_CASE("E4M3 encodes exact values", "[kernels_demo][fp8]")
{
    CHECK(toE4m3Bits(0.0f) == 0x00);
    CHECK(toE4m3Bits(-0.0f) == 0x80);
    CHECK(toE4m3Bits(1.0f) == 0x38);          // 0 0111 000
    CHECK(toE4m3Bits(-2.0f) == 0xc0);         // 1 1000 000
    CHECK(toE4m3Bits(240.0f) == 0x77);        // 1.875 x 2^7: 0 1110 111
    CHECK(toE4m3Bits(448.0f) == 0x7e);        // 1.75 x 2^8: the largest finite value
    CHECK(toE4m3Bits(0.015625f) == 0x08);     // 2^-6, the smallest normal: 0 0001 000
    CHECK(toE4m3Bits(0.001953125f) == 0x01);  // 2^-9, the smallest subnormal
}

TEST_CASE("E4M3 rounds to nearest, ties to even", "[kernels_demo][fp8]")
{
    // Between 1 (0x38) and 1.125 (0x39) the step is 1/8.
    CHECK(toE4m3Bits(1.0625f) == 0x38);  // halfway: even mantissa 000
    CHECK(toE4m3Bits(1.07f) == 0x39);    // above halfway
    CHECK(toE4m3Bits(1.1875f) == 0x3a);  // halfway between 1.125 (001) and 1.25 (010): 010
    // 432 is halfway between 416 (mantissa 101) and 448 (110): 448.
    CHECK(toE4m3Bits(432.0f) == 0x7e);
    // Subnormals, in units of 2^-9: 0.5 unit -> 0, 1.5 units -> 2.
    CHECK(toE4m3Bits(0.0009765625f) == 0x00);
    CHECK(toE4m3Bits(0.0029296875f) == 0x02);
    // 7.5 units of 2^-9 lies between the largest subnormal (7) and the smallest normal (8).
    CHECK(toE4m3Bits(0.0146484375f) == 0x08);
}

TEST_CASE("E4M3 saturates large magnitudes and keeps NaN", "[kernels_demo][fp8]")
{
    CHECK(toE4m3Bits(1000.0f) == 0x7e);
    CHECK(toE4m3Bits(-1000.0f) == 0xfe);
    CHECK(toE4m3Bits(std::numeric_limits<float>::infinity()) == 0x7e);
    CHECK(toE4m3Bits(std::nanf("")) == 0x7f);
}

TEST_CASE("E4M3 decodes codes to their values", "[kernels_demo][fp8]")
{
    CHECK(e4m3BitsToFloat(0x38) == 1.0f);
    CHECK(e4m3BitsToFloat(0xc0) == -2.0f);
    CHECK(e4m3BitsToFloat(0x77) == 240.0f);
    CHECK(e4m3BitsToFloat(0x7e) == 448.0f);
    CHECK(e4m3BitsToFloat(0x08) == 0.015625f);
    CHECK(e4m3BitsToFloat(0x07) == 7.0f / 512.0f);
    CHECK(e4m3BitsToFloat(0x01) == 0.001953125f);
    CHECK(std::isnan(e4m3BitsToFloat(0x7f)));
    CHECK(std::isnan(e4m3BitsToFloat(0xff)));
}

TEST_CASE("Every finite E4M3 code survives decode then encode", "[kernels_demo][fp8]")
{
    for (int code = 0; code < 256; ++code) {
        if ((code & 0x7f) == 0x7f)
            continue;
        CHECK(toE4m3Bits(e4m3BitsToFloat(static_cast<std::uint8_t>(code))) == code);
    }
}

TEST_CASE("Symmetric INT8 rounds ties to even and clamps to +-127", "[kernels_demo][fp8]")
{
    CHECK(toInt8Symmetric(1.25f, 0.5f) == 2);    // 2.5 -> 2
    CHECK(toInt8Symmetric(1.75f, 0.5f) == 4);    // 3.5 -> 4
    CHECK(toInt8Symmetric(-0.75f, 0.5f) == -2);  // -1.5 -> -2
    CHECK(toInt8Symmetric(1.0f, 0.5f) == 2);
    CHECK(toInt8Symmetric(100.0f, 0.5f) == 127);
    CHECK(toInt8Symmetric(-100.0f, 0.5f) == -127);
}
