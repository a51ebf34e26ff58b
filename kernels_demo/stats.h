#pragma once
// Summary statistics of timing samples.

#include <span>

namespace kdemo {

/// Median of the samples (mean of the middle two for an even count); 0 for none.
double median(std::span<const double> samples);
double minimum(std::span<const double> samples);

}  // namespace kdemo
