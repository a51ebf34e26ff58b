#include "similarity.h"

#include "text_normalize.h"

#include <algorithm>

namespace importer {

std::uint64_t mix64(std::uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

std::vector<std::uint64_t> ngramSet(std::string_view text, int n)
{
    std::u32string s = normalizeForMatch(text);
    std::erase(s, U' ');
    const std::size_t k = static_cast<std::size_t>(std::max(1, n));
    std::vector<std::uint64_t> grams;
    auto hashRange = [&](std::size_t from, std::size_t len) {
        std::uint64_t h = 0x84222325CBF29CE4ull ^ len;
        for (std::size_t i = from; i < from + len; ++i)
            h = mix64(h ^ static_cast<std::uint64_t>(s[i]));
        return h;
    };
    if (s.empty())
        return grams;
    if (s.size() < k)
        grams.push_back(hashRange(0, s.size()));
    else {
        grams.reserve(s.size() - k + 1);
        for (std::size_t i = 0; i + k <= s.size(); ++i)
            grams.push_back(hashRange(i, k));
    }
    std::sort(grams.begin(), grams.end());
    grams.erase(std::unique(grams.begin(), grams.end()), grams.end());
    return grams;
}

double jaccard(const std::vector<std::uint64_t>& a, const std::vector<std::uint64_t>& b)
{
    if (a.empty() && b.empty())
        return 1.0;
    if (a.empty() || b.empty())
        return 0.0;
    std::size_t i = 0, j = 0, common = 0;
    while (i < a.size() && j < b.size()) {
        if (a[i] == b[j]) {
            ++common;
            ++i;
            ++j;
        } else if (a[i] < b[j])
            ++i;
        else
            ++j;
    }
    return static_cast<double>(common) / static_cast<double>(a.size() + b.size() - common);
}

double textSimilarity(std::string_view a, std::string_view b, int n)
{
    return jaccard(ngramSet(a, n), ngramSet(b, n));
}

}  // namespace importer
