// All-reduce across every GPU of the machine through NCCL, one communicator per device in one
// process. Bus bandwidth follows nccl-tests: busbw = algbw x 2(n-1)/n, comparable with one
// link's per-direction rate whatever the number of GPUs.

#include <chrono>
#include <cstdlib>
#include <string>
#include <vector>

#include "checks.h"
#include "cuda_util.h"
#include "demos.h"
#include "hardware_math.h"
#include "stats.h"

#include "libraries.h"

namespace kdemo {

#ifdef KD_HAVE_NCCL
namespace {

void ncclCheck(ncclResult_t st, const char* what)
{
    if (st != ncclSuccess)
        throw CudaFailure(std::string(what) + " failed: " + nccl().errorString(st));
}

__global__ void fillValue(float* p, size_t n, float v)
{
    const size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
    if (i < n)
        p[i] = v;
}

}  // namespace
#endif

void runNcclAllreduce(RunContext& ctx, DemoResult& r)
{
    const int gpus = ctx.device().deviceCount;
    r.limit =
        Limit{"bandwidth", kNone, "GB/s", "link rate not read; compare with NVLink or PCIe per direction"};
#ifndef KD_HAVE_NCCL
    r.error = "this build has no NCCL, so the all-reduce demo is not available";
    r.notApplicable = true;
    return;
#else
    if (gpus < 2) {
        r.error = "needs 2 or more GPUs; this machine has " + std::to_string(gpus);
        r.notApplicable = true;
        return;
    }
    const NcclApi& api = nccl();
    if (!api.loaded) {
        r.error = api.why;
        r.notApplicable = true;
        return;
    }
    const size_t n = static_cast<size_t>(r.size) / sizeof(float);
    std::vector<int> devs(gpus);
    for (int i = 0; i < gpus; ++i)
        devs[i] = i;
    std::vector<ncclComm_t> comms(gpus);
    // NVLink multicast (NVLS) stays off: the machines this runs on share their NVSwitch fabric.
    setenv("NCCL_NVLS_ENABLE", "0", 1);
    ncclCheck(api.commInitAll(comms.data(), gpus, devs.data()), "ncclCommInitAll");
    std::vector<float*> bufs(gpus);
    std::vector<cudaStream_t> streams(gpus);
    for (int g = 0; g < gpus; ++g) {
        KD_CUDA(cudaSetDevice(g));
        KD_CUDA(cudaMalloc(&bufs[g], n * sizeof(float)));
        KD_CUDA(cudaStreamCreateWithFlags(&streams[g], cudaStreamNonBlocking));
    }
    auto allReduce = [&] {
        ncclCheck(api.groupStart(), "ncclGroupStart");
        for (int g = 0; g < gpus; ++g)
            ncclCheck(api.allReduce(bufs[g], bufs[g], n, ncclFloat, ncclSum, comms[g], streams[g]),
                      "ncclAllReduce");
        ncclCheck(api.groupEnd(), "ncclGroupEnd");
    };
    auto syncAll = [&] {
        for (int g = 0; g < gpus; ++g) {
            KD_CUDA(cudaSetDevice(g));
            KD_CUDA(cudaStreamSynchronize(streams[g]));
        }
    };
    // Rank g contributes g + 1, so every element must become n(n+1)/2 exactly.
    for (int g = 0; g < gpus; ++g) {
        KD_CUDA(cudaSetDevice(g));
        fillValue<<<blocksFor(n, 256), 256, 0, streams[g]>>>(bufs[g], n, static_cast<float>(g + 1));
        KD_LAUNCHED();
    }
    syncAll();
    allReduce();
    syncAll();
    std::vector<float> back(n), want(n, static_cast<float>(gpus * (gpus + 1) / 2));
    KD_CUDA(cudaSetDevice(0));
    KD_CUDA(cudaMemcpy(back.data(), bufs[0], n * sizeof(float), cudaMemcpyDeviceToHost));
    Variant v;
    v.id = "ring-default";
    v.label = "ncclAllReduce sum, fp32, in place, NCCL's default algorithm";
    v.problem = std::to_string(n * 4 >> 20) + " MiB per rank, " + std::to_string(gpus) + " GPUs";
    v.bytes = static_cast<double>(n) * sizeof(float) * allReduceBusFactor(gpus);
    v.note = "metric is bus bandwidth: size x 2(n-1)/n / time (nccl-tests); host timer around 20 all-reduces";
    v.correctness = checkExact(back, want, "every element equals the sum of the ranks' values on rank 0");
    v.extra.push_back({"ranks", gpus});
    // Host-timed like nccl-tests: enqueue a batch, synchronise all streams.
    const int warm = ctx.quick() ? 2 : 10, iters = ctx.quick() ? 2 : 20, samples = ctx.quick() ? 2 : 10;
    for (int i = 0; i < warm; ++i)
        allReduce();
    syncAll();
    for (int sIdx = 0; sIdx < samples; ++sIdx) {
        const auto t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < iters; ++i)
            allReduce();
        syncAll();
        v.samplesMs.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count() / iters);
    }
    v.launchesPerSample = iters;
    v.extra.push_back(
        {"algbw_gbs", static_cast<double>(n) * sizeof(float) / (median(v.samplesMs) * 1e-3) / 1e9});
    r.variants.push_back(std::move(v));
    for (int g = 0; g < gpus; ++g) {
        KD_CUDA(cudaSetDevice(g));
        cudaFree(bufs[g]);
        cudaStreamDestroy(streams[g]);
        api.commDestroy(comms[g]);
    }
    KD_CUDA(cudaSetDevice(ctx.device().index));
#endif
}

}  // namespace kdemo
