#pragma once
// Command-line parsing for infracards-kernels, kept free of CUDA so it can be tested anywhere.

#include <string>
#include <variant>
#include <vector>

namespace kdemo {

enum class Command {
    List,
    Run,
    SelfTest,
    Help
};

struct Options {
    Command command = Command::Help;
    std::string demoId;
    long long size = 0;  ///< 0: the demo's default
    bool json = false;
    bool quick = false;  ///< run at the selftest size with short warm-up (run --quick)
    int device = 0;
};

struct CliError {
    std::string message;
};

std::variant<Options, CliError> parseCommandLine(const std::vector<std::string>& args);
std::string usageText();

/// Exit codes. 77 is the code ctest's SKIP_RETURN_CODE is set to.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1;
inline constexpr int kExitUsage = 2;
inline constexpr int kExitNoGpu = 77;

}  // namespace kdemo
