#include "import/duplicate_groups.h"

#include <catch2/catch.hpp>

using namespace importer;

// Similarities used below (see similarity_test.cpp for the hand counts): KV-cache pair 7/11,
// ring pair 13/15, the two FlashAttention spellings 1.0 after normalisation.

TEST_CASE("duplicate groups are the connected components of the similarity graph", "[duplicates]")
{
    const std::vector<std::string> deck = {"什么是 KV cache", "讲讲 ring allreduce", "CUDA warp divergence",
                                           "KV cache 是什么？", "ring allreduce 讲讲"};
    const auto groups = findDuplicateGroups(deck);
    REQUIRE(groups.size() == 2);
    CHECK(groups[0].members == std::vector<std::size_t>{0, 3});
    REQUIRE(groups[0].edges.size() == 1);
    CHECK(groups[0].edges[0].score == Approx(7.0 / 11.0));
    CHECK(groups[1].members == std::vector<std::size_t>{1, 4});
    CHECK(groups[1].edges[0].score == Approx(13.0 / 15.0));
}

TEST_CASE("the threshold decides which pairs join", "[duplicates]")
{
    const std::vector<std::string> deck = {"什么是 KV cache", "KV cache 是什么？", "讲讲 ring allreduce",
                                           "ring allreduce 讲讲"};
    MatchOptions strict;
    strict.threshold = 0.7;  // 7/11 = 0.636 is below, 13/15 = 0.867 above
    const auto groups = findDuplicateGroups(deck, strict);
    REQUIRE(groups.size() == 1);
    CHECK(groups[0].members == std::vector<std::size_t>{2, 3});
}

TEST_CASE("chains merge transitively through Boost connected_components", "[duplicates]")
{
    // abcdef ~ abcdeg: {ab,bc,cd,de} shared of 6 distinct bigrams, J = 0.667; abcdeg ~ xbcdeg:
    // {bc,cd,de,eg} of 6, 0.667; abcdef ~ xbcdeg: {bc,cd,de} of 7, 0.43, below 0.5.
    const std::vector<std::string> t = {"abcdef", "abcdeg", "xbcdeg", "zzzzzz"};
    const auto groups = findDuplicateGroups(t);
    REQUIRE(groups.size() == 1);
    CHECK(groups[0].members == std::vector<std::size_t>{0, 1, 2});
    CHECK(groups[0].edges.size() == 2);  // 0-2 is 3/7, not an edge: joined through 1
}

TEST_CASE("planMerge sends each incoming question to a card or a new group", "[duplicates][merge]")
{
    const std::vector<std::string> deck = {"什么是 KV cache", "讲讲 ring allreduce"};
    const std::vector<std::string> incoming = {"KV cache 是什么？", "ring allreduce 讲讲",
                                               "FlashAttention 为什么快", "flashattention为什么快？"};
    const auto plan = planMerge(deck, incoming);
    REQUIRE(plan.questions.size() == 4);
    CHECK(plan.questions[0].deckIndex == 0u);
    CHECK(plan.questions[0].score == Approx(7.0 / 11.0));
    CHECK(plan.questions[1].deckIndex == 1u);
    CHECK(plan.questions[1].score == Approx(13.0 / 15.0));
    CHECK_FALSE(plan.questions[2].deckIndex.has_value());
    CHECK_FALSE(plan.questions[3].deckIndex.has_value());
    CHECK(plan.questions[2].group == plan.questions[3].group);
    CHECK(plan.questions[0].group != plan.questions[1].group);
    CHECK(plan.groupCount == 3);
    // By n-grams alone, raising the threshold above 7/11 leaves the KV-cache question unmatched,
    // its score still shown.
    MatchOptions strict;
    strict.threshold = 0.7;
    strict.termCoverage = false;
    const auto plan2 = planMerge(deck, incoming, strict);
    CHECK_FALSE(plan2.questions[0].deckIndex.has_value());
    CHECK(plan2.questions[0].score == Approx(7.0 / 11.0));
    // Term coverage finds it: its only terms (kv, cache; 是什么 is filler) are both in card 0.
    strict.termCoverage = true;
    const auto plan3 = planMerge(deck, incoming, strict);
    CHECK(plan3.questions[0].deckIndex == 0u);
    CHECK(plan3.questions[0].score == Approx(1.0));
}

TEST_CASE("tens of thousands of near-identical questions group in near-linear work",
          "[duplicates][merge][bad-input]")
{
    // 40,000 copies of one deck question, each with its own number: every copy is similar to the
    // deck card (one shared LSH bucket of 40,000), so a pair-by-pair pass would make 8·10^8
    // comparisons. All of them must still join the card, as one group.
    const std::vector<std::string> deck = {"讲讲 ring allreduce 的通信量和带宽怎么估算"};
    std::vector<std::string> incoming;
    for (int i = 0; i < 40000; ++i)
        incoming.push_back("讲讲 ring allreduce 的通信量和带宽怎么估算 " + std::to_string(i % 7));
    const auto plan = planMerge(deck, incoming);
    REQUIRE(plan.questions.size() == incoming.size());
    CHECK(plan.groupCount == 1);
    for (const auto& q : plan.questions)
        REQUIRE(q.deckIndex == 0u);

    // And among themselves, with no card: 40,000 distinct near-duplicates make one group.
    std::vector<std::string> alike;
    for (int i = 0; i < 40000; ++i)
        alike.push_back("讲讲 NCCL 的 ring 和 tree 算法各自适合什么消息大小 第" + std::to_string(i) + "题");
    const auto groups = findDuplicateGroups(alike);
    REQUIRE(groups.size() == 1);
    CHECK(groups[0].members.size() == alike.size());
}

TEST_CASE("planMerge reports its progress and stops when asked", "[duplicates][merge]")
{
    const std::vector<std::string> deck = {"什么是 KV cache"};
    std::vector<std::string> incoming;
    for (int i = 0; i < 1000; ++i)
        incoming.push_back("第 " + std::to_string(i) + " 题：讲讲 ring allreduce");
    std::vector<double> seen;
    MatchOptions options;
    options.progress = [&](double done) {
        seen.push_back(done);
        return true;
    };
    const auto plan = planMerge(deck, incoming, options);
    CHECK_FALSE(plan.stopped);
    CHECK(plan.questions.size() == 1000);
    // Every 256 questions: 0, 256, 512, 768 of 1000.
    CHECK(seen == std::vector<double>{0.0, 0.256, 0.512, 0.768});
    options.progress = [](double done) { return done < 0.5; };
    const auto stopped = planMerge(deck, incoming, options);
    CHECK(stopped.stopped);
    CHECK(stopped.questions.empty());
}
