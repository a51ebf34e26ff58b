// Reference solution for card coding-blocked-matmul: cache-blocked single-precision matrix multiply
// on the CPU, C = A * B with row-major A (M x K), B (K x N), C (M x N).
//
// The naive i-j-k loop walks B down a column (stride N floats), touching a new cache line on every
// multiply-add. Here the loops are tiled so that one tile of A, B and C stays in cache while it is
// reused, and inside a tile the order is i-k-j: the innermost loop runs along a row of B and of C
// with unit stride, which the compiler can vectorise. FLOPs are still 2*M*N*K; what changes is the
// number of bytes fetched from DRAM.
#include <algorithm>
#include <cstddef>
#include <vector>

namespace blocked {

// tile: edge of the square tile in elements. Three float tiles of 64 x 64 are 48 KiB, about the
// size of a per-core L1/L2 working set on current CPUs; the test also uses odd tiles.
inline void matmulBlocked(const std::vector<float>& a, const std::vector<float>& b, std::vector<float>& c,
                          std::size_t m, std::size_t n, std::size_t k, std::size_t tile = 64) {
    c.assign(m * n, 0.0f);
    if (tile == 0) {
        tile = 1;
    }
    for (std::size_t i0 = 0; i0 < m; i0 += tile) {
        const std::size_t iEnd = std::min(i0 + tile, m);
        for (std::size_t k0 = 0; k0 < k; k0 += tile) {
            const std::size_t kEnd = std::min(k0 + tile, k);
            for (std::size_t j0 = 0; j0 < n; j0 += tile) {
                const std::size_t jEnd = std::min(j0 + tile, n);
                for (std::size_t i = i0; i < iEnd; ++i) {
                    for (std::size_t kk = k0; kk < kEnd; ++kk) {
                        const float aik = a[i * k + kk];  // reused across the whole j loop
                        const float* bRow = &b[kk * n];
                        float* cRow = &c[i * n];
                        for (std::size_t j = j0; j < jEnd; ++j) {
                            cRow[j] += aik * bRow[j];
                        }
                    }
                }
            }
        }
    }
}

}  // namespace blocked
