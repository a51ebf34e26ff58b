// Example reports written for these tests, one per shape people post in. Expected values are what
// a reader takes from each post by hand.
#include "import/report_dates.h"
#include "import/report_lines.h"
#include "import/report_parser.h"

#include <catch2/catch.hpp>

using namespace importer;

namespace {

std::vector<InterviewReport> parse(std::string_view text)
{
    auto r = parseInterviewReports(text, "<paste>");
    if (!r)
        FAIL(r.error().describe());
    return r.value();
}

std::vector<std::string> texts(const ReportRound& round)
{
    std::vector<std::string> out;
    for (const auto& q : round.questions)
        out.push_back(q.text);
    return out;
}

using Strings = std::vector<std::string>;

}  // namespace

TEST_CASE("title with company, role and round, numbered '1.' list", "[report]")
{
    const auto reports = parse(R"(字节跳动 AI Infra 推理框架 一面 面经
2024.10.12，时长一小时

1. 自我介绍
2. 讲一下 PagedAttention 解决了什么问题
3. KV cache 的显存怎么估算？
4. continuous batching 和 static batching 的区别
5. 反问
)");
    REQUIRE(reports.size() == 1);
    const auto& r = reports[0];
    CHECK(r.company == "ByteDance");
    CHECK(r.companyRaw == "字节跳动");
    CHECK(r.role == "推理框架");
    CHECK(r.date == "2024-10-12");
    REQUIRE(r.rounds.size() == 1);
    CHECK(r.rounds[0].round == "一面");
    CHECK(r.rounds[0].roundRaw == "一面");
    CHECK(texts(r.rounds[0])
          == Strings{"讲一下 PagedAttention 解决了什么问题", "KV cache 的显存怎么估算？",
                     "continuous batching 和 static batching 的区别"});
    CHECK(r.rounds[0].questions[1].line == 6);
}

TEST_CASE("several rounds under markdown headings, 1、 and （1） numbering", "[report]")
{
    const auto reports = parse(R"(# 快手 训练框架 面经

## 一面
1、DDP 的梯度同步是怎么做的
2、bucket 大小怎么影响 overlap

## 二面
（1）ZeRO-1/2/3 分别切了什么
（2）FSDP 的 all-gather 发生在什么时候
(3) 手撕：带过期时间的 LRU cache

## HR面
1、为什么想换工作
)");
    REQUIRE(reports.size() == 1);
    const auto& r = reports[0];
    CHECK(r.company == "Kuaishou");
    CHECK(r.role == "训练框架");
    REQUIRE(r.rounds.size() == 3);
    CHECK(r.rounds[0].round == "一面");
    CHECK(texts(r.rounds[0]) == Strings{"DDP 的梯度同步是怎么做的", "bucket 大小怎么影响 overlap"});
    CHECK(r.rounds[1].round == "二面");
    CHECK(
        texts(r.rounds[1])
        == Strings{"ZeRO-1/2/3 分别切了什么", "FSDP 的 all-gather 发生在什么时候", "带过期时间的 LRU cache"});
    CHECK(r.rounds[2].round == "HR面");
    CHECK(texts(r.rounds[2]) == Strings{"为什么想换工作"});
}

TEST_CASE("several companies in one post", "[report]")
{
    const auto reports = parse(R"(秋招 AI Infra 面经合集

【阿里】高性能算子 一面
- CUDA 里 warp divergence 是什么
- shared memory bank conflict 怎么避免

【腾讯】二面
- NCCL ring allreduce 的通信量是多少
- 讲讲 NVLink 和 PCIe 的带宽差别

NVIDIA first round
* Explain how Tensor Cores differ from CUDA cores.
* How would you write a reduction kernel?
)");
    REQUIRE(reports.size() == 3);
    CHECK(reports[0].company == "Alibaba");
    CHECK(reports[0].role == "高性能算子");  // narrower than the title's "AI Infra"
    CHECK(reports[0].rounds.at(0).round == "一面");
    CHECK(texts(reports[0].rounds[0])
          == Strings{"CUDA 里 warp divergence 是什么", "shared memory bank conflict 怎么避免"});
    CHECK(reports[1].company == "Tencent");
    CHECK(reports[1].companyRaw == "腾讯");
    CHECK(reports[1].rounds.at(0).round == "二面");
    CHECK(texts(reports[1].rounds[0])
          == Strings{"NCCL ring allreduce 的通信量是多少", "讲讲 NVLink 和 PCIe 的带宽差别"});
    CHECK(reports[2].company == "NVIDIA");
    CHECK(reports[2].rounds.at(0).round == "一面");
    CHECK(texts(reports[2].rounds[0])
          == Strings{"Explain how Tensor Cores differ from CUDA cores",
                     "How would you write a reduction kernel?"});
}

TEST_CASE("Q1 and bold numbers, Q/A answers kept apart", "[report]")
{
    const auto reports = parse(R"(**美团 推理引擎 二面**

**1.** FlashAttention 为什么能省显存？
**2. online softmax 的递推公式是什么**
Q3: 为什么 decode 阶段是 memory-bound？
A: 每个 token 都要把权重和 KV cache 读一遍，算得很少。
Q4：prefix caching 怎么命中
答：按 token 块做哈希。
)");
    REQUIRE(reports.size() == 1);
    const auto& r = reports[0];
    CHECK(r.company == "Meituan");
    CHECK(r.role == "推理框架");
    REQUIRE(r.rounds.size() == 1);
    CHECK(r.rounds[0].round == "二面");
    CHECK(texts(r.rounds[0])
          == Strings{"FlashAttention 为什么能省显存？", "online softmax 的递推公式是什么",
                     "为什么 decode 阶段是 memory-bound？", "prefix caching 怎么命中"});
    CHECK(r.rounds[0].questions[0].answer.empty());
    CHECK(r.rounds[0].questions[2].answer == "每个 token 都要把权重和 KV cache 读一遍，算得很少。");
    CHECK(r.rounds[0].questions[3].answer == "按 token 块做哈希。");
}

TEST_CASE("follow-ups attach to their question, on their own line, indented or inline", "[report]")
{
    const auto reports = parse(R"(百度 一面
1. 讲讲 ZeRO-3 的通信流程
   追问：和 FSDP 有什么不同？
   追问：通信量是 DDP 的几倍？
2. 张量并行怎么切 MLP？追问：为什么第一个 Linear 按列切？
3. 讲一下 pipeline 的 1F1B
   - bubble 率怎么算
   - 和 interleaved 1F1B 比有什么好处
4. 混合精度训练为什么要 loss scaling（追问：BF16 还需要吗）
)");
    REQUIRE(reports.size() == 1);
    const auto& qs = reports[0].rounds.at(0).questions;
    REQUIRE(qs.size() == 4);
    CHECK(qs[0].text == "讲讲 ZeRO-3 的通信流程");
    CHECK(qs[0].followUps == Strings{"和 FSDP 有什么不同？", "通信量是 DDP 的几倍？"});
    CHECK(qs[1].text == "张量并行怎么切 MLP？");
    CHECK(qs[1].followUps == Strings{"为什么第一个 Linear 按列切？"});
    CHECK(qs[2].text == "讲一下 pipeline 的 1F1B");
    CHECK(qs[2].followUps == Strings{"bubble 率怎么算", "和 interleaved 1F1B 比有什么好处"});
    CHECK(qs[3].text == "混合精度训练为什么要 loss scaling");
    CHECK(qs[3].followUps == Strings{"BF16 还需要吗"});
}

TEST_CASE("inline answers are kept apart from the question", "[report]")
{
    const auto reports = parse(R"(华为 二面
1. GQA 和 MQA 的区别？我答了 KV head 的数量不同，面试官说可以。
2. 什么是 roofline 模型 答：横轴算术强度，纵轴性能。
3. RMSNorm 比 LayerNorm 少算了什么
   我说少了减均值这一步。
)");
    const auto& qs = reports.at(0).rounds.at(0).questions;
    REQUIRE(qs.size() == 3);
    CHECK(qs[0].text == "GQA 和 MQA 的区别？");
    CHECK(qs[0].answer == "我答了 KV head 的数量不同，面试官说可以");
    CHECK(qs[1].text == "什么是 roofline 模型");
    CHECK(qs[1].answer == "横轴算术强度，纵轴性能");
    CHECK(qs[2].text == "RMSNorm 比 LayerNorm 少算了什么");
    CHECK(qs[2].answer == "我说少了减均值这一步。");
}

TEST_CASE("questions written as prose", "[report]")
{
    const auto reports = parse(R"(小红书 推理框架 一面
先自我介绍，然后面试官问了 KV cache 的显存怎么算，接着问了 PagedAttention 解决什么问题，最后让我手写 softmax 的 CUDA kernel。整体感觉还行。
二面问了 speculative decoding 的接受率怎么估计，还问了 MoE 的 all-to-all 怎么优化。
)");
    REQUIRE(reports.size() == 1);
    const auto& r = reports[0];
    CHECK(r.company == "Xiaohongshu");
    REQUIRE(r.rounds.size() == 2);
    CHECK(r.rounds[0].round == "一面");
    CHECK(texts(r.rounds[0])
          == Strings{"KV cache 的显存怎么算", "PagedAttention 解决什么问题", "手写 softmax 的 CUDA kernel"});
    CHECK(r.rounds[1].round == "二面");
    CHECK(texts(r.rounds[1])
          == Strings{"speculative decoding 的接受率怎么估计", "MoE 的 all-to-all 怎么优化"});
}

TEST_CASE("反问 sections and self-introduction are left out", "[report]")
{
    const auto reports = parse(R"(商汤 一面
- 自我介绍
- 讲讲 CUDA stream 和 event
- 反问：
  - 团队做什么业务
  - 有没有 GPU 集群
- 讲讲 Triton 和 CUDA 的区别

反问
1. 组里用什么推理框架
2. 多久出结果
)");
    const auto& qs = reports.at(0).rounds.at(0).questions;
    CHECK(texts(reports[0].rounds[0]) == Strings{"讲讲 CUDA stream 和 event", "讲讲 Triton 和 CUDA 的区别"});
    CHECK(qs.at(0).followUps.empty());
}

TEST_CASE("LeetCode numbers and dates are not list numbers", "[report]")
{
    const auto reports = parse(R"(拼多多 笔试 2024.8.20
1. 什么是 CUDA occupancy
2. 手撕题：
146. LRU 缓存
215. 数组中的第K个最大元素
3. 3.5 倍的加速比说明了什么
)");
    REQUIRE(reports.size() == 1);
    CHECK(reports[0].date == "2024-08-20");
    CHECK(reports[0].rounds.at(0).round == "笔试");
    CHECK(texts(reports[0].rounds[0])
          == Strings{"什么是 CUDA occupancy", "146. LRU 缓存", "215. 数组中的第K个最大元素",
                     "3.5 倍的加速比说明了什么"});
}

TEST_CASE("an unknown company stays unknown, the title is kept raw", "[report]")
{
    const auto reports = parse(R"(某大模型创业公司 推理框架 一面 面经
1. vLLM 的调度器怎么决定 preempt 谁
2. chunked prefill 的好处是什么
)");
    REQUIRE(reports.size() == 1);
    CHECK_FALSE(reports[0].company.has_value());
    CHECK(reports[0].companyRaw == "某大模型创业公司 推理框架 一面 面经");
    CHECK(reports[0].role == "推理框架");
    CHECK(reports[0].rounds.at(0).round == "一面");
    CHECK(reports[0].rounds[0].questions.size() == 2);
}

TEST_CASE("plain lines, one question each, with no heading at all", "[report]")
{
    const auto reports = parse("讲讲 FSDP 和 ZeRO-3 的区别\nKV cache 怎么估算显存？\n今天天气不错\n");
    REQUIRE(reports.size() == 1);
    CHECK_FALSE(reports[0].company.has_value());
    CHECK(reports[0].companyRaw.empty());
    REQUIRE(reports[0].rounds.size() == 1);
    CHECK_FALSE(reports[0].rounds[0].round.has_value());
    CHECK(texts(reports[0].rounds[0]) == Strings{"讲讲 FSDP 和 ZeRO-3 的区别", "KV cache 怎么估算显存？"});
}

TEST_CASE("text without any question is an error naming the file", "[report]")
{
    const auto r = parseInterviewReports("今天面完了，感觉一般。\n\n", "notes.txt");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == ErrorKind::EmptyInput);
    CHECK(r.error().file == "notes.txt");
    CHECK_FALSE(parseInterviewReports("", "empty.txt").ok());
}

TEST_CASE("emoji header fields: company, two-digit-year date and a role outside the known directions",
          "[report]")
{
    // The shape of a nowcoder post header: one field per line, each after an emoji and a label.
    const auto reports = parse("📍面试公司：旷视\n🕐面试时间：24.11.05\n💻面试岗位：视觉模型部署\n"
                               "1. TensorRT 的 layer fusion 做了什么\n2. INT8 校准怎么选 scale\n");
    REQUIRE(reports.size() == 1);
    CHECK(reports[0].company == "Megvii");
    CHECK(reports[0].date == "2024-11-05");
    CHECK(reports[0].role == "视觉模型部署");
    CHECK(texts(reports[0].rounds[0])
          == Strings{"TensorRT 的 layer fusion 做了什么", "INT8 校准怎么选 scale"});
}

TEST_CASE("a round after a leading date, section labels and coding-task labels", "[report]")
{
    const auto reports = parse(R"(科大讯飞 推理加速 面经
2024年9月3日，初面。
一、八股
1. 为什么 decode 阶段是访存瓶颈
- CUDA
- shared memory 的 bank 是怎么划分的
手撕
算法：合并区间，输入可能无序

2024年9月10日，二面。
8. 量化后精度掉了怎么排查
9. 讲讲 speculative decoding
)");
    REQUIRE(reports.size() == 1);
    const auto& r = reports[0];
    CHECK(r.company == "iFlytek");
    CHECK(r.role == "推理框架");
    CHECK(r.date == "2024-09-03");
    REQUIRE(r.rounds.size() == 2);
    // 初面 is the first round; "一、八股", "- CUDA" and "手撕" label sections and are not questions;
    // the task after "算法：" is kept whole, its comma included.
    CHECK(r.rounds[0].round == "一面");
    CHECK(texts(r.rounds[0])
          == Strings{"为什么 decode 阶段是访存瓶颈", "shared memory 的 bank 是怎么划分的",
                     "合并区间，输入可能无序"});
    // A list that goes on at 8 (the post numbered on from an earlier part) loses its numbers too.
    CHECK(r.rounds[1].round == "二面");
    CHECK(texts(r.rounds[1]) == Strings{"量化后精度掉了怎么排查", "讲讲 speculative decoding"});
}

TEST_CASE("leadingDateBytes and two-digit years after a 时间 label", "[date]")
{
    // "2025年10月11日，" is 4+3+2+3+2+3+3 = 20 bytes; "25.1.7 " is 7.
    CHECK(leadingDateBytes("2025年10月11日，一面") == 20);
    CHECK(leadingDateBytes("25.1.7 二面") == 7);
    CHECK(leadingDateBytes("一面 2025.1.7") == 0);
    CHECK(findDate("面试时间: 23-6-30") == "2023-06-30");
    // Without the label a two-digit pattern is not a date (it could be a version or a score).
    CHECK_FALSE(findDate("v23.6.30"));
}

TEST_CASE("English dates: day month year, month day year, month year", "[date]")
{
    CHECK(findDate("posted 09 Mar 2018 by someone") == "2018-03-09");
    CHECK(findDate("I interviewed at a GPU company in Jan 2025") == "2025-01");
    CHECK(findDate("September 3, 2024") == "2024-09-03");
    // A month word without a year is not a date; "mayor 2020" is not May.
    CHECK_FALSE(findDate("March on"));
    CHECK_FALSE(findDate("mayor 2020"));
}

TEST_CASE("topic headings further down a post are sections of the same report", "[report]")
{
    const auto reports = parse(R"(# 英伟达 DevTech 实习 一面
## 系统
1. 页表和 TLB 是怎么配合的
## 并行计算
2. 怎么写一个不冲突的 shared memory 转置
)");
    REQUIRE(reports.size() == 1);
    CHECK(reports[0].company == "NVIDIA");
    REQUIRE(reports[0].rounds.size() == 1);
    CHECK(reports[0].rounds[0].round == "一面");
    CHECK(texts(reports[0].rounds[0])
          == Strings{"页表和 TLB 是怎么配合的", "怎么写一个不冲突的 shared memory 转置"});
}

TEST_CASE("interviewer lines, a 面试流程 label and English onsite/phone rounds", "[report]")
{
    const auto reports = parse(R"(美团 推理框架 二面
面试流程：
面试官：讲一下 continuous batching 怎么调度
我：先说了 iteration-level 调度
面试官2：prefill 和 decode 混在一个 batch 里有什么问题
)");
    REQUIRE(reports.size() == 1);
    CHECK(reports[0].company == "Meituan");
    REQUIRE(reports[0].rounds.size() == 1);
    CHECK(reports[0].rounds[0].round == "二面");
    // The candidate's own line is an answer, the interviewer's lines are the questions.
    CHECK(texts(reports[0].rounds[0])
          == Strings{"讲一下 continuous batching 怎么调度", "prefill 和 decode 混在一个 batch 里有什么问题"});

    const auto english =
        parse("NVIDIA DevTech interview\nPhone 2\n1. How does warp divergence hurt throughput?\n"
              "Onsite 1\n1. Write a reduction kernel and explain its bandwidth\n");
    REQUIRE(english.size() == 1);
    REQUIRE(english[0].rounds.size() == 2);
    CHECK(english[0].rounds[0].round == "二面");
    CHECK(english[0].rounds[1].round == "onsite");
}

TEST_CASE("short plain lines are one question each, commas and a closing semicolon included", "[report]")
{
    const auto reports = parse(R"(小米 AI Infra 二面
TP 的通信量分析；
Sequence Parallel 介绍，
cudaMemcpyAsync 是同步还是异步的；
先聊了 40 分钟项目，感觉面试官很专业
了解 NVSHMEM 吗，它和 NCCL 的区别是什么
)");
    REQUIRE(reports.size() == 1);
    // The narrative line about the day is not a question; the others are kept whole.
    CHECK(texts(reports[0].rounds[0])
          == Strings{"TP 的通信量分析", "Sequence Parallel 介绍", "cudaMemcpyAsync 是同步还是异步的",
                     "了解 NVSHMEM 吗，它和 NCCL 的区别是什么"});
}

TEST_CASE("a YAML front matter block describes the report and asks nothing", "[report]")
{
    const auto reports = parse(R"(---
title: "阿里 AI Infra 实习 一面"
company: "阿里巴巴"
round: "一面"
pubDate: 2026-04-16
tags: ["推理优化", "算子优化"]
description: "一面真题，涵盖 CUDA、推理方向"
---
1. 讲一下 PagedAttention 的原理？
2. 智能指针
)");
    REQUIRE(reports.size() == 1);
    const auto& r = reports[0];
    CHECK(r.company == "Alibaba");
    CHECK(r.role == "AI Infra");
    CHECK(r.date == "2026-04-16");
    REQUIRE(r.rounds.size() == 1);
    CHECK(r.rounds[0].round == "一面");
    CHECK(texts(r.rounds[0]) == Strings{"讲一下 PagedAttention 的原理？", "智能指针"});
}

TEST_CASE("under a question heading, the candidate's answer is not more questions", "[report]")
{
    // A write-up that answers each question: numbered steps, bullets, a deeper "思路" heading and
    // a code block under each question heading; only the headings are what was asked.
    const auto reports = parse(R"(# 某厂 C++ 一面

## 一面

### 1、epoll 为什么比 select 快？

select 每次都要把整个 fd 集合拷进内核再线性扫描。

1. 红黑树保存关注的 fd，注册一次即可。
2. 就绪链表只返回就绪的 fd，是 O(就绪数)。
- 边沿触发要一次读干净。

### 2、手写反转链表

#### 思路

双指针，pre 和 cur 一起往后走。

```python
# 这一行是代码里的注释
def reverse(head):
    return head
```

### 3、TIME_WAIT 为什么要等 2MSL？
面试官：那大量 TIME_WAIT 怎么办？
等待足够久，让旧连接的报文在网络里消失。
)");
    REQUIRE(reports.size() == 1);
    REQUIRE(reports[0].rounds.size() == 1);
    const auto& r = reports[0].rounds[0];
    CHECK(texts(r)
          == Strings{"epoll 为什么比 select 快？", "手写反转链表", "TIME_WAIT 为什么要等 2MSL？",
                     "那大量 TIME_WAIT 怎么办？"});
    CHECK(r.questions[0].answer.find("红黑树") != std::string::npos);
}

TEST_CASE("a numbered heading with a timing note is still an item, and code is never a heading", "[report]")
{
    const auto reports = parse(R"(# 华为 C++ 二面

### 1、算法题25分钟：给定 0/1 数组和 k，最多翻转 k 个 0，求最长连续 1

滑动窗口，窗口里 0 的个数不超过 k。

```cpp
# define MAX 100
int Intel = 0;  // 腾讯 一面
```

### 2、互斥锁和自旋锁的区别？
)");
    REQUIRE(reports.size() == 1);
    CHECK(reports[0].company == "Huawei");
    REQUIRE(reports[0].rounds.size() == 1);
    CHECK(reports[0].rounds[0].round == "二面");
    const auto q = texts(reports[0].rounds[0]);
    REQUIRE(q.size() == 2);
    CHECK(q[0].find("算法题25分钟") != std::string::npos);
    CHECK(q[1] == "互斥锁和自旋锁的区别？");
}

TEST_CASE("a company named only in the prose of an English report", "[report]")
{
    const auto reports = parse("1. How does the NCCL ring all-reduce work?\n2. What is a warp?\n"
                               "Overall I enjoyed my interview at NVIDIA; NVIDIA moves fast.\n");
    REQUIRE(reports.size() == 1);
    CHECK(reports[0].company == "NVIDIA");
}

TEST_CASE("a company field names the company even when the alias table does not know it", "[report]")
{
    const auto known = parse("---\ntitle: 一面\ncompany: 星河计算\n---\n1. 说说 NCCL 的 ring 算法\n");
    REQUIRE(known.size() == 1);
    CHECK(known[0].company == "星河计算");
    // A question bank or "a small company" names none: nothing is made up.
    for (const char* none : {"综合", "小厂"}) {
        const auto r = parse(std::string("---\ntitle: 面经合集\ncompany: ") + none
                             + "\n---\n1. 说说 NCCL 的 ring 算法\n");
        REQUIRE(r.size() == 1);
        CHECK_FALSE(r[0].company.has_value());
    }
}

TEST_CASE("front matter naming a company the title does not, and a role field", "[report]")
{
    const auto reports = parse(R"(
---
title: AI Infra 一面
company: 元戎启行
role: 推理加速
---
- CUDA 的 stream 有什么用？
)");
    REQUIRE(reports.size() == 1);
    CHECK(reports[0].company == "DeepRoute.ai");
    CHECK(reports[0].role == "推理框架");  // 推理加速 is one of the names of that direction
    REQUIRE(reports[0].rounds.size() == 1);
    CHECK(texts(reports[0].rounds[0]) == Strings{"CUDA 的 stream 有什么用？"});
}

TEST_CASE("questions written as markdown headings under round headings", "[report]")
{
    const auto reports = parse(R"(# CVTE C++ 面经
## 一面(50min)
### 1、说一下继承和多态？
### 2、vector 扩容机制？
### 八股
## 二面(1h)
### 1、TCP 三次握手？
)");
    REQUIRE(reports.size() == 1);
    CHECK(reports[0].company == "CVTE");
    REQUIRE(reports[0].rounds.size() == 2);
    CHECK(reports[0].rounds[0].round == "一面");
    CHECK(texts(reports[0].rounds[0]) == Strings{"说一下继承和多态？", "vector 扩容机制？"});
    CHECK(reports[0].rounds[1].round == "二面");
    CHECK(texts(reports[0].rounds[1]) == Strings{"TCP 三次握手？"});
}

TEST_CASE("short subject lines under a label are its items", "[report]")
{
    const auto reports = parse(R"(快手 一面
八股：
CUDA编程模型
CUDA内存模型
flash attention
整体还行
手撕：
LRU
)");
    REQUIRE(reports.size() == 1);
    REQUIRE(reports[0].rounds.size() == 1);
    CHECK(texts(reports[0].rounds[0]) == Strings{"CUDA编程模型", "CUDA内存模型", "flash attention", "LRU"});
}

TEST_CASE("an unnumbered question right under a numbered one is its follow-up", "[report]")
{
    const auto reports = parse(R"(MiniMax 一面
1. MoE 的路由机制是怎么工作的？
为什么会出现专家负载不均的问题？
2. 讲一下 PagedAttention？

为什么 decode 是访存瓶颈？
)");
    REQUIRE(reports.size() == 1);
    const auto& qs = reports[0].rounds.at(0).questions;
    REQUIRE(qs.size() == 3);
    CHECK(qs[0].text == "MoE 的路由机制是怎么工作的？");
    CHECK(qs[0].followUps == Strings{"为什么会出现专家负载不均的问题？"});
    CHECK(qs[1].text == "讲一下 PagedAttention？");
    CHECK(qs[1].followUps.empty());
    CHECK(qs[2].text == "为什么 decode 是访存瓶颈？");  // after a blank line: a question of its own
}

TEST_CASE("a numbered list run together on one line, with a second round glued on", "[report][run-on]")
{
    // The whole report pasted as one line: numbers follow the previous item's last character
    // (a Chinese character, a closing bracket, a Latin letter), and 二面 restarts at 1.
    const auto reports =
        parse("阿里云 推理引擎 面经\n"
              "一面 1. 自我介绍2. vLLM 的调度器怎么决定下一批请求(讲了 prefill 和 decode)3. KV cache "
              "的显存怎么估算？二面:1. 手写 CUDA reduce kernel2. 讲一下 ring all-reduce 的通信量3. 反问");
    REQUIRE(reports.size() == 1);
    const auto& r = reports[0];
    REQUIRE(r.rounds.size() == 2);
    CHECK(r.rounds[0].round == "一面");
    CHECK(texts(r.rounds[0])
          == Strings{"vLLM 的调度器怎么决定下一批请求(讲了 prefill 和 decode)", "KV cache 的显存怎么估算？"});
    CHECK(r.rounds[1].round == "二面");
    CHECK(texts(r.rounds[1]) == Strings{"手写 CUDA reduce kernel", "讲一下 ring all-reduce 的通信量"});
}

TEST_CASE("numbers inside one question are not a run-on list", "[report][run-on]")
{
    // Versions, decimals, years and a sequence of only two stay inside their line.
    CHECK(runOnItems("1. FlashAttention v1. v2. v3. 各改进了什么")
          == std::vector<std::string_view>{"1. FlashAttention v1. v2. v3. 各改进了什么"});
    CHECK(runOnItems("3. H100 的 3.35 TB/s 和 2.0 版本的 1.5 倍是怎么来的").size() == 1);
    CHECK(runOnItems("2024.1. 2. 3. 都面了").size() == 1);
    CHECK(runOnItems("讲讲 1. 数据并行 2. 张量并行 的区别").size() == 1);
    CHECK(runOnItems("1、2、3 三种写法有什么区别").size() == 1);
    // Three in a row, with spaces or none, split.
    CHECK(runOnItems("1. 线程块 2. warp 3. bank conflict")
          == std::vector<std::string_view>{"1. 线程块 ", "2. warp ", "3. bank conflict"});
    CHECK(runOnItems("前言 1、线程2、线程块3、网格").size() == 4);
}

TEST_CASE("how each question was recognised, and the confidence that follows", "[report][evidence]")
{
    const auto reports = parse("美团 推理引擎 一面\n"
                               "1. 讲一下 continuous batching\n"
                               "- PagedAttention 的块表存什么\n"
                               "面试官：那 prefix cache 怎么命中？\n"
                               "八股：\n"
                               "TCP 三次握手\n"
                               "\n"
                               "后来又问了 NCCL 的 ring 怎么实现，还问了 tree 算法适合什么规模。\n");
    REQUIRE(reports.size() == 1);
    const auto& qs = reports[0].rounds[0].questions;
    REQUIRE(qs.size() >= 5);
    CHECK(qs[0].evidence == QuestionEvidence::Numbered);
    CHECK(qs[1].evidence == QuestionEvidence::Marked);
    CHECK(qs[2].evidence == QuestionEvidence::Speaker);
    CHECK(qs[3].evidence == QuestionEvidence::Label);
    CHECK(qs[4].evidence == QuestionEvidence::Prose);
    CHECK(confidenceOf(qs[0].evidence) == QuestionConfidence::High);
    CHECK(confidenceOf(qs[3].evidence) == QuestionConfidence::Medium);
    CHECK(confidenceOf(qs[4].evidence) == QuestionConfidence::Low);
    CHECK(std::string(evidenceName(qs[2].evidence)) == "speaker");
}

TEST_CASE("a question turned into an answer, and an answer line into a question", "[report][flip]")
{
    auto reports = parse("字节 一面\n"
                         "1. 讲讲 ZeRO 的三个阶段\n"
                         "   我答了 stage 1 切优化器状态\n"
                         "   接着他又问 ZeRO-3 的通信量是多少\n"
                         "   我说是 3 倍参数量\n"
                         "2. 所以 stage 3 每步多了一次 all-gather\n"
                         "3. 手写 LayerNorm\n");
    REQUIRE(reports[0].rounds[0].questions.size() == 3);
    const auto& q0 = reports[0].rounds[0].questions[0];
    const auto lines = answerLinesOf(q0);
    REQUIRE(lines.size() == 3);
    CHECK(lines[1] == "接着他又问 ZeRO-3 的通信量是多少");

    // Item 2 is what the candidate said, not a question: it joins the answer above it.
    REQUIRE(questionToAnswer(reports, {0, 0, 1}));
    auto* qs = &reports[0].rounds[0].questions;
    REQUIRE(qs->size() == 2);
    CHECK((*qs)[1].text == "手写 LayerNorm");
    CHECK(answerLinesOf((*qs)[0]).back() == "所以 stage 3 每步多了一次 all-gather");
    CHECK_FALSE(questionToAnswer(reports, {0, 0, 0}));  // nothing above the first question
    CHECK_FALSE(questionToAnswer(reports, {0, 0, 9}));

    // The follow-up hidden in the answer is a question of its own; the lines after it are its
    // answer, the line before stays with the first question.
    REQUIRE(answerLineToQuestion(reports, {0, 0, 0}, 1));
    qs = &reports[0].rounds[0].questions;
    REQUIRE(qs->size() == 3);
    CHECK((*qs)[0].answer == "我答了 stage 1 切优化器状态");
    CHECK((*qs)[1].text == "接着他又问 ZeRO-3 的通信量是多少");
    CHECK((*qs)[1].evidence == QuestionEvidence::Chosen);
    CHECK((*qs)[1].answer == "我说是 3 倍参数量\n所以 stage 3 每步多了一次 all-gather");
    CHECK((*qs)[2].text == "手写 LayerNorm");
    CHECK_FALSE(answerLineToQuestion(reports, {0, 0, 2}, 0));  // no answer
    CHECK_FALSE(answerLineToQuestion(reports, {0, 0, 1}, 7));
}

TEST_CASE("one post, one line per company, questions separated by semicolons", "[report][bundle]")
{
    const auto reports = parse("# 秋招面经汇总\n"
                               "## 谈薪\n"
                               "- 年终奖几个月\n"
                               "- 有没有股票\n"
                               "## 面试问题\n"
                               "- 美团：FlashAttention 为什么省显存；手写 softmax。\n"
                               "- 腾讯：NCCL 的 ring 和 tree 有什么区别；LRU 缓存；ZeRO-2 切了什么。\n");
    REQUIRE(reports.size() == 2);
    CHECK(reports[0].company == "Meituan");
    CHECK(texts(reports[0].rounds[0]) == Strings{"FlashAttention 为什么省显存", "手写 softmax"});
    CHECK(reports[1].company == "Tencent");
    CHECK(texts(reports[1].rounds[0])
          == Strings{"NCCL 的 ring 和 tree 有什么区别", "LRU 缓存", "ZeRO-2 切了什么"});
    // The pay questions are the candidate's own, like 反问: none is imported.
    for (const auto& r : reports)
        for (const auto& q : r.rounds[0].questions)
            CHECK(q.text.find("年终") == std::string::npos);
}

TEST_CASE("a company named only above a bare heading belongs to the report under it", "[report][company]")
{
    // A review site's layout: the sentence naming the company comes before a one-word heading.
    const auto reports = parse("I applied online and interviewed at NVIDIA\n"
                               "Interview\n"
                               "Two phone screens, then an onsite.\n"
                               "Interview questions\n"
                               "1. How does a warp execute a branch?\n"
                               "2. Write a kernel that sums an array.\n");
    REQUIRE(reports.size() == 1);
    CHECK(reports[0].company == "NVIDIA");
}

TEST_CASE("a line of a million numbers that never form a list is read in linear time",
          "[report][run-on][hostile]")
{
    // Odd numbers only: no number is ever followed by the next one. A search that looked at
    // every later number for each one would make about 10^11 comparisons here.
    std::string line;
    for (int i = 0; line.size() < 4u * 1024 * 1024; ++i)
        line += std::to_string(2 * (i % 500) + 1) + ". 问题 ";
    const auto pieces = runOnItems(line);
    CHECK(pieces.size() == 1);
    // And a real list buried in the noise is still found.
    const auto found = runOnItems("7. x 9. y 1. 线程块2. 线程束3. 网格");
    CHECK(found.size() == 4);
}
