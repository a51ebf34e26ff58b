#pragma once
// The role or direction a report is for (训练框架, 推理框架 …), normalised.

#include <optional>
#include <string>
#include <string_view>

namespace importer {

/// Normalised names, as the deck's sightings store them: "训练框架", "推理框架", "高性能算子",
/// "云原生", "AI编译器", "AI Infra" (the generic direction, used only when nothing narrower is named).
struct RoleMatch {
    std::string id;
    std::string raw;
};

std::optional<RoleMatch> findRole(std::string_view text);

}  // namespace importer
