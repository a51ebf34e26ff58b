#pragma once
// Parsing and range checks shared by every formula, the CLI and the calculator panel.
#include <map>
#include <string>
#include <vector>

#include "formula_error.h"
#include "parameter.h"

namespace formulas {

using Values = std::map<std::string, double>;

/// "1 to 1024 (whole number)" or "one of: fp32, mixed"; the wording every error message uses.
std::string describeRange(const ParameterSpec& spec);

/// Text from a field or a name=value token: a finite decimal number or a choice name.
Result<double> parseValue(const ParameterSpec& spec, const std::string& text);

/// Checks one number against the spec (range, integrality, choices).
Result<double> checkValue(const ParameterSpec& spec, double value);

/// Fills defaults for missing names, refuses unknown names and checks every value.
Result<Values> resolve(const std::vector<ParameterSpec>& specs, const Values& given);

/// Formats a number for display: up to `significant` digits, no exponent below 1e15.
std::string formatNumber(double value, int significant = 6);

}  // namespace formulas
