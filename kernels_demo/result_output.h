#pragma once
// Writing results: JSON for the app (schema_version 1; deck/demo_run.cpp reads it) and a
// plain-text table for people.

#include <string>
#include <vector>

#include "demo_result.h"

namespace kdemo {

inline constexpr int kSchemaVersion = 1;

std::string toJson(const DemoResult& r);
/// The catalogue as JSON (for --list --json).
std::string catalogueJson();
std::string catalogueTable();
std::string toTable(const DemoResult& r);
/// Selftest summary: one object per demo with pass/fail.
std::string selftestJson(const std::vector<DemoResult>& results, const DeviceInfo& device);

}  // namespace kdemo
