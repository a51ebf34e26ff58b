#pragma once
// Alpha-beta cost of collectives (Hockney's model; the per-algorithm costs follow Thakur,
// Rabenseifner and Gropp 2005, "Optimization of Collective Communication Operations in MPICH").
// The reduction's arithmetic (their gamma term) is left out: on GPUs it hides under the copy.
#include "formula.h"

namespace formulas {

enum class Collective {
    RingAllReduce = 0,
    TreeAllReduce = 1,  ///< binomial-tree reduce then broadcast, not pipelined
    RingAllGather = 2,
    RingReduceScatter = 3,
    PairwiseAllToAll = 4,
};

struct CollectiveCost {
    double steps;      ///< messages each rank sends in sequence (the alpha count)
    double latency;    ///< seconds, steps x alpha
    double bandwidth;  ///< seconds, bytes through each rank's link / link bandwidth
    double busFactor;  ///< nccl-tests factor turning algbw into busbw
    double total() const { return latency + bandwidth; }
};

/// `bytes` is nccl-tests' S: the all-reduce buffer, the whole gathered (or scattered) array,
/// or each rank's whole all-to-all send buffer. alpha in seconds, bandwidth in bytes/s.
CollectiveCost collectiveCost(Collective c, double ranks, double bytes, double alpha, double bandwidth);

Formula collectiveCostFormula();

}  // namespace formulas
