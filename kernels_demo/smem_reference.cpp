#include "smem_reference.h"

#include <algorithm>
#include <bit>
#include <numeric>

namespace kdemo {

double sharedMemoryPeakGBs(int smCount, int clockKHz, int banks, int bankBytes)
{
    return static_cast<double>(smCount) * banks * bankBytes * (clockKHz * 1e3) / 1e9;
}

int conflictWays(std::span<const std::uint32_t> wordAddresses, int banks)
{
    if (banks <= 0)
        return 0;
    std::vector<std::uint32_t> distinct(wordAddresses.begin(), wordAddresses.end());
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    std::vector<int> perBank(static_cast<std::size_t>(banks), 0);
    int ways = 0;
    for (std::uint32_t w : distinct)
        ways = std::max(ways, ++perBank[w % static_cast<std::uint32_t>(banks)]);
    return ways;
}

int stridedConflictWays(int strideWords, int banks)
{
    return std::gcd(strideWords, banks);
}

std::uint32_t tileWord(TileLayout layout, int row, int col)
{
    const auto r = static_cast<std::uint32_t>(row), c = static_cast<std::uint32_t>(col);
    switch (layout) {
    case TileLayout::Naive: return r * 32 + c;
    case TileLayout::Padded: return r * 33 + c;
    case TileLayout::Swizzled: return r * 32 + (c ^ r);
    }
    return 0;
}

std::uint32_t incrementRunSum(std::uint32_t x, std::uint32_t iters)
{
    // iters * x + iters (iters - 1) / 2 in 64 bits, then reduced: the same value as adding the
    // wrapped 32-bit terms one by one.
    const std::uint64_t n = iters;
    const std::uint64_t triangle = n == 0 ? 0 : (n % 2 == 0 ? (n / 2) * (n - 1) : n * ((n - 1) / 2));
    return static_cast<std::uint32_t>(n * x + triangle);
}

std::uint32_t floatBitsOf(std::uint32_t n)
{
    return std::bit_cast<std::uint32_t>(static_cast<float>(n));
}

std::vector<std::uint32_t> floatBitsPrefix(std::uint32_t count)
{
    std::vector<std::uint32_t> prefix(static_cast<std::size_t>(count) + 1, 0);
    for (std::uint32_t m = 0; m < count; ++m)
        prefix[m + 1] = prefix[m] + floatBitsOf(m);
    return prefix;
}

}  // namespace kdemo
