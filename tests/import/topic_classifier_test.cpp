#include "import/topic_classifier.h"

#include <catch2/catch.hpp>

using namespace importer;

// Scores follow from the keyword weights in topic_classifier.cpp; confidence = (best / total) ×
// min(1, best / 3), computed by hand for each case.

TEST_CASE("questions that name one topic get it with full confidence", "[topic]")
{
    auto g =
        classifyTopic("PagedAttention 解决了什么问题");  // pagedattention 3 ("attention" is inside a word)
    CHECK(g.topic == "inference");
    CHECK(g.confidence == Approx(1.0));
    g = classifyTopic("讲讲 ring allreduce 的通信量");  // ring 1.5 + allreduce 3 + 通信 1.5
    CHECK(g.topic == "communication");
    REQUIRE(g.ranking.size() == 1);
    CHECK(g.ranking[0].score == Approx(6.0));
    g = classifyTopic("warp divergence 为什么慢");  // 2 + 2
    CHECK(g.topic == "cuda");
    CHECK(g.confidence == Approx(1.0));
    CHECK(classifyTopic("手撕 LRU cache").topic == "coding");
    CHECK(classifyTopic("ZeRO-3 和 FSDP 的区别").topic == "dist-training");
    CHECK(classifyTopic("Docker 和虚拟机的边界").topic == "systems");
    CHECK(classifyTopic("RAG 召回不到正确文档怎么排查").topic == "rag-agents");
    CHECK(classifyTopic("GRPO 和 PPO 的区别").topic == "rl-infra");
    CHECK(classifyTopic("AWQ 和 GPTQ 的思路").topic == "quantization");
    CHECK(classifyTopic("TMA 和 cp.async 有什么区别").topic == "cutlass-hopper");
    CHECK(classifyTopic("torch.compile 里 Dynamo 做了什么").topic == "compilers");
    CHECK(classifyTopic("Python GIL 对多线程的影响").topic == "runtime");
    CHECK(classifyTopic("Slurm 和 Kubernetes 调度 GPU 作业的区别").topic == "cluster");
    CHECK(classifyTopic("用 Triton 写一个 softmax").topic == "triton");
}

TEST_CASE("mixed questions: lower confidence, ranking shows the runner-up", "[topic]")
{
    auto g = classifyTopic("FlashAttention 和 PagedAttention 的区别");  // 3 vs 3: tie, deck order wins
    CHECK(g.topic == "kernel-opt");
    CHECK(g.confidence == Approx(0.5));
    REQUIRE(g.ranking.size() == 2);
    CHECK(g.ranking[1].topic == "inference");
    g = classifyTopic("MoE 的 all-to-all 怎么优化");  // moe 1.5 (model-arch), all-to-all 3 (communication)
    CHECK(g.topic == "communication");
    CHECK(g.confidence == Approx(3.0 / 4.5));
    g = classifyTopic("GQA 为什么省显存");  // gqa 2.5 alone: weak evidence, 2.5/3
    CHECK(g.topic == "model-arch");
    CHECK(g.confidence == Approx(2.5 / 3.0));
}

TEST_CASE("no keyword: no topic, zero confidence", "[topic]")
{
    const auto g = classifyTopic("介绍一下你最有挑战的项目");
    CHECK_FALSE(g.topic.has_value());
    CHECK(g.confidence == 0.0);
    CHECK(g.ranking.empty());
    CHECK(topicIds().size() == 18);
}
