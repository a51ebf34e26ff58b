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
    RoleName{"训练框架", "training-framework"}, RoleName{"训练引擎", "training-framework"},
    RoleName{"分布式训练", "training-framework"}, RoleName{"training framework", "training-framework"},
    RoleName{"推理框架", "inference-framework"}, RoleName{"推理引擎", "inference-framework"},
    RoleName{"推理加速", "inference-framework"}, RoleName{"推理优化", "inference-framework"},
    RoleName{"inference framework", "inference-framework"}, RoleName{"inference engine", "inference-framework"},
    RoleName{"高性能算子", "hpc-operators"}, RoleName{"算子开发", "hpc-operators"},
    RoleName{"算子优化", "hpc-operators"}, RoleName{"高性能计算", "hpc-operators"},
    RoleName{"cuda 开发", "hpc-operators"}, RoleName{"kernel 开发", "hpc-operators"},
    RoleName{"hpc", "hpc-operators"}, RoleName{"云原生", "cloud-native"}, RoleName{"cloud native", "cloud-native"},
    RoleName{"ai 编译器", "ai-compiler"}, RoleName{"ai编译器", "ai-compiler"}, RoleName{"深度学习编译器", "ai-compiler"},
    RoleName{"编译器", "ai-compiler"}, RoleName{"ai compiler", "ai-compiler"}, RoleName{"ai infra", "ai-infra"},
    RoleName{"aiinfra", "ai-infra"}, RoleName{"ai 基础设施", "ai-infra"}, RoleName{"mlsys", "ai-infra"},
    RoleName{"ml infra", "ai-infra"},
};

} // namespace

std::optional<RoleMatch> findRole(std::string_view text) {
    const std::string lower = asciiLower(text);
    for (const RoleName& r : kRoleNames) {
        const std::string_view needle(r.text);
        const std::size_t pos = lower.find(needle);
        if (pos == std::string::npos) continue;
        if (static_cast<unsigned char>(needle.front()) < 0x80 && !isWordBoundary(lower, pos, needle.size())) continue;
        return RoleMatch{r.id, std::string(text.substr(pos, needle.size()))};
    }
    return std::nullopt;
}

} // namespace importer
