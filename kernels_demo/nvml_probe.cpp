#include "nvml_probe.h"

#include <dlfcn.h>

namespace kdemo {

namespace {

// The few NVML entry points used, with the C signatures of NVIDIA's nvml.h (the header is not
// part of every CUDA toolkit install). Return value 0 is NVML_SUCCESS.
using InitFn = int (*)();
using ShutdownFn = int (*)();
using DriverVersionFn = int (*)(char*, unsigned int);
using HandleByPciFn = int (*)(const char*, void**);
using UIntQueryFn = int (*)(void*, unsigned int*);
using ClockFn = int (*)(void*, int, unsigned int*);
using TempFn = int (*)(void*, int, unsigned int*);
using ReasonsFn = int (*)(void*, unsigned long long*);

constexpr int kClockSm = 1;   // NVML_CLOCK_SM
constexpr int kClockMem = 2;  // NVML_CLOCK_MEM
constexpr int kTempGpu = 0;   // NVML_TEMPERATURE_GPU

template <typename F>
F sym(void* lib, const char* name)
{
    return lib ? reinterpret_cast<F>(dlsym(lib, name)) : nullptr;
}

}  // namespace

NvmlProbe::NvmlProbe(const std::string& pciBusId)
{
    lib_ = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib_)
        return;
    auto init = sym<InitFn>(lib_, "nvmlInit_v2");
    auto byPci = sym<HandleByPciFn>(lib_, "nvmlDeviceGetHandleByPciBusId_v2");
    if (!init || !byPci || init() != 0) {
        dlclose(lib_);
        lib_ = nullptr;
        return;
    }
    void* dev = nullptr;
    if (byPci(pciBusId.c_str(), &dev) == 0)
        device_ = dev;
}

NvmlProbe::~NvmlProbe()
{
    if (!lib_)
        return;
    if (auto shutdown = sym<ShutdownFn>(lib_, "nvmlShutdown"))
        shutdown();
    dlclose(lib_);
}

std::string NvmlProbe::driverVersion() const
{
    auto f = sym<DriverVersionFn>(lib_, "nvmlSystemGetDriverVersion");
    char buf[96] = {};
    if (!f || f(buf, sizeof buf) != 0)
        return {};
    return buf;
}

DeviceState NvmlProbe::state() const
{
    DeviceState s;
    if (!device_)
        return s;
    unsigned int v = 0;
    if (auto clock = sym<ClockFn>(lib_, "nvmlDeviceGetClockInfo")) {
        if (clock(device_, kClockSm, &v) == 0)
            s.smClockMHz = static_cast<int>(v);
        if (clock(device_, kClockMem, &v) == 0)
            s.memClockMHz = static_cast<int>(v);
    }
    if (auto temp = sym<TempFn>(lib_, "nvmlDeviceGetTemperature"); temp && temp(device_, kTempGpu, &v) == 0)
        s.temperatureC = static_cast<int>(v);
    if (auto power = sym<UIntQueryFn>(lib_, "nvmlDeviceGetPowerUsage"); power && power(device_, &v) == 0)
        s.powerW = v / 1000.0;  // NVML reports milliwatts
    auto reasons = sym<ReasonsFn>(lib_, "nvmlDeviceGetCurrentClocksEventReasons");
    if (!reasons)
        reasons = sym<ReasonsFn>(lib_, "nvmlDeviceGetCurrentClocksThrottleReasons");
    unsigned long long mask = 0;
    if (reasons && reasons(device_, &mask) == 0)
        s.clocksEventReasons = static_cast<long long>(mask);
    return s;
}

void NvmlProbe::pcieLink(int& generation, int& width) const
{
    generation = -1;
    width = -1;
    if (!device_)
        return;
    unsigned int v = 0;
    if (auto g = sym<UIntQueryFn>(lib_, "nvmlDeviceGetCurrPcieLinkGeneration"); g && g(device_, &v) == 0)
        generation = static_cast<int>(v);
    if (auto w = sym<UIntQueryFn>(lib_, "nvmlDeviceGetCurrPcieLinkWidth"); w && w(device_, &v) == 0)
        width = static_cast<int>(v);
}

}  // namespace kdemo
