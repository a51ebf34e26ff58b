// libFuzzer target: CSV/TSV parsing and column mapping.
#include "fuzz_output.h"
#include "import/csv_reader.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    for (char delimiter : {'\0', ',', '\t'}) {
        auto table = importer::parseCsv(bytes, "fuzz", delimiter);
        if (!table)
            continue;
        if (auto batch = importer::csvToBatch(*table, importer::guessColumnMap(table->header), "fuzz"))
            printBatch(*batch);
    }
    return 0;
}
