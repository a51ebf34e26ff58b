#include "catalogue.h"

#include <array>

namespace kdemo {

namespace {

// Default sizes follow cuda-demos.md section 3: inputs at least 4x a 60 MiB L2, and single
// launches long enough (>= 100 us) that launch overhead does not set the result.
constexpr std::array kDemos{
    DemoSpec{"coalescing", "Coalesced versus strided access",
             "Why does a coalesced copy run several times faster than a strided one?", "GB/s",
             "floats per buffer", 1LL << 27, 1LL << 20, 1},
    DemoSpec{"h2d-pinned", "Pinned versus pageable host-to-device copies",
             "Why is a copy from pinned host memory faster than from pageable memory?", "GB/s",
             "bytes per copy", 256LL << 20, 8LL << 20, 1},
    DemoSpec{"reduction", "The reduction ladder",
             "How does each step from an interleaved tree to a vectorised warp-shuffle reduction "
             "bring a sum closer to memory bandwidth?",
             "GB/s", "int32 elements", 1LL << 28, 1LL << 20, 1},
    DemoSpec{"transpose", "Transpose: naive, shared memory, padded",
             "Why does padding the shared-memory tile by one column speed up a transpose?", "GB/s",
             "matrix side (floats)", 8192, 512, 1},
    DemoSpec{"softmax", "Softmax: three-pass, online, fused",
             "How much do the online normaliser and a fused kernel save over a three-pass softmax?", "GB/s",
             "rows of 16384 floats", 4096, 64, 1},
    DemoSpec{"rmsnorm-fusion", "Fused RMSNorm versus separate kernels",
             "Why is a fused RMSNorm several times faster than the same maths as separate kernels?", "GB/s",
             "rows of 4096 floats", 16384, 256, 1},
    DemoSpec{"gemm", "GEMM: naive, tiled, register-blocked, cuBLAS, TF32, BF16",
             "How far do tiling and register blocking take a hand-written SGEMM towards cuBLAS, and "
             "what do tensor cores add?",
             "TFLOP/s", "matrix side for FP32 (tensor-core variants use twice this, at most 8192)", 4096, 256,
             1},
    DemoSpec{"occupancy", "Occupancy against block size",
             "Does higher occupancy always make a memory-bound kernel faster?", "GB/s", "int32 elements",
             1LL << 28, 1LL << 20, 1},
    DemoSpec{"roofline-sweep", "Roofline sweep over arithmetic intensity",
             "Where does a kernel stop being memory-bound and start being compute-bound?", "TFLOP/s",
             "floats per buffer", 1LL << 26, 1LL << 18, 1},
    DemoSpec{"launch-overhead", "Kernel launch overhead with and without CUDA Graphs",
             "What does launching a kernel cost, and how much do CUDA Graphs save?", "us",
             "launches per batch", 1000, 100, 1},
    DemoSpec{"l2-vs-hbm", "L2-resident versus HBM-resident reads",
             "Why do small benchmarks report more bandwidth than the HBM can give?", "GB/s",
             "largest working set (MiB)", 1024, 128, 1},
    DemoSpec{"flash-attention", "Fused attention versus three kernels",
             "Why is a fused FlashAttention-style kernel faster than computing softmax(QK^T)V as separate "
             "kernels, and what does it save in memory traffic?",
             "TFLOP/s", "sequence length (32 heads of dimension 64; quick: 2 heads)", 4096, 256, 1},
    DemoSpec{"tensor-core-gemm", "Tensor-core GEMM by hand against cuBLASLt",
             "How close can a hand-written tensor-core GEMM get to cuBLAS, and what does each step (WMMA, "
             "shared-memory staging, ldmatrix + mma.sync, cp.async pipelining) add?",
             "TFLOP/s", "matrix side (BF16 in and out, FP32 accumulate)", 8192, 256, 1},
    DemoSpec{"bank-conflicts", "Shared-memory bank conflicts: stride sweep, padding, XOR swizzle",
             "What is a shared-memory bank conflict, how do you measure it, and how do padding and an XOR "
             "swizzle remove it?",
             "GB/s", "loop iterations per block (the column variants run a quarter as many)", 4096, 64, 1},
    DemoSpec{"histogram", "Histogram under contention: global, privatised and warp-aggregated atomics, CUB",
             "How do you build a histogram on a GPU when many threads hit the same bin, and which kind of "
             "privatisation helps under contention?",
             "GB/s", "input bytes (uint8 values)", 1LL << 29, 1LL << 20, 1},
    DemoSpec{"prefix-scan", "Single-pass prefix scan with decoupled look-back against CUB",
             "How does a single-pass prefix scan with decoupled look-back reach memory bandwidth, and why do "
             "the older three-kernel scans not?",
             "GB/s", "int32 elements", 1LL << 28, (1LL << 20) + 37, 1},
    DemoSpec{
        "stream-overlap", "Copy and compute overlap with CUDA streams",
        "How do CUDA streams overlap host-device copies with compute, and why does it need pinned memory?",
        "us", "bytes moved each way per batch", 1LL << 30, 64LL << 20, 1},
    DemoSpec{"paged-kv-decode", "Decode attention: contiguous versus paged KV cache",
             "What does a block table (PagedAttention, vLLM) cost a decode-attention kernel compared with "
             "contiguous KV, and why is decode attention memory-bound?",
             "GB/s", "context length per sequence (64 sequences, 32 query and 8 KV heads of 128)", 8192, 256,
             1},
    DemoSpec{"fp8-gemm", "FP8 and INT8 GEMM against BF16 (cuBLASLt)",
             "What does FP8 (and INT8) matrix multiply buy over BF16 on tensor cores, and what does the "
             "scaling cost in accuracy?",
             "TFLOP/s", "matrix side", 8192, 512, 1},
    DemoSpec{"nccl-allreduce", "NCCL all-reduce bus bandwidth",
             "What bus bandwidth does an all-reduce reach across the GPUs of one machine?", "GB/s",
             "bytes per rank", 1LL << 30, 64LL << 20, 2},
};

}  // namespace

std::span<const DemoSpec> catalogue()
{
    return kDemos;
}

std::optional<DemoSpec> findDemo(std::string_view id)
{
    for (const DemoSpec& d : kDemos)
        if (d.id == id)
            return d;
    return std::nullopt;
}

}  // namespace kdemo
