#include "deck/collection.h"
#include "deck/storage/database.h"

#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "deck/card_rows.h"
#include "deck/collection_impl.h"
#include "deck/storage/schema.h"
#include "scheduler/day.h"

namespace deck {

namespace fs = std::filesystem;

namespace {

/// SQLite files start with this 16-byte header.
bool looksLikeSqlite(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    char header[16] = {};
    in.read(header, sizeof header);
    return in.gcount() == 16 && std::string(header, 16) == std::string("SQLite format 3\0", 16);
}

}  // namespace

Collection::Collection(Database db) : impl_(std::make_unique<Impl>())
{
    impl_->db = std::move(db);
}
Collection::Collection(Collection&&) noexcept = default;
Collection& Collection::operator=(Collection&&) noexcept = default;
Collection::~Collection() = default;

const std::string& Collection::path() const
{
    return impl_->db.path();
}
Database& Collection::database()
{
    return impl_->db;
}

Result<Collection> Collection::open(const std::string& path, const OpenOptions& options)
{
    const bool memory = path == ":memory:";
    if (!memory) {
        std::error_code ec;
        if (!fs::exists(path, ec)) {
            if (!options.createIfMissing)
                return Error{ErrorKind::FileMissing, "the collection file does not exist", path, 0};
        } else {
            if (fs::is_directory(path, ec))
                return Error{ErrorKind::FileUnreadable, "this is a folder, not a collection file", path, 0};
            std::ifstream probe(path, std::ios::binary);
            if (!probe)
                return Error{ErrorKind::FileUnreadable, "the collection file cannot be read (permissions?)",
                             path, 0};
            // SQLite would take an empty file for a new database; here it is far more likely a
            // collection that was truncated or lost, which must not be hidden behind a fresh one.
            if (fs::file_size(path, ec) == 0 && !ec)
                return Error{ErrorKind::NotADatabase,
                             "the collection file is empty (0 bytes): truncated or lost? Restore a backup, "
                             "or remove the file to start a new collection",
                             path, 0};
            if (!looksLikeSqlite(path))
                return Error{ErrorKind::NotADatabase, "the file is not an SQLite database", path, 0};
        }
    }
    // A file or folder this user cannot write is opened for reading: study history cannot be
    // saved, but the cards can still be read and searched.
    bool readOnly = options.readOnly;
    if (!memory && !readOnly && fs::exists(path)) {
        const fs::path parent = fs::absolute(fs::path(path)).parent_path();
        if (::access(path.c_str(), W_OK) != 0 || ::access(parent.c_str(), W_OK) != 0)
            readOnly = true;
    }
    const auto mode = readOnly                  ? Database::Mode::ReadOnly
                      : options.createIfMissing ? Database::Mode::CreateIfMissing
                                                : Database::Mode::OpenExisting;
    auto db = Database::open(path, mode);
    if (!db)
        return db.error();

    if (options.quickCheck && !memory) {
        auto st = db->prepare("PRAGMA quick_check");
        if (!st) {
            Error e = st.error();
            e.kind = ErrorKind::NotADatabase;
            e.file = path;
            return e;
        }
        std::string problems;
        while (st->step()) {
            const std::string row = st->text(0);
            if (row != "ok")
                problems += (problems.empty() ? "" : "; ") + row;
        }
        if (st->error()) {
            Error e = *st->error();
            e.kind = ErrorKind::NotADatabase;
            e.file = path;
            return e;
        }
        if (!problems.empty())
            return Error{ErrorKind::IntegrityFailed, "integrity check: " + problems.substr(0, 300), path, 0};
    }
    if (!readOnly) {
        // An SQLite file with tables of its own and no schema version is someone else's
        // database (an Anki collection opened by mistake, say): never add our tables to it,
        // and do not even switch its journal mode.
        auto version = db->userVersion();
        if (!version)
            return version.error();
        // A newer program's file is refused before anything (the journal mode included) is
        // written to it.
        if (*version > kSchemaVersion)
            return Error{ErrorKind::TooNew,
                         "schema version " + std::to_string(*version) + " is newer than this program's "
                             + std::to_string(kSchemaVersion) + "; update InfraCards to open it",
                         path, 0};
        if (*version == 0) {
            auto foreign = db->prepare("SELECT count(*) FROM sqlite_master");
            if (!foreign || !foreign->step() || foreign->int64(0) != 0)
                return Error{ErrorKind::NotADatabase,
                             "the file is an SQLite database but not an InfraCards collection", path, 0};
        }
        // synchronous = FULL: an acknowledged answer survives a power cut, not only a crash.
        // Reads go through a memory map (up to 2 GiB of address space; only pages read take memory) and a 32 MiB page cache: at 100,000 cards
        // the queue and browse queries were mostly read() system calls (bench/README.md).
        if (auto s = db->exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; "
                              "PRAGMA foreign_keys = ON; PRAGMA mmap_size = 2147483648; "
                              "PRAGMA cache_size = -32768;");
            !s.ok()) {
            Error e = s.error();
            e.kind = ErrorKind::NotADatabase;
            return e;
        }
        if (auto s = migrate(*db); !s.ok())
            return s.error();
    } else {
        auto v = db->userVersion();
        if (!v)
            return v.error();
        if (*v > kSchemaVersion)
            return Error{ErrorKind::TooNew, "written by a newer version of InfraCards", path, 0};
        if (*v < 1)
            return Error{ErrorKind::NotADatabase, "the file holds no InfraCards collection", path, 0};
        if (*v < kSchemaVersion && !options.readOnly)
            return Error{ErrorKind::FileUnreadable,
                         "the collection needs an upgrade to schema version " + std::to_string(kSchemaVersion)
                             + ", and this user cannot write the file or its folder",
                         path, 0};
    }
    // A non-empty SQLite file that is not ours (no cards table) is refused, not written into.
    auto check = db->prepare("SELECT count(*) FROM sqlite_master WHERE name = 'cards'");
    if (!check || !check->step() || check->int64(0) != 1)
        return Error{ErrorKind::NotADatabase,
                     "the file is an SQLite database but not an InfraCards collection", path, 0};
    Collection c(std::move(db).value());
    c.impl_->readOnly = readOnly;
    return c;
}

bool Collection::readOnly() const
{
    return impl_->readOnly;
}

// --- settings --------------------------------------------------------------------------------

Result<CollectionConfig> Collection::config() const
{
    CollectionConfig c;
    auto st = impl_->db.prepare("SELECT key, value FROM meta WHERE key LIKE 'config.%'");
    if (!st)
        return st.error();
    while (st->step()) {
        const std::string key = st->text(0);
        const int value = std::atoi(st->text(1).c_str());
        if (key == "config.new_per_day")
            c.newPerDay = value;
        else if (key == "config.max_reviews_per_day")
            c.maxReviewsPerDay = value;
        else if (key == "config.learning_path_order")
            c.learningPathOrder = value != 0;
        else if (key == "config.rollover_hour")
            c.rolloverHour = value;
        else if (key == "config.scheduler")
            c.scheduler = st->text(1);
        else if (key == "config.desired_retention_percent")
            c.desiredRetentionPercent = value;
    }
    if (st->error())
        return *st->error();
    return c;
}

Status Collection::setConfig(const CollectionConfig& c)
{
    if (c.newPerDay < 0 || c.newPerDay > 9999 || c.maxReviewsPerDay < 0 || c.maxReviewsPerDay > 99999
        || c.rolloverHour < 0 || c.rolloverHour > 23
        || (c.scheduler != "sm2-classic" && c.scheduler != "fsrs-6") || c.desiredRetentionPercent < 70
        || c.desiredRetentionPercent > 97)
        return Error{ErrorKind::InvalidInput,
                     "new cards 0-9999, reviews 0-99999, rollover hour 0-23, scheduler sm2-classic "
                     "or fsrs-6, desired retention 70-97 %",
                     {},
                     0};
    Transaction tx(impl_->db);
    if (!tx.begun().ok())
        return tx.begun();
    auto st = impl_->db.prepare("INSERT INTO meta (key, value) VALUES (?1, ?2) "
                                "ON CONFLICT (key) DO UPDATE SET value = excluded.value");
    if (!st)
        return st.error();
    const std::pair<const char*, int> values[] = {
        {"config.new_per_day", c.newPerDay},
        {"config.max_reviews_per_day", c.maxReviewsPerDay},
        {"config.learning_path_order", c.learningPathOrder ? 1 : 0},
        {"config.rollover_hour", c.rolloverHour},
    };
    for (const auto& [key, value] : values) {
        st->reset();
        if (auto s = st->bind(1, key).bind(2, std::to_string(value)).run(); !s.ok())
            return s;
    }
    st->reset();
    if (auto s = st->bind(1, "config.scheduler").bind(2, c.scheduler).run(); !s.ok())
        return s;
    st->reset();
    if (auto s = st->bind(1, "config.desired_retention_percent")
                     .bind(2, std::to_string(c.desiredRetentionPercent))
                     .run();
        !s.ok())
        return s;
    return tx.commit();
}

scheduler::Day Collection::today(const Now& now) const
{
    auto c = config();
    const int rollover = c ? c->rolloverHour : 4;
    return scheduler::studyDay(now.unixMs / 1000, {now.utcOffsetSeconds, rollover});
}

Status Collection::backupTo(const std::string& target) const
{
    return impl_->db.backupTo(target);
}

}  // namespace deck
