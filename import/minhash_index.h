#pragma once
// MinHash signatures with banded locality-sensitive hashing (Broder 1997; Leskovec, Rajaraman,
// Ullman, "Mining of Massive Datasets", ch. 3.4): candidate pairs of similar texts without
// comparing every pair.

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace importer {

struct LshParams {
    int ngram = 2;   ///< characters per gram; 2 suits Chinese questions of 10–40 characters
    int bands = 32;  ///< b
    int rows = 3;    ///< r: signature length b·r = 96. A pair of Jaccard s becomes a candidate with
                     ///< probability 1 - (1 - s^r)^b: 0.98 at s = 0.5, 0.58 at s = 0.3.
    std::uint64_t seed = 0x5EED5EEDull;
};

class MinHashIndex {
public:
    explicit MinHashIndex(LshParams params = {});

    /// Adds a text; returns its index (0, 1, 2 … in the order added).
    std::size_t add(std::string_view text);

    std::size_t size() const { return grams_.size(); }
    const std::vector<std::uint64_t>& grams(std::size_t i) const { return grams_[i]; }

    /// Indices that share at least one band bucket with `grams`, each once, ascending.
    std::vector<std::size_t> candidates(const std::vector<std::uint64_t>& grams) const;

    /// Every pair (i < j) of indexed texts that share a bucket.
    std::vector<std::pair<std::size_t, std::size_t>> candidatePairs() const;

    /// Calls visit(ids) with the members of every bucket that holds two or more (a pair may share
    /// several buckets, one per band).
    template <typename Visit>
    void forEachBucket(Visit&& visit) const
    {
        for (const auto& [key, ids] : buckets_)
            if (ids.size() >= 2)
                visit(ids);
    }

    const LshParams& params() const { return params_; }

private:
    std::vector<std::uint64_t> signature(const std::vector<std::uint64_t>& grams) const;
    std::uint64_t bandKey(const std::vector<std::uint64_t>& sig, int band) const;

    LshParams params_;
    std::vector<std::uint64_t> salts_;
    std::vector<std::vector<std::uint64_t>> grams_;
    std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> buckets_;
};

}  // namespace importer
