#include <catch2/catch.hpp>

#include "test_support.h"
#include "tp_traffic.h"

using namespace formulas;
using formulas::test::pick;
using formulas::test::run;

// Megatron-LM (Shoeybi et al. 2019, arXiv:1909.08053), section 3 and Figure 4: two all-reduces
// in the forward and two in the backward pass of each layer, each over the b x s x h activation.
// GPT-3 shape, b = 1, BF16: message = 2048 x 12288 x 2 = 50 331 648 B; a ring on t = 8 sends
// 2 x 7/8 of it per all-reduce, so 4 x 1.75 x 50 331 648 = 352 321 536 B per layer (by hand).
TEST_CASE("Tensor-parallel bytes per layer", "[tp]")
{
    const TpTraffic t = tpTraffic(1, 2048, 12288, 8, 2, false);
    CHECK(t.collectivesPerLayer == 4.0);
    CHECK(t.messageBytes == 50331648.0);
    CHECK(t.bytesSentPerLayer == Approx(352321536.0));
    // Full recomputation reruns the forward: 6 collectives.
    CHECK(tpTraffic(1, 2048, 12288, 8, 2, true).bytesSentPerLayer == Approx(1.5 * 352321536.0));
    // 96 layers at 450 GB/s: 33.82 GB, 75.2 ms.
    const Results r = run("tp-traffic", {{"micro_batch", 1},
                                         {"seq_len", 2048},
                                         {"hidden", 12288},
                                         {"tp", 8},
                                         {"layers", 96},
                                         {"dtype_bytes", 2},
                                         {"bandwidth_gbs", 450}});
    CHECK(pick(r, "sent_all_layers_gb") == Approx(33.822867456));
    CHECK(pick(r, "time_ms") == Approx(75.1619).margin(0.001));
}
