#include <catch2/catch.hpp>

#include <algorithm>

#include "scheduler/learning_path.h"

using namespace scheduler;

TEST_CASE("The default learning path respects every prerequisite", "[path]")
{
    const LearningPath& path = LearningPath::standard();
    CHECK(path.order().size() == standardTopics().size());
    for (const Prerequisite& p : standardPrerequisites()) {
        INFO(p.before << " -> " << p.after);
        CHECK(path.rank(p.before) < path.rank(p.after));
    }
    // The seed course's stages: single-GPU kernels before large-scale parallelism.
    CHECK(path.rank("cuda") < path.rank("dist-training"));
    CHECK(path.rank("gpu-arch") < path.rank("cuda"));
    CHECK(path.rank("unknown-topic") == static_cast<int>(path.order().size()));
}

TEST_CASE("A cycle or an unknown topic is refused with a reason", "[path]")
{
    std::string error;
    CHECK_FALSE(LearningPath::build({"a", "b"}, {{"a", "b"}, {"b", "a"}}, &error).has_value());
    CHECK(error.find("cycle") != std::string::npos);
    CHECK_FALSE(LearningPath::build({"a"}, {{"a", "zzz"}}, &error).has_value());
    CHECK(error.find("zzz") != std::string::npos);
    auto ok = LearningPath::build({"x", "y", "z"}, {{"z", "x"}, {"x", "y"}});
    REQUIRE(ok.has_value());
    CHECK(ok->order() == std::vector<std::string>{"z", "x", "y"});
}

TEST_CASE("The default path begins with the seed course's first stage", "[path]")
{
    const auto& order = LearningPath::standard().order();
    INFO("order starts " << order[0] << ", " << order[1] << ", " << order[2]);
    CHECK(order[0] == "gpu-arch");
    CHECK(LearningPath::standard().rank("systems") > LearningPath::standard().rank("kernel-opt"));
    CHECK(order.back() == "system-design");
}
