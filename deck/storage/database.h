#pragma once
// The one class that talks to SQLite: owns the connection, its pragmas and transactions.
// Everything else in deck/ goes through it.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "deck/error.h"

struct sqlite3;
struct sqlite3_stmt;

namespace deck {

class Statement {
public:
    Statement() = default;
    Statement(sqlite3* db, sqlite3_stmt* stmt) : db_(db), stmt_(stmt) {}
    Statement(Statement&& other) noexcept;
    Statement& operator=(Statement&& other) noexcept;
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;
    ~Statement();

    Statement& bind(int index, std::int64_t value);
    Statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
    Statement& bind(int index, double value);
    Statement& bind(int index, std::string_view value);
    Statement& bind(int index, const std::string& value) { return bind(index, std::string_view(value)); }
    Statement& bind(int index, const char* value) { return bind(index, std::string_view(value)); }
    Statement& bindNull(int index);

    /// Advances to the next row: true while a row is available. Errors are kept in error().
    bool step();
    /// Runs to completion; returns an Error when SQLite refused.
    Status run();
    void reset();

    std::int64_t int64(int column) const;
    int int32(int column) const { return static_cast<int>(int64(column)); }
    double real(int column) const;
    std::string text(int column) const;
    bool isNull(int column) const;

    const std::optional<Error>& error() const { return error_; }

private:
    sqlite3* db_ = nullptr;
    sqlite3_stmt* stmt_ = nullptr;
    std::optional<Error> error_;
};

class Database {
public:
    enum class Mode {
        OpenExisting,
        CreateIfMissing,
        ReadOnly
    };

    /// Opens `path` (":memory:" for an in-memory database). Does not check the schema.
    static Result<Database> open(const std::string& path, Mode mode);

    Database() = default;
    Database(Database&& other) noexcept;
    Database& operator=(Database&& other) noexcept;
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;
    ~Database();

    Status exec(std::string_view sql);
    Result<Statement> prepare(std::string_view sql) const;
    std::int64_t lastInsertId() const;
    int changes() const;
    const std::string& path() const { return path_; }
    sqlite3* handle() const { return db_; }

    Result<int> userVersion() const;
    Status setUserVersion(int version);

    /// Copies the whole database to `target` with SQLite's online backup API.
    Status backupTo(const std::string& target) const;

private:
    sqlite3* db_ = nullptr;
    std::string path_;
};

/// BEGIN IMMEDIATE on construction, ROLLBACK on destruction unless commit() succeeded. Opened
/// inside another Transaction it is a savepoint instead (see database.cpp).
class Transaction {
public:
    explicit Transaction(Database& db);
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    const Status& begun() const { return begun_; }
    Status commit();

private:
    Database& db_;
    bool nested_ = false;  // inside another Transaction: a savepoint, released on commit
    Status begun_;
    bool done_ = false;
};

/// An Error of kind Sql carrying SQLite's message.
Error sqlError(sqlite3* db, std::string_view what);

}  // namespace deck
