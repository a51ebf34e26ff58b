#pragma once
// The formulas' errors: a value or a FormulaError, through the cores' one result type.
#include <string>

#include "deck/result.h"

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

/// A value or a FormulaError.
template <typename T>
using Result = infracards::Result<T, FormulaError>;

}  // namespace formulas
