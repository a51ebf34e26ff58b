#pragma once
// Limits derived from device attributes (datasheet-style arithmetic), kept apart from the GPU
// code so they can be checked by hand.

#include <string>

namespace kdemo {

/// Theoretical DRAM bandwidth in GB/s (1e9 B/s): double data rate x bus width.
/// memClockKHz as cudaDevAttrMemoryClockRate reports it.
double theoreticalDramGBs(int memClockKHz, int busWidthBits);

/// Usable PCIe bandwidth per direction in GB/s for a link generation (1..6) and width, after
/// line encoding (8b/10b for Gen 1-2, 128b/130b for Gen 3-5, Gen 6 counted at its raw rate);
/// 0 for an unknown generation.
double pcieGBsPerDirection(int generation, int width);

/// nccl-tests' all-reduce bus-bandwidth factor 2(n-1)/n (doc/PERFORMANCE.md).
double allReduceBusFactor(int ranks);

/// Peak FP32 FLOP/s in TFLOP/s: SMs x FP32 lanes per SM x 2 (an FMA is two FLOPs) x clock.
double fp32PeakTflops(int smCount, int lanesPerSm, int clockKHz);

/// FP32 lanes per SM by compute capability (CUDA C Programming Guide, arithmetic throughput
/// table); 0 when unknown.
int fp32LanesPerSm(int major, int minor);

/// Dense (not sparse) tensor-core peak in TFLOP/s (TOPS for "int8") for "tf32", "bf16", "fp16",
/// "fp8" or "int8": NVIDIA's H100/H200 SXM datasheet figures, used only on compute capability 9.0
/// (the H100 PCIe/NVL parts have lower clocks, so this is an upper bound there); NaN elsewhere.
double denseTensorPeakTflops(const std::string& computeCapability, const std::string& precision);

}  // namespace kdemo
