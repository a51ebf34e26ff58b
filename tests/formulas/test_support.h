#pragma once
// Shared by the formula tests: run a registry formula and pick one result by name.
#include <stdexcept>
#include <string>

#include "formula.h"

namespace formulas::test {

inline Results run(const std::string& id, const Values& values)
{
    const Formula* f = find(id);
    if (f == nullptr)
        throw std::runtime_error("no formula " + id);
    Result<Results> r = f->compute(values);
    if (!r)
        throw std::runtime_error(r.error().message);
    return r.value();
}

inline double pick(const Results& results, const std::string& name)
{
    for (const ResultValue& r : results) {
        if (r.name == name)
            return r.value;
    }
    throw std::runtime_error("no result " + name);
}

}  // namespace formulas::test
