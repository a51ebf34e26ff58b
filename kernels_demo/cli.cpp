#include "cli.h"

#include <charconv>

#include "catalogue.h"

namespace kdemo {

namespace {

bool parseCount(const std::string& s, long long& out)
{
    const char* end = s.data() + s.size();
    auto [p, ec] = std::from_chars(s.data(), end, out);
    return ec == std::errc() && p == end && out > 0;
}

}  // namespace

std::variant<Options, CliError> parseCommandLine(const std::vector<std::string>& args)
{
    Options o;
    bool haveCommand = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--json") {
            o.json = true;
        } else if (a == "--quick") {
            o.quick = true;
        } else if (a == "--list" || a == "list") {
            o.command = Command::List;
            haveCommand = true;
        } else if (a == "--help" || a == "-h" || a == "help") {
            o.command = Command::Help;
            haveCommand = true;
        } else if (a == "selftest") {
            o.command = Command::SelfTest;
            haveCommand = true;
        } else if (a == "run") {
            if (i + 1 >= args.size())
                return CliError{"run needs a demo id (see --list)"};
            o.command = Command::Run;
            o.demoId = args[++i];
            haveCommand = true;
            if (!findDemo(o.demoId))
                return CliError{"unknown demo id '" + o.demoId + "' (see --list)"};
        } else if (a == "--size") {
            if (i + 1 >= args.size() || !parseCount(args[i + 1], o.size))
                return CliError{"--size needs a positive integer"};
            ++i;
        } else if (a == "--device") {
            long long d = 0;
            if (i + 1 >= args.size())
                return CliError{"--device needs an index"};
            if (args[i + 1] == "0")
                d = 0;
            else if (!parseCount(args[i + 1], d))
                return CliError{"--device needs an index"};
            o.device = static_cast<int>(d);
            ++i;
        } else {
            return CliError{"unknown argument '" + a + "'"};
        }
    }
    if (!haveCommand)
        return CliError{"no command given"};
    if (o.size != 0 && o.command != Command::Run)
        return CliError{"--size applies to run only"};
    return o;
}

std::string usageText()
{
    return "usage: infracards-kernels --list [--json]\n"
           "       infracards-kernels run ID [--size N] [--quick] [--device I] [--json]\n"
           "       infracards-kernels selftest [--json]\n"
           "Exit codes: 0 ok, 1 a check failed, 2 usage error, 77 no usable GPU.\n";
}

}  // namespace kdemo
