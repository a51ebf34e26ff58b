#pragma once
// A value or a FormulaError: the core's errors are values (std::expected is C++23, so this is
// the small subset the formulas need).
#include <string>
#include <utility>
#include <variant>

namespace formulas {

struct FormulaError {
    enum class Kind {
        UnknownFormula,    ///< no formula with that id
        UnknownParameter,  ///< a name the formula does not take
        NotANumber,        ///< text that is not a finite decimal number or a choice name
        OutOfRange,        ///< a number outside the parameter's valid range (zero included)
        NotAnInteger,      ///< a fractional value for a count
        UnknownChoice,     ///< a choice parameter given a value it does not list
        Inconsistent,      ///< values valid one by one that do not fit together (GQA groups)
        NotFinite,         ///< a result overflowed: refused rather than shown as inf or NaN
    };
    Kind kind;
    std::string parameter;  ///< the parameter concerned, empty when none
    std::string message;    ///< English text naming the valid range; the app may translate by kind
};

template <typename T>
class Expected {
public:
    Expected(T value) : state_(std::move(value)) {}
    Expected(FormulaError error) : state_(std::move(error)) {}

    bool ok() const { return state_.index() == 0; }
    explicit operator bool() const { return ok(); }
    const T& value() const { return std::get<0>(state_); }
    T& value() { return std::get<0>(state_); }
    const FormulaError& error() const { return std::get<1>(state_); }

private:
    std::variant<T, FormulaError> state_;
};

}  // namespace formulas
