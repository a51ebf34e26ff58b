#include "scan_reference.h"

#include <algorithm>
#include <cstdlib>

#include "cpu_reference.h"

namespace kdemo {

void fillNibbles(std::span<std::uint32_t> out, std::uint64_t seed)
{
    SplitMix64 rng(seed);
    std::uint64_t bits = 0;
    for (std::size_t i = 0; i < out.size(); ++i) {
        if (i % 16 == 0)
            bits = rng.next();
        out[i] = static_cast<std::uint32_t>(bits & 0xfu);
        bits >>= 4;
    }
}

void inclusiveScanU32(std::span<const std::uint32_t> in, std::span<std::uint32_t> out)
{
    std::uint32_t running = 0;
    const std::size_t n = std::min(in.size(), out.size());
    for (std::size_t i = 0; i < n; ++i) {
        running += in[i];
        out[i] = running;
    }
}

Correctness checkExactU32(std::span<const std::uint32_t> got, std::span<const std::uint32_t> want,
                          std::string method)
{
    Correctness c;
    c.checked = true;
    c.method = std::move(method);
    c.elementsChecked = want.size();
    c.passed = got.size() == want.size();
    if (!c.passed) {
        c.method += "; sizes differ";
        return c;
    }
    std::size_t mismatches = 0;
    for (std::size_t i = 0; i < want.size(); ++i) {
        if (got[i] == want[i])
            continue;
        const double e = std::abs(static_cast<double>(static_cast<std::int64_t>(got[i]) - want[i]));
        if (mismatches == 0)
            c.method += "; first mismatch at element " + std::to_string(i) + ": got " + std::to_string(got[i])
                        + ", want " + std::to_string(want[i]);
        c.maxAbsErr = std::max(c.maxAbsErr, e);
        ++mismatches;
    }
    if (mismatches) {
        c.passed = false;
        c.method += " (" + std::to_string(mismatches) + " mismatches)";
    }
    return c;
}

}  // namespace kdemo
