#include "validation.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace formulas {

std::string describeRange(const ParameterSpec& spec)
{
    if (spec.isChoice()) {
        std::string text = "one of: ";
        for (std::size_t i = 0; i < spec.choices.size(); ++i) {
            if (i > 0)
                text += ", ";
            text += spec.choices[i].name;
        }
        return text;
    }
    std::string text = formatNumber(spec.minValue, 10) + " to " + formatNumber(spec.maxValue, 10);
    if (!spec.unit.empty())
        text += " " + spec.unit;
    if (spec.integer)
        text += " (whole number)";
    return text;
}

static FormulaError rangeError(const ParameterSpec& spec, FormulaError::Kind kind, const std::string& what)
{
    return FormulaError{kind, spec.name, spec.name + ": " + what + "; valid: " + describeRange(spec)};
}

Result<double> checkValue(const ParameterSpec& spec, double value)
{
    if (!std::isfinite(value)) {
        return rangeError(spec, FormulaError::Kind::NotANumber, "not a finite number");
    }
    if (spec.isChoice()) {
        for (const Choice& c : spec.choices) {
            if (c.value == value)
                return value;
        }
        return rangeError(spec, FormulaError::Kind::UnknownChoice, formatNumber(value) + " is not an option");
    }
    if (value < spec.minValue || value > spec.maxValue) {
        return rangeError(spec, FormulaError::Kind::OutOfRange, formatNumber(value) + " is out of range");
    }
    if (spec.integer && value != std::floor(value)) {
        return rangeError(spec, FormulaError::Kind::NotAnInteger,
                          formatNumber(value) + " is not a whole number");
    }
    return value;
}

Result<double> parseValue(const ParameterSpec& spec, const std::string& text)
{
    std::size_t begin = text.find_first_not_of(" \t");
    std::size_t end = text.find_last_not_of(" \t");
    if (begin == std::string::npos) {
        return rangeError(spec, FormulaError::Kind::NotANumber, "empty");
    }
    const std::string trimmed = text.substr(begin, end - begin + 1);
    for (const Choice& c : spec.choices) {
        if (c.name == trimmed)
            return c.value;
    }
    // A choice is named; a number is accepted only when it is one of the choices' values.
    const bool choice = spec.isChoice();
    // from_chars takes no leading '+'; a user may still type one.
    const char* first = trimmed.data();
    const char* last = trimmed.data() + trimmed.size();
    if (*first == '+')
        ++first;
    double value = 0.0;
    auto [ptr, ec] = std::from_chars(first, last, value);
    if (ec == std::errc::result_out_of_range) {
        return rangeError(spec, FormulaError::Kind::OutOfRange, "'" + trimmed + "' is out of range");
    }
    if (ec != std::errc() || ptr != last || !std::isfinite(value)) {
        if (choice)
            return rangeError(spec, FormulaError::Kind::UnknownChoice, "'" + trimmed + "' is not an option");
        return rangeError(spec, FormulaError::Kind::NotANumber, "'" + trimmed + "' is not a number");
    }
    return checkValue(spec, value);
}

Result<Values> resolve(const std::vector<ParameterSpec>& specs, const Values& given)
{
    for (const auto& [name, value] : given) {
        bool known = false;
        for (const ParameterSpec& s : specs)
            known = known || s.name == name;
        if (!known) {
            return FormulaError{FormulaError::Kind::UnknownParameter, name,
                                name + ": not a parameter of this formula"};
        }
    }
    Values out;
    for (const ParameterSpec& s : specs) {
        auto it = given.find(s.name);
        const double v = it == given.end() ? s.defaultValue : it->second;
        Result<double> checked = checkValue(s, v);
        if (!checked)
            return checked.error();
        out[s.name] = checked.value();
    }
    return out;
}

std::string formatNumber(double value, int significant)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*g", significant, value);
    return buffer;
}

}  // namespace formulas
