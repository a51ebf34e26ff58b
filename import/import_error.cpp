#include "import_error.h"

namespace importer {

const char* errorKindName(ErrorKind kind)
{
    switch (kind) {
    case ErrorKind::EmptyInput: return "empty-input";
    case ErrorKind::BinaryInput: return "binary-input";
    case ErrorKind::BadEncoding: return "bad-encoding";
    case ErrorKind::TooLarge: return "too-large";
    case ErrorKind::Io: return "io";
    case ErrorKind::CsvQuoting: return "csv-quoting";
    case ErrorKind::CsvColumns: return "csv-columns";
    case ErrorKind::JsonSyntax: return "json-syntax";
    case ErrorKind::JsonSchema: return "json-schema";
    case ErrorKind::ZipCorrupt: return "zip-corrupt";
    case ErrorKind::ZipEncrypted: return "zip-encrypted";
    case ErrorKind::ApkgLayout: return "apkg-layout";
    case ErrorKind::NotSqlite: return "not-sqlite";
    case ErrorKind::ApkgSchema: return "apkg-schema";
    case ErrorKind::Sqlite: return "sqlite";
    case ErrorKind::UnknownFormat: return "unknown-format";
    case ErrorKind::Usage: return "usage";
    case ErrorKind::Stopped: return "stopped";
    }
    return "unknown";
}

}  // namespace importer
