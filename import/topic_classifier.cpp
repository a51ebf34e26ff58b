#include "topic_classifier.h"

#include "ascii_text.h"

#include <algorithm>
#include <array>
#include <map>

namespace importer {

namespace {

struct Keyword {
    const char* text;  ///< lower-case; Latin keywords match as whole words
    const char* topic;
    double weight;  ///< 3: names the topic by itself; 2: strong; 1: supporting
};

// Terms of the field, grouped by the deck topic they point to. Weights say how specific a term is:
// "PagedAttention" only means inference serving, "显存" appears everywhere.
constexpr Keyword kKeywords[] = {
    // gpu-arch (theme 2)
    Keyword{"sm", "gpu-arch", 1},
    Keyword{"hbm", "gpu-arch", 2},
    Keyword{"l2 cache", "gpu-arch", 2},
    Keyword{"l1", "gpu-arch", 1},
    Keyword{"tensor core", "gpu-arch", 2},
    Keyword{"cuda core", "gpu-arch", 2},
    Keyword{"显存带宽", "gpu-arch", 2},
    Keyword{"寄存器", "gpu-arch", 1},
    Keyword{"gpu 架构", "gpu-arch", 3},
    Keyword{"gpu架构", "gpu-arch", 3},
    Keyword{"存储层次", "gpu-arch", 2},
    Keyword{"simt", "gpu-arch", 2},
    Keyword{"h100", "gpu-arch", 1},
    Keyword{"a100", "gpu-arch", 1},
    Keyword{"mig", "gpu-arch", 1},
    // cuda (theme 2)
    Keyword{"cuda", "cuda", 1.5},
    Keyword{"warp", "cuda", 2},
    Keyword{"divergence", "cuda", 2},
    Keyword{"shared memory", "cuda", 2},
    Keyword{"bank conflict", "cuda", 3},
    Keyword{"合并访问", "cuda", 3},
    Keyword{"coalesc", "cuda", 3},
    Keyword{"occupancy", "cuda", 2},
    Keyword{"stream", "cuda", 1.5},
    Keyword{"event", "cuda", 1},
    Keyword{"grid", "cuda", 1},
    Keyword{"block", "cuda", 0.5},
    Keyword{"thread", "cuda", 0.5},
    Keyword{"shuffle", "cuda", 2},
    Keyword{"float4", "cuda", 2},
    Keyword{"memory fence", "cuda", 2},
    Keyword{"异步拷贝", "cuda", 2},
    Keyword{"h2d", "cuda", 2},
    Keyword{"d2h", "cuda", 2},
    Keyword{"__syncthreads", "cuda", 3},
    Keyword{"wmma", "cuda", 2},
    // kernel-opt (theme 3)
    Keyword{"roofline", "kernel-opt", 3},
    Keyword{"gemm", "kernel-opt", 2},
    Keyword{"tiling", "kernel-opt", 2},
    Keyword{"分块", "kernel-opt", 1},
    Keyword{"双缓冲", "kernel-opt", 2},
    Keyword{"算子融合", "kernel-opt", 3},
    Keyword{"fusion", "kernel-opt", 2},
    Keyword{"融合", "kernel-opt", 1},
    Keyword{"online softmax", "kernel-opt", 3},
    Keyword{"flashattention", "kernel-opt", 3},
    Keyword{"flash attention", "kernel-opt", 3},
    Keyword{"reduce", "kernel-opt", 1},
    Keyword{"reduction", "kernel-opt", 1.5},
    Keyword{"atomicadd", "kernel-opt", 2},
    Keyword{"nsight", "kernel-opt", 3},
    Keyword{"profiler", "kernel-opt", 1.5},
    Keyword{"profiling", "kernel-opt", 1.5},
    Keyword{"compute-bound", "kernel-opt", 2},
    Keyword{"memory-bound", "kernel-opt", 2},
    Keyword{"算子", "kernel-opt", 1.5},
    Keyword{"kernel", "kernel-opt", 1},
    Keyword{"算术强度", "kernel-opt", 3},
    Keyword{"寄存器溢出", "kernel-opt", 2},
    // triton
    Keyword{"triton", "triton", 3},
    Keyword{"tl.load", "triton", 3},
    Keyword{"autotune", "triton", 2},
    // cutlass-hopper (theme 3: cp.async, TMA)
    Keyword{"cutlass", "cutlass-hopper", 3},
    Keyword{"cute", "cutlass-hopper", 3},
    Keyword{"tma", "cutlass-hopper", 3},
    Keyword{"wgmma", "cutlass-hopper", 3},
    Keyword{"hopper", "cutlass-hopper", 2},
    Keyword{"cp.async", "cutlass-hopper", 2},
    Keyword{"warp specialization", "cutlass-hopper", 3},
    Keyword{"mma", "cutlass-hopper", 1},
    // compilers (theme 7)
    Keyword{"mlir", "compilers", 3},
    Keyword{"torch.compile", "compilers", 3},
    Keyword{"dynamo", "compilers", 3},
    Keyword{"inductor", "compilers", 3},
    Keyword{"aotautograd", "compilers", 3},
    Keyword{"cuda graph", "compilers", 3},
    Keyword{"编译器", "compilers", 2},
    Keyword{"tvm", "compilers", 3},
    Keyword{"xla", "compilers", 3},
    Keyword{"动态图转静态图", "compilers", 3},
    Keyword{"静态图", "compilers", 2},
    Keyword{"图优化", "compilers", 2},
    // model-arch (theme 4)
    Keyword{"transformer", "model-arch", 2},
    Keyword{"mha", "model-arch", 2},
    Keyword{"mqa", "model-arch", 2.5},
    Keyword{"gqa", "model-arch", 2.5},
    Keyword{"mla", "model-arch", 2.5},
    Keyword{"rope", "model-arch", 3},
    Keyword{"layernorm", "model-arch", 2},
    Keyword{"rmsnorm", "model-arch", 3},
    Keyword{"swiglu", "model-arch", 3},
    Keyword{"moe", "model-arch", 1.5},
    Keyword{"路由", "model-arch", 1},
    Keyword{"decoder-only", "model-arch", 3},
    Keyword{"causal mask", "model-arch", 3},
    Keyword{"attention", "model-arch", 1},
    Keyword{"ffn", "model-arch", 2},
    Keyword{"logits", "model-arch", 1},
    Keyword{"位置编码", "model-arch", 3},
    Keyword{"注意力", "model-arch", 1},
    // quantization (theme 4)
    Keyword{"量化", "quantization", 3},
    Keyword{"quantiz", "quantization", 3},
    Keyword{"int8", "quantization", 2},
    Keyword{"int4", "quantization", 2},
    Keyword{"fp8", "quantization", 2},
    Keyword{"awq", "quantization", 3},
    Keyword{"gptq", "quantization", 3},
    Keyword{"smoothquant", "quantization", 3},
    Keyword{"ptq", "quantization", 3},
    Keyword{"qat", "quantization", 3},
    Keyword{"反量化", "quantization", 3},
    Keyword{"bf16", "quantization", 1},
    Keyword{"fp16", "quantization", 1},
    // inference (theme 5)
    Keyword{"kv cache", "inference", 3},
    Keyword{"kvcache", "inference", 3},
    Keyword{"pagedattention", "inference", 3},
    Keyword{"paged attention", "inference", 3},
    Keyword{"continuous batching", "inference", 3},
    Keyword{"prefill", "inference", 3},
    Keyword{"decode", "inference", 2},
    Keyword{"prefix cach", "inference", 3},
    Keyword{"radixattention", "inference", 3},
    Keyword{"chunked prefill", "inference", 3},
    Keyword{"pd 分离", "inference", 3},
    Keyword{"pd分离", "inference", 3},
    Keyword{"ttft", "inference", 3},
    Keyword{"tpot", "inference", 3},
    Keyword{"vllm", "inference", 3},
    Keyword{"sglang", "inference", 3},
    Keyword{"tensorrt-llm", "inference", 3},
    Keyword{"trt-llm", "inference", 3},
    Keyword{"speculative decoding", "inference", 3},
    Keyword{"投机采样", "inference", 3},
    Keyword{"推理", "inference", 1.5},
    Keyword{"batching", "inference", 1.5},
    Keyword{"吞吐", "inference", 1},
    Keyword{"p99", "inference", 1},
    // dist-training (theme 6)
    Keyword{"ddp", "dist-training", 3},
    Keyword{"fsdp", "dist-training", 3},
    Keyword{"zero", "dist-training", 2.5},
    Keyword{"deepspeed", "dist-training", 3},
    Keyword{"megatron", "dist-training", 3},
    Keyword{"数据并行", "dist-training", 3},
    Keyword{"张量并行", "dist-training", 3},
    Keyword{"流水线并行", "dist-training", 3},
    Keyword{"序列并行", "dist-training", 3},
    Keyword{"专家并行", "dist-training", 3},
    Keyword{"pipeline", "dist-training", 1.5},
    Keyword{"1f1b", "dist-training", 3},
    Keyword{"bubble", "dist-training", 2},
    Keyword{"梯度累积", "dist-training", 3},
    Keyword{"混合精度", "dist-training", 3},
    Keyword{"loss scaling", "dist-training", 3},
    Keyword{"重计算", "dist-training", 3},
    Keyword{"recomputation", "dist-training", 3},
    Keyword{"优化器状态", "dist-training", 3},
    Keyword{"梯度", "dist-training", 1},
    Keyword{"bucket", "dist-training", 1.5},
    Keyword{"tensor parallel", "dist-training", 3},
    Keyword{"data parallel", "dist-training", 3},
    Keyword{"训练", "dist-training", 1},
    // communication (theme 6, theme 2's interconnects)
    Keyword{"nccl", "communication", 3},
    Keyword{"allreduce", "communication", 3},
    Keyword{"all-reduce", "communication", 3},
    Keyword{"allgather", "communication", 3},
    Keyword{"all-gather", "communication", 3},
    Keyword{"reducescatter", "communication", 3},
    Keyword{"reduce-scatter", "communication", 3},
    Keyword{"all-to-all", "communication", 3},
    Keyword{"alltoall", "communication", 3},
    Keyword{"nvlink", "communication", 3},
    Keyword{"pcie", "communication", 2},
    Keyword{"infiniband", "communication", 3},
    Keyword{"roce", "communication", 3},
    Keyword{"rdma", "communication", 3},
    Keyword{"ring", "communication", 1.5},
    Keyword{"通信", "communication", 1.5},
    Keyword{"带宽", "communication", 0.5},
    Keyword{"集合通信", "communication", 3},
    // runtime (theme 7)
    Keyword{"autograd", "runtime", 3},
    Keyword{"自动微分", "runtime", 3},
    Keyword{"计算图", "runtime", 2},
    Keyword{"dispatch", "runtime", 2},
    Keyword{"dispatcher", "runtime", 3},
    Keyword{"虚函数", "runtime", 3},
    Keyword{"vtable", "runtime", 3},
    Keyword{"raii", "runtime", 3},
    Keyword{"移动语义", "runtime", 3},
    Keyword{"智能指针", "runtime", 3},
    Keyword{"abi", "runtime", 2},
    Keyword{"gil", "runtime", 3},
    Keyword{"内存池", "runtime", 2},
    Keyword{"caching allocator", "runtime", 3},
    Keyword{"碎片", "runtime", 1.5},
    Keyword{"pytorch", "runtime", 1},
    Keyword{"c++", "runtime", 1},
    Keyword{"内存对齐", "runtime", 2},
    // cluster (themes 1 and 8)
    Keyword{"kubernetes", "cluster", 3},
    Keyword{"k8s", "cluster", 3},
    Keyword{"slurm", "cluster", 3},
    Keyword{"ray", "cluster", 2},
    Keyword{"volcano", "cluster", 3},
    Keyword{"pod", "cluster", 2},
    Keyword{"checkpoint", "cluster", 1.5},
    Keyword{"容错", "cluster", 2},
    Keyword{"故障", "cluster", 1.5},
    Keyword{"oom", "cluster", 1.5},
    Keyword{"hang", "cluster", 2},
    Keyword{"straggler", "cluster", 3},
    Keyword{"慢节点", "cluster", 3},
    Keyword{"监控", "cluster", 1.5},
    Keyword{"熔断", "cluster", 2},
    Keyword{"限流", "cluster", 2},
    Keyword{"灰度", "cluster", 2},
    Keyword{"弹性伸缩", "cluster", 2},
    Keyword{"hpa", "cluster", 2},
    Keyword{"调度系统", "cluster", 2},
    Keyword{"集群", "cluster", 1.5},
    Keyword{"slo", "cluster", 1},
    // rl-infra (theme 9)
    Keyword{"ppo", "rl-infra", 3},
    Keyword{"grpo", "rl-infra", 3},
    Keyword{"dpo", "rl-infra", 3},
    Keyword{"gae", "rl-infra", 3},
    Keyword{"rlhf", "rl-infra", 3},
    Keyword{"rollout", "rl-infra", 2.5},
    Keyword{"importance sampling", "rl-infra", 3},
    Keyword{"权重同步", "rl-infra", 3},
    Keyword{"强化学习", "rl-infra", 3},
    Keyword{"reward", "rl-infra", 2},
    Keyword{"sft", "rl-infra", 1.5},
    // rag-agents (theme 9)
    Keyword{"rag", "rag-agents", 3},
    Keyword{"agent", "rag-agents", 3},
    Keyword{"embedding", "rag-agents", 1.5},
    Keyword{"召回", "rag-agents", 3},
    Keyword{"检索", "rag-agents", 2},
    Keyword{"向量数据库", "rag-agents", 3},
    Keyword{"workflow", "rag-agents", 2},
    Keyword{"记忆模块", "rag-agents", 3},
    Keyword{"重排", "rag-agents", 2},
    // systems (theme 1)
    Keyword{"tcp", "systems", 3},
    Keyword{"http", "systems", 2},
    Keyword{"quic", "systems", 3},
    Keyword{"close_wait", "systems", 3},
    Keyword{"三次握手", "systems", 3},
    Keyword{"挥手", "systems", 3},
    Keyword{"进程", "systems", 2},
    Keyword{"线程", "systems", 1},
    Keyword{"协程", "systems", 2.5},
    Keyword{"内核态", "systems", 3},
    Keyword{"用户态", "systems", 3},
    Keyword{"中断", "systems", 2},
    Keyword{"docker", "systems", 3},
    Keyword{"容器", "systems", 2},
    Keyword{"虚拟机", "systems", 2},
    Keyword{"namespace", "systems", 2},
    Keyword{"cgroup", "systems", 3},
    Keyword{"overlayfs", "systems", 3},
    Keyword{"redis", "systems", 3},
    Keyword{"nginx", "systems", 3},
    Keyword{"分布式锁", "systems", 3},
    Keyword{"bloom filter", "systems", 3},
    Keyword{"负载均衡", "systems", 2},
    // system-design (theme 8, 10)
    Keyword{"系统设计", "system-design", 3},
    Keyword{"设计一个", "system-design", 3},
    Keyword{"design a", "system-design", 3},
    Keyword{"架构设计", "system-design", 3},
    Keyword{"平台", "system-design", 1},
    Keyword{"长上下文", "system-design", 1.5},
    Keyword{"万卡", "system-design", 2},
    // coding (theme 10)
    Keyword{"手撕", "coding", 3},
    Keyword{"手写", "coding", 3},
    Keyword{"lru", "coding", 3},
    Keyword{"ring buffer", "coding", 3},
    Keyword{"环形缓冲", "coding", 3},
    Keyword{"链表", "coding", 3},
    Keyword{"二叉树", "coding", 3},
    Keyword{"拓扑排序", "coding", 3},
    Keyword{"最长公共子序列", "coding", 3},
    Keyword{"leetcode", "coding", 3},
    Keyword{"力扣", "coding", 3},
    Keyword{"implement", "coding", 1},
    Keyword{"矩阵转置", "coding", 2},
    Keyword{"向量加法", "coding", 2},
};

}  // namespace

const std::vector<std::string>& topicIds()
{
    static const std::vector<std::string> ids = {
        "gpu-arch",   "cuda",         "kernel-opt", "triton",        "cutlass-hopper", "compilers",
        "model-arch", "quantization", "inference",  "dist-training", "communication",  "runtime",
        "cluster",    "rl-infra",     "rag-agents", "systems",       "system-design",  "coding"};
    return ids;
}

TopicGuess classifyTopic(std::string_view question)
{
    const std::string lower = asciiLower(question);
    std::map<std::string, double> scores;
    TopicGuess guess;
    for (const Keyword& k : kKeywords) {
        const std::string_view kw(k.text);
        const std::size_t p = lower.find(kw);
        if (p == std::string::npos)
            continue;
        // Latin keywords stand as words ("sm" not in "smem"); those ending in a stem ("coalesc",
        // "quantiz", "prefix cach") only need a boundary in front.
        if (static_cast<unsigned char>(kw.front()) < 0x80) {
            const bool stem = kw == "coalesc" || kw == "quantiz" || kw == "prefix cach";
            const bool left = p == 0 || !isAsciiAlnum(lower[p - 1]);
            const bool right = stem || p + kw.size() >= lower.size() || !isAsciiAlnum(lower[p + kw.size()]);
            if (!left || !right)
                continue;
        }
        scores[k.topic] += k.weight;
        guess.keywords.emplace_back(kw);
    }
    double total = 0;
    for (const auto& [t, s] : scores) {
        guess.ranking.push_back(TopicScore{t, s});
        total += s;
    }
    // Ties go to the topic listed first in the deck format, so the result does not depend on map order.
    const auto order = [](const std::string& t) {
        const auto& ids = topicIds();
        return std::find(ids.begin(), ids.end(), t) - ids.begin();
    };
    std::sort(guess.ranking.begin(), guess.ranking.end(), [&](const TopicScore& a, const TopicScore& b) {
        return a.score != b.score ? a.score > b.score : order(a.topic) < order(b.topic);
    });
    if (!guess.ranking.empty()) {
        const double best = guess.ranking.front().score;
        guess.topic = guess.ranking.front().topic;
        guess.confidence = (best / total) * std::min(1.0, best / 3.0);
    }
    return guess;
}

}  // namespace importer
