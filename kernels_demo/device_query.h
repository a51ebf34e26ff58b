#pragma once
// Reading the device: attributes through the CUDA runtime, driver version and state through
// NVML when present.

#include <string>

#include "demo_result.h"

namespace kdemo {

/// Number of usable devices, or an explanation of why there are none (no driver, no device).
struct GpuPresence {
    int count = 0;
    std::string problem;  ///< empty when count > 0
};
GpuPresence probeGpus();

/// Attributes of device `index` (the device must exist); also makes it current and creates the
/// context, so that cost stays out of every timing.
DeviceInfo queryDevice(int index);

/// NVML state now (clocks, temperature, power); all -1 without NVML.
DeviceState readDeviceState(const DeviceInfo& d);

}  // namespace kdemo
