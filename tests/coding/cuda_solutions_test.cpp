// Checks the CUDA reference solutions against CPU references. Without a usable GPU each test prints
// one line and exits with 77, which CTest reports as skipped (SKIP_RETURN_CODE), never as passed.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

#include "cuda_solutions.h"

namespace {

bool gpuAvailable()
{
    int count = 0;
    return cudaGetDeviceCount(&count) == cudaSuccess && count > 0;
}

std::vector<float> randomFloats(std::size_t n, unsigned seed, float lo, float hi)
{
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> dist(lo, hi);
    std::vector<float> v(n);
    for (float& x : v)
        x = dist(rng);
    return v;
}

}  // namespace

/// Catch2 v2 has no skip: the process leaves with CTest's skip code before asserting anything.
#define SKIP_WITHOUT_GPU()                                                                                   \
    if (!gpuAvailable()) {                                                                                   \
        std::fprintf(stderr, "skipped: no CUDA device (cudaGetDeviceCount failed or is 0)\n");               \
        std::fflush(stderr);                                                                                 \
        std::_Exit(77);                                                                                      \
    }

TEST_CASE("CUDA vector add equals the CPU sum", "[coding][cuda]")
{
    SKIP_WITHOUT_GPU();
    for (std::size_t n : {std::size_t{1}, std::size_t{1000}, std::size_t{3'000'001}}) {
        const auto a = randomFloats(n, 1, -10.0f, 10.0f), b = randomFloats(n, 2, -10.0f, 10.0f);
        std::vector<float> c;
        REQUIRE(cudavec::vectorAddOnGpu(a, b, c) == cudaSuccess);
        // One IEEE float addition on both sides: results must be bit-identical.
        for (std::size_t i = 0; i < n; ++i)
            REQUIRE(c[i] == a[i] + b[i]);
    }
}

TEST_CASE("CUDA reduction equals the CPU sum", "[coding][cuda]")
{
    SKIP_WITHOUT_GPU();
    // Integers 0..6 repeated: the exact sum is below 2^24, so float holds it exactly in any order.
    std::vector<float> ints(1 << 20);
    double exact = 0.0;
    for (std::size_t i = 0; i < ints.size(); ++i) {
        ints[i] = float(i % 7);
        exact += ints[i];
    }
    float got = 0.0f;
    REQUIRE(cudareduce::sumOnGpu(ints, got) == cudaSuccess);
    CHECK(double(got) == exact);
    // Random values against a double-precision CPU sum, relative tolerance for reordering.
    const auto values = randomFloats(1'000'003, 3, 0.0f, 1.0f);
    const double ref = std::accumulate(values.begin(), values.end(), 0.0);
    REQUIRE(cudareduce::sumOnGpu(values, got) == cudaSuccess);
    CHECK(double(got) == Approx(ref).epsilon(1e-5));
}

TEST_CASE("CUDA softmax equals the CPU softmax", "[coding][cuda]")
{
    SKIP_WITHOUT_GPU();
    for (int cols : {1, 7, 1000, 4099}) {
        const int rows = 33;
        // Logits of ±80 make exp() span about 1e-35 to 5.5e34 in float: without the max
        // subtraction the row sum loses the small terms (exp overflows only past 88.7).
        const auto in = randomFloats(std::size_t(rows) * std::size_t(cols), 4, -80.0f, 80.0f);
        std::vector<float> out;
        REQUIRE(cudasoftmax::softmaxRowsOnGpu(in, out, rows, cols) == cudaSuccess);
        for (int r = 0; r < rows; ++r) {
            const float* x = &in[std::size_t(r) * std::size_t(cols)];
            double mx = x[0];
            for (int j = 1; j < cols; ++j)
                mx = std::max(mx, double(x[j]));
            double sum = 0.0;
            for (int j = 0; j < cols; ++j)
                sum += std::exp(double(x[j]) - mx);
            double rowTotal = 0.0;
            for (int j = 0; j < cols; ++j) {
                const double ref = std::exp(double(x[j]) - mx) / sum;
                const float got = out[std::size_t(r) * std::size_t(cols) + std::size_t(j)];
                REQUIRE(double(got) == Approx(ref).epsilon(1e-4).margin(1e-7));  // __expf is approximate
                rowTotal += got;
            }
            REQUIRE(rowTotal == Approx(1.0).epsilon(1e-4));
        }
    }
}

TEST_CASE("CUDA tiled GEMM equals a CPU double-precision GEMM", "[coding][cuda]")
{
    SKIP_WITHOUT_GPU();
    const int m = 129, n = 67, k = 95;  // not multiples of the 32 tile
    const auto a = randomFloats(std::size_t(m) * k, 5, -1.0f, 1.0f);
    const auto b = randomFloats(std::size_t(k) * n, 6, -1.0f, 1.0f);
    std::vector<float> c;
    REQUIRE(cudagemm::gemmOnGpu(a, b, c, m, n, k) == cudaSuccess);
    for (int i = 0; i < m; ++i)
        for (int j = 0; j < n; ++j) {
            double ref = 0.0;
            for (int kk = 0; kk < k; ++kk)
                ref += double(a[std::size_t(i) * k + kk]) * double(b[std::size_t(kk) * n + j]);
            REQUIRE(double(c[std::size_t(i) * n + j]) == Approx(ref).margin(1e-4));
        }
}

TEST_CASE("CUDA transpose moves every element exactly", "[coding][cuda]")
{
    SKIP_WITHOUT_GPU();
    for (auto [rows, cols] : {std::pair{1, 1}, std::pair{32, 32}, std::pair{33, 65}, std::pair{1000, 3}}) {
        std::vector<float> in(std::size_t(rows) * std::size_t(cols));
        std::iota(in.begin(), in.end(), 0.0f);  // unique values reveal any misplaced element
        std::vector<float> out;
        REQUIRE(cudatranspose::transposeOnGpu(in, out, rows, cols) == cudaSuccess);
        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < cols; ++c)
                REQUIRE(out[std::size_t(c) * rows + r] == in[std::size_t(r) * cols + c]);
    }
}

TEST_CASE("CUDA inclusive scan equals std::inclusive_scan", "[coding][cuda]")
{
    SKIP_WITHOUT_GPU();
    // Sizes cross the 1024-element block and the 1024*1024 two-level boundary.
    for (std::size_t n : {std::size_t{1}, std::size_t{1024}, std::size_t{1025}, std::size_t{1'048'577},
                          std::size_t{3'000'000}}) {
        std::mt19937 rng{static_cast<unsigned>(n)};
        std::vector<int> in(n);
        for (int& v : in)
            v = int(rng() % 5) - 2;  // small values: the running sum fits in int
        std::vector<int> ref(n), got;
        std::inclusive_scan(in.begin(), in.end(), ref.begin());
        REQUIRE(cudascan::inclusiveScanOnGpu(in, got) == cudaSuccess);
        REQUIRE(got == ref);
    }
}

TEST_CASE("CUDA histogram equals the CPU count", "[coding][cuda]")
{
    SKIP_WITHOUT_GPU();
    std::mt19937 rng(8);
    std::vector<std::uint8_t> data(5'000'000);
    for (auto& b : data)
        b = std::uint8_t(rng() & 0xff);
    std::vector<unsigned int> ref(256, 0u), got;
    for (auto b : data)
        ++ref[b];
    REQUIRE(cudahist::histogramOnGpu(data, got) == cudaSuccess);
    CHECK(got == ref);
    // Worst case for contention: every byte in the same bin.
    std::vector<std::uint8_t> same(1'000'000, 42);
    REQUIRE(cudahist::histogramOnGpu(same, got) == cudaSuccess);
    CHECK(got[42] == 1'000'000u);
    CHECK(std::accumulate(got.begin(), got.end(), 0ull) == 1'000'000ull);
}
