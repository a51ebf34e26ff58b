#pragma once
// The demo catalogue: ids (content cards link to them as demo:<id>), titles, the question each
// answers, and what --size means. Plain data, so --list works without a GPU.

#include <optional>
#include <span>
#include <string_view>

namespace kdemo {

struct DemoSpec {
    std::string_view id;
    std::string_view title;
    std::string_view question;
    std::string_view metric;       ///< e.g. "GB/s"
    std::string_view sizeMeaning;  ///< what --size N sets
    long long defaultSize;
    long long quickSize;  ///< the size selftest uses
    int minGpus;
};

std::span<const DemoSpec> catalogue();
std::optional<DemoSpec> findDemo(std::string_view id);

}  // namespace kdemo
