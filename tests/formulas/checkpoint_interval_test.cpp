#include <catch2/catch.hpp>

#include "checkpoint_interval.h"
#include "test_support.h"

using namespace formulas;
using formulas::test::pick;
using formulas::test::run;

// Daly, "A higher order estimate of the optimum checkpoint interval for restart dumps",
// FGCS 22 (2006) 303-312, Figs. 3-5 (Ts = 500 h, R = 10 min, delta = 5 min): the model predicts
// tau_opt = 117 min for M = 24 h, 57 min for M = 6 h and 9.1 min for M = 15 min.
TEST_CASE("Daly's worked examples", "[checkpoint]")
{
    CHECK(dalyInterval(5, 24 * 60) == Approx(117).margin(0.5));
    CHECK(dalyInterval(5, 6 * 60) == Approx(57).margin(0.5));
    CHECK(dalyInterval(5, 15) == Approx(9.1).margin(0.05));
    const Results r =
        run("checkpoint-interval", {{"delta_min", 5}, {"mtbf_h", 24}, {"restart_min", 10}, {"solve_h", 500}});
    CHECK(pick(r, "daly_min") == Approx(117).margin(0.5));
}

// Young, "A first order approximation to the optimum checkpoint interval", CACM 17(9), 1974:
// sqrt(2 delta M); delta = 5 min, M = 1440 min gives sqrt(14400) = 120 min (hand calculation).
// Daly's estimate falls back to M when delta >= 2M.
TEST_CASE("Young's interval and Daly's large-delta branch", "[checkpoint]")
{
    CHECK(youngInterval(5, 1440) == Approx(120.0));
    CHECK(dalyInterval(100, 40) == 40.0);
    // Expected wall time is above Ts and lowest near Daly's interval.
    const double best = dalyWallTime(dalyInterval(5, 1440), 5, 1440, 10, 30000);
    CHECK(best > 30000.0);
    CHECK(best < dalyWallTime(60, 5, 1440, 10, 30000));
    CHECK(best < dalyWallTime(240, 5, 1440, 10, 30000));
}
