#include "collective_cost.h"

#include <cmath>

#include "units.h"

namespace formulas {

CollectiveCost collectiveCost(Collective c, double n, double bytes, double alpha, double bw)
{
    const double share = (n - 1.0) / n;  // fraction of S each rank must send (or receive)
    switch (c) {
    case Collective::RingAllReduce:
        // Reduce-scatter then all-gather around the ring: 2(n-1) steps of S/n bytes.
        return {2.0 * (n - 1.0), 2.0 * (n - 1.0) * alpha, 2.0 * share * bytes / bw, 2.0 * share};
    case Collective::TreeAllReduce: {
        // ceil(log2 n) levels up, the same down, each moving the whole buffer.
        const double levels = std::ceil(std::log2(n));
        return {2.0 * levels, 2.0 * levels * alpha, 2.0 * levels * bytes / bw, 2.0 * share};
    }
    case Collective::RingAllGather:
    case Collective::RingReduceScatter:
    case Collective::PairwiseAllToAll:
        // n-1 steps of S/n bytes each.
        return {n - 1.0, (n - 1.0) * alpha, share * bytes / bw, share};
    }
    return {0.0, 0.0, 0.0, 0.0};
}

Formula collectiveCostFormula()
{
    Formula f;
    f.id = "collective-cost";
    f.titleEn = "Collective time under the alpha-beta model";
    f.titleZh = "alpha-beta 模型下的集合通信时间";
    f.parameters = {
        {"collective",
         "Collective and algorithm",
         "集合通信与算法",
         "",
         0.0,
         0.0,
         4.0,
         true,
         {{0.0, "ring-allreduce", "ring all-reduce", "环形 all-reduce"},
          {1.0, "tree-allreduce", "binomial-tree all-reduce (reduce + broadcast)",
           "二叉树 all-reduce（reduce + broadcast）"},
          {2.0, "ring-allgather", "ring all-gather", "环形 all-gather"},
          {3.0, "ring-reducescatter", "ring reduce-scatter", "环形 reduce-scatter"},
          {4.0, "alltoall", "pairwise all-to-all", "两两交换 all-to-all"}}},
        {"ranks", "Ranks (n)", "参与卡数 (n)", "", 8.0, 2.0, 1048576.0, true},
        {"size_mb", "Data size S (nccl-tests convention)", "数据量 S（nccl-tests 约定）", "MB (10^6 B)",
         1024.0, 1e-6, 1e9},
        {"alpha_us", "Per-message latency (alpha)", "每条消息延迟 (alpha)", "us", 5.0, 1e-6, 1e7},
        {"bandwidth_gbs", "Per-rank link bandwidth, one direction (1/beta)", "每卡单向链路带宽 (1/beta)",
         "GB/s (10^9 B/s)", 450.0, 1e-6, 1e6},
    };
    f.evaluate = [](const Values& v) -> Result<Results> {
        const double n = v.at("ranks");
        const double bytes = v.at("size_mb") * units::MB;
        const double bw = v.at("bandwidth_gbs") * units::GB;
        const CollectiveCost c = collectiveCost(static_cast<Collective>(v.at("collective")), n, bytes,
                                                v.at("alpha_us") * 1e-6, bw);
        const double algbw = bytes / c.total();
        return Results{
            {"steps", "Sequential steps (alpha count)", "串行步数（alpha 次数）", "", c.steps, true},
            {"latency_us", "Latency term", "延迟项", "us", c.latency * 1e6, true},
            {"bandwidth_us", "Bandwidth term", "带宽项", "us", c.bandwidth * 1e6, true},
            {"time_us", "Total time", "总时间", "us", c.total() * 1e6, false,
             c.latency > c.bandwidth ? "latency-bound" : "bandwidth-bound"},
            {"algbw_gbs", "Algorithm bandwidth S/t", "算法带宽 S/t", "GB/s (10^9 B/s)", algbw / units::GB},
            {"busbw_gbs", "Bus bandwidth (nccl-tests)", "总线带宽（nccl-tests）", "GB/s (10^9 B/s)",
             algbw * c.busFactor / units::GB},
        };
    };
    return f;
}

}  // namespace formulas
