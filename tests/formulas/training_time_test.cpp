#include <catch2/catch.hpp>

#include "test_support.h"
#include "training_time.h"

using namespace formulas;
using formulas::test::pick;
using formulas::test::run;

// Narayanan et al., "Efficient Large-Scale Language Model Training on GPU Clusters Using
// Megatron-LM", SC21 (arXiv:2104.04473), section 5.1: with recomputation, T_train ~ 8 T P / (n X).
// GPT-3 (175B) on 300B tokens with 1024 A100s at 140 TFLOP/s each: "about 34 days"; the 1T model
// (1,008B parameters, their Table 1) on 450B tokens with 3072 GPUs at 163 TFLOP/s: "84 days".
TEST_CASE("Megatron-LM's training-time estimates: 34 and 84 days", "[training-time]")
{
    const Results gpt3 = run(
        "training-time",
        {{"params_b", 175}, {"tokens_b", 300}, {"gpus", 1024}, {"achieved_tflops", 140}, {"recompute", 1}});
    CHECK(pick(gpt3, "days") == Approx(34).margin(0.5));
    // By hand: 8 x 300e9 x 175e9 / (1024 x 140e12) = 2,929,687.5 s.
    CHECK(pick(gpt3, "seconds") == Approx(2929687.5));
    const Results trillion = run(
        "training-time",
        {{"params_b", 1008}, {"tokens_b", 450}, {"gpus", 3072}, {"achieved_tflops", 163}, {"recompute", 1}});
    CHECK(pick(trillion, "days") == Approx(84).margin(0.5));
    // Without recomputation the same run needs 6/8 of the FLOPs.
    const Results lean = run(
        "training-time",
        {{"params_b", 175}, {"tokens_b", 300}, {"gpus", 1024}, {"achieved_tflops", 140}, {"recompute", 0}});
    CHECK(pick(lean, "seconds") == Approx(2929687.5 * 0.75));
}
