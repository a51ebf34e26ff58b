#include "stats.h"

#include <algorithm>
#include <vector>

namespace kdemo {

double median(std::span<const double> samples)
{
    if (samples.empty())
        return 0.0;
    std::vector<double> s(samples.begin(), samples.end());
    std::sort(s.begin(), s.end());
    const std::size_t n = s.size();
    return n % 2 == 1 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
}

double minimum(std::span<const double> samples)
{
    if (samples.empty())
        return 0.0;
    return *std::min_element(samples.begin(), samples.end());
}

}  // namespace kdemo
