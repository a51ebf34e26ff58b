#pragma once
// The registry entry for one formula card: its description and a compute function.
#include <functional>
#include <string>
#include <vector>

#include "formula_error.h"
#include "parameter.h"
#include "presets.h"
#include "validation.h"

namespace formulas {

using Results = std::vector<ResultValue>;

struct Formula {
    std::string id;  ///< stable id that cards link to as formula:<id>
    std::string titleEn;
    std::string titleZh;
    std::vector<ParameterSpec> parameters;
    /// Called with every parameter present and valid (see compute()); may still refuse a
    /// combination (Inconsistent).
    std::function<Result<Results>(const Values&)> evaluate;
    /// Values a device or model preset sets for this formula; empty when it uses none.
    std::function<Values(const DevicePreset&)> fromDevice;
    std::function<Values(const ModelPreset&)> fromModel;

    /// Validates `given` (defaults for missing names), evaluates, and refuses any result that
    /// is not finite, so that no caller ever shows inf or NaN.
    Result<Results> compute(const Values& given) const;
    const ParameterSpec* parameter(const std::string& name) const;
};

/// Every formula, in the order the cards present them.
const std::vector<Formula>& all();
const Formula* find(const std::string& id);

}  // namespace formulas
