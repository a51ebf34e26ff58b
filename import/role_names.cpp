#include "role_names.h"

#include "ascii_text.h"

#include <array>

namespace importer {

namespace {

struct RoleName {
    const char* text;
    const char* id;
};

// Narrow directions first; "AI Infra" is only a fallback because most reports say it.
constexpr std::array kRoleNames = {
    RoleName{"训练框架", "训练框架"},
    RoleName{"训练引擎", "训练框架"},
    RoleName{"分布式训练", "训练框架"},
    RoleName{"training framework", "训练框架"},
    RoleName{"推理框架", "推理框架"},
    RoleName{"推理引擎", "推理框架"},
    RoleName{"推理加速", "推理框架"},
    RoleName{"推理优化", "推理框架"},
    RoleName{"inference framework", "推理框架"},
    RoleName{"inference engine", "推理框架"},
    RoleName{"高性能算子", "高性能算子"},
    RoleName{"算子开发", "高性能算子"},
    RoleName{"算子优化", "高性能算子"},
    RoleName{"高性能计算", "高性能算子"},
    RoleName{"cuda 开发", "高性能算子"},
    RoleName{"kernel 开发", "高性能算子"},
    RoleName{"hpc", "高性能算子"},
    RoleName{"云原生", "云原生"},
    RoleName{"cloud native", "云原生"},
    RoleName{"ai 编译器", "AI编译器"},
    RoleName{"ai编译器", "AI编译器"},
    RoleName{"深度学习编译器", "AI编译器"},
    RoleName{"编译器", "AI编译器"},
    RoleName{"ai compiler", "AI编译器"},
    RoleName{"ai infra", "AI Infra"},
    RoleName{"aiinfra", "AI Infra"},
    RoleName{"ai 基础设施", "AI Infra"},
    RoleName{"mlsys", "AI Infra"},
    RoleName{"ml infra", "AI Infra"},
};

}  // namespace

std::optional<RoleMatch> findRole(std::string_view text)
{
    const std::string lower = asciiLower(text);
    for (const RoleName& r : kRoleNames) {
        const std::string_view needle(r.text);
        const std::size_t pos = lower.find(needle);
        if (pos == std::string::npos)
            continue;
        if (static_cast<unsigned char>(needle.front()) < 0x80 && !isWordBoundary(lower, pos, needle.size()))
            continue;
        return RoleMatch{r.id, std::string(text.substr(pos, needle.size()))};
    }
    return std::nullopt;
}

}  // namespace importer
