// libFuzzer target: the interview-report parser must return (a value or an error) on any bytes.
#include "fuzz_output.h"
#include "import/import_pipeline.h"
#include "import/input_text.h"
#include "import/report_parser.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    // Raw bytes straight in (the parser must cope with invalid UTF-8), then through the decoder.
    (void)importer::parseInterviewReports(bytes, "fuzz");
    if (auto text = importer::decodeText(bytes, "fuzz"))
        (void)importer::parseInterviewReports(text->utf8, "fuzz");
    // The whole preview, as `import --json` prints it.
    if (auto preview = importer::previewImport("fuzz.md", bytes, {}))
        printBatch(preview->batch);
    return 0;
}
