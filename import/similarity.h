#pragma once
// How alike two question texts are: Jaccard similarity of character n-gram sets, after
// normalisation (text_normalize.h).

#include <cstdint>
#include <string_view>
#include <vector>

namespace importer {

/// SplitMix64 finaliser (Steele, Lea, Flood 2014): a cheap 64-bit mix with good avalanche; the
/// n-gram hashes and the MinHash salts both use it.
std::uint64_t mix64(std::uint64_t x);

/// Sorted, distinct 64-bit hashes of the character n-grams of the normalised text. Spaces are
/// dropped first, so "kv cache" and "kvcache" give the same grams. A text shorter than n code
/// points gives one gram: itself.
std::vector<std::uint64_t> ngramSet(std::string_view text, int n);

/// |A ∩ B| / |A ∪ B| of two sorted sets; 1 for two empty sets (two empty texts are the same), 0
/// when only one is empty.
double jaccard(const std::vector<std::uint64_t>& a, const std::vector<std::uint64_t>& b);

/// jaccard(ngramSet(a, n), ngramSet(b, n)).
double textSimilarity(std::string_view a, std::string_view b, int n = 2);

}  // namespace importer
