// The app tests' own main: Catch2's, then a plain exit.
//
// The GUI tests leave their QApplication alive (app_test_main.h) and QtWebEngine's Chromium
// threads may still be running when main returns; static destructors racing them once aborted a
// test process after every assertion had passed ("corrupted double-linked list", seen on CI, not
// reproduced in 12 local runs). Once Catch2 has the result there is nothing left to check, so the
// process flushes its output and leaves without running those destructors. A failing assertion
// still fails the test: the exit status is Catch2's.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>

int main(int argc, char** argv)
{
    const int result = Catch::Session().run(argc, argv);
    std::fflush(nullptr);
    std::_Exit(result);
}
