#include "checks.h"

#include <cmath>
#include <cstring>

namespace kdemo {

Correctness checkExact(std::span<const float> got, std::span<const float> want, std::string method)
{
    Correctness c;
    c.checked = true;
    c.method = std::move(method);
    c.elementsChecked = want.size();
    c.passed = got.size() == want.size();
    for (std::size_t i = 0; c.passed && i < want.size(); ++i) {
        if (std::memcmp(&got[i], &want[i], sizeof(float)) != 0) {
            c.passed = false;
            c.maxAbsErr = std::isnan(got[i]) ? INFINITY : std::fabs(static_cast<double>(got[i]) - want[i]);
        }
    }
    return c;
}

Correctness checkExactInt(std::int64_t got, std::int64_t want, std::string method)
{
    Correctness c;
    c.checked = true;
    c.method = std::move(method);
    c.elementsChecked = 1;
    c.passed = got == want;
    c.maxAbsErr = std::fabs(static_cast<double>(got - want));
    return c;
}

Correctness checkClose(std::span<const float> got, std::span<const double> want, double tolerance,
                       std::string method)
{
    Correctness c;
    c.checked = true;
    c.method = std::move(method);
    c.tolerance = tolerance;
    c.elementsChecked = want.size();
    c.passed = got.size() == want.size();
    for (std::size_t i = 0; c.passed && i < want.size(); ++i) {
        const double e = std::fabs(static_cast<double>(got[i]) - want[i]);
        if (std::isnan(e)) {
            c.maxAbsErr = INFINITY;
            c.passed = false;
        } else if (e > c.maxAbsErr) {
            c.maxAbsErr = e;
        }
    }
    if (c.maxAbsErr > tolerance)
        c.passed = false;
    return c;
}

}  // namespace kdemo
