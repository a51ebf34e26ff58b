#include <catch2/catch.hpp>

#include "collective_cost.h"
#include "test_support.h"

using namespace formulas;
using formulas::test::pick;
using formulas::test::run;

// Thakur, Rabenseifner, Gropp 2005 (IJHPCA 19(1)), section 4: a ring (or reduce-scatter +
// all-gather) all-reduce costs 2(p-1) alpha + 2 (p-1)/p n beta; ring all-gather and
// reduce-scatter (p-1) alpha + (p-1)/p n beta; binomial reduce + broadcast 2 lg p (alpha + n beta).
TEST_CASE("Alpha-beta costs by hand", "[collective]")
{
    // 8 ranks, 1 GB, alpha 5 us, 100 GB/s: ring all-reduce = 14 x 5 us + 1.75 x 10 ms.
    const CollectiveCost ring = collectiveCost(Collective::RingAllReduce, 8, 1e9, 5e-6, 100e9);
    CHECK(ring.steps == 14.0);
    CHECK(ring.total() == Approx(70e-6 + 17.5e-3));
    const CollectiveCost tree = collectiveCost(Collective::TreeAllReduce, 8, 1e9, 5e-6, 100e9);
    CHECK(tree.total() == Approx(6 * (5e-6 + 10e-3)));
    const CollectiveCost gather = collectiveCost(Collective::RingAllGather, 8, 1e9, 5e-6, 100e9);
    CHECK(gather.total() == Approx(35e-6 + 8.75e-3));
    // Tree levels round up: 5 ranks need 3 levels.
    CHECK(collectiveCost(Collective::TreeAllReduce, 5, 1, 1, 1).steps == 6.0);
}

// nccl-tests doc/PERFORMANCE.md: busbw is built so that an optimal algorithm's busbw equals the
// per-rank link bandwidth B whatever n is. With alpha negligible, the ring reaches it.
TEST_CASE("Bandwidth-optimal ring reports busbw = link bandwidth", "[collective]")
{
    for (double n : {2.0, 8.0, 64.0}) {
        const Results r = run(
            "collective-cost",
            {{"collective", 0}, {"ranks", n}, {"size_mb", 1e6}, {"alpha_us", 1e-6}, {"bandwidth_gbs", 200}});
        CHECK(pick(r, "busbw_gbs") == Approx(200.0).epsilon(1e-6));
    }
    // A small message is latency-bound: 8 KB on 8 ranks spends 70 us on alpha, 0.14 us on bytes.
    const Results small =
        run("collective-cost",
            {{"collective", 0}, {"ranks", 8}, {"size_mb", 0.008}, {"alpha_us", 5}, {"bandwidth_gbs", 100}});
    CHECK(pick(small, "latency_us") == Approx(70.0));
    CHECK(pick(small, "bandwidth_us") == Approx(0.14));
}
