#include <catch2/catch.hpp>

#include <cmath>

#include "reliability.h"
#include "test_support.h"

using namespace formulas;
using formulas::test::pick;
using formulas::test::run;

// The Llama 3 Herd of Models (arXiv:2407.21783), section 3.3.4: in a 54-day snapshot of 405B
// pre-training on 16,384 H100s there were 466 job interruptions, 47 planned and 419 unexpected.
// 54 x 24 / 419 = 3.09 h between unexpected interruptions, about one every three hours; with
// independent failures one GPU's MTBF is 3.09 h x 16,384 = 5.8 years (hand calculations).
TEST_CASE("Llama 3: 419 interruptions in 54 days on 16,384 GPUs", "[reliability]")
{
    const Results r = run("reliability", {});
    CHECK(pick(r, "mtbf_h") == Approx(54.0 * 24 / 419));
    CHECK(pick(r, "mtbf_h") == Approx(3.0).margin(0.1));
    CHECK(pick(r, "per_day") == Approx(419.0 / 54));
    CHECK(pick(r, "per_gpu_mtbf_years") == Approx(54.0 * 24 / 419 * 16384 / (24 * 365.25)));
    // Twice the GPUs at the same per-GPU rate halve the job MTBF.
    CHECK(pick(r, "projected_mtbf_h") == Approx(pick(r, "mtbf_h") / 2));
    // Young: sqrt(2 x 1 min x 185.5 min) = 19.3 min between checkpoints.
    CHECK(pick(r, "young_min") == Approx(std::sqrt(2.0 * 1.0 * 54 * 24 * 60 / 419)));
}

// First order, at Young's interval both the checkpoint cost delta/tau and the expected rework
// tau/2M equal sqrt(delta / 2M); the lost share is 2 sqrt(delta/2M) + R/M (hand calculation).
// Daly's model (Daly 2006, Eq. 20) gives slightly more, and the two agree as delta/M -> 0.
TEST_CASE("Lost work at the optimum interval", "[reliability]")
{
    const double delta = 1.0, restart = 10.0, m = 54.0 * 24 * 60 / 419;
    const double tau = std::sqrt(2 * delta * m);
    CHECK(lostFraction(tau, delta, m, restart) == Approx(2 * std::sqrt(delta / (2 * m)) + restart / m));
    const Results r = run("reliability", {});
    CHECK(pick(r, "lost_first_order_pct") == Approx(100 * (2 * std::sqrt(delta / (2 * m)) + restart / m)));
    CHECK(pick(r, "lost_pct") == Approx(pick(r, "lost_first_order_pct")).epsilon(0.1));
    CHECK(pick(r, "effective_pct") == Approx(100 - pick(r, "lost_pct")));
}
