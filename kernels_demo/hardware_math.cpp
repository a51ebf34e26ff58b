#include "hardware_math.h"

#include <limits>

namespace kdemo {

double theoreticalDramGBs(int memClockKHz, int busWidthBits)
{
    return 2.0 * memClockKHz * 1e3 * (busWidthBits / 8.0) / 1e9;
}

double pcieGBsPerDirection(int generation, int width)
{
    double gtPerLane = 0.0;  // giga-transfers per second per lane
    double encoding = 1.0;
    switch (generation) {
    case 1:
        gtPerLane = 2.5;
        encoding = 8.0 / 10.0;
        break;
    case 2:
        gtPerLane = 5.0;
        encoding = 8.0 / 10.0;
        break;
    case 3:
        gtPerLane = 8.0;
        encoding = 128.0 / 130.0;
        break;
    case 4:
        gtPerLane = 16.0;
        encoding = 128.0 / 130.0;
        break;
    case 5:
        gtPerLane = 32.0;
        encoding = 128.0 / 130.0;
        break;
    case 6:
        gtPerLane = 64.0;
        encoding = 1.0;
        break;
    default: return 0.0;
    }
    return gtPerLane * width * encoding / 8.0;
}

double allReduceBusFactor(int ranks)
{
    if (ranks <= 0)
        return 0.0;
    return 2.0 * (ranks - 1) / ranks;
}

double fp32PeakTflops(int smCount, int lanesPerSm, int clockKHz)
{
    return smCount * static_cast<double>(lanesPerSm) * 2.0 * clockKHz * 1e3 / 1e12;
}

int fp32LanesPerSm(int major, int minor)
{
    if (major == 7)
        return 64;  // Volta, Turing
    if (major == 8)
        return minor == 0 ? 64 : 128;  // A100: 64; Ampere GA10x, Ada: 128
    if (major == 9)
        return 128;  // Hopper
    if (major == 10 || major == 12)
        return 128;  // Blackwell
    return 0;
}

double denseTensorPeakTflops(const std::string& computeCapability, const std::string& precision)
{
    if (computeCapability != "9.0")
        return std::numeric_limits<double>::quiet_NaN();
    // H100 SXM5 datasheet (the H200 has the same tensor cores and clocks): TF32 494.7,
    // BF16/FP16 989.4, FP8/INT8 1978.9 dense; the datasheet's larger figures are with sparsity.
    if (precision == "tf32")
        return 494.7;
    if (precision == "bf16" || precision == "fp16")
        return 989.4;
    if (precision == "fp8" || precision == "int8")
        return 1978.9;
    return std::numeric_limits<double>::quiet_NaN();
}

}  // namespace kdemo
