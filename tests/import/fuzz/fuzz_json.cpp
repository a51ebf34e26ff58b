// libFuzzer target: the InfraCards JSON reader; whatever it accepts must write back and re-read
// to the same document (the round-trip property).
#include "cli/cli_output.h"
#include "import/json_format.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    auto doc = importer::readJsonDocument(bytes, "fuzz");
    if (!doc)
        return 0;
    auto again = importer::readJsonDocument(importer::writeJsonDocument(*doc), "fuzz");
    if (!again || !(*again == *doc))
        std::abort();
    nlohmann::json questions = nlohmann::json::array();
    for (const auto& c : doc->cards)
        questions.push_back(c.content.question);
    if (!nlohmann::json::accept(cli::jsonText(questions)))
        std::abort();
    return 0;
}
