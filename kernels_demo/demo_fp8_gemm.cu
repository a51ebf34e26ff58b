// FP8 (E4M3) and INT8 matrix multiply against BF16, all through cuBLASLt, and what the 8-bit
// inputs cost in accuracy.
//
// C = A B with M = N = K = the demo size (8192 by default), A and B drawn from N(0, 1). Each
// precision is quantised on the host with one scale per tensor: BF16 by rounding, E4M3 with
// scale = max|x| / 448 (448 is E4M3's largest finite value; Micikevicius et al., "FP8 Formats for
// Deep Learning", arXiv 2209.05433), INT8 symmetrically with scale = max|x| / 127. cuBLASLt
// multiplies the FP8 codes and applies the two scales (A_SCALE_POINTER, B_SCALE_POINTER) to the
// FP32 accumulator; the INT8 product is returned as exact INT32 sums.
//
// Layout: cuBLASLt's FP8 kernels on Ada and Hopper accept only "TN": op(A) = A^T and op(B) = B
// in cuBLAS's column-major terms, i.e. both operands stored with K contiguous (A as M x K
// row-major, B as N x K row-major, i.e. B^T). The IMMA (INT8) kernels have the same rule, and the
// BF16 variant uses the same layout so that the three differ only in precision. D is M x N
// column-major.
//
// Each variant asks the heuristic for up to 8 algorithms with a 32 MiB workspace, runs each a
// few times on the real operands and keeps the fastest (noted in `extra`).
//
// Correctness: each result is compared with a CPU double product of the same quantised inputs,
// so only accumulation and output rounding remain (INT8: bit-exact). The accuracy cost is the
// relative RMS error of each result against the double product of the unquantised FP32 inputs,
// on the same sample of entries (`rel_rms_error_vs_fp32_inputs`). With bell-shaped data and a
// per-tensor scale INT8 has the finer grid (a step of max|x| / 127 against E4M3's 3 mantissa
// bits); E4M3's strength is range, shown by `input_rel_rms_error_one_outlier_x100`: the error of
// quantising the same values when one entry is 100 times the largest.
//
// FLOPs = 2 M N K (INT8: integer operations, counted the same way). Limits: dense tensor peaks
// from the H100/H200 SXM datasheet, used on compute capability 9.0 only.

#include <cuda_bf16.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "checks.h"
#include "cpu_reference.h"
#include "cuda_util.h"
#include "demos.h"
#include "fp8_reference.h"
#include "libraries.h"

namespace kdemo {

void runFp8Gemm(RunContext& ctx, DemoResult& r);

namespace {

constexpr std::size_t kWorkspaceBytes = std::size_t{32} << 20;
constexpr int kCandidates = 8;
constexpr int kSamples = 512;
constexpr int kSideMultiple = 128;
constexpr float kE4m3Max = 448.0f;
constexpr float kInt8Max = 127.0f;
// Dense tensor peaks, H100/H200 SXM datasheet. The FP8 and INT8 ones (1979 TFLOP/s, 1979 TOP/s)
// are twice the BF16 peak; hardware_math has no entry for them, so they are derived here.
constexpr double kBf16PeakHopper = 989.4;
constexpr double kFp8PeakHopper = 2.0 * kBf16PeakHopper;
constexpr double kInt8PeakHopper = 2.0 * kBf16PeakHopper;

/// Normal(0, 1) values by Box-Muller on SplitMix64 draws, two per draw.
void fillNormal(std::vector<float>& out, std::uint64_t seed)
{
    SplitMix64 rng(seed);
    constexpr double kTwoPi = 6.283185307179586;
    for (std::size_t i = 0; i < out.size(); i += 2) {
        const std::uint64_t bits = rng.next();
        // u1 in (0, 1] so the log is finite; u2 in [0, 1).
        const double u1 = (static_cast<double>(bits >> 40) + 1.0) / 16777216.0;
        const double u2 = static_cast<double>((bits >> 16) & 0xffffffu) / 16777216.0;
        const double radius = std::sqrt(-2.0 * std::log(u1));
        out[i] = static_cast<float>(radius * std::cos(kTwoPi * u2));
        if (i + 1 < out.size())
            out[i + 1] = static_cast<float>(radius * std::sin(kTwoPi * u2));
    }
}

float maxAbs(const std::vector<float>& x)
{
    float m = 0.0f;
    for (float v : x)
        m = std::max(m, std::fabs(v));
    return m;
}

/// sqrt(sum (x - q)^2 / sum x^2) over `count` values, q = dequant(i).
template <typename Dequant>
double relRmsError(const float* x, std::size_t count, Dequant dequant)
{
    double err = 0.0, ref = 0.0;
    for (std::size_t i = 0; i < count; ++i) {
        const double d = static_cast<double>(x[i]) - dequant(i);
        err += d * d;
        ref += static_cast<double>(x[i]) * x[i];
    }
    return std::sqrt(err / ref);
}

struct Position {
    int row, col;
};

/// The operands' layouts: A row-major M x K, B stored as B^T, N x K row-major (K contiguous).
struct HostOperands {
    int n = 0;
    std::vector<float> a, bt;
};

class LtHandle {
public:
    explicit LtHandle(const CublasLtApi& api) : api_(api) { cublasCheck(api_.create(&h_), "cublasLtCreate"); }
    ~LtHandle() { api_.destroy(h_); }
    LtHandle(const LtHandle&) = delete;
    LtHandle& operator=(const LtHandle&) = delete;
    cublasLtHandle_t get() const { return h_; }

private:
    const CublasLtApi& api_;
    cublasLtHandle_t h_{};
};

struct LtTypes {
    cudaDataType_t ab;
    cudaDataType_t d;
    cublasComputeType_t compute;
    cudaDataType_t scale;
};

/// One algorithm the heuristic offered. (A named wrapper: nvcc 13.0's front end fails on a
/// std::vector of the unnamed struct cublasLtMatmulHeuristicResult_t.)
struct Candidate {
    cublasLtMatmulAlgo_t algo;
    std::size_t workspaceSize;
};

/// The descriptor and the three layouts of one TN multiply of side n.
class LtGemm {
public:
    LtGemm(const CublasLtApi& api, int n, const LtTypes& t, const float* aScale, const float* bScale)
        : api_(api)
    {
        cublasCheck(api_.matmulDescCreate(&desc_, t.compute, t.scale), "cublasLtMatmulDescCreate");
        const cublasOperation_t opT = CUBLAS_OP_T, opN = CUBLAS_OP_N;
        cublasCheck(api_.matmulDescSetAttribute(desc_, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof opT),
                    "set TRANSA");
        cublasCheck(api_.matmulDescSetAttribute(desc_, CUBLASLT_MATMUL_DESC_TRANSB, &opN, sizeof opN),
                    "set TRANSB");
        if (aScale)
            cublasCheck(api_.matmulDescSetAttribute(desc_, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &aScale,
                                                    sizeof aScale),
                        "set A_SCALE_POINTER");
        if (bScale)
            cublasCheck(api_.matmulDescSetAttribute(desc_, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &bScale,
                                                    sizeof bScale),
                        "set B_SCALE_POINTER");
        // Column-major: A is stored K x M (lda = K) and transposed, B is K x N (ldb = K), D is M x N.
        cublasCheck(api_.matrixLayoutCreate(&a_, t.ab, n, n, n), "cublasLtMatrixLayoutCreate A");
        cublasCheck(api_.matrixLayoutCreate(&b_, t.ab, n, n, n), "cublasLtMatrixLayoutCreate B");
        cublasCheck(api_.matrixLayoutCreate(&d_, t.d, n, n, n), "cublasLtMatrixLayoutCreate D");
        cublasCheck(api_.preferenceCreate(&pref_), "cublasLtMatmulPreferenceCreate");
        const std::uint64_t ws = kWorkspaceBytes;
        cublasCheck(
            api_.preferenceSetAttribute(pref_, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &ws, sizeof ws),
            "set MAX_WORKSPACE_BYTES");
    }
    ~LtGemm()
    {
        if (pref_)
            api_.preferenceDestroy(pref_);
        if (d_)
            api_.matrixLayoutDestroy(d_);
        if (b_)
            api_.matrixLayoutDestroy(b_);
        if (a_)
            api_.matrixLayoutDestroy(a_);
        if (desc_)
            api_.matmulDescDestroy(desc_);
    }
    LtGemm(const LtGemm&) = delete;
    LtGemm& operator=(const LtGemm&) = delete;

    /// The heuristic's candidates; an empty list with the status when it offers none.
    std::vector<Candidate> candidates(cublasLtHandle_t h, cublasStatus_t& status) const
    {
        cublasLtMatmulHeuristicResult_t found[kCandidates];
        std::memset(found, 0, sizeof found);
        int returned = 0;
        status = api_.algoGetHeuristic(h, desc_, a_, b_, d_, d_, pref_, kCandidates, found, &returned);
        std::vector<Candidate> res;
        for (int i = 0; status == CUBLAS_STATUS_SUCCESS && i < returned; ++i)
            if (found[i].state == CUBLAS_STATUS_SUCCESS)
                res.push_back({found[i].algo, found[i].workspaceSize});
        return res;
    }

    cublasStatus_t run(cublasLtHandle_t h, const cublasLtMatmulAlgo_t& algo, const void* alpha,
                       const void* beta, const void* a, const void* b, void* d, void* ws,
                       cudaStream_t s) const
    {
        return api_.matmul(h, desc_, alpha, a, a_, b, b_, beta, d, d_, d, d_, &algo, ws, kWorkspaceBytes, s);
    }

private:
    const CublasLtApi& api_;
    cublasLtMatmulDesc_t desc_{};
    cublasLtMatrixLayout_t a_{}, b_{}, d_{};
    cublasLtMatmulPreference_t pref_{};
};

struct Spec {
    std::string id, label, precision;
    LtTypes types;
    const Limit* limit;
    std::size_t abSize, dSize;  // bytes per element
};

std::vector<Position> samplePositions(int n, bool all, std::uint64_t seed)
{
    std::vector<Position> pos;
    if (all) {
        for (int j = 0; j < n; ++j)
            for (int i = 0; i < n; ++i)
                pos.push_back({i, j});
        return pos;
    }
    SplitMix64 rng(seed);
    for (int k = 0; k < kSamples; ++k)
        pos.push_back({static_cast<int>(rng.next() % static_cast<unsigned>(n)),
                       static_cast<int>(rng.next() % static_cast<unsigned>(n))});
    return pos;
}

/// sum_p a(row, p) b(p, col) in double, for operands given by element accessors.
template <typename GetA, typename GetB>
double dotAt(int n, int row, int col, GetA getA, GetB getB)
{
    double acc = 0.0;
    const std::size_t ar = static_cast<std::size_t>(row) * n, bc = static_cast<std::size_t>(col) * n;
    for (int p = 0; p < n; ++p)
        acc += getA(ar + p) * getB(bc + p);
    return acc;
}

int capabilityNumber(const std::string& cc)
{
    // "9.0" -> 90, "8.9" -> 89
    const auto dot = cc.find('.');
    if (dot == std::string::npos)
        return 0;
    return std::atoi(cc.substr(0, dot).c_str()) * 10 + std::atoi(cc.substr(dot + 1).c_str());
}

}  // namespace

void runFp8Gemm(RunContext& ctx, DemoResult& r)
{
    const int n =
        static_cast<int>(std::max<long long>(kSideMultiple, r.size / kSideMultiple * kSideMultiple));
    if (n != r.size)
        r.warnings.push_back("matrix side rounded to " + std::to_string(n) + " (a multiple of "
                             + std::to_string(kSideMultiple) + ")");
    const std::size_t nn = static_cast<std::size_t>(n) * n;
    cudaStream_t s = ctx.stream();
    const DeviceInfo& dev = ctx.device();
    const bool hopper = dev.computeCapability == "9.0";
    const int cc = capabilityNumber(dev.computeCapability);
    auto peak = [&](double value, const char* what) {
        return Limit{"compute", hopper ? value : kNone, "TFLOP/s",
                     hopper ? std::string(what) + " dense tensor peak, H100/H200 SXM datasheet"
                            : std::string("tensor peak unknown for this device")};
    };
    const Limit bf16Peak = peak(kBf16PeakHopper, "BF16");
    const Limit fp8Peak = peak(kFp8PeakHopper, "FP8 (twice the BF16)");
    const Limit int8Peak = peak(kInt8PeakHopper, "INT8 (twice the BF16)");
    r.limit = fp8Peak;

    // Host operands and the double product of the unquantised inputs on the sample.
    HostOperands h;
    h.n = n;
    h.a.resize(nn);
    h.bt.resize(nn);
    fillNormal(h.a, ctx.seed());
    fillNormal(h.bt, ctx.seed() + 1);
    const float maxA = maxAbs(h.a), maxB = maxAbs(h.bt);
    const std::vector<Position> pos = samplePositions(n, ctx.quick(), ctx.seed() + 2);
    std::vector<double> exact(pos.size()), absSum(pos.size());
    for (std::size_t k = 0; k < pos.size(); ++k) {
        exact[k] = dotAt(
            n, pos[k].row, pos[k].col, [&](std::size_t i) { return static_cast<double>(h.a[i]); },
            [&](std::size_t i) { return static_cast<double>(h.bt[i]); });
        absSum[k] = dotAt(
            n, pos[k].row, pos[k].col, [&](std::size_t i) { return std::fabs(static_cast<double>(h.a[i])); },
            [&](std::size_t i) { return std::fabs(static_cast<double>(h.bt[i])); });
    }
    const double maxAbsSum = *std::max_element(absSum.begin(), absSum.end());
    const std::string sampleText = ctx.quick()
                                       ? "all " + std::to_string(pos.size()) + " entries"
                                       : std::to_string(pos.size()) + " entries at seeded random positions";

    const CublasLtApi& api = cublasLt();
    std::unique_ptr<LtHandle> handle;
    if (api.loaded)
        handle = std::make_unique<LtHandle>(api);
    DeviceBuffer<unsigned char> workspace(kWorkspaceBytes);
    // The FP8 variant's two scales, each in its own allocation: cuBLASLt 13.1 refuses (not
    // supported) a scale pointer that is only 4-byte aligned, such as the second float of one.
    DeviceBuffer<float> scaleA(1), scaleB(1);

    auto baseVariant = [&](const Spec& sp) {
        Variant v;
        v.id = sp.id;
        v.label = sp.label;
        v.precision = sp.precision;
        v.tensorCores = true;
        v.library = "cuBLASLt";
        v.metricKind = MetricKind::Flops;
        v.problem = std::to_string(n) + "^3, TN (both operands K-contiguous), inputs N(0, 1)"
                    + std::string(sp.abSize == 1 ? ", one scale per tensor" : "");
        v.flops = 2.0 * static_cast<double>(nn) * n;
        v.bytes = 2.0 * static_cast<double>(nn) * sp.abSize + static_cast<double>(nn) * sp.dSize;
        v.limit = *sp.limit;
        return v;
    };
    auto skip = [&](Variant v, const std::string& why) {
        v.skipped = true;
        v.note = why;
        r.variants.push_back(std::move(v));
    };

    /// Runs one cuBLASLt variant on device operands already uploaded. `fetch` returns the sample
    /// as doubles (scaled back where the output is an integer sum).
    auto runLt = [&](Variant v, const Spec& sp, const void* dA, const void* dB, void* dD, std::size_t dBytes,
                     const float* aScale, const float* bScale, const void* alpha, const void* beta,
                     const std::function<void(std::vector<double>&)>& fetch,
                     const std::function<Correctness(const std::vector<double>&)>& check) {
        LtGemm g(api, n, sp.types, aScale, bScale);
        cublasStatus_t hs = CUBLAS_STATUS_SUCCESS;
        const auto cands = g.candidates(handle->get(), hs);
        if (cands.empty()) {
            skip(std::move(v),
                 "cuBLASLt's heuristic offered no algorithm for this type and layout on this device ("
                     + std::string(api.statusString(hs)) + ")");
            return;
        }
        // Try each candidate briefly on the real operands; keep the fastest.
        int best = -1;
        double bestMs = 0.0, firstMs = 0.0;
        EventPair ev;
        cublasStatus_t refused = CUBLAS_STATUS_SUCCESS;
        for (std::size_t c = 0; c < cands.size(); ++c) {
            if (const cublasStatus_t st =
                    g.run(handle->get(), cands[c].algo, alpha, beta, dA, dB, dD, workspace.get(), s);
                st != CUBLAS_STATUS_SUCCESS) {
                refused = st;
                continue;
            }
            constexpr int kTries = 3;
            ev.start(s);
            for (int t = 0; t < kTries; ++t)
                cublasCheck(g.run(handle->get(), cands[c].algo, alpha, beta, dA, dB, dD, workspace.get(), s),
                            "cublasLtMatmul (candidate)");
            ev.stop(s);
            const double ms = ev.elapsedMs() / kTries;
            if (c == 0)
                firstMs = ms;
            if (best < 0 || ms < bestMs) {
                best = static_cast<int>(c);
                bestMs = ms;
            }
        }
        KD_CUDA(cudaStreamSynchronize(s));
        if (best < 0) {
            skip(std::move(v), "none of cuBLASLt's " + std::to_string(cands.size())
                                   + " candidate algorithms ran (" + std::string(api.statusString(refused))
                                   + ")");
            return;
        }
        const cublasLtMatmulAlgo_t algo = cands[static_cast<std::size_t>(best)].algo;
        auto launch = [&] {
            cublasCheck(g.run(handle->get(), algo, alpha, beta, dA, dB, dD, workspace.get(), s),
                        "cublasLtMatmul");
        };
        KD_CUDA(cudaMemsetAsync(dD, 0xff, dBytes, s));  // NaN (BF16) or -1 (INT32) where nothing is written
        launch();
        KD_CUDA(cudaStreamSynchronize(s));
        std::vector<double> got;
        fetch(got);
        v.correctness = check(got);
        // The accuracy cost: against the product of the unquantised FP32 inputs.
        double err = 0.0, ref = 0.0;
        for (std::size_t k = 0; k < pos.size(); ++k) {
            err += (got[k] - exact[k]) * (got[k] - exact[k]);
            ref += exact[k] * exact[k];
        }
        applyTiming(v, ctx.time(launch));
        v.note = "FLOPs = 2 M N K; bytes = A + B + D once; fastest of " + std::to_string(cands.size())
                 + " heuristic candidates (32 MiB workspace), candidate " + std::to_string(best)
                 + " (0 is the heuristic's first)" + (v.note.empty() ? "" : "; " + v.note);
        v.extra.push_back({"rel_rms_error_vs_fp32_inputs", std::sqrt(err / ref)});
        v.extra.push_back({"candidates_offered", static_cast<double>(cands.size())});
        v.extra.push_back({"candidate_chosen", best});
        if (firstMs > 0.0)
            v.extra.push_back({"first_candidate_ms_over_chosen", firstMs / bestMs});
        r.variants.push_back(std::move(v));
    };

    // Bell-shaped data with one outlier, quantised with the same per-tensor rule: the error over
    // the other entries shows what one large value does to each format's grid.
    const std::size_t outlierCount = std::min<std::size_t>(nn, std::size_t{1} << 20);
    std::vector<float> withOutlier(h.a.begin(), h.a.begin() + static_cast<std::ptrdiff_t>(outlierCount));
    withOutlier[0] = 100.0f * maxA;
    const float outlierScaleE4m3 = 100.0f * maxA / kE4m3Max, outlierScaleInt8 = 100.0f * maxA / kInt8Max;

    // ---- BF16 ----
    {
        const Spec sp{"bf16",    "cuBLASLt BF16 in/out, FP32 accumulate",
                      "bf16",    {CUDA_R_16BF, CUDA_R_16BF, CUBLAS_COMPUTE_32F, CUDA_R_32F},
                      &bf16Peak, 2,
                      2};
        Variant v = baseVariant(sp);
        if (!api.loaded) {
            skip(std::move(v), api.why);
        } else {
            std::vector<std::uint16_t> qa(nn), qb(nn);
            for (std::size_t i = 0; i < nn; ++i) {
                qa[i] = toBf16Bits(h.a[i]);
                qb[i] = toBf16Bits(h.bt[i]);
            }
            std::vector<double> want(pos.size());
            for (std::size_t k = 0; k < pos.size(); ++k)
                want[k] = dotAt(
                    n, pos[k].row, pos[k].col,
                    [&](std::size_t i) { return static_cast<double>(bf16BitsToFloat(qa[i])); },
                    [&](std::size_t i) { return static_cast<double>(bf16BitsToFloat(qb[i])); });
            v.extra.push_back({"input_rel_rms_error", relRmsError(h.a.data(), nn, [&](std::size_t i) {
                                   return static_cast<double>(bf16BitsToFloat(qa[i]));
                               })});
            DeviceBuffer<std::uint16_t> dA(nn), dB(nn), dD(nn);
            ctx.upload(dA.get(), qa.data(), nn * 2);
            ctx.upload(dB.get(), qb.data(), nn * 2);
            const float one = 1.0f, zero = 0.0f;
            runLt(
                std::move(v), sp, dA.get(), dB.get(), dD.get(), dD.bytes(), nullptr, nullptr, &one, &zero,
                [&](std::vector<double>& got) {
                    std::vector<std::uint16_t> back(nn);
                    ctx.download(back.data(), dD.get(), nn * 2);
                    for (const Position& p : pos)
                        got.push_back(bf16BitsToFloat(back[static_cast<std::size_t>(p.col) * n + p.row]));
                },
                [&](const std::vector<double>& got) {
                    // BF16 output rounding (half an ulp is 2^-9 relative) with a factor 2 to
                    // spare, plus FP32 accumulation.
                    const double maxWant =
                        std::fabs(*std::max_element(want.begin(), want.end(), [](double x, double y) {
                            return std::fabs(x) < std::fabs(y);
                        }));
                    const double tol = std::ldexp(maxWant, -8) + std::ldexp(maxAbsSum, -16);
                    std::vector<float> gotF(got.begin(), got.end());
                    return checkClose(gotF, want, tol,
                                      "against CPU double products of the BF16-rounded inputs at "
                                          + sampleText + "; tolerance 2^-8 max|C| + 2^-16 max sum|a b|");
                });
        }
    }

    // ---- FP8 E4M3 ----
    {
        const Spec sp{"fp8-e4m3", "cuBLASLt FP8 E4M3 in, per-tensor scales, FP32 accumulate, BF16 out",
                      "fp8-e4m3", {CUDA_R_8F_E4M3, CUDA_R_16BF, CUBLAS_COMPUTE_32F, CUDA_R_32F},
                      &fp8Peak,   1,
                      2};
        Variant v = baseVariant(sp);
        if (!api.loaded) {
            skip(std::move(v), api.why);
        } else if (cc < 89) {
            skip(std::move(v), "FP8 tensor cores need compute capability 8.9 or newer; this device is "
                                   + dev.computeCapability);
        } else {
            const float sa = maxA / kE4m3Max, sb = maxB / kE4m3Max;
            std::vector<std::uint8_t> qa(nn), qb(nn);
            for (std::size_t i = 0; i < nn; ++i) {
                qa[i] = toE4m3Bits(h.a[i] / sa);
                qb[i] = toE4m3Bits(h.bt[i] / sb);
            }
            float lut[256];
            for (int c = 0; c < 256; ++c)
                lut[c] = e4m3BitsToFloat(static_cast<std::uint8_t>(c));
            std::vector<double> want(pos.size());
            const double sab = static_cast<double>(sa) * sb;
            for (std::size_t k = 0; k < pos.size(); ++k)
                want[k] = sab
                          * dotAt(
                              n, pos[k].row, pos[k].col,
                              [&](std::size_t i) { return static_cast<double>(lut[qa[i]]); },
                              [&](std::size_t i) { return static_cast<double>(lut[qb[i]]); });
            v.extra.push_back({"scale_a", sa});
            v.extra.push_back({"scale_b", sb});
            v.extra.push_back({"input_rel_rms_error", relRmsError(h.a.data(), nn, [&](std::size_t i) {
                                   return static_cast<double>(lut[qa[i]]) * sa;
                               })});
            v.extra.push_back({"input_rel_rms_error_one_outlier_x100",
                               relRmsError(withOutlier.data() + 1, outlierCount - 1, [&](std::size_t i) {
                                   return static_cast<double>(
                                              lut[toE4m3Bits(withOutlier[i + 1] / outlierScaleE4m3)])
                                          * outlierScaleE4m3;
                               })});
            DeviceBuffer<std::uint8_t> dA(nn), dB(nn);
            DeviceBuffer<std::uint16_t> dD(nn);
            ctx.upload(dA.get(), qa.data(), nn);
            ctx.upload(dB.get(), qb.data(), nn);
            ctx.upload(scaleA.get(), &sa, sizeof sa);
            ctx.upload(scaleB.get(), &sb, sizeof sb);
            const float one = 1.0f, zero = 0.0f;
            runLt(
                std::move(v), sp, dA.get(), dB.get(), dD.get(), dD.bytes(), scaleA.get(), scaleB.get(), &one,
                &zero,
                [&](std::vector<double>& got) {
                    std::vector<std::uint16_t> back(nn);
                    ctx.download(back.data(), dD.get(), nn * 2);
                    for (const Position& p : pos)
                        got.push_back(bf16BitsToFloat(back[static_cast<std::size_t>(p.col) * n + p.row]));
                },
                [&](const std::vector<double>& got) {
                    // BF16 output rounding as above; FP8 tensor-core sums keep fewer bits than
                    // FP32 between cuBLASLt's promotions to FP32, hence 2^-12 of sum|a b|.
                    const double maxWant =
                        std::fabs(*std::max_element(want.begin(), want.end(), [](double x, double y) {
                            return std::fabs(x) < std::fabs(y);
                        }));
                    const double tol = std::ldexp(maxWant, -8) + std::ldexp(maxAbsSum, -12);
                    std::vector<float> gotF(got.begin(), got.end());
                    return checkClose(
                        gotF, want, tol,
                        "against CPU double products of the E4M3-quantised inputs times both scales at "
                            + sampleText + "; tolerance 2^-8 max|C| + 2^-12 max sum|a b|");
                });
        }
    }

    // ---- INT8 ----
    {
        const Spec sp{"int8",    "cuBLASLt INT8 in, INT32 accumulate and out (IMMA)",
                      "int8",    {CUDA_R_8I, CUDA_R_32I, CUBLAS_COMPUTE_32I, CUDA_R_32I},
                      &int8Peak, 1,
                      4};
        Variant v = baseVariant(sp);
        if (!api.loaded) {
            skip(std::move(v), api.why);
        } else {
            const float sa = maxA / kInt8Max, sb = maxB / kInt8Max;
            std::vector<std::int8_t> qa(nn), qb(nn);
            for (std::size_t i = 0; i < nn; ++i) {
                qa[i] = toInt8Symmetric(h.a[i], sa);
                qb[i] = toInt8Symmetric(h.bt[i], sb);
            }
            std::vector<std::int64_t> want(pos.size());
            for (std::size_t k = 0; k < pos.size(); ++k) {
                std::int64_t acc = 0;
                const std::size_t ar = static_cast<std::size_t>(pos[k].row) * n,
                                  bc = static_cast<std::size_t>(pos[k].col) * n;
                for (int p = 0; p < n; ++p)
                    acc += static_cast<std::int64_t>(qa[ar + p]) * qb[bc + p];
                want[k] = acc;
            }
            v.extra.push_back({"scale_a", sa});
            v.extra.push_back({"scale_b", sb});
            v.extra.push_back({"input_rel_rms_error", relRmsError(h.a.data(), nn, [&](std::size_t i) {
                                   return static_cast<double>(qa[i]) * sa;
                               })});
            v.extra.push_back({"input_rel_rms_error_one_outlier_x100",
                               relRmsError(withOutlier.data() + 1, outlierCount - 1, [&](std::size_t i) {
                                   return static_cast<double>(
                                              toInt8Symmetric(withOutlier[i + 1], outlierScaleInt8))
                                          * outlierScaleInt8;
                               })});
            v.note = "integer operations counted as FLOPs (TOP/s)";
            DeviceBuffer<std::int8_t> dA(nn), dB(nn);
            DeviceBuffer<std::int32_t> dD(nn);
            ctx.upload(dA.get(), qa.data(), nn);
            ctx.upload(dB.get(), qb.data(), nn);
            const std::int32_t one = 1, zero = 0;
            std::vector<std::int32_t> sampleInts;
            const double sab = static_cast<double>(sa) * sb;
            runLt(
                std::move(v), sp, dA.get(), dB.get(), dD.get(), dD.bytes(), nullptr, nullptr, &one, &zero,
                [&](std::vector<double>& got) {
                    std::vector<std::int32_t> back(nn);
                    ctx.download(back.data(), dD.get(), nn * 4);
                    for (const Position& p : pos) {
                        sampleInts.push_back(back[static_cast<std::size_t>(p.col) * n + p.row]);
                        got.push_back(sab * sampleInts.back());
                    }
                },
                [&](const std::vector<double>&) {
                    Correctness c;
                    c.checked = true;
                    c.method =
                        "bit-exact against CPU int64 sums of the INT8-quantised inputs at " + sampleText;
                    c.elementsChecked = want.size();
                    c.passed = sampleInts.size() == want.size();
                    for (std::size_t k = 0; c.passed && k < want.size(); ++k) {
                        const double e = std::fabs(static_cast<double>(sampleInts[k] - want[k]));
                        c.maxAbsErr = std::max(c.maxAbsErr, e);
                        if (e != 0.0)
                            c.passed = false;
                    }
                    return c;
                });
        }
    }

    const Variant* bf = findVariant(r, "bf16");
    const Variant* f8 = findVariant(r, "fp8-e4m3");
    auto ran = [](const Variant* v) { return v && !v->skipped && !v->samplesMs.empty(); };
    for (Variant& v : r.variants)
        if (ran(bf) && !v.skipped && &v != bf)
            v.extra.push_back({"speedup_vs_bf16", bf->medianMs() / v.medianMs()});
    if (ran(bf) && ran(f8))
        setTarget(r, "fp8-e4m3", "FP8 TFLOP/s / BF16 TFLOP/s (both cuBLASLt)", 1.5,
                  bf->medianMs() / f8->medianMs());
    if (ran(f8))
        setTarget(r, "fp8-e4m3", "FP8 TFLOP/s / dense FP8 tensor peak", 0.6, f8->ratio());
}

}  // namespace kdemo
