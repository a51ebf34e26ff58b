#include <catch2/catch.hpp>

#include "activation_memory.h"
#include "test_support.h"

using namespace formulas;
using formulas::test::pick;
using formulas::test::run;

// Korthikanti et al. 2022 (arXiv:2205.05198), Table 2: activation bytes per transformer layer,
// evaluated by hand for the GPT-3 175B row of their Table 3 (a = 96, h = 12288, s = 2048,
// t = 8) with b = 1: sbh = 25 165 824 and 5as/h = 80.
TEST_CASE("Korthikanti Table 2 for the GPT-3 175B shape", "[activation]")
{
    const double sbh = 2048.0 * 12288.0;
    auto bytes = [](double t, bool sp, Recompute rc) {
        return activationMemory({2048, 1, 12288, 96, t, sp, rc}).bytesPerLayer;
    };
    // No parallelism: sbh (34 + 5as/h) = 114 sbh = 2 868 903 936 B.
    CHECK(bytes(1, false, Recompute::None) == Approx(2868903936.0));
    // Tensor parallel: sbh (10 + 24/t + 5as/(ht)) = 23 sbh.
    CHECK(bytes(8, false, Recompute::None) == Approx(23.0 * sbh));
    // Tensor + sequence parallel: sbh/t (34 + 5as/h) = 14.25 sbh.
    CHECK(bytes(8, true, Recompute::None) == Approx(14.25 * sbh));
    // Tensor parallel + selective recomputation: sbh (10 + 24/t) = 13 sbh.
    CHECK(bytes(8, false, Recompute::Selective) == Approx(13.0 * sbh));
    // Tensor + sequence parallel + selective recomputation: 34 sbh / t = 4.25 sbh.
    CHECK(bytes(8, true, Recompute::Selective) == Approx(4.25 * sbh));
    // Full recomputation keeps the layer input: 2 sbh.
    CHECK(bytes(8, false, Recompute::Full) == Approx(2.0 * sbh));
}

// Section 4.2.3: with 1F1B the first stage holds L layers' worth whatever p is; 96 layers of
// 14.25 sbh = 96 x 358 612 992 B = 34.43 GB (hand calculation).
TEST_CASE("All layers of GPT-3 with TP + SP", "[activation]")
{
    const Results r = run("activation-memory", {{"seq_len", 2048},
                                                {"micro_batch", 1},
                                                {"hidden", 12288},
                                                {"heads", 96},
                                                {"layers", 96},
                                                {"tp", 8},
                                                {"sp", 1},
                                                {"recompute", 0}});
    CHECK(pick(r, "attention_term") == Approx(80.0));
    CHECK(pick(r, "per_layer_gb") == Approx(0.358612992));
    CHECK(pick(r, "all_layers_gb") == Approx(34.426847232));
}
