#pragma once
// Shared-memory arithmetic for the bank-conflict demo, kept apart from the GPU code so it can be
// checked by hand: the theoretical bandwidth, the conflict degree of one warp request, the word
// offsets of the three 32 x 32 tile layouts, and the sums the kernels must produce.
// Plain C++, no CUDA.

#include <cstdint>
#include <span>
#include <vector>

namespace kdemo {

/// Shared memory since Maxwell: 32 banks, each serving one 4-byte word per clock.
inline constexpr int kSmemBanks = 32;
inline constexpr int kSmemBankBytes = 4;

/// Theoretical shared-memory bandwidth in GB/s (1e9 B/s): SMs x banks x bytes per bank x SM
/// clock (kHz, as cudaDevAttrClockRate reports it).
double sharedMemoryPeakGBs(int smCount, int clockKHz, int banks = kSmemBanks, int bankBytes = kSmemBankBytes);

/// The degree of the bank conflict of one warp request: the largest number of distinct words
/// that fall into one bank. Lanes that read the same word share one broadcast, so they count
/// once. 1 means conflict-free; an empty request gives 0.
int conflictWays(std::span<const std::uint32_t> wordAddresses, int banks = kSmemBanks);

/// The ways of a warp whose lane l reads word l * stride: gcd(stride, banks) (stride >= 1).
int stridedConflictWays(int strideWords, int banks = kSmemBanks);

/// Three layouts of a 32 x 32 tile of 4-byte words.
enum class TileLayout {
    Naive,     ///< row-major, 32 words a row: a column is 32 words in one bank
    Padded,    ///< row-major, 33 words a row: a column steps through every bank
    Swizzled,  ///< row-major, 32 words a row, column c of row r stored at column c ^ r
};

/// Word offset of element (row, col), 0 <= row, col < 32, of a tile in the given layout.
std::uint32_t tileWord(TileLayout layout, int row, int col);

/// x + (x + 1) + ... + (x + iters - 1), each term and the sum modulo 2^32: what a thread adds up
/// from one 32-bit word that it reads and writes back incremented, `iters` times.
std::uint32_t incrementRunSum(std::uint32_t x, std::uint32_t iters);

/// The float bit pattern of a whole number n < 2^24 (exact as a float).
std::uint32_t floatBitsOf(std::uint32_t n);

/// prefix[n] = sum of floatBitsOf(m) for m < n, modulo 2^32, for n = 0 .. count. The sum of the
/// bit patterns of x, x + 1, ..., x + iters - 1 is then prefix[x + iters] - prefix[x].
std::vector<std::uint32_t> floatBitsPrefix(std::uint32_t count);

}  // namespace kdemo
