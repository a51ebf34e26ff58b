#include "catalogue.h"

#include <catch2/catch.hpp>

#include <set>
#include <string>

using namespace kdemo;

TEST_CASE("the catalogue holds the demo ids content cards link to", "[kernels_demo][catalogue]")
{
    // Cards link to these as demo:<id>: the first twelve demos, then the second round.
    const std::set<std::string> want{
        "coalescing",     "h2d-pinned",     "reduction",       "transpose",        "softmax",
        "rmsnorm-fusion", "gemm",           "occupancy",       "roofline-sweep",   "launch-overhead",
        "l2-vs-hbm",      "nccl-allreduce", "flash-attention", "tensor-core-gemm", "bank-conflicts",
        "histogram",      "prefix-scan",    "stream-overlap",  "paged-kv-decode",  "fp8-gemm"};
    std::set<std::string> got;
    for (const DemoSpec& d : catalogue())
        got.insert(std::string(d.id));
    CHECK(got == want);
    CHECK(catalogue().size() == want.size());
    REQUIRE(findDemo("gemm"));
    CHECK(findDemo("gemm")->metric == "TFLOP/s");
    CHECK(findDemo("nccl-allreduce")->minGpus == 2);
    CHECK_FALSE(findDemo("nope"));
}
