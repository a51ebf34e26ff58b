// The app tests' own main: Catch2's, then a plain exit.
//
// The GUI tests leave their QApplication alive (app_test_main.h) and QtWebEngine's Chromium
// threads may still be running when main returns; static destructors racing them once aborted a
// test process after every assertion had passed ("corrupted double-linked list", seen on CI, not
// reproduced in 12 local runs). Once Catch2 has the result there is nothing left to check, so the
// process flushes its output and leaves without running those destructors. A failing assertion
// still fails the test: the exit status is Catch2's.
//
// Leaving that way skips Chromium's shutdown, and once (in a CI run) its zygote process lived
// on with the test's output pipe open, so CTest waited for the end of a test that had finished.
// The process's descendants (zygote, renderers) are therefore killed first.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include <sys/types.h>
#include <unistd.h>

namespace {

/// The parent pid of `pid` from /proc/<pid>/stat (field 4, after the ")" closing field 2).
pid_t parentOf(pid_t pid)
{
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!std::getline(stat, line))
        return 0;
    const auto close = line.rfind(')');
    if (close == std::string::npos || close + 4 > line.size())
        return 0;
    char state = 0;
    long ppid = 0;
    if (std::sscanf(line.c_str() + close + 2, "%c %ld", &state, &ppid) != 2)
        return 0;
    return static_cast<pid_t>(ppid);
}

/// Sends SIGKILL to every process descended from this one.
void killDescendants()
{
    std::set<pid_t> tree{::getpid()};
    for (bool grew = true; grew;) {
        grew = false;
        std::error_code ec;
        for (const auto& entry : std::filesystem::directory_iterator("/proc", ec)) {
            const std::string name = entry.path().filename().string();
            if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos)
                continue;
            const pid_t pid = static_cast<pid_t>(std::stol(name));
            if (!tree.count(pid) && tree.count(parentOf(pid))) {
                tree.insert(pid);
                grew = true;
            }
        }
    }
    for (pid_t pid : tree)
        if (pid != ::getpid())
            ::kill(pid, SIGKILL);
}

}  // namespace

int main(int argc, char** argv)
{
    const int result = Catch::Session().run(argc, argv);
    std::fflush(nullptr);
    killDescendants();
    std::_Exit(result);
}
