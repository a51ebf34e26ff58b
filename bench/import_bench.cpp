// Import speed: N questions parsed from report text, matched against a 2,000-card deck (MinHash/LSH
// candidates, exact Jaccard, similarity graph, connected components) and classified by topic.
// Targets from issue 4: 10,000 questions under 2 s, 1,778 (the number of questions in the 181 reports of the AIInfraGuide collection) under 0.5 s,
// on a 2-core machine. Run with --benchmark_repetitions=5 and read the medians.
#include "import/duplicate_groups.h"
#include "import/import_pipeline.h"

#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

namespace {

// Terms and question frames to build synthetic but realistic questions (mixed Chinese/English,
// 10-40 characters, like the deck's).
const std::vector<std::string> kTerms = {"KV cache",
                                         "PagedAttention",
                                         "FlashAttention",
                                         "ring allreduce",
                                         "ZeRO-3",
                                         "FSDP",
                                         "tensor parallel",
                                         "pipeline 1F1B",
                                         "warp divergence",
                                         "shared memory bank conflict",
                                         "Tensor Core",
                                         "online softmax",
                                         "continuous batching",
                                         "prefix caching",
                                         "speculative decoding",
                                         "MoE all-to-all",
                                         "NCCL tree",
                                         "NVLink",
                                         "CUDA stream",
                                         "Triton autotune",
                                         "CUTLASS",
                                         "TMA",
                                         "torch.compile",
                                         "Inductor",
                                         "RoPE",
                                         "GQA",
                                         "MLA",
                                         "RMSNorm",
                                         "AWQ",
                                         "GPTQ",
                                         "FP8",
                                         "PPO",
                                         "GRPO",
                                         "RAG 召回",
                                         "Kubernetes GPU 调度",
                                         "Slurm",
                                         "checkpoint",
                                         "TCP CLOSE_WAIT",
                                         "cgroup",
                                         "LRU cache"};
const std::vector<std::string> kFrames = {
    "讲讲 {} 的原理",        "{} 为什么能提升吞吐", "{} 的显存怎么估算", "{} 和 {} 的区别",
    "{} 在什么情况下会变慢", "如何优化 {} 的通信",  "{} 的瓶颈在哪里",   "手写 {} 的核心逻辑",
    "{} 怎么做 profiling",   "{} 的失败模式有哪些"};

const std::vector<std::string> kGpus = {"A100",      "H100", "H200",     "MI300X",
                                        "昇腾 910B", "L40S", "RTX 4090", "B200"};
const std::vector<std::string> kModels = {"Llama-3 70B", "Qwen2 72B",   "DeepSeek-V3", "Mixtral 8x7B",
                                          "GPT-3 175B",  "7B 稠密模型", "多模态模型",  "长文本模型",
                                          "MoE 236B",    "BERT-large"};
const std::vector<std::string> kScales = {"单卡",    "8 卡单机",  "64 卡",       "千卡集群",   "万卡集群",
                                          "batch=1", "batch=256", "128k 上下文", "低延迟 SLO", "高吞吐离线"};

/// A context clause that makes questions on the same term differ, as real ones do.
std::string context(std::mt19937& rng)
{
    std::uniform_int_distribution<std::size_t> g(0, kGpus.size() - 1), m(0, kModels.size() - 1),
        s(0, kScales.size() - 1);
    return "，在 " + kGpus[g(rng)] + " 上跑 " + kModels[m(rng)] + "，" + kScales[s(rng)];
}

std::string fill(const std::string& frame, const std::string& a, const std::string& b)
{
    std::string out = frame;
    const auto p = out.find("{}");
    out.replace(p, 2, a);
    const auto q = out.find("{}");
    if (q != std::string::npos)
        out.replace(q, 2, b);
    return out;
}

std::vector<std::string> makeDeck(std::size_t n, std::mt19937& rng)
{
    std::vector<std::string> deck;
    std::uniform_int_distribution<std::size_t> t(0, kTerms.size() - 1), f(0, kFrames.size() - 1);
    for (std::size_t i = 0; i < n; ++i)
        deck.push_back(fill(kFrames[f(rng)], kTerms[t(rng)], kTerms[t(rng)]) + context(rng));
    return deck;
}

/// Half the questions restate a deck card (the same text with a prefix and a question mark),
/// half are new combinations of frame, terms and context (some of which land near a card).
std::string makeReport(std::size_t n, const std::vector<std::string>& deck, std::mt19937& rng)
{
    std::uniform_int_distribution<std::size_t> d(0, deck.size() - 1), t(0, kTerms.size() - 1),
        f(0, kFrames.size() - 1);
    std::string text = "字节跳动 推理框架 面经\n";
    const char* rounds[] = {"一面", "二面", "三面", "HR面"};
    for (std::size_t i = 0; i < n; ++i) {
        if (i % 50 == 0)
            text += std::string("## ") + rounds[(i / 50) % 4] + "\n";
        text += std::to_string(i % 50 + 1) + ". ";
        if (i % 2 == 0)
            text += "面试官问：" + deck[d(rng)] + "？\n";
        else
            text += fill(kFrames[f(rng)], kTerms[t(rng)], kTerms[t(rng)]) + context(rng) + "\n";
    }
    return text;
}

void BM_ImportReport(benchmark::State& state)
{
    std::mt19937 rng(42);
    const auto deckTexts = makeDeck(2000, rng);
    std::vector<importer::DeckEntry> deck;
    for (std::size_t i = 0; i < deckTexts.size(); ++i) {
        importer::DeckEntry e;
        e.id = deck::CardId(static_cast<std::int64_t>(i + 1));
        e.question = deckTexts[i];
        deck.push_back(std::move(e));
    }
    const std::string report = makeReport(static_cast<std::size_t>(state.range(0)), deckTexts, rng);
    std::size_t matched = 0;
    for (auto _ : state) {
        auto preview = importer::previewImport("bench.txt", report, deck);
        if (!preview)
            state.SkipWithError(preview.error().describe().c_str());
        auto plan = importer::buildImportPlan(*preview);
        matched = plan.sightingsOnExisting.size();
        benchmark::DoNotOptimize(plan);
    }
    state.counters["questions"] = static_cast<double>(state.range(0));
    state.counters["matched"] = static_cast<double>(matched);
}
BENCHMARK(BM_ImportReport)->Arg(1778)->Arg(10000)->Unit(benchmark::kMillisecond)->UseRealTime();

/// A report of `state.range(0)` MiB (about 100 bytes a question: 1 MiB is ~10,000 questions,
/// 100 MiB, the import limit, ~1,000,000), the whole pipeline as above. The time per MiB shows
/// whether the import stays near-linear up to the limit.
void BM_ImportReportMiB(benchmark::State& state)
{
    std::mt19937 rng(42);
    const auto deckTexts = makeDeck(2000, rng);
    std::vector<importer::DeckEntry> deck;
    for (std::size_t i = 0; i < deckTexts.size(); ++i) {
        importer::DeckEntry e;
        e.id = deck::CardId(static_cast<std::int64_t>(i + 1));
        e.question = deckTexts[i];
        deck.push_back(std::move(e));
    }
    const std::size_t target = static_cast<std::size_t>(state.range(0)) * 1024 * 1024 - 4096;
    // Bytes per question from a small sample, 5 % spare, then cut at the last line that fits.
    const double perQuestion = static_cast<double>(makeReport(1000, deckTexts, rng).size()) / 1000.0;
    std::string report = makeReport(
        static_cast<std::size_t>(static_cast<double>(target) / perQuestion * 1.05), deckTexts, rng);
    report.resize(report.rfind('\n', target) + 1);
    for (auto _ : state) {
        auto preview = importer::previewImport("bench.txt", report, deck);
        if (!preview)
            state.SkipWithError(preview.error().describe().c_str());
        benchmark::DoNotOptimize(preview);
        state.counters["questions"] = static_cast<double>(preview ? preview->questions.size() : 0);
    }
    state.counters["MiB"] = static_cast<double>(report.size()) / (1024.0 * 1024.0);
}
BENCHMARK(BM_ImportReportMiB)
    ->Arg(1)
    ->Arg(4)
    ->Arg(16)
    ->Arg(100)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1);

void BM_DuplicateGroupsWholeDeck(benchmark::State& state)
{
    std::mt19937 rng(7);
    const auto texts = makeDeck(static_cast<std::size_t>(state.range(0)), rng);
    for (auto _ : state)
        benchmark::DoNotOptimize(importer::findDuplicateGroups(texts));
}
BENCHMARK(BM_DuplicateGroupsWholeDeck)->Arg(2000)->Arg(12000)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
