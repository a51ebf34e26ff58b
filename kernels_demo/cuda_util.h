#pragma once
// CUDA helpers shared by the demos: error checks that carry the failing call, and owning
// buffers so an error part-way through a demo frees what it allocated.

#include <cuda_runtime.h>

#include <cstddef>
#include <stdexcept>
#include <string>

namespace kdemo {

/// A CUDA call failed. Thrown inside a demo, caught by the runner, which records it in the
/// result's `error` field instead of crashing.
class CudaFailure : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

inline void cudaCheck(cudaError_t e, const char* what, const char* file, int line)
{
    if (e != cudaSuccess)
        throw CudaFailure(std::string(what) + " failed: " + cudaGetErrorString(e) + " (" + file + ":"
                          + std::to_string(line) + ")");
}

#define KD_CUDA(call) ::kdemo::cudaCheck((call), #call, __FILE__, __LINE__)
/// After a launch: a bad configuration shows up here, a fault at the next synchronisation.
#define KD_LAUNCHED() ::kdemo::cudaCheck(cudaGetLastError(), "kernel launch", __FILE__, __LINE__)

template <typename T>
class DeviceBuffer {
public:
    DeviceBuffer() = default;
    explicit DeviceBuffer(std::size_t count) : count_(count)
    {
        if (count)
            KD_CUDA(cudaMalloc(&ptr_, count * sizeof(T)));
    }
    ~DeviceBuffer()
    {
        if (ptr_)
            cudaFree(ptr_);
    }
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
    DeviceBuffer(DeviceBuffer&& o) noexcept : ptr_(o.ptr_), count_(o.count_)
    {
        o.ptr_ = nullptr;
        o.count_ = 0;
    }

    T* get() const { return ptr_; }
    std::size_t size() const { return count_; }
    std::size_t bytes() const { return count_ * sizeof(T); }
    /// Fill every byte with 0xff: NaN for floats, -1 for ints, so an unwritten output fails.
    void poison(cudaStream_t s = nullptr) { KD_CUDA(cudaMemsetAsync(ptr_, 0xff, bytes(), s)); }

private:
    T* ptr_ = nullptr;
    std::size_t count_ = 0;
};

template <typename T>
class PinnedBuffer {
public:
    explicit PinnedBuffer(std::size_t count) : count_(count)
    {
        KD_CUDA(cudaMallocHost(&ptr_, count * sizeof(T)));
    }
    ~PinnedBuffer()
    {
        if (ptr_)
            cudaFreeHost(ptr_);
    }
    PinnedBuffer(const PinnedBuffer&) = delete;
    PinnedBuffer& operator=(const PinnedBuffer&) = delete;
    T* get() const { return ptr_; }
    std::size_t size() const { return count_; }

private:
    T* ptr_ = nullptr;
    std::size_t count_ = 0;
};

class EventPair {
public:
    EventPair()
    {
        KD_CUDA(cudaEventCreate(&start_));
        KD_CUDA(cudaEventCreate(&stop_));
    }
    ~EventPair()
    {
        cudaEventDestroy(start_);
        cudaEventDestroy(stop_);
    }
    EventPair(const EventPair&) = delete;
    EventPair& operator=(const EventPair&) = delete;
    void start(cudaStream_t s) { KD_CUDA(cudaEventRecord(start_, s)); }
    void stop(cudaStream_t s) { KD_CUDA(cudaEventRecord(stop_, s)); }
    /// Waits for the stop event; milliseconds between the two.
    float elapsedMs()
    {
        KD_CUDA(cudaEventSynchronize(stop_));
        float ms = 0.0f;
        KD_CUDA(cudaEventElapsedTime(&ms, start_, stop_));
        return ms;
    }

private:
    cudaEvent_t start_{};
    cudaEvent_t stop_{};
};

inline unsigned int blocksFor(std::size_t work, unsigned int perBlock)
{
    return static_cast<unsigned int>((work + perBlock - 1) / perBlock);
}

}  // namespace kdemo
