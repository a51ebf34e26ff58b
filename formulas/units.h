#pragma once
// Decimal and binary units are kept apart everywhere: GB = 10^9 bytes, GiB = 2^30 bytes.
namespace formulas::units {

inline constexpr double kB = 1e3;
inline constexpr double MB = 1e6;
inline constexpr double GB = 1e9;
inline constexpr double TB = 1e12;
inline constexpr double KiB = 1024.0;
inline constexpr double MiB = 1024.0 * 1024.0;
inline constexpr double GiB = 1024.0 * 1024.0 * 1024.0;
inline constexpr double billion = 1e9;
inline constexpr double tera = 1e12;

}  // namespace formulas::units
