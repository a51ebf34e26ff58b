#include "deck/storage/database.h"

#include <unistd.h>

#include <cstdio>
#include <filesystem>

#include <sqlite3.h>

#include <utility>

namespace deck {

Error sqlError(sqlite3* db, std::string_view what)
{
    std::string message(what);
    if (db) {
        message += ": ";
        message += sqlite3_errmsg(db);
    }
    return {ErrorKind::Sql, message, {}, 0};
}

// --- Statement -------------------------------------------------------------------------------

Statement::Statement(Statement&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)), stmt_(std::exchange(other.stmt_, nullptr)),
      error_(std::move(other.error_))
{}

Statement& Statement::operator=(Statement&& other) noexcept
{
    if (this != &other) {
        sqlite3_finalize(stmt_);
        db_ = std::exchange(other.db_, nullptr);
        stmt_ = std::exchange(other.stmt_, nullptr);
        error_ = std::move(other.error_);
    }
    return *this;
}

Statement::~Statement()
{
    sqlite3_finalize(stmt_);
}

Statement& Statement::bind(int index, std::int64_t value)
{
    sqlite3_bind_int64(stmt_, index, value);
    return *this;
}

Statement& Statement::bind(int index, double value)
{
    sqlite3_bind_double(stmt_, index, value);
    return *this;
}

Statement& Statement::bind(int index, std::string_view value)
{
    sqlite3_bind_text(stmt_, index, value.data(), static_cast<int>(value.size()), SQLITE_TRANSIENT);
    return *this;
}

Statement& Statement::bindNull(int index)
{
    sqlite3_bind_null(stmt_, index);
    return *this;
}

bool Statement::step()
{
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW)
        return true;
    if (rc != SQLITE_DONE)
        error_ = sqlError(db_, "step");
    return false;
}

Status Statement::run()
{
    while (step()) {
    }
    if (error_)
        return *error_;
    return Ok{};
}

void Statement::reset()
{
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
    error_.reset();
}

std::int64_t Statement::int64(int column) const
{
    return sqlite3_column_int64(stmt_, column);
}
double Statement::real(int column) const
{
    return sqlite3_column_double(stmt_, column);
}
bool Statement::isNull(int column) const
{
    return sqlite3_column_type(stmt_, column) == SQLITE_NULL;
}

std::string Statement::text(int column) const
{
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, column));
    if (!p)
        return {};
    return std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)));
}

// --- Database --------------------------------------------------------------------------------

Result<Database> Database::open(const std::string& path, Mode mode)
{
    int flags = SQLITE_OPEN_NOMUTEX;
    switch (mode) {
    case Mode::OpenExisting: flags |= SQLITE_OPEN_READWRITE; break;
    case Mode::CreateIfMissing: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE; break;
    case Mode::ReadOnly: flags |= SQLITE_OPEN_READONLY; break;
    }
    Database db;
    db.path_ = path;
    std::string name = path;
    // A WAL file in a folder this user cannot write has no -shm to share: SQLite cannot open it
    // even for reading, unless told the file will not change under it (immutable).
    if (mode == Mode::ReadOnly && path != ":memory:" && !path.empty()) {
        std::error_code ec;
        const auto parent = std::filesystem::absolute(path, ec).parent_path();
        if (!ec && ::access(parent.c_str(), W_OK) != 0 && !std::filesystem::exists(path + "-shm", ec)) {
            name = "file:";
            for (const char c : std::filesystem::absolute(path, ec).string()) {
                if (c == '?' || c == '#' || c == '%') {
                    char hex[4];
                    std::snprintf(hex, sizeof hex, "%%%02X",
                                  static_cast<unsigned>(static_cast<unsigned char>(c)));
                    name += hex;
                } else {
                    name += c;
                }
            }
            name += "?immutable=1";
            flags |= SQLITE_OPEN_URI;
        }
    }
    const int rc = sqlite3_open_v2(name.c_str(), &db.db_, flags, nullptr);
    if (rc != SQLITE_OK) {
        Error e = sqlError(db.db_, "cannot open");
        e.kind = ErrorKind::FileUnreadable;
        e.file = path;
        return e;
    }
    sqlite3_busy_timeout(db.db_, 5000);
    sqlite3_extended_result_codes(db.db_, 1);
    return db;
}

Database::Database(Database&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)), path_(std::move(other.path_))
{}

Database& Database::operator=(Database&& other) noexcept
{
    if (this != &other) {
        sqlite3_close_v2(db_);
        db_ = std::exchange(other.db_, nullptr);
        path_ = std::move(other.path_);
    }
    return *this;
}

Database::~Database()
{
    sqlite3_close_v2(db_);
}

Status Database::exec(std::string_view sql)
{
    std::string copy(sql);
    char* message = nullptr;
    if (sqlite3_exec(db_, copy.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
        Error e{ErrorKind::Sql, message ? message : "exec failed", path_, 0};
        sqlite3_free(message);
        return e;
    }
    return Ok{};
}

Result<Statement> Database::prepare(std::string_view sql) const
{
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db_, sql.data(), static_cast<int>(sql.size()), &stmt, nullptr) != SQLITE_OK)
        return sqlError(db_, "prepare '" + std::string(sql.substr(0, 60)) + "'");
    return Statement(db_, stmt);
}

std::int64_t Database::lastInsertId() const
{
    return sqlite3_last_insert_rowid(db_);
}
int Database::changes() const
{
    return sqlite3_changes(db_);
}

Result<int> Database::userVersion() const
{
    auto st = prepare("PRAGMA user_version");
    if (!st)
        return st.error();
    if (!st->step())
        return st->error() ? *st->error() : sqlError(db_, "user_version");
    return st->int32(0);
}

Status Database::setUserVersion(int version)
{
    return exec("PRAGMA user_version = " + std::to_string(version));
}

Status Database::backupTo(const std::string& target) const
{
    sqlite3* dest = nullptr;
    if (sqlite3_open_v2(target.c_str(), &dest, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr)
        != SQLITE_OK) {
        Error e = sqlError(dest, "cannot create backup");
        e.kind = ErrorKind::FileUnreadable;
        e.file = target;
        sqlite3_close_v2(dest);
        return e;
    }
    sqlite3_backup* backup = sqlite3_backup_init(dest, "main", db_, "main");
    int rc = SQLITE_ERROR;
    if (backup) {
        // Copy in steps so a long backup does not hold the read lock all at once.
        do {
            rc = sqlite3_backup_step(backup, 256);
            if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
                sqlite3_sleep(10);
        } while (rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED);
        sqlite3_backup_finish(backup);
    }
    Status status = Ok{};
    if (rc != SQLITE_DONE) {
        Error e = sqlError(dest, "backup failed");
        e.file = target;
        status = e;
    }
    sqlite3_close_v2(dest);
    return status;
}

// --- Transaction -----------------------------------------------------------------------------

// A Transaction opened while another is open becomes a savepoint: its commit folds its writes
// into the outer transaction, its rollback undoes only them, and nothing reaches the file until
// the outermost commit. This lets one write (a mock answer) include another (the review it
// sends to the scheduler) in a single transaction.
Transaction::Transaction(Database& db)
    : db_(db), nested_(sqlite3_get_autocommit(db.handle()) == 0),
      begun_(db.exec(nested_ ? "SAVEPOINT nested_write" : "BEGIN IMMEDIATE"))
{}

Transaction::~Transaction()
{
    if (done_ || !begun_.ok())
        return;
    if (nested_)
        (void)db_.exec("ROLLBACK TO nested_write; RELEASE nested_write");
    else
        (void)db_.exec("ROLLBACK");
}

Status Transaction::commit()
{
    if (!begun_.ok())
        return begun_;
    Status s = db_.exec(nested_ ? "RELEASE nested_write" : "COMMIT");
    done_ = s.ok();
    return s;
}

}  // namespace deck
