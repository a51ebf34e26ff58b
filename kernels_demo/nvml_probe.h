#pragma once
// Optional device state through NVML, loaded at run time with dlopen: the runner must start
// (and say "no GPU") on machines without the driver, so it cannot link libnvidia-ml directly.

#include <string>

#include "demo_result.h"

namespace kdemo {

class NvmlProbe {
public:
    /// Opens NVML and finds the device by its PCI bus id ("0000:00:05.0"); does nothing
    /// (and available() is false) when the library or the device is missing.
    explicit NvmlProbe(const std::string& pciBusId);
    ~NvmlProbe();
    NvmlProbe(const NvmlProbe&) = delete;
    NvmlProbe& operator=(const NvmlProbe&) = delete;

    bool available() const { return device_ != nullptr; }
    std::string driverVersion() const;
    DeviceState state() const;
    /// Current PCIe link generation and width; -1 each when unknown. Read while a copy runs:
    /// an idle link may train down to a lower generation to save power.
    void pcieLink(int& generation, int& width) const;

private:
    void* lib_ = nullptr;
    void* device_ = nullptr;
};

}  // namespace kdemo
