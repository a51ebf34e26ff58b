// libFuzzer target: the InfraCards JSON reader; whatever it accepts must write back and re-read
// to the same document (the round-trip property).
#include "import/json_format.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    auto doc = importer::readJsonDocument(bytes, "fuzz");
    if (!doc) return 0;
    auto again = importer::readJsonDocument(importer::writeJsonDocument(*doc), "fuzz");
    if (!again || !(*again == *doc)) std::abort();
    return 0;
}
