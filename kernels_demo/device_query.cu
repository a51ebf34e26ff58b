#include "device_query.h"

#include <cuda_runtime.h>

#include "cuda_util.h"
#include "hardware_math.h"
#include "nvml_probe.h"

namespace kdemo {

GpuPresence probeGpus()
{
    GpuPresence p;
    int n = 0;
    const cudaError_t e = cudaGetDeviceCount(&n);
    if (e != cudaSuccess) {
        p.problem = std::string("no usable NVIDIA GPU: cudaGetDeviceCount returned ") + cudaGetErrorName(e)
                    + " (" + cudaGetErrorString(e) + ")";
        return p;
    }
    if (n == 0) {
        p.problem = "no usable NVIDIA GPU: the CUDA driver reports 0 devices";
        return p;
    }
    p.count = n;
    return p;
}

DeviceInfo queryDevice(int index)
{
    DeviceInfo d;
    d.index = index;
    KD_CUDA(cudaSetDevice(index));
    KD_CUDA(cudaFree(nullptr));  // creates the context here, not inside a timed region
    cudaDeviceProp p{};
    KD_CUDA(cudaGetDeviceProperties(&p, index));
    d.name = p.name;
    d.computeCapability = std::to_string(p.major) + "." + std::to_string(p.minor);
    d.smCount = p.multiProcessorCount;
    d.memoryBytes = p.totalGlobalMem;
    d.l2Bytes = static_cast<std::uint64_t>(p.l2CacheSize);
    d.smemPerSmBytes = p.sharedMemPerMultiprocessor;
    d.eccEnabled = p.ECCEnabled != 0;
    // CUDA 13 removed the clock fields from cudaDeviceProp; the attributes remain.
    KD_CUDA(cudaDeviceGetAttribute(&d.smClockMaxKHz, cudaDevAttrClockRate, index));
    KD_CUDA(cudaDeviceGetAttribute(&d.memClockKHz, cudaDevAttrMemoryClockRate, index));
    KD_CUDA(cudaDeviceGetAttribute(&d.memBusWidthBits, cudaDevAttrGlobalMemoryBusWidth, index));
    KD_CUDA(cudaDriverGetVersion(&d.driverApiVersion));
    KD_CUDA(cudaRuntimeGetVersion(&d.runtimeVersion));
    KD_CUDA(cudaGetDeviceCount(&d.deviceCount));
    char bus[32] = {};
    KD_CUDA(cudaDeviceGetPCIBusId(bus, sizeof bus, index));
    d.pciBusId = bus;
    d.theoreticalDramGBs = theoreticalDramGBs(d.memClockKHz, d.memBusWidthBits);
    d.fp32PeakTflops = fp32PeakTflops(d.smCount, fp32LanesPerSm(p.major, p.minor), d.smClockMaxKHz);
    NvmlProbe nvml(d.pciBusId);
    d.driverVersion = nvml.driverVersion();
    nvml.pcieLink(d.pcieGeneration, d.pcieWidth);
    d.stateStart = nvml.state();
    return d;
}

DeviceState readDeviceState(const DeviceInfo& d)
{
    NvmlProbe nvml(d.pciBusId);
    return nvml.state();
}

}  // namespace kdemo
