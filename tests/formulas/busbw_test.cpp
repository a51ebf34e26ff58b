#include <catch2/catch.hpp>

#include "busbw.h"
#include "test_support.h"

using namespace formulas;
using formulas::test::pick;
using formulas::test::run;

// NVIDIA/nccl-tests doc/PERFORMANCE.md, "Summary": AllReduce 2(n-1)/n; ReduceScatter, AllGather
// and AlltoAll (n-1)/n; Broadcast and Reduce 1. For n = 8: 1.75, 0.875, 1.
TEST_CASE("nccl-tests bus bandwidth factors", "[busbw]")
{
    CHECK(busBandwidthFactor(NcclOp::AllReduce, 8) == 1.75);
    CHECK(busBandwidthFactor(NcclOp::ReduceScatter, 8) == 0.875);
    CHECK(busBandwidthFactor(NcclOp::AllGather, 8) == 0.875);
    CHECK(busBandwidthFactor(NcclOp::AllToAll, 8) == 0.875);
    CHECK(busBandwidthFactor(NcclOp::Broadcast, 8) == 1.0);
    CHECK(busBandwidthFactor(NcclOp::Reduce, 8) == 1.0);
    CHECK(busBandwidthFactor(NcclOp::AllReduce, 2) == 1.0);
}

// A published sendrecv_perf line (8 x A100, github.com/li-plus/playground cuda/nccl.md):
// 134217728 B in 1211.2 us printed algbw = busbw = 110.81 GB/s.
TEST_CASE("algbw from a published nccl-tests line", "[busbw]")
{
    const Results r = run("busbw", {{"op", 6}, {"ranks", 8}, {"size_bytes", 134217728}, {"time_us", 1211.2}});
    CHECK(pick(r, "algbw_gbs") == Approx(110.81).margin(0.005));
    CHECK(pick(r, "busbw_gbs") == Approx(110.81).margin(0.005));
    // All-reduce of the same size and time on 8 ranks: busbw = 110.81 x 1.75 = 193.92 GB/s.
    const Results ar =
        run("busbw", {{"op", 0}, {"ranks", 8}, {"size_bytes", 134217728}, {"time_us", 1211.2}});
    CHECK(pick(ar, "busbw_gbs") == Approx(193.92).margin(0.01));
}
