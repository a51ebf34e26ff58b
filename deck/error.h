#pragma once
// Errors are values in the core: a kind the UI can translate, and the context (file, line,
// detail) that makes the message useful. Only app/ turns them into sentences for the user.

#include <string>

#include "deck/result.h"

namespace deck {

enum class ErrorKind {
    FileMissing,      ///< The file does not exist.
    FileUnreadable,   ///< It exists but cannot be opened or read.
    NotADatabase,     ///< Not an SQLite file, or damaged beyond opening.
    IntegrityFailed,  ///< PRAGMA integrity_check / quick_check reported problems.
    TooNew,           ///< Written by a newer InfraCards (schema version above ours).
    Sql,              ///< SQLite refused a statement.
    NotFound,         ///< No such card, session, import ...
    InvalidInput,     ///< A value out of range, a malformed source line, ...
    Conflict,         ///< The action does not apply in the current state (nothing to undo, ...).
};

const char* toString(ErrorKind kind);

struct Error {
    ErrorKind kind = ErrorKind::Sql;
    std::string message;  ///< English detail for logs and the CLI.
    std::string file;     ///< File involved, if any.
    int line = 0;         ///< 1-based line in `file`, 0 when not applicable.

    /// "file:line: message" (parts omitted when empty), the form compilers use.
    std::string describe() const;
};

/// A value or an Error.
template <typename T>
using Result = infracards::Result<T, Error>;

struct Ok {};
using Status = Result<Ok>;

}  // namespace deck
