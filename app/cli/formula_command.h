#pragma once
// `infracards-cli formula`: lists the formula calculators and evaluates one from name=value
// arguments, as text or JSON. Free of Qt so a test can drive it with string streams.
//
//   formula --list [--json]
//   formula ID [device=PRESET] [model=PRESET] name=value ... [--json]

#include <ostream>
#include <string>
#include <vector>

/// `args` excludes the word `formula`. Returns 0 on success and 2 on bad input (unknown
/// formula, parameter or preset, or a value outside its valid range, which the message names).
/// Declared at global scope because infracards-cli's main calls it unqualified.
int runFormulaCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
