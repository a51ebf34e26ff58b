// The import window's corrections file (import/import_corrections.h): header written once, one
// line per correction, tabs and line breaks inside a field flattened.
#include <catch2/catch.hpp>

#include "import/import_corrections.h"

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

namespace fs = std::filesystem;
using importer::ImportCorrection;

TEST_CASE("Corrections are appended under one header, a field's tabs and line breaks flattened",
          "[import][corrections]")
{
    std::random_device rd;
    const fs::path path =
        fs::temp_directory_path() / ("infracards-corrections-" + std::to_string(rd()) + ".tsv");
    ImportCorrection moved{ImportCorrection::Action::OtherCard, "report.md", "讲讲\tring\nallreduce",
                           "inference-kv-cache", "communication-ring-allreduce"};
    ImportCorrection left{ImportCorrection::Action::NotAQuestion, "report.md", "最后祝大家顺利", "", ""};
    REQUIRE(importer::appendCorrections(path.string(), {moved}, 1000).ok());
    REQUIRE(importer::appendCorrections(path.string(), {left}, 2000).ok());
    REQUIRE(importer::appendCorrections(path.string(), {}, 3000).ok());  // nothing to add
    std::ifstream in(path);
    std::stringstream all;
    all << in.rdbuf();
    const std::string text = all.str();
    const std::string expected =
        "# Corrections made in InfraCards' import window (import/import_corrections.h).\n"
        "time_ms\taction\tsource\tproposed\tchosen\tquestion\n"
        "1000\tother-card\treport.md\tinference-kv-cache\tcommunication-ring-allreduce\t讲讲 ring allreduce\n"
        "2000\tnot-a-question\treport.md\t\t\t最后祝大家顺利\n";
    CHECK(text == expected);
    fs::remove(path);
}

TEST_CASE("A corrections file that cannot be written is an error naming it",
          "[import][corrections][bad-input]")
{
    const std::string path = "/nonexistent-folder-for-infracards/corrections.tsv";
    const auto r =
        importer::appendCorrections(path, {{ImportCorrection::Action::NewCard, "x", "q", "a", ""}}, 1);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().file == path);
}
