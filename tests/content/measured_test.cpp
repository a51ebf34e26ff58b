// "Measured" means measured by this project: every number a card marks in its `measured:`
// section must be the recorded H200 result (resources/demos/h200/<demo>.json) at the stated
// rounding, and must be written in the card's answer, so a re-recorded run fails a stale card.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <nlohmann/json.hpp>

#include "deck/deck_source.h"
#include "read_file.h"

namespace fs = std::filesystem;

namespace {

std::string readFile(const fs::path& p)
{
    return readSourceFile(p);
}

/// Follows a dotted path ("metric.value", "extra.speedup_vs_interleaved"); null when absent.
const nlohmann::json* at(const nlohmann::json& j, const std::string& path)
{
    const nlohmann::json* cur = &j;
    std::size_t start = 0;
    while (start <= path.size()) {
        const std::size_t dot = std::min(path.find('.', start), path.size());
        const std::string key = path.substr(start, dot - start);
        if (!cur->is_object() || !cur->contains(key))
            return nullptr;
        cur = &(*cur)[key];
        start = dot + 1;
    }
    return cur;
}

int decimalsOf(const std::string& number)
{
    const auto dot = number.find('.');
    return dot == std::string::npos ? 0 : static_cast<int>(number.size() - dot - 1);
}

}  // namespace

TEST_CASE("Rounding check of a measured number (hand examples)", "[content]")
{
    CHECK(decimalsOf("4.58") == 2);
    CHECK(decimalsOf("108") == 0);
    // 4580.3 GB/s written as 4.58 TB/s: |4.5803 - 4.58| <= 0.005.
    CHECK(std::abs(4580.3 / 1000 - 4.58) <= 0.5 * std::pow(10.0, -decimalsOf("4.58")) + 1e-9);
    // 1.0797 written as 107 %: off by 0.97 > 0.5.
    CHECK_FALSE(std::abs(1.0797 / 0.01 - 107) <= 0.5 + 1e-9);
}

TEST_CASE("Every measured number is the recorded H200 result", "[content]")
{
    const fs::path root = fs::path(INFRACARDS_SOURCE_DIR) / "resources";
    std::map<std::string, nlohmann::json> recorded;
    for (const auto& e : fs::directory_iterator(root / "demos/h200"))
        if (e.path().extension() == ".json")
            recorded[e.path().stem().string()] = nlohmann::json::parse(readFile(e.path()));
    REQUIRE(recorded.count("reduction") == 1);

    int checked = 0;
    for (const auto& e : fs::directory_iterator(root / "deck")) {
        if (e.path().extension() != ".cards")
            continue;
        for (const auto& card :
             deck::parseDeckSource(readFile(e.path()), e.path().filename().string()).cards) {
            for (const deck::MeasuredRef& m : card.measured) {
                INFO(card.file << ":" << m.line << " " << card.content.uid << ": " << m.demo << "/"
                               << m.variant << " " << m.path << " " << m.stated);
                auto demo = recorded.find(m.demo);
                REQUIRE(demo != recorded.end());
                const nlohmann::json* scope = &demo->second;
                if (m.variant != "-") {
                    scope = nullptr;
                    for (const auto& v : demo->second["variants"])
                        if (v.value("id", "") == m.variant)
                            scope = &v;
                    REQUIRE(scope != nullptr);
                }
                const nlohmann::json* value = at(*scope, m.path);
                REQUIRE(value != nullptr);
                REQUIRE(value->is_number());
                const double shown = value->get<double>() / m.divisor;
                const double stated = std::stod(m.stated);
                INFO("recorded " << value->get<double>() << " / " << m.divisor << " = " << shown);
                CHECK(std::abs(shown - stated) <= 0.5 * std::pow(10.0, -decimalsOf(m.stated)) + 1e-9);
                CHECK(card.content.answer.find(m.stated) != std::string::npos);
                ++checked;
            }
        }
    }
    INFO(checked << " measured numbers checked");
    CHECK(checked > 0);
}
