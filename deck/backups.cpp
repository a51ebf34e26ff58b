#include "deck/backups.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <numeric>

#include "deck/database.h"

namespace deck {

namespace fs = std::filesystem;

namespace {

constexpr const char* kPrefix = "infracards-";
constexpr const char* kRegularSuffix = "Z.sqlite";
constexpr const char* kBeforeRestoreSuffix = "Z-before-restore.sqlite";
constexpr std::int64_t kMsPerDay = 86400LL * 1000;

std::int64_t floorDiv(std::int64_t a, std::int64_t b)
{
    const std::int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

/// Local day number (days since 1970-01-01 in the caller's offset).
std::int64_t localDay(std::int64_t unixMs, int utcOffsetSeconds)
{
    return floorDiv(unixMs + utcOffsetSeconds * 1000LL, kMsPerDay);
}

/// Weeks start on Monday. Day 0 (1970-01-01) was a Thursday, so day -3 was a Monday.
std::int64_t weekOfDay(std::int64_t day) { return floorDiv(day + 3, 7); }

/// Months since year 0 (year * 12 + month - 1).
std::int64_t monthOfDay(std::int64_t day)
{
    using namespace std::chrono;
    const year_month_day ymd{sys_days{days{day}}};
    return static_cast<std::int64_t>(static_cast<int>(ymd.year())) * 12
         + static_cast<unsigned>(ymd.month()) - 1;
}

bool endsWith(const std::string& s, const std::string& suffix)
{
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

/// A read-only connection and a count(*) of one table; nullopt when it cannot be read.
std::optional<int> countRows(const Database& db, const char* table)
{
    auto st = db.prepare(std::string("SELECT count(*) FROM ") + table);
    if (!st || !st->step())
        return std::nullopt;
    return st->int32(0);
}

void removeSqliteFiles(const std::string& path)
{
    std::error_code ec;
    for (const char* suffix : {"", "-wal", "-shm", "-journal"})
        fs::remove(path + suffix, ec);
}

/// Backups carry no -wal of their own: switch the copy to rollback-journal mode so opening it
/// read-only later leaves no -wal/-shm files in the backup folder.
Status useRollbackJournal(const std::string& path)
{
    auto db = Database::open(path, Database::Mode::OpenExisting);
    if (!db)
        return db.error();
    return db->exec("PRAGMA journal_mode = DELETE");
}

/// Copies the bytes of a file SQLite could not read, with its -wal when there is one, so the
/// pair can still be opened (or examined) later.
Status copyRaw(const std::string& from, const std::string& to)
{
    std::error_code ec;
    fs::copy_file(from, to, fs::copy_options::overwrite_existing, ec);
    if (ec)
        return Error{ErrorKind::FileUnreadable, "cannot copy the collection: " + ec.message(), from, 0};
    if (fs::exists(from + "-wal", ec)) {
        fs::copy_file(from + "-wal", to + "-wal", fs::copy_options::overwrite_existing, ec);
        if (ec)
            return Error{ErrorKind::FileUnreadable, "cannot copy the -wal file: " + ec.message(), from, 0};
    }
    return Ok{};
}

} // namespace

bool shouldBackup(std::int64_t lastBackupMs, std::int64_t nowMs, std::int64_t intervalMs)
{
    if (lastBackupMs <= 0 || nowMs < lastBackupMs)
        return true;
    return nowMs - lastBackupMs >= intervalMs;
}

std::vector<bool> rotationKeeps(const std::vector<std::int64_t>& timesMs, std::int64_t nowMs,
                                const RotationLimits& limits)
{
    std::vector<std::size_t> order(timesMs.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return timesMs[a] > timesMs[b]; });

    std::vector<bool> keep(timesMs.size(), false);
    int daily = limits.daily, weekly = limits.weekly, monthly = limits.monthly;
    // Periods of the oldest copy kept so far; a new daily/weekly/monthly copy must be older.
    // The tiers follow each other: weekly copies start where the daily ones run out, monthly
    // ones where the weekly ones do, so the copies reach back 12 days + 10 weeks + 9 months.
    constexpr std::int64_t kNone = std::numeric_limits<std::int64_t>::max();
    std::int64_t lastDay = kNone, lastWeek = kNone, lastMonth = kNone;
    for (std::size_t i : order) {
        const std::int64_t t = timesMs[i];
        const std::int64_t day = localDay(t, limits.utcOffsetSeconds);
        const std::int64_t week = weekOfDay(day);
        const std::int64_t month = monthOfDay(day);
        bool kept = false;
        if (nowMs - t < limits.recentMs) {
            kept = true;
        } else if (daily > 0 && day < lastDay) {
            kept = true;
            --daily;
        } else if (daily == 0 && weekly > 0 && week < lastWeek) {
            kept = true;
            --weekly;
        } else if (daily == 0 && weekly == 0 && monthly > 0 && month < lastMonth) {
            kept = true;
            --monthly;
        }
        if (kept) {
            keep[i] = true;
            lastDay = std::min(lastDay, day);
            lastWeek = std::min(lastWeek, week);
            lastMonth = std::min(lastMonth, month);
        }
    }
    return keep;
}

std::string backupFileName(std::int64_t unixMs, BackupKind kind)
{
    using namespace std::chrono;
    const std::int64_t day = floorDiv(unixMs, kMsPerDay);
    const std::int64_t msOfDay = unixMs - day * kMsPerDay;
    const year_month_day ymd{sys_days{days{day}}};
    char buf[64];
    std::snprintf(buf, sizeof buf, "%s%04d-%02u-%02uT%02d-%02d-%02d-%03d%s", kPrefix,
                  static_cast<int>(ymd.year()), static_cast<unsigned>(ymd.month()),
                  static_cast<unsigned>(ymd.day()), static_cast<int>(msOfDay / 3600000),
                  static_cast<int>(msOfDay / 60000 % 60), static_cast<int>(msOfDay / 1000 % 60),
                  static_cast<int>(msOfDay % 1000),
                  kind == BackupKind::Regular ? kRegularSuffix : kBeforeRestoreSuffix);
    return buf;
}

std::optional<ParsedBackupName> parseBackupFileName(const std::string& name)
{
    ParsedBackupName parsed;
    if (endsWith(name, kBeforeRestoreSuffix))
        parsed.kind = BackupKind::BeforeRestore;
    else if (endsWith(name, kRegularSuffix))
        parsed.kind = BackupKind::Regular;
    else
        return std::nullopt;
    int y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0, ms = 0;
    char z = 0;
    if (std::sscanf(name.c_str(), "infracards-%4d-%2d-%2dT%2d-%2d-%2d-%3d%c", &y, &mo, &d, &h, &mi,
                    &s, &ms, &z) != 8 || z != 'Z')
        return std::nullopt;
    using namespace std::chrono;
    const year_month_day ymd{year{y}, month{static_cast<unsigned>(mo)}, day{static_cast<unsigned>(d)}};
    if (!ymd.ok() || h > 23 || mi > 59 || s > 59 || h < 0 || mi < 0 || s < 0 || ms < 0)
        return std::nullopt;
    const std::int64_t dayNumber = sys_days{ymd}.time_since_epoch().count();
    parsed.unixMs = dayNumber * kMsPerDay + (h * 3600LL + mi * 60LL + s) * 1000 + ms;
    // Only the exact form we write: "2026-1-2..." or extra characters are someone else's file.
    if (backupFileName(parsed.unixMs, parsed.kind) != name)
        return std::nullopt;
    return parsed;
}

Result<std::string> createBackup(const Collection& collection, const std::string& folder,
                                 std::int64_t nowMs, BackupKind kind)
{
    std::error_code ec;
    fs::create_directories(folder, ec);
    if (ec)
        return Error{ErrorKind::FileUnreadable, "cannot create the backup folder: " + ec.message(), folder, 0};
    const std::string target = (fs::path(folder) / backupFileName(nowMs, kind)).string();
    if (fs::exists(target, ec))
        return Error{ErrorKind::Conflict, "a backup with this time stamp already exists", target, 0};
    const std::string partial = target + ".partial";
    removeSqliteFiles(partial);  // left over from a crash during an earlier backup
    if (auto s = collection.backupTo(partial); !s.ok()) {
        removeSqliteFiles(partial);
        return s.error();
    }
    if (auto s = useRollbackJournal(partial); !s.ok()) {
        removeSqliteFiles(partial);
        return s.error();
    }
    fs::rename(partial, target, ec);
    if (ec) {
        removeSqliteFiles(partial);
        return Error{ErrorKind::FileUnreadable, "cannot name the backup: " + ec.message(), target, 0};
    }
    return target;
}

Result<std::vector<BackupInfo>> listBackups(const std::string& folder)
{
    std::vector<BackupInfo> out;
    std::error_code ec;
    if (!fs::exists(folder, ec))
        return out;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        if (!it->is_regular_file(ec))
            continue;
        auto parsed = parseBackupFileName(it->path().filename().string());
        if (!parsed)
            continue;
        BackupInfo info;
        info.path = it->path().string();
        info.createdAtMs = parsed->unixMs;
        info.kind = parsed->kind;
        info.bytes = it->file_size(ec);
        if (auto db = Database::open(info.path, Database::Mode::ReadOnly)) {
            info.cards = countRows(*db, "cards");
            info.reviews = countRows(*db, "review_log");
        }
        out.push_back(std::move(info));
    }
    if (ec)
        return Error{ErrorKind::FileUnreadable, "cannot list the backup folder: " + ec.message(), folder, 0};
    std::sort(out.begin(), out.end(), [](const BackupInfo& a, const BackupInfo& b) {
        return a.createdAtMs != b.createdAtMs ? a.createdAtMs > b.createdAtMs : a.path > b.path;
    });
    return out;
}

Result<std::vector<std::string>> rotateBackups(const std::string& folder, std::int64_t nowMs,
                                               const RotationLimits& limits)
{
    std::vector<std::string> paths;
    std::vector<std::int64_t> times;
    std::error_code ec;
    if (!fs::exists(folder, ec))
        return paths;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        auto parsed = parseBackupFileName(it->path().filename().string());
        if (parsed && parsed->kind == BackupKind::Regular && it->is_regular_file(ec)) {
            paths.push_back(it->path().string());
            times.push_back(parsed->unixMs);
        }
    }
    if (ec)
        return Error{ErrorKind::FileUnreadable, "cannot list the backup folder: " + ec.message(), folder, 0};
    const auto keep = rotationKeeps(times, nowMs, limits);
    std::vector<std::string> removed;
    for (std::size_t i = 0; i < paths.size(); ++i) {
        if (keep[i])
            continue;
        if (!fs::remove(paths[i], ec) || ec)
            return Error{ErrorKind::FileUnreadable, "cannot delete an old backup: " + ec.message(), paths[i], 0};
        removed.push_back(paths[i]);
    }
    std::sort(removed.begin(), removed.end());
    return removed;
}

Status checkIntegrity(const std::string& path)
{
    std::error_code ec;
    if (!fs::is_regular_file(path, ec))
        return Error{ErrorKind::FileMissing, "no such file", path, 0};
    {
        std::ifstream in(path, std::ios::binary);
        char header[16] = {};
        in.read(header, sizeof header);
        if (in.gcount() != 16 || std::string(header, 16) != std::string("SQLite format 3\0", 16))
            return Error{ErrorKind::NotADatabase, "not an SQLite file", path, 0};
    }
    auto db = Database::open(path, Database::Mode::ReadOnly);
    if (!db)
        return db.error();
    auto st = db->prepare("PRAGMA integrity_check");
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
    auto ours = db->prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'cards'");
    if (!ours || !ours->step() || ours->int64(0) != 1)
        return Error{ErrorKind::NotADatabase, "an SQLite file but not an InfraCards collection", path, 0};
    return Ok{};
}

Result<BackupInfo> newestGoodBackup(const std::string& folder)
{
    auto all = listBackups(folder);
    if (!all)
        return all.error();
    for (const auto& b : *all) {
        if (checkIntegrity(b.path).ok())
            return b;
    }
    return Error{ErrorKind::NotFound, "no backup passes the integrity check", folder, 0};
}

Result<RestoreReport> restoreBackup(const std::string& collectionPath, const std::string& backupPath,
                                    const std::string& backupFolder, std::int64_t nowMs)
{
    std::error_code ec;
    if (fs::exists(collectionPath, ec) && fs::equivalent(collectionPath, backupPath, ec))
        return Error{ErrorKind::InvalidInput, "the backup is the collection itself", backupPath, 0};
    if (auto s = checkIntegrity(backupPath); !s.ok())
        return s.error();
    fs::create_directories(backupFolder, ec);
    if (ec)
        return Error{ErrorKind::FileUnreadable, "cannot create the backup folder: " + ec.message(), backupFolder, 0};

    // 1. Keep what is about to be replaced. SQLite's view of it (with its -wal applied) when it
    //    can be read; its raw bytes otherwise.
    RestoreReport report;
    if (fs::exists(collectionPath, ec)) {
        const std::string kept = (fs::path(backupFolder) / backupFileName(nowMs, BackupKind::BeforeRestore)).string();
        if (fs::exists(kept, ec))
            return Error{ErrorKind::Conflict, "a before-restore copy with this time stamp exists", kept, 0};
        const std::string partial = kept + ".partial";
        removeSqliteFiles(partial);
        bool viaSqlite = false;
        if (auto current = Database::open(collectionPath, Database::Mode::OpenExisting)) {
            viaSqlite = current->backupTo(partial).ok() && useRollbackJournal(partial).ok()
                     && checkIntegrity(partial).ok();
        }
        if (viaSqlite) {
            fs::rename(partial, kept, ec);
            if (ec)
                return Error{ErrorKind::FileUnreadable, "cannot name the before-restore copy: " + ec.message(), kept, 0};
        } else {
            removeSqliteFiles(partial);
            if (auto s = copyRaw(collectionPath, kept); !s.ok())
                return s.error();
            report.keptCopyIsRaw = true;
        }
        report.keptCopy = kept;
    }

    // 2. Write the backup into the collection through SQLite, so the collection's -wal and
    //    -shm stay consistent with its main file.
    auto source = Database::open(backupPath, Database::Mode::ReadOnly);
    if (!source)
        return source.error();
    bool written = false;
    if (fs::exists(collectionPath, ec) && source->backupTo(collectionPath).ok()) {
        if (auto dest = Database::open(collectionPath, Database::Mode::OpenExisting))
            written = dest->exec("PRAGMA wal_checkpoint(TRUNCATE)").ok();
        written = written && checkIntegrity(collectionPath).ok();
    }
    if (!written) {
        // Missing, or too damaged to take a backup: start from an empty file, and remove its
        // -wal too, or SQLite would replay the old log onto the restored pages.
        removeSqliteFiles(collectionPath);
        if (auto s = source->backupTo(collectionPath); !s.ok())
            return s.error();
    }
    if (auto s = checkIntegrity(collectionPath); !s.ok())
        return s.error();
    return report;
}

} // namespace deck
