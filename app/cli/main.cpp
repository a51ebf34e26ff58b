// infracards-cli: the command-line front end over the same libraries as the app.
//   infracards-cli [--collection PATH] stats [--json]
//   infracards-cli [--collection PATH] due [--json]
//   infracards-cli [--collection PATH] search TEXT... [--json]
//   infracards-cli [--collection PATH] show CARD-UID [--json]
//   infracards-cli [--collection PATH] answer CARD-UID again|hard|good|easy [--time-ms N]
//   infracards-cli [--collection PATH] undo
//   infracards-cli formula ...     infracards-cli import ...     infracards-cli export ...

#include <QCoreApplication>

#include <iostream>
#include <string>
#include <vector>

#include "cli/cli_commands.h"
#include "common/user_collection.h"

#if __has_include("cli/formula_command.h")
#include "cli/formula_command.h"
#define INFRACARDS_HAVE_FORMULA_COMMAND 1
#endif
#if __has_include("cli/import_command.h")
#include "cli/import_command.h"
#define INFRACARDS_HAVE_IMPORT_COMMAND 1
#endif

namespace {

void usage(std::ostream& out)
{
    out << "usage: infracards-cli [--collection PATH] COMMAND [ARGS] [--json]\n"
           "commands:\n"
           "  stats                 cards by topic and state, due today, reviews\n"
           "  due                   today's queue (reviews, new, repeats)\n"
           "  search TEXT...        full-text search (Chinese works; 1-2 characters too)\n"
           "  show CARD-UID         one card with its answer and sightings\n"
           "  answer CARD-UID again|hard|good|easy [--time-ms N]\n"
           "                        grade a card (committed before the command returns)\n"
           "  undo                  undo the last answer\n"
           "  formula --list | ID name=value...   formula calculators\n"
           "  import FILE... [--dry-run]           import interview reports, CSV, JSON, .apkg\n"
           "  export --format json|csv|apkg [--without-progress] OUT\n"
           "                                       export the collection (without progress: cards only)\n"
           "  merge OTHER.sqlite [--dry-run]       merge another computer's collection (cards, reviews)\n"
           "The collection defaults to the app's own (created from the built-in deck on first use).\n";
}

}  // namespace

int main(int argc, char** argv)
{
    QCoreApplication qapp(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("InfraCards"));
    QCoreApplication::setApplicationName(QStringLiteral("InfraCards"));

    std::vector<std::string> args(argv + 1, argv + argc);
    std::string collectionPath;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--collection") {
            if (i + 1 >= args.size()) {
                std::cerr << "infracards-cli: --collection needs a file path\n";
                return 2;
            }
            collectionPath = args[i + 1];
            args.erase(args.begin() + static_cast<std::ptrdiff_t>(i),
                       args.begin() + static_cast<std::ptrdiff_t>(i + 2));
            break;
        }
    }
    if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        usage(args.empty() ? std::cerr : std::cout);
        return args.empty() ? 2 : 0;
    }
    const std::string command = args[0];
    const std::vector<std::string> rest(args.begin() + 1, args.end());

    if (command == "formula") {
#ifdef INFRACARDS_HAVE_FORMULA_COMMAND
        return runFormulaCommand(rest, std::cout, std::cerr);
#else
        std::cerr << "infracards-cli: this build has no formula calculators\n";
        return 2;
#endif
    }
    if (command == "import" || command == "export" || command == "merge") {
#ifdef INFRACARDS_HAVE_IMPORT_COMMAND
        const std::string path =
            collectionPath.empty() ? app::defaultCollectionPath().toStdString() : collectionPath;
        // Make sure a first-run collection exists before importing into it.
        if (collectionPath.empty()) {
            auto opened = app::openUserCollection({});
            if (!opened) {
                std::cerr << "infracards-cli: " << opened.error().describe() << "\n";
                return 1;
            }
        }
        const std::string backups = app::backupFolder().toStdString();
        if (command == "merge")
            return runMergeCommand(path, rest, std::cout, std::cerr, backups);
        return command == "import" ? runImportCommand(path, rest, std::cout, std::cerr, backups)
                                   : runExportCommand(path, rest, std::cout, std::cerr);
#else
        std::cerr << "infracards-cli: this build has no importer\n";
        return 2;
#endif
    }

    auto collection = app::openUserCollection(QString::fromStdString(collectionPath));
    if (!collection) {
        std::cerr << "infracards-cli: " << collection.error().describe() << "\n";
        return 1;
    }
    return cli::run(*collection, command, rest, app::currentTime(), std::cout, std::cerr);
}
