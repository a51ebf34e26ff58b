// libFuzzer target: .apkg reading (libzip, SQLite deserialisation, HTML to text).
#include "fuzz_output.h"
#include "import/apkg_reader.h"
#include "import/import_pipeline.h"
#include "import/html_text.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    (void)importer::readApkg(bytes, "fuzz");
    // Through the pipeline, which makes every field UTF-8, then printed.
    if (auto preview = importer::previewImport("fuzz.apkg", bytes, {}))
        printBatch(preview->batch);
    (void)importer::htmlToText(bytes);
    return 0;
}
