#pragma once
// The role or direction a report is for (训练框架, 推理框架 …), normalised.

#include <optional>
#include <string>
#include <string_view>

namespace importer {

/// Ids: "training-framework", "inference-framework", "hpc-operators", "cloud-native",
/// "ai-compiler", "ai-infra" (the generic direction, used only when nothing narrower is named).
struct RoleMatch {
    std::string id;
    std::string raw;
};

std::optional<RoleMatch> findRole(std::string_view text);

} // namespace importer
