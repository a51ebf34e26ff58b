#include <catch2/catch.hpp>

#include "memory_ledger.h"
#include "test_support.h"

using namespace formulas;
using formulas::test::pick;
using formulas::test::run;

// ZeRO paper (arXiv:1910.02054), section 3.1: mixed-precision Adam keeps 2 + 2 + 12 = 16 bytes
// per parameter, so GPT-2 with 1.5B parameters needs at least 24 GB for its model states.
TEST_CASE("Mixed-precision Adam: 16 bytes per parameter, GPT-2 1.5B needs 24 GB", "[ledger]")
{
    const LedgerBytes b = ledgerBytesPerParameter(Precision::Mixed16, Optimizer::Adam);
    CHECK(b.weights == 2.0);
    CHECK(b.gradients == 2.0);
    CHECK(b.optimizer == 12.0);
    const Results r = run("memory-ledger", {{"params_b", 1.5}, {"precision", 1}, {"optimizer", 0}});
    CHECK(pick(r, "total_gb") == Approx(24.0));
    // 24e9 / 2^30 = 22.35 GiB (hand calculation).
    CHECK(pick(r, "total_gib") == Approx(22.352).margin(0.001));
}

// Hand calculations: FP32 Adam = 4 + 4 + 8; FP32 SGD = 4 + 4 + 0; pure BF16 momentum = 2 + 2 + 2.
TEST_CASE("Other precisions and optimizers", "[ledger]")
{
    CHECK(ledgerBytesPerParameter(Precision::Fp32, Optimizer::Adam).total() == 16.0);
    CHECK(ledgerBytesPerParameter(Precision::Fp32, Optimizer::Sgd).total() == 8.0);
    CHECK(ledgerBytesPerParameter(Precision::Pure16, Optimizer::SgdMomentum).total() == 6.0);
    CHECK(ledgerBytesPerParameter(Precision::Mixed16, Optimizer::Sgd).total() == 8.0);
    const Results r = run("memory-ledger", {{"params_b", 7}, {"precision", 0}, {"optimizer", 0}});
    CHECK(pick(r, "optimizer_gb") == Approx(56.0));
}
