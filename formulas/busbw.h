#pragma once
// nccl-tests' algorithm and bus bandwidth (NVIDIA/nccl-tests, doc/PERFORMANCE.md).
#include "formula.h"

namespace formulas {

enum class NcclOp {
    AllReduce = 0,
    ReduceScatter = 1,
    AllGather = 2,
    Broadcast = 3,
    Reduce = 4,
    AllToAll = 5,
    SendRecv = 6
};

/// busbw = algbw x factor; the factor makes busbw comparable to one link's peak for any n.
double busBandwidthFactor(NcclOp op, double ranks);

Formula busbwFormula();

}  // namespace formulas
