#include "catalogue.h"

#include <catch2/catch.hpp>

#include <set>
#include <string>

using namespace kdemo;

TEST_CASE("the catalogue holds the demo ids content cards link to", "[kernels_demo][catalogue]") {
    // The ids of issue 7; cards link to them as demo:<id>.
    const std::set<std::string> want{"coalescing", "h2d-pinned", "reduction", "transpose",
                                     "softmax", "rmsnorm-fusion", "gemm", "occupancy",
                                     "roofline-sweep", "launch-overhead", "l2-vs-hbm", "nccl-allreduce"};
    std::set<std::string> got;
    for (const DemoSpec& d : catalogue()) got.insert(std::string(d.id));
    CHECK(got == want);
    CHECK(catalogue().size() == want.size());
    REQUIRE(findDemo("gemm"));
    CHECK(findDemo("gemm")->metric == "TFLOP/s");
    CHECK(findDemo("nccl-allreduce")->minGpus == 2);
    CHECK_FALSE(findDemo("nope"));
}
