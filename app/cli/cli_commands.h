#pragma once
// The collection commands of infracards-cli, free of Qt so tests can call them with a
// :memory: collection and a fixed clock.

#include <ostream>
#include <string>
#include <vector>

#include "deck/collection.h"

namespace cli {

/// Runs `command` (stats, due, search, show, answer, undo). Returns the exit status:
/// 0 success, 1 the collection refused, 2 bad usage.
int run(deck::Collection& collection, const std::string& command, const std::vector<std::string>& args,
        const deck::Now& now, std::ostream& out, std::ostream& err);

}  // namespace cli
