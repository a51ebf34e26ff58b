// GEMM from a naive kernel to cuBLAS, and what tensor cores add (TF32, BF16). FP32 variants
// run at the demo size (4096^3 by default); tensor-core variants at up to 8192^3, where cuBLAS
// gets closest to the tensor peak. TF32 is used only where a variant's label says so.

#include <cuda_bf16.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "checks.h"
#include "cpu_reference.h"
#include "cuda_util.h"
#include "demos.h"
#include "gemm_kernels.cuh"
#include "hardware_math.h"
#include "libraries.h"
#include "lt_matmul.h"

namespace kdemo {

namespace {

class CublasHandle {
public:
    CublasHandle() { cublasCheck(cublas().create(&h_), "cublasCreate"); }
    ~CublasHandle() { cublas().destroy(h_); }
    CublasHandle(const CublasHandle&) = delete;
    CublasHandle& operator=(const CublasHandle&) = delete;
    cublasHandle_t get() const { return h_; }

private:
    cublasHandle_t h_{};
};

/// Entries of C compared with the CPU: all of them for small problems, otherwise 1024 at
/// seeded random positions (a CPU FP64 dot product of length k each).
std::vector<std::pair<int, int>> samplePositions(int m, int n, std::uint64_t seed)
{
    std::vector<std::pair<int, int>> pos;
    if (static_cast<long long>(m) * n <= 65536) {
        for (int i = 0; i < m; ++i)
            for (int j = 0; j < n; ++j)
                pos.emplace_back(i, j);
        return pos;
    }
    SplitMix64 rng(seed);
    for (int s = 0; s < 1024; ++s)
        pos.emplace_back(static_cast<int>(rng.next() % static_cast<unsigned>(m)),
                         static_cast<int>(rng.next() % static_cast<unsigned>(n)));
    return pos;
}

/// One problem size: host inputs, device buffers, reference entries.
struct Problem {
    int n = 0;
    std::vector<float> a, b;
    std::vector<std::pair<int, int>> pos;
    std::vector<double> want;
    DeviceBuffer<float> da, db, dc;

    Problem(int side, std::uint64_t seed, RunContext& ctx, bool roundToBf16)
        : n(side), a(static_cast<size_t>(side) * side), b(a.size()), da(a.size()), db(a.size()), dc(a.size())
    {
        fillUniform(a, seed, -1.0f, 1.0f);
        fillUniform(b, seed + 7, -1.0f, 1.0f);
        if (roundToBf16) {
            // The BF16 variant multiplies rounded inputs; the reference uses the same values.
            for (float& v : a)
                v = bf16BitsToFloat(toBf16Bits(v));
            for (float& v : b)
                v = bf16BitsToFloat(toBf16Bits(v));
        }
        pos = samplePositions(side, side, seed + 13);
        for (auto [i, j] : pos)
            want.push_back(gemmEntry(a, b, side, side, i, j));
        ctx.upload(da.get(), a.data(), a.size() * sizeof(float));
        ctx.upload(db.get(), b.data(), b.size() * sizeof(float));
    }
};

}  // namespace

void runGemm(RunContext& ctx, DemoResult& r)
{
    // Hand kernels need multiples of 128.
    const int n = std::max(128, static_cast<int>(r.size / 128 * 128));
    const int nTc = ctx.quick() ? n : std::min(8192, 2 * n);
    cudaStream_t s = ctx.stream();
    const DeviceInfo& dev = ctx.device();
    const char* tf32Env = std::getenv("NVIDIA_TF32_OVERRIDE");
    if (tf32Env && std::strcmp(tf32Env, "0") != 0)
        r.warnings.push_back("NVIDIA_TF32_OVERRIDE is set; FP32 cuBLAS results may use TF32");

    Limit fp32Peak{"compute", dev.fp32PeakTflops, "TFLOP/s",
                   "FP32 peak from device attributes: SMs x FP32 lanes per SM x 2 x max SM clock"};
    r.limit = fp32Peak;
    // Dense tensor peaks are datasheet values for the H100/H200 SXM (cuda-demos.md 2.1), used only
    // on compute capability 9.0; elsewhere the tensor variants carry no limit.
    const bool hopper = dev.computeCapability == "9.0";
    Limit tf32Peak{"compute", denseTensorPeakTflops(dev.computeCapability, "tf32"), "TFLOP/s",
                   hopper ? "TF32 dense tensor peak, H100/H200 SXM datasheet"
                          : "tensor peak unknown for this device"};
    Limit bf16Peak{"compute", denseTensorPeakTflops(dev.computeCapability, "bf16"), "TFLOP/s",
                   hopper ? "BF16 dense tensor peak, H100/H200 SXM datasheet"
                          : "tensor peak unknown for this device"};

    // cuBLAS is loaded at run time; without it the library variants say why and are skipped.
    const CublasApi& api = cublas();
    std::unique_ptr<CublasHandle> handlePtr;
    double createMs = kNone;
    // cuBLAS documents 32 MiB as the workspace to give it on Hopper; set after the stream,
    // since cublasSetStream resets the workspace to the default.
    DeviceBuffer<unsigned char> workspace(std::size_t{32} << 20);
    if (api.loaded) {
        auto t0 = std::chrono::steady_clock::now();
        handlePtr = std::make_unique<CublasHandle>();
        createMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        cublasCheck(api.setStream(handlePtr->get(), s), "cublasSetStream");
        cublasCheck(api.setMathMode(handlePtr->get(), CUBLAS_DEFAULT_MATH), "cublasSetMathMode");
        cublasCheck(api.setWorkspace(handlePtr->get(), workspace.get(), workspace.size()),
                    "cublasSetWorkspace");
    }
    auto skipLibrary = [&](const std::string& id, const std::string& label, const std::string& precision,
                           const std::string& library, const std::string& why) {
        Variant v;
        v.id = id;
        v.label = label;
        v.precision = precision;
        v.library = library;
        v.metricKind = MetricKind::Flops;
        v.skipped = true;
        v.note = why;
        r.variants.push_back(std::move(v));
    };

    Problem p(n, ctx.seed(), ctx, false);
    std::vector<float> back(static_cast<size_t>(n) * n);

    auto runVariant = [&](Problem& pr, const std::string& id, const std::string& label,
                          const std::string& precision, double c, const Limit& lim,
                          const std::function<void()>& launch,
                          const std::function<void(std::vector<float>&)>& fetch,
                          const std::string& library = {}) {
        Variant v;
        v.id = id;
        v.library = library;
        v.label = label;
        v.precision = precision;
        v.tensorCores = precision != "fp32";
        v.metricKind = MetricKind::Flops;
        v.problem = std::to_string(pr.n) + "^3, row-major, inputs uniform in [-1, 1]";
        v.flops = 2.0 * pr.n * static_cast<double>(pr.n) * pr.n;
        v.bytes = 3.0 * pr.n * static_cast<double>(pr.n) * (precision == "bf16" ? 2 : 4);
        v.limit = lim;
        v.note = "FLOPs = 2 m n k";
        pr.dc.poison(s);
        const auto f0 = std::chrono::steady_clock::now();
        launch();
        KD_LAUNCHED();
        KD_CUDA(cudaStreamSynchronize(s));
        const double firstMs =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - f0).count();
        std::vector<float> out;
        fetch(out);
        std::vector<float> got;
        for (auto [i, j] : pr.pos)
            got.push_back(out[static_cast<size_t>(i) * pr.n + j]);
        const double tol = gemmTolerance(c, static_cast<size_t>(pr.n), 1.0, 1.0);
        v.correctness =
            checkClose(got, pr.want, tol,
                       "against CPU FP64 dot products at " + std::to_string(pr.pos.size())
                           + " positions; tolerance c sqrt(k) max|a| max|b| with c = " + std::to_string(c));
        applyTiming(v, ctx.time(launch));
        v.extra.push_back({"first_call_ms", firstMs});
        r.variants.push_back(std::move(v));
    };
    auto fetchF32 = [&](Problem& pr) {
        return [&](std::vector<float>& out) {
            out.resize(static_cast<size_t>(pr.n) * pr.n);
            ctx.download(out.data(), pr.dc.get(), out.size() * sizeof(float));
        };
    };

    const dim3 b16(16, 16), gridNaive((n + 15) / 16, (n + 15) / 16);
    runVariant(
        p, "naive", "naive: one thread per output", "fp32", 1e-5, fp32Peak,
        [&] { gemm::naive<<<gridNaive, b16, 0, s>>>(n, n, n, p.da.get(), p.db.get(), p.dc.get()); },
        fetchF32(p));
    runVariant(
        p, "smem-tiled", "shared-memory tiles 32 x 32", "fp32", 1e-5, fp32Peak,
        [&] {
            gemm::smemTiled<<<dim3(n / 32, n / 32), dim3(32, 32), 0, s>>>(n, n, n, p.da.get(), p.db.get(),
                                                                          p.dc.get());
        },
        fetchF32(p));
    runVariant(
        p, "register-blocked", "128 x 128 tiles, 8 x 8 per thread, float4, double-buffered", "fp32", 1e-5,
        fp32Peak,
        [&] {
            gemm::registerBlocked<<<dim3(n / 128, n / 128), gemm::rb::THREADS, 0, s>>>(
                n, n, n, p.da.get(), p.db.get(), p.dc.get());
        },
        fetchF32(p));
    const float one = 1.0f, zero = 0.0f;
    // Row-major C = A B is column-major C^T = B^T A^T, so B is passed first.
    if (api.loaded) {
        cublasHandle_t handle = handlePtr->get();
        runVariant(
            p, "cublas-sgemm", "cuBLAS SGEMM (FP32 CUDA cores, TF32 off)", "fp32", 1e-5, fp32Peak,
            [&] {
                cublasCheck(api.sgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, p.db.get(), n,
                                      p.da.get(), n, &zero, p.dc.get(), n),
                            "cublasSgemm");
            },
            fetchF32(p), "cuBLAS");
        r.variants.back().extra.push_back({"cublas_create_ms", createMs});
    } else {
        skipLibrary("cublas-sgemm", "cuBLAS SGEMM (FP32 CUDA cores, TF32 off)", "fp32", "cuBLAS", api.why);
    }

    // Tensor cores.
    std::unique_ptr<Problem> pt;
    Problem* tc = &p;
    if (nTc != n) {
        pt = std::make_unique<Problem>(nTc, ctx.seed() + 100, ctx, false);
        tc = pt.get();
    }
    if (api.loaded) {
        cublasHandle_t handle = handlePtr->get();
        runVariant(
            *tc, "cublas-tf32", "cuBLAS, FP32 in/out on TF32 tensor cores (10-bit mantissa)", "tf32", 2e-3,
            tf32Peak,
            [&] {
                cublasCheck(api.gemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, tc->n, tc->n, tc->n, &one,
                                       tc->db.get(), CUDA_R_32F, tc->n, tc->da.get(), CUDA_R_32F, tc->n,
                                       &zero, tc->dc.get(), CUDA_R_32F, tc->n, CUBLAS_COMPUTE_32F_FAST_TF32,
                                       CUBLAS_GEMM_DEFAULT),
                            "cublasGemmEx TF32");
            },
            fetchF32(*tc), "cuBLAS");
    } else {
        skipLibrary("cublas-tf32", "cuBLAS, FP32 in/out on TF32 tensor cores", "tf32", "cuBLAS", api.why);
    }

    Problem pb(nTc, ctx.seed() + 200, ctx, true);
    const size_t nb = static_cast<size_t>(nTc) * nTc;
    DeviceBuffer<__nv_bfloat16> a16(nb), b16buf(nb), c16(nb);
    {
        std::vector<std::uint16_t> bits(nb);
        for (size_t i = 0; i < nb; ++i)
            bits[i] = toBf16Bits(pb.a[i]);
        ctx.upload(a16.get(), bits.data(), nb * 2);
        for (size_t i = 0; i < nb; ++i)
            bits[i] = toBf16Bits(pb.b[i]);
        ctx.upload(b16buf.get(), bits.data(), nb * 2);
    }
    c16.poison(s);  // once, before the checked first call; not inside the timed launches
    auto fetchBf16 = [&](std::vector<float>& out) {
        std::vector<std::uint16_t> bits(nb);
        ctx.download(bits.data(), c16.get(), nb * 2);
        out.resize(nb);
        for (size_t i = 0; i < nb; ++i)
            out[i] = bf16BitsToFloat(bits[i]);
    };
    DeviceBuffer<float> c32(nb);
    c32.poison(s);
    if (api.loaded) {
        cublasHandle_t handle = handlePtr->get();
        runVariant(
            pb, "cublas-bf16", "cuBLAS cublasGemmEx, BF16 in/out, FP32 accumulate, default algorithm", "bf16",
            8e-3, bf16Peak,
            [&] {
                cublasCheck(api.gemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, pb.n, pb.n, pb.n, &one, b16buf.get(),
                                       CUDA_R_16BF, pb.n, a16.get(), CUDA_R_16BF, pb.n, &zero, c16.get(),
                                       CUDA_R_16BF, pb.n, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT),
                            "cublasGemmEx BF16");
            },
            fetchBf16, "cuBLAS");
        runVariant(
            pb, "cublas-bf16-fp32-out", "cuBLAS, BF16 in, FP32 accumulate and FP32 out, tensor cores", "bf16",
            8e-3, bf16Peak,
            [&] {
                cublasCheck(api.gemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, pb.n, pb.n, pb.n, &one, b16buf.get(),
                                       CUDA_R_16BF, pb.n, a16.get(), CUDA_R_16BF, pb.n, &zero, c32.get(),
                                       CUDA_R_32F, pb.n, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT),
                            "cublasGemmEx BF16 -> FP32");
            },
            [&](std::vector<float>& out) {
                out.resize(nb);
                ctx.download(out.data(), c32.get(), nb * sizeof(float));
            },
            "cuBLAS");
    } else {
        skipLibrary("cublas-bf16", "cuBLAS cublasGemmEx, BF16 in/out", "bf16", "cuBLAS", api.why);
        skipLibrary("cublas-bf16-fp32-out", "cuBLAS, BF16 in, FP32 out", "bf16", "cuBLAS", api.why);
    }

    // cuBLASLt with the same workspace: the heuristic's candidates are each timed and the fastest
    // kept, which is what frameworks do once per shape.
    const CublasLtApi& lt = cublasLt();
    if (lt.loaded) {
        LtMatmul mm(ctx, LtMatmul::Shape{pb.n, pb.n, pb.n, CUDA_R_16BF, CUDA_R_16BF, CUBLAS_COMPUTE_32F},
                    workspace.get(), workspace.size());
        // Row-major C = A B as column-major C^T = B^T A^T: B's buffer is the first operand.
        mm.choose(b16buf.get(), a16.get(), c16.get());
        runVariant(
            pb, "cublaslt-bf16",
            "cuBLASLt, BF16 in/out, FP32 accumulate, 32 MiB workspace, fastest of the heuristic's top "
                + std::to_string(mm.candidates()),
            "bf16", 8e-3, bf16Peak, [&] { mm.run(b16buf.get(), a16.get(), c16.get()); }, fetchBf16,
            "cuBLASLt");
        Variant& v = r.variants.back();
        v.note += "; " + mm.choiceNote();
        v.extra.push_back({"candidates_tried", static_cast<double>(mm.candidates())});
    } else {
        skipLibrary("cublaslt-bf16", "cuBLASLt, BF16 in/out", "bf16", "cuBLASLt", lt.why);
    }

    const Variant* cub = findVariant(r, "cublas-sgemm");
    for (Variant& v : r.variants)
        if (cub && v.precision == "fp32")
            v.extra.push_back({"fraction_of_cublas_sgemm", cub->medianMs() / v.medianMs()});
    if (const Variant* v = findVariant(r, "register-blocked"); v && cub)
        setTarget(r, "register-blocked", "best hand-written SGEMM / cuBLAS SGEMM at the same size", 0.70,
                  cub->medianMs() / v->medianMs());
    comparePeer(r, "register-blocked", "cublas-sgemm");
    const Variant* bestBf16 = nullptr;
    for (const Variant& v : r.variants)
        if (v.precision == "bf16" && !v.skipped && (!bestBf16 || v.medianMs() < bestBf16->medianMs()))
            bestBf16 = &v;
    if (bestBf16 && std::isfinite(bestBf16->ratio()))
        setTarget(r, bestBf16->id, "best cuBLAS BF16 / dense BF16 tensor peak", 0.75, bestBf16->ratio());
}

}  // namespace kdemo
