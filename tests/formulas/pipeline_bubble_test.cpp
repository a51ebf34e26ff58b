#include <catch2/catch.hpp>

#include "pipeline_bubble.h"
#include "test_support.h"

using namespace formulas;
using formulas::test::pick;
using formulas::test::run;

// Narayanan et al. 2021 (SC21, arXiv:2104.04473), section 2.2.1: bubble time fraction
// t_pb / t_id = (p-1)/m for GPipe and 1F1B; section 2.2.2: (1/v)(p-1)/m interleaved.
TEST_CASE("Bubble fractions by hand", "[pipeline]")
{
    const Bubble b = pipelineBubble(4, 8, 1);
    CHECK(b.ratio == Approx(3.0 / 8.0));
    CHECK(b.share == Approx(3.0 / 11.0));
    const Bubble i = pipelineBubble(4, 8, 2);
    CHECK(i.ratio == Approx(3.0 / 16.0));
    CHECK(i.share == Approx(3.0 / 19.0));
}

TEST_CASE("Pipeline calculator: times and in-flight micro-batches", "[pipeline]")
{
    // p = 8, m = 32, 10 ms per micro-batch: ideal 320 ms, bubble 70 ms, share 70/390.
    const Results r = run("pipeline-bubble",
                          {{"schedule", 1}, {"stages", 8}, {"micro_batches", 32}, {"micro_batch_ms", 10}});
    CHECK(pick(r, "bubble_ms") == Approx(70.0));
    CHECK(pick(r, "step_ms") == Approx(390.0));
    CHECK(pick(r, "share") == Approx(100.0 * 70.0 / 390.0));
    CHECK(pick(r, "in_flight") == 8.0);  // 1F1B: p
    const Results g = run("pipeline-bubble", {{"schedule", 0}, {"stages", 8}, {"micro_batches", 32}});
    CHECK(pick(g, "in_flight") == 32.0);  // GPipe: m
    const Results v =
        run("pipeline-bubble",
            {{"schedule", 2}, {"stages", 8}, {"micro_batches", 32}, {"chunks", 4}, {"micro_batch_ms", 10}});
    CHECK(pick(v, "bubble_ms") == Approx(17.5));
    const Result<Results> bad =
        find("pipeline-bubble")->compute({{"schedule", 2}, {"stages", 8}, {"micro_batches", 12}});
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().parameter == "micro_batches");
}
