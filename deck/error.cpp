#include "deck/error.h"

namespace deck {

const char* toString(ErrorKind kind)
{
    switch (kind) {
    case ErrorKind::FileMissing: return "file missing";
    case ErrorKind::FileUnreadable: return "file unreadable";
    case ErrorKind::NotADatabase: return "not an InfraCards collection";
    case ErrorKind::IntegrityFailed: return "integrity check failed";
    case ErrorKind::TooNew: return "written by a newer version";
    case ErrorKind::Sql: return "database error";
    case ErrorKind::NotFound: return "not found";
    case ErrorKind::InvalidInput: return "invalid input";
    case ErrorKind::Conflict: return "not possible now";
    }
    return "error";
}

std::string Error::describe() const
{
    std::string out;
    if (!file.empty()) {
        out += file;
        if (line > 0)
            out += ":" + std::to_string(line);
        out += ": ";
    }
    out += message.empty() ? toString(kind) : message;
    return out;
}

}  // namespace deck
