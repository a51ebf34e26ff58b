#pragma once
// Errors of the importer, returned as values: nothing thrown by the library reaches the caller.

#include <cstddef>
#include <optional>
#include <string>
#include <utility>

#include "deck/result.h"

namespace importer {

enum class ErrorKind {
    EmptyInput,     ///< nothing but whitespace
    BinaryInput,    ///< NUL bytes or control characters: not a text file
    BadEncoding,    ///< neither UTF-8 nor GB18030
    TooLarge,       ///< over the size limit (100 MiB by default)
    Io,             ///< the file could not be opened or read
    CsvQuoting,     ///< an unterminated or stray quote
    CsvColumns,     ///< a missing column, or a row with the wrong number of fields
    JsonSyntax,     ///< not JSON
    JsonSchema,     ///< JSON, but not the InfraCards format (wrong type, missing field)
    ZipCorrupt,     ///< not a zip, or a truncated one
    ZipEncrypted,   ///< the zip needs a password
    ApkgLayout,     ///< no collection.anki2/anki21 inside, or an unsupported one
    NotSqlite,      ///< the collection inside the .apkg is not an SQLite database
    ApkgSchema,     ///< SQLite, but not an Anki collection
    Sqlite,         ///< SQLite reported an error
    UnknownFormat,  ///< the file's type could not be recognised
    Usage,          ///< bad arguments to a command
    Stopped,        ///< the user stopped the preview before it finished
};

/// A problem with an input, naming where it is. `line` is 1-based; 0 when the input has no lines
/// (a zip entry, a whole file).
struct ImportError {
    ErrorKind kind{};
    std::string file;      ///< the file name as given, or "<paste>" for pasted text
    std::size_t line = 0;  ///< 1-based line, 0 when not applicable
    std::string message;   ///< English, for logs; the app translates by `kind`

    /// "file:line: message", the form compilers use, so editors can jump to it.
    std::string describe() const
    {
        std::string s = file.empty() ? std::string("<input>") : file;
        if (line > 0)
            s += ":" + std::to_string(line);
        return s + ": " + message;
    }
};

const char* errorKindName(ErrorKind kind);

/// Either a value or an ImportError.
template <typename T>
using Result = infracards::Result<T, ImportError>;

inline ImportError makeError(ErrorKind kind, std::string file, std::size_t line, std::string message)
{
    return ImportError{kind, std::move(file), line, std::move(message)};
}

}  // namespace importer
