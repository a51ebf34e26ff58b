#include "import/minhash_index.h"
#include "import/similarity.h"

#include <catch2/catch.hpp>

using namespace importer;

TEST_CASE("bigram Jaccard, worked out by hand", "[similarity]")
{
    // {ab, bc, cd} vs {ab, bc, ce}: 2 shared of 4 distinct.
    CHECK(textSimilarity("abcd", "abce") == Approx(0.5));
    // "什么是kvcache" and "kvcache是什么" (spaces and '？' dropped) have 9 bigrams each; they share
    // 什么 kv vc ca ac ch he = 7, so J = 7 / (9 + 9 - 7) = 7/11.
    CHECK(textSimilarity("什么是 KV cache", "KV cache 是什么？") == Approx(7.0 / 11.0));
    // "讲讲ringallreduce" / "ringallreduce讲讲": 14 bigrams each, 13 shared: 13/15.
    CHECK(textSimilarity("讲讲 ring allreduce", "ring allreduce 讲讲") == Approx(13.0 / 15.0));
    CHECK(textSimilarity("什么是ＫＶ　Ｃａｃｈｅ？", "什么是kv cache") == Approx(1.0));
    CHECK(textSimilarity("abc", "xyz") == Approx(0.0));
    CHECK(textSimilarity("a", "a") == Approx(1.0));  // shorter than n: the text is its own gram
    CHECK(textSimilarity("", "abc") == Approx(0.0));
    // Trigrams of "abcd"/"abce": {abc, bcd} vs {abc, bce}: 1/3.
    CHECK(textSimilarity("abcd", "abce", 3) == Approx(1.0 / 3.0));
}

TEST_CASE("LSH candidates include every pair an exhaustive scan finds above 0.7", "[similarity][lsh]")
{
    // A reference set: 40 stems, each with a near copy (one character changed) and an unrelated
    // text. The exhaustive O(n^2) scan is the independent reference.
    std::vector<std::string> texts;
    const char* stems[] = {
        "ring allreduce 的通信量怎么算", "讲讲 FlashAttention 的分块",  "KV cache 显存估算",
        "PagedAttention 解决什么问题",   "ZeRO-3 的参数分片流程",       "warp divergence 的代价",
        "continuous batching 的调度",    "speculative decoding 接受率", "NCCL 的 tree 算法",
        "MoE 的 all-to-all 优化"};
    for (int k = 0; k < 4; ++k)
        for (const char* s : stems) {
            texts.push_back(std::string(s) + " v" + std::to_string(k) + "x");
            texts.push_back(std::string(s) + " v" + std::to_string(k) + "y");
        }
    MinHashIndex index;
    for (const auto& t : texts)
        index.add(t);
    const auto cands = index.candidatePairs();
    std::size_t expected = 0;
    for (std::size_t i = 0; i < texts.size(); ++i)
        for (std::size_t j = i + 1; j < texts.size(); ++j) {
            if (jaccard(index.grams(i), index.grams(j)) < 0.7)
                continue;
            ++expected;
            CHECK(std::binary_search(cands.begin(), cands.end(), std::make_pair(i, j)));
        }
    CHECK(expected > 40);
    // Sub-quadratic in practice: far fewer candidates than the 3,160 pairs of 80 texts.
    CHECK(cands.size() < texts.size() * (texts.size() - 1) / 2);
}
