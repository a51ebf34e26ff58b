#include "overlap_reference.h"

#include <catch2/catch.hpp>

using namespace kdemo;

TEST_CASE("Equal stages: three streams reach the pipeline bound", "[kernels_demo][overlap]")
{
    // h = k = d = 1, 16 chunks. Pipeline: 3 + 15 x 1 = 18. Streams: ceil(16/3) = 6 chunks in the
    // busiest stream, 6 x 3 = 18. So 18, against 48 for one stream.
    const ChunkStageTimes t{1.0, 1.0, 1.0};
    CHECK(overlapIdealTime(t, 16, 3, 2) == Approx(18.0));
    CHECK(overlapIdealTime(t, 16, 16, 2) == Approx(18.0));
}

TEST_CASE("Fewer streams than stages: each stream's chunks run in order", "[kernels_demo][overlap]")
{
    const ChunkStageTimes t{1.0, 1.0, 1.0};
    // Two streams: 8 chunks each, 8 x 3 = 24 (more than the pipeline's 18).
    CHECK(overlapIdealTime(t, 16, 2, 2) == Approx(24.0));
    // One stream: 16 x 3 = 48, the serial time; a stream count of 0 counts as one.
    CHECK(overlapIdealTime(t, 16, 1, 2) == Approx(48.0));
    CHECK(overlapIdealTime(t, 16, 0, 2) == Approx(48.0));
}

TEST_CASE("One copy engine serialises the two directions", "[kernels_demo][overlap]")
{
    // 16 x (1 + 1) = 32 of copies on one engine, more than the pipeline's 18.
    const ChunkStageTimes t{1.0, 1.0, 1.0};
    CHECK(overlapIdealTime(t, 16, 3, 1) == Approx(32.0));
}

TEST_CASE("The slowest stage sets the pipeline's pace", "[kernels_demo][overlap]")
{
    // h = 2, k = d = 1, 4 chunks on 4 streams: 4 + 3 x 2 = 10; each stream holds one chunk (4).
    CHECK(overlapIdealTime(ChunkStageTimes{2.0, 1.0, 1.0}, 4, 4, 2) == Approx(10.0));
    // One chunk cannot overlap with anything: 1.5 + 2 + 0.5 = 4.
    CHECK(overlapIdealTime(ChunkStageTimes{1.5, 2.0, 0.5}, 1, 3, 2) == Approx(4.0));
    CHECK(overlapIdealTime(ChunkStageTimes{1.0, 1.0, 1.0}, 0, 3, 2) == 0.0);
}
