#include "minhash_index.h"

#include "similarity.h"

#include <algorithm>
#include <limits>

namespace importer {

MinHashIndex::MinHashIndex(LshParams params) : params_(params)
{
    params_.bands = std::max(1, params_.bands);
    params_.rows = std::max(1, params_.rows);
    std::uint64_t s = params_.seed;
    salts_.resize(static_cast<std::size_t>(params_.bands * params_.rows));
    for (auto& salt : salts_)
        salt = s = mix64(s);
}

std::vector<std::uint64_t> MinHashIndex::signature(const std::vector<std::uint64_t>& grams) const
{
    std::vector<std::uint64_t> sig(salts_.size(), std::numeric_limits<std::uint64_t>::max());
    for (std::uint64_t g : grams)
        for (std::size_t k = 0; k < salts_.size(); ++k)
            sig[k] = std::min(sig[k], mix64(g ^ salts_[k]));
    return sig;
}

std::uint64_t MinHashIndex::bandKey(const std::vector<std::uint64_t>& sig, int band) const
{
    std::uint64_t h = mix64(static_cast<std::uint64_t>(band) + 1);
    for (int r = 0; r < params_.rows; ++r)
        h = mix64(h ^ sig[static_cast<std::size_t>(band * params_.rows + r)]);
    return h;
}

std::size_t MinHashIndex::add(std::string_view text)
{
    const std::size_t id = grams_.size();
    grams_.push_back(ngramSet(text, params_.ngram));
    // An empty text has no grams and is similar to nothing; it gets no bucket.
    if (!grams_.back().empty()) {
        const auto sig = signature(grams_.back());
        for (int b = 0; b < params_.bands; ++b)
            buckets_[bandKey(sig, b)].push_back(static_cast<std::uint32_t>(id));
    }
    return id;
}

std::vector<std::size_t> MinHashIndex::candidates(const std::vector<std::uint64_t>& grams) const
{
    std::vector<std::size_t> out;
    if (grams.empty())
        return out;
    const auto sig = signature(grams);
    for (int b = 0; b < params_.bands; ++b) {
        const auto it = buckets_.find(bandKey(sig, b));
        if (it != buckets_.end())
            out.insert(out.end(), it->second.begin(), it->second.end());
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::vector<std::pair<std::size_t, std::size_t>> MinHashIndex::candidatePairs() const
{
    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    for (const auto& [key, ids] : buckets_)
        for (std::size_t a = 0; a < ids.size(); ++a)
            for (std::size_t b = a + 1; b < ids.size(); ++b)
                pairs.emplace_back(std::min(ids[a], ids[b]), std::max(ids[a], ids[b]));
    std::sort(pairs.begin(), pairs.end());
    pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
    return pairs;
}

}  // namespace importer
