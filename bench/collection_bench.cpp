// Collection benchmarks at scale: 100,000 cards and 1,000,000 review-log rows.
//
// The collection is generated once into /tmp/infracards-bench-100k.sqlite (about a gigabyte;
// delete it to regenerate) through the public API: cards with Chinese text of the built-in
// deck's lengths and sightings arrive by Collection::applyImport; the review history is a
// day-by-day simulation with the app's SM-2 scheduler, written as answerCard writes its rows.
// Only the generation turns off fsync and the journal; the benchmarks run with the
// collection's own settings (WAL, synchronous = FULL).
//
//   collection_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "deck/backups.h"
#include "deck/storage/access.h"
#include "deck/collection.h"
#include "deck/storage/database.h"
#include "scheduler/answer.h"
#include "scheduler/sm2.h"

#if __has_include("deck/browse.h")
#include "deck/browse.h"
#define INFRACARDS_BENCH_BROWSE 1
#endif

namespace fs = std::filesystem;

namespace {

constexpr int kCards = 100'000;
constexpr int kReviews = 1'000'000;
const std::string kPath = "/tmp/infracards-bench-100k.sqlite";
const std::string kScratch = "/tmp/infracards-bench-scratch";

/// The benchmarks' "now": 2026-11-29 10:00 UTC (Unix ms), study day 20786.
constexpr std::int64_t kNowMs = 1795946400000LL;
constexpr std::int64_t kDayMs = 86400LL * 1000;
const deck::Now kNow{kNowMs, 0};

const char* const kTopics[] = {
    "gpu-arch",      "cuda",          "triton",        "cutlass-hopper", "kernel-opt", "compilers",
    "communication", "dist-training", "inference",     "runtime",        "model-arch", "quantization",
    "cluster",       "systems",       "system-design", "rag-agents",     "rl-infra",   "coding"};

// Phrases to build questions and answers from: the vocabulary of the built-in deck's topics.
const char* const kSubjects[] = {"显存带宽",        "张量并行",       "流水线并行", "数据并行",
                                 "KV cache",        "FlashAttention", "warp 调度",  "共享内存 bank conflict",
                                 "NCCL all-reduce", "ZeRO 分片",      "算子融合",   "量化误差",
                                 "MoE 路由",        "预填充与解码",   "连续批处理", "投机解码",
                                 "CUDA Graph",      "Tensor Core",    "L2 缓存",    "NVLink 拓扑",
                                 "RDMA 网络",       "检查点恢复",     "梯度累积",   "混合精度训练",
                                 "激活重计算",      "调度器抢占",     "页式注意力", "Triton autotune",
                                 "TMA 异步拷贝",    "寄存器溢出",     "占用率",     "内存合并访问",
                                 "拥塞控制"};
const char* const kQuestionForms[] = {
    "请解释%s的原理，并说明它在大模型训练中解决了什么问题？",
    "%s在实际系统中会遇到哪些瓶颈？你会如何定位和优化？", "如果让你从零实现%s，你会怎么设计数据结构和接口？",
    "比较%s与常见替代方案的优缺点，什么场景下选择它？", "线上遇到与%s相关的性能回退，你的排查步骤是什么？"};
const char* const kAnswerSentences[] = {
    "首先要区分计算受限和访存受限两种情形，用 roofline 模型估算算术强度。",
    "关键在于把通信和计算重叠起来，否则 GPU 会在等待数据时空转。",
    "这里的代价主要来自 HBM 的读写次数，融合之后中间结果留在片上 SRAM 中。",
    "实际部署时还要考虑显存碎片、批大小和延迟目标之间的权衡。",
    "用 Nsight Systems 看时间线，确认瓶颈究竟在 kernel 内部还是在 launch 开销上。",
    "The bandwidth term dominates once the message size exceeds a few megabytes.",
    "分片之后每张卡只保存一部分优化器状态，通信量相应增加但显存大幅下降。",
    "对长序列来说，注意力的平方复杂度使得分块计算成为必需。",
    "量化到 INT8 或 FP8 时需要校准 scale，否则离群值会造成明显的精度损失。",
    "调度策略决定了吞吐和尾延迟，需要按请求长度分布来调参。",
    "Warp divergence serialises both branches, so keep the condition uniform per warp.",
    "在多机场景下，拓扑感知的通信算法能避免跨交换机的流量成为瓶颈。"};
const char* const kPoints[] = {"算术强度", "通信与计算重叠", "片上内存复用", "显存占用估算", "尾延迟",
                               "拓扑感知", "数值稳定性",     "负载均衡",     "容错与恢复"};
const char* const kCompanies[] = {"ByteDance", "Alibaba",   "Tencent", "Baidu",       "Meituan",
                                  "Kuaishou",  "Huawei",    "NVIDIA",  "Moonshot",    "DeepSeek",
                                  "Zhipu",     "MiniMax",   "JD",      "Xiaohongshu", "Ant Group",
                                  "SenseTime", "Microsoft", "Google",  "Meta",        "AMD"};
const char* const kRounds[] = {"一面", "二面", "三面", "HR面", "笔试", "交叉面"};
const char* const kRoles[] = {"推理框架", "训练框架", "CUDA 算子", "AI 编译器", "集群调度", ""};

template <std::size_t N>
const char* pick(const char* const (&items)[N], std::mt19937& rng)
{
    return items[std::uniform_int_distribution<std::size_t>(0, N - 1)(rng)];
}

std::string format(const char* form, const std::string& subject)
{
    char buf[512];
    std::snprintf(buf, sizeof buf, form, subject.c_str());
    return buf;
}

/// One card: question ~40-70 characters, answer ~600-900 (the built-in deck averages 66 and
/// 771), 3-5 key points; 40% of cards carry 1-3 sightings.
deck::ImportPlan::NewCard makeCard(int i, std::mt19937& rng)
{
    deck::ImportPlan::NewCard n;
    auto& c = n.content;
    c.uid = "bench-" + std::to_string(i);
    c.topic = kTopics[i % std::size(kTopics)];
    c.level = 1 + i % 10;
    const std::string subject = std::string(pick(kSubjects, rng)) + "（" + std::to_string(i) + "）";
    c.question = format(pick(kQuestionForms, rng), subject);
    c.questionEn = "Explain " + std::string("case ") + std::to_string(i)
                   + " of this topic: the mechanism, its costs and when to use it.";
    const int sentences = std::uniform_int_distribution<int>(14, 22)(rng);
    for (int s = 0; s < sentences; ++s)
        c.answer += std::string(pick(kAnswerSentences, rng)) + (s % 4 == 3 ? "\n\n" : "");
    const int points = std::uniform_int_distribution<int>(3, 5)(rng);
    for (int p = 0; p < points; ++p)
        c.keyPoints.push_back(std::string(pick(kPoints, rng)) + "：" + pick(kSubjects, rng));
    c.tags = {c.topic, "level-" + std::to_string(c.level)};
    if (std::uniform_int_distribution<int>(0, 9)(rng) < 4) {
        const int count = std::uniform_int_distribution<int>(1, 3)(rng);
        for (int k = 0; k < count; ++k) {
            deck::Sighting s;
            s.company = pick(kCompanies, rng);
            s.round = pick(kRounds, rng);
            s.role = pick(kRoles, rng);
            s.date = "2025-0" + std::to_string(1 + k) + "-1" + std::to_string(k);
            s.sourceUrl = "https://example.invalid/report/" + std::to_string(i) + "-" + std::to_string(k);
            n.sightings.push_back(s);
        }
    }
    return n;
}

int count(deck::Database& db, const char* sql)
{
    auto st = db.prepare(sql);
    return st && st->step() ? st->int32(0) : -1;
}

void die(const std::string& what)
{
    std::fprintf(stderr, "collection_bench: %s\n", what.c_str());
    std::exit(1);
}

/// Phase 1: the cards, through Collection::applyImport in chunks of 10,000.
void writeCards(deck::Collection& c, std::mt19937& rng)
{
    for (int chunk = 0; chunk < kCards; chunk += 10'000) {
        deck::ImportPlan plan;
        plan.source = "bench generator";
        plan.summary = "cards " + std::to_string(chunk) + "+";
        for (int i = chunk; i < chunk + 10'000; ++i)
            plan.newCards.push_back(makeCard(i, rng));
        if (auto r = c.applyImport(plan, {kNowMs - 2000 * kDayMs, 0}); !r)
            die(r.error().describe());
    }
    std::fprintf(stderr, "collection_bench: %d cards written\n", kCards);
}

/// Phase 2: the review history. Each simulated day answers every card due that day and
/// introduces 70 new cards, with grades again 8%, hard 12%, good 65%, easy 15%, until the log
/// holds kReviews rows. The next state comes from the app's own scheduler (SM-2, as
/// Collection::answerCard computes it) and the rows are written as answerCard writes them,
/// but in one transaction: a million answerCard transactions take over an hour on the 2-core
/// machine. Collection::answerCard itself is what BM_AnswerCard measures.
void writeHistory(deck::Collection& c, std::mt19937& rng)
{
    deck::Database& db = deck::storage::of(c);
    if (!db.exec("BEGIN; DELETE FROM review_log;"
                 " UPDATE card_state SET is_new = 1, easiness = 2.5, repetitions = 0,"
                 " interval_days = 0, due_day = 0, last_review_day = NULL, drill_pending = 0,"
                 " lapses = 0;")
             .ok())
        die("reset history");
    std::vector<std::int64_t> ids;
    {
        auto st = db.prepare("SELECT id FROM cards ORDER BY id");
        while (st && st->step())
            ids.push_back(st->int64(0));
    }
    std::vector<scheduler::CardState> states(ids.size());
    auto log = db.prepare("INSERT INTO review_log (card_id, reviewed_at_ms, study_day, answer, quality,"
                          " time_taken_ms, mode, scheduler, state_before, state_after)"
                          " VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'review', ?7, ?8, ?9)");
    if (!log)
        die(log.error().describe());
    const scheduler::Sm2Scheduler sm2;
    const std::string schedulerName(sm2.name());
    std::map<std::int64_t, std::vector<std::size_t>> dueOn;  // study day -> card indexes
    std::size_t nextNew = 0;
    const std::int64_t today = kNowMs / kDayMs;
    // 1,262 days: the history reaches 1,000,000 rows the day before "now" (measured).
    std::int64_t day = today - 1262;
    int reviews = 0;
    std::discrete_distribution<int> grade({8, 12, 65, 15});
    while (reviews < kReviews && day < today) {
        std::vector<std::size_t> todays;
        if (auto it = dueOn.find(day); it != dueOn.end()) {
            todays = std::move(it->second);
            dueOn.erase(it);
        }
        for (int k = 0; k < 70 && nextNew < ids.size(); ++k)
            todays.push_back(nextNew++);
        std::int64_t t = day * kDayMs + 12 * 3600 * 1000;  // noon UTC, 8 s per answer
        for (std::size_t i : todays) {
            if (reviews >= kReviews)
                break;
            const auto g = static_cast<scheduler::Answer>(1 + grade(rng));
            const scheduler::CardState after = sm2.answer(states[i], g, static_cast<scheduler::Day>(day));
            log->reset();
            log->bind(1, ids[i])
                .bind(2, t)
                .bind(3, day)
                .bind(4, static_cast<int>(g))
                .bind(5, scheduler::qualityFor(g))
                .bind(6, std::int64_t{8000})
                .bind(7, schedulerName)
                .bind(8, deck::stateToJson(states[i]))
                .bind(9, deck::stateToJson(after));
            if (auto r = log->run(); !r.ok())
                die(r.error().describe());
            states[i] = after;
            ++reviews;
            t += 8000;
            dueOn[std::max<std::int64_t>(after.due, day + 1)].push_back(i);
        }
        ++day;
    }
    auto st = db.prepare("UPDATE card_state SET is_new = ?2, easiness = ?3, repetitions = ?4,"
                         " interval_days = ?5, due_day = ?6, last_review_day = ?7,"
                         " drill_pending = ?8, lapses = ?9 WHERE card_id = ?1");
    for (std::size_t i = 0; st && i < ids.size(); ++i) {
        const auto& s = states[i];
        st->reset();
        st->bind(1, ids[i])
            .bind(2, s.isNew ? 1 : 0)
            .bind(3, s.easiness)
            .bind(4, s.repetitions)
            .bind(5, s.intervalDays)
            .bind(6, s.due)
            .bind(8, s.drillPending ? 1 : 0)
            .bind(9, s.lapses);
        if (s.lastReview == scheduler::kNever)
            st->bindNull(7);
        else
            st->bind(7, s.lastReview);
        if (auto r = st->run(); !r.ok())
            die(r.error().describe());
    }
    if (!db.exec("COMMIT").ok())
        die("commit history");
    std::fprintf(stderr,
                 "collection_bench: %d reviews; the history ends %lld days before now,"
                 " %zu cards were introduced\n",
                 reviews, static_cast<long long>(today - day), nextNew);
}

/// Writes the collection under a temporary name and renames it when complete. A partial file
/// that already holds every card (an interrupted earlier run) keeps them and redoes the history.
void generate()
{
    const std::string partial = kPath + ".partial";
    const auto t0 = std::chrono::steady_clock::now();
    {
        bool haveCards = false;
        if (fs::exists(partial)) {
            auto old = deck::Collection::open(partial, {.quickCheck = false});
            haveCards = old && count(deck::storage::of(*old), "SELECT count(*) FROM cards") == kCards;
        }
        if (!haveCards)
            for (const char* s : {"", "-wal", "-shm", "-journal"})
                fs::remove(partial + s);
        auto c = deck::Collection::open(partial, {.createIfMissing = true});
        if (!c)
            die(c.error().describe());
        // Generation only: no fsync, no rollback journal, a 1 GiB page cache (the FTS index
        // and the review-log indexes thrash the default 2 MiB one).
        if (!deck::storage::of(*c)
                 .exec("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;"
                       " PRAGMA cache_size = -1048576; PRAGMA temp_store = MEMORY")
                 .ok())
            die("pragma");
        std::mt19937 rng(20261129);
        if (!haveCards)
            writeCards(*c, rng);
        writeHistory(*c, rng);
        if (!c->setConfig(deck::CollectionConfig{}).ok())
            die("config");
        if (!deck::storage::of(*c).exec("PRAGMA journal_mode = WAL").ok())
            die("journal mode");
    }
    fs::rename(partial, kPath);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::fprintf(stderr, "collection_bench: generated %s in %.0f s\n", kPath.c_str(), s);
}

/// The shared collection, generated on first use and checked on every start.
deck::Collection& collection()
{
    static deck::Collection* shared = [] {
        bool fresh = fs::exists(kPath);
        if (fresh) {
            auto c = deck::Collection::open(kPath, {.quickCheck = false});
            fresh = c && count(deck::storage::of(*c), "SELECT count(*) FROM cards") == kCards
                    && count(deck::storage::of(*c), "SELECT count(*) FROM review_log") == kReviews;
        }
        if (!fresh)
            generate();
        auto c = deck::Collection::open(kPath);
        if (!c)
            die(c.error().describe());
        return new deck::Collection(std::move(c).value());
    }();
    return *shared;
}

void BM_FileSize(benchmark::State& state)
{
    collection();
    for (auto _ : state)
        benchmark::DoNotOptimize(fs::file_size(kPath));
    state.counters["MiB"] = static_cast<double>(fs::file_size(kPath)) / (1024.0 * 1024.0);
}
BENCHMARK(BM_FileSize);

void BM_Open(benchmark::State& state)
{
    collection();
    const bool quickCheck = state.range(0) != 0;
    for (auto _ : state) {
        auto c = deck::Collection::open(kPath, {.quickCheck = quickCheck});
        if (!c)
            state.SkipWithError(c.error().describe().c_str());
        benchmark::DoNotOptimize(c);
    }
}
BENCHMARK(BM_Open)->ArgName("quick_check")->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond);

void BM_TodayQueue(benchmark::State& state)
{
    auto& c = collection();
    int size = 0, dueTotal = 0;
    for (auto _ : state) {
        auto q = c.todayQueue(kNow);
        if (!q) {
            state.SkipWithError(q.error().describe().c_str());
            break;
        }
        size = static_cast<int>(q->order.size());
        dueTotal = q->reviewsDueTotal;
    }
    state.counters["queue"] = size;
    state.counters["due_total"] = dueTotal;
}
BENCHMARK(BM_TodayQueue)->Unit(benchmark::kMillisecond);

/// One answer, committed (WAL, synchronous = FULL: includes the fsync). Each answer is undone
/// outside the timed region so the file stays at exactly 1,000,000 reviews.
void BM_AnswerCard(benchmark::State& state)
{
    auto& c = collection();
    auto q = c.todayQueue(kNow);
    if (!q || q->order.empty()) {
        state.SkipWithError("empty queue");
        return;
    }
    const deck::CardId card = q->order.front();
    for (auto _ : state) {
        auto out = c.answerCard(card, scheduler::Answer::Good, kNow, 5000);
        if (!out) {
            state.SkipWithError(out.error().describe().c_str());
            break;
        }
        state.PauseTiming();
        if (!c.undoLastAnswer())
            state.SkipWithError("undo failed");
        state.ResumeTiming();
    }
}
BENCHMARK(BM_AnswerCard)->Unit(benchmark::kMillisecond);

// The last two are absent from the generated deck: the worst case of each path (a two-character
// term scans every card; a longer one is one empty index lookup).
const char* const kQueries[] = {"显存",      "张量并行", "FlashAttention", "bank conflict",
                                "梯度 累积", "NCCL",     "量子",           "量子纠缠"};

void BM_Search(benchmark::State& state)
{
    auto& c = collection();
    const char* query = kQueries[state.range(0)];
    state.SetLabel(query);
    std::size_t hits = 0;
    for (auto _ : state) {
        auto r = c.search(query, 50);
        if (!r) {
            state.SkipWithError(r.error().describe().c_str());
            break;
        }
        hits = r->size();
    }
    state.counters["hits"] = static_cast<double>(hits);
}
BENCHMARK(BM_Search)->DenseRange(0, static_cast<int>(std::size(kQueries)) - 1)->Unit(benchmark::kMillisecond);

void BM_Stats(benchmark::State& state)
{
    auto& c = collection();
    for (auto _ : state) {
        auto s = c.stats(kNow);
        if (!s) {
            state.SkipWithError(s.error().describe().c_str());
            break;
        }
        benchmark::DoNotOptimize(s);
    }
}
BENCHMARK(BM_Stats)->Unit(benchmark::kMillisecond);

/// createBackup: the online backup API into a new file, switched to rollback journal, renamed.
void BM_Backup(benchmark::State& state)
{
    auto& c = collection();
    std::int64_t t = kNowMs;
    std::uintmax_t bytes = 0;
    for (auto _ : state) {
        state.PauseTiming();
        fs::remove_all(kScratch);
        state.ResumeTiming();
        auto b = deck::createBackup(c, kScratch, t++);
        if (!b) {
            state.SkipWithError(b.error().describe().c_str());
            break;
        }
        state.PauseTiming();
        bytes = fs::file_size(*b);
        state.ResumeTiming();
    }
    // The backup's size against the collection's (a .zst of the whole file).
    std::error_code ec;
    const auto collectionBytes = fs::file_size(c.path(), ec);
    state.counters["backup_MB"] = static_cast<double>(bytes) / 1e6;
    state.counters["collection_MB"] = static_cast<double>(collectionBytes) / 1e6;
    state.counters["ratio"] =
        collectionBytes > 0 ? static_cast<double>(bytes) / static_cast<double>(collectionBytes) : 0;
    fs::remove_all(kScratch);
}
BENCHMARK(BM_Backup)->Unit(benchmark::kMillisecond);

/// The check newestGoodBackup runs on each candidate: PRAGMA integrity_check on 100k cards.
void BM_IntegrityCheck(benchmark::State& state)
{
    collection();
    for (auto _ : state) {
        auto s = deck::checkIntegrity(kPath);
        if (!s.ok()) {
            state.SkipWithError(s.error().describe().c_str());
            break;
        }
    }
}
BENCHMARK(BM_IntegrityCheck)->Unit(benchmark::kMillisecond);

#ifdef INFRACARDS_BENCH_BROWSE
deck::BrowseFilter browseFilter(int which)
{
    deck::BrowseFilter f;
    switch (which) {
    case 0: break;  // everything
    case 1:
        f.topics = {"cuda", "triton"};
        f.minLevel = 3;
        f.maxLevel = 6;
        break;
    case 2: f.state = deck::StateFilter::DueToday; break;
    case 3:
        f.company = "ByteDance";
        f.round = "一面";
        break;
    case 4: f.text = "显存"; break;
    case 5: f.state = deck::StateFilter::Leech; break;
    case 6: f.text = "量子"; break;  // two characters, in no card
    case 7:
        f.text = "张量并行";
        f.topics = {"dist-training"};
        break;
    }
    return f;
}
const char* const kBrowseNames[] = {"all",       "topics+levels", "due today", "ByteDance 一面",
                                    "text 显存", "leeches",       "text 量子", "张量并行 + topic"};

/// What the Browse screen does on a filter change: the count and the first page of 100,
/// sorted by due day.
void BM_BrowseFilter(benchmark::State& state)
{
    auto& c = collection();
    const auto filter = browseFilter(static_cast<int>(state.range(0)));
    state.SetLabel(kBrowseNames[state.range(0)]);
    const scheduler::Day today = c.today(kNow);
    int matched = 0;
    for (auto _ : state) {
        auto n = deck::countCards(deck::storage::of(c), filter, today);
        auto page =
            deck::listCards(deck::storage::of(c), filter, {deck::BrowseColumn::Due, false}, today, 0, 100);
        if (!n || !page) {
            state.SkipWithError("browse query failed");
            break;
        }
        matched = *n;
    }
    state.counters["matched"] = matched;
}
BENCHMARK(BM_BrowseFilter)->DenseRange(0, 7)->Unit(benchmark::kMillisecond);

void BM_CompanyTree(benchmark::State& state)
{
    auto& c = collection();
    for (auto _ : state) {
        auto t = deck::companyTree(deck::storage::of(c));
        if (!t) {
            state.SkipWithError(t.error().describe().c_str());
            break;
        }
    }
}
BENCHMARK(BM_CompanyTree)->Unit(benchmark::kMillisecond);
#endif

}  // namespace

BENCHMARK_MAIN();
