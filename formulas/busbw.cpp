#include "busbw.h"

#include "units.h"

namespace formulas {

double busBandwidthFactor(NcclOp op, double n)
{
    switch (op) {
    case NcclOp::AllReduce: return 2.0 * (n - 1.0) / n;
    case NcclOp::ReduceScatter:
    case NcclOp::AllGather:
    case NcclOp::AllToAll: return (n - 1.0) / n;
    case NcclOp::Broadcast:
    case NcclOp::Reduce:
    case NcclOp::SendRecv: return 1.0;
    }
    return 1.0;
}

Formula busbwFormula()
{
    Formula f;
    f.id = "busbw";
    f.titleEn = "nccl-tests algbw and busbw";
    f.titleZh = "nccl-tests 的 algbw 与 busbw";
    f.parameters = {
        {"op",
         "Operation",
         "操作",
         "",
         0.0,
         0.0,
         6.0,
         true,
         {{0.0, "allreduce", "AllReduce", "AllReduce"},
          {1.0, "reducescatter", "ReduceScatter", "ReduceScatter"},
          {2.0, "allgather", "AllGather", "AllGather"},
          {3.0, "broadcast", "Broadcast", "Broadcast"},
          {4.0, "reduce", "Reduce", "Reduce"},
          {5.0, "alltoall", "AlltoAll", "AlltoAll"},
          {6.0, "sendrecv", "SendRecv", "SendRecv"}}},
        {"ranks", "Ranks (n)", "参与卡数 (n)", "", 8.0, 2.0, 1048576.0, true},
        {"size_bytes", "Size S as printed by nccl-tests", "nccl-tests 打印的 size S", "B", 1073741824.0, 1.0,
         1e15, true},
        {"time_us", "Measured time", "实测时间", "us", 5000.0, 1e-6, 1e12},
    };
    f.evaluate = [](const Values& v) -> Result<Results> {
        const double algbw = v.at("size_bytes") / (v.at("time_us") * 1e-6);
        const double factor = busBandwidthFactor(static_cast<NcclOp>(v.at("op")), v.at("ranks"));
        return Results{
            {"factor", "Bus factor", "总线系数", "", factor, true},
            {"algbw_gbs", "algbw = S / t", "algbw = S / t", "GB/s (10^9 B/s)", algbw / units::GB},
            {"busbw_gbs", "busbw = algbw x factor", "busbw = algbw × 系数", "GB/s (10^9 B/s)",
             algbw * factor / units::GB},
        };
    };
    return f;
}

}  // namespace formulas
