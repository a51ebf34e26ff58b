#include "deck/backups.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <memory>
#include <numeric>
#include <vector>

#include <zstd.h>

#include "deck/storage/database.h"

namespace deck {

namespace fs = std::filesystem;

namespace {

constexpr const char* kPrefix = "infracards-";
constexpr const char* kRegularSuffix = "Z.sqlite";
constexpr const char* kBeforeRestoreSuffix = "Z-before-restore.sqlite";
constexpr const char* kCompressedExtension = ".zst";
/// A backup never inflates past this (the collection's own limit is far below).
constexpr std::uintmax_t kMaxInflatedBytes = 64ULL << 30;
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
std::int64_t weekOfDay(std::int64_t day)
{
    return floorDiv(day + 3, 7);
}

/// Months since year 0 (year * 12 + month - 1).
std::int64_t monthOfDay(std::int64_t day)
{
    using namespace std::chrono;
    const year_month_day ymd{sys_days{days{day}}};
    return static_cast<std::int64_t>(static_cast<int>(ymd.year())) * 12 + static_cast<unsigned>(ymd.month())
           - 1;
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

bool isCompressedPath(const std::string& path)
{
    return endsWith(path, kCompressedExtension);
}

/// zstd-compresses the file `from` into `to` (streaming, level 3).
Status compressFile(const std::string& from, const std::string& to)
{
    std::ifstream in(from, std::ios::binary);
    std::ofstream out(to, std::ios::binary | std::ios::trunc);
    if (!in)
        return Error{ErrorKind::FileUnreadable, "cannot read the copy to compress", from, 0};
    if (!out)
        return Error{ErrorKind::FileUnreadable, "cannot write the compressed backup", to, 0};
    std::unique_ptr<ZSTD_CCtx, std::size_t (*)(ZSTD_CCtx*)> cctx(ZSTD_createCCtx(), ZSTD_freeCCtx);
    if (!cctx)
        return Error{ErrorKind::Sql, "cannot start the zstd compressor", to, 0};
    ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_compressionLevel, 3);
    ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_checksumFlag, 1);
    std::vector<char> inBuf(ZSTD_CStreamInSize()), outBuf(ZSTD_CStreamOutSize());
    bool last = false;
    while (!last) {
        in.read(inBuf.data(), static_cast<std::streamsize>(inBuf.size()));
        const std::size_t got = static_cast<std::size_t>(in.gcount());
        if (in.bad())
            return Error{ErrorKind::FileUnreadable, "reading the copy failed", from, 0};
        last = got < inBuf.size();
        ZSTD_inBuffer input{inBuf.data(), got, 0};
        const ZSTD_EndDirective mode = last ? ZSTD_e_end : ZSTD_e_continue;
        bool finished = false;
        while (!finished) {
            ZSTD_outBuffer output{outBuf.data(), outBuf.size(), 0};
            const std::size_t remaining = ZSTD_compressStream2(cctx.get(), &output, &input, mode);
            if (ZSTD_isError(remaining))
                return Error{ErrorKind::Sql, std::string("zstd: ") + ZSTD_getErrorName(remaining), to, 0};
            out.write(outBuf.data(), static_cast<std::streamsize>(output.pos));
            finished = last ? remaining == 0 : input.pos == input.size;
        }
    }
    out.flush();
    if (!out)
        return Error{ErrorKind::FileUnreadable, "writing the compressed backup failed", to, 0};
    return Ok{};
}

/// Inflates the zstd file `from` into `to`; a truncated or corrupt file (zstd's own checksum)
/// is an error naming `from`.
Status decompressFile(const std::string& from, const std::string& to)
{
    std::ifstream in(from, std::ios::binary);
    std::ofstream out(to, std::ios::binary | std::ios::trunc);
    if (!in)
        return Error{ErrorKind::FileMissing, "cannot read the backup", from, 0};
    if (!out)
        return Error{ErrorKind::FileUnreadable, "cannot write the decompressed backup", to, 0};
    std::unique_ptr<ZSTD_DCtx, std::size_t (*)(ZSTD_DCtx*)> dctx(ZSTD_createDCtx(), ZSTD_freeDCtx);
    if (!dctx)
        return Error{ErrorKind::Sql, "cannot start the zstd decoder", from, 0};
    std::vector<char> inBuf(ZSTD_DStreamInSize()), outBuf(ZSTD_DStreamOutSize());
    std::size_t pending = 1;  // zstd's hint: 0 once a frame is complete
    std::uintmax_t written = 0;
    bool any = false;
    while (true) {
        in.read(inBuf.data(), static_cast<std::streamsize>(inBuf.size()));
        const std::size_t got = static_cast<std::size_t>(in.gcount());
        if (got == 0)
            break;
        any = true;
        ZSTD_inBuffer input{inBuf.data(), got, 0};
        while (input.pos < input.size) {
            ZSTD_outBuffer output{outBuf.data(), outBuf.size(), 0};
            pending = ZSTD_decompressStream(dctx.get(), &output, &input);
            if (ZSTD_isError(pending))
                return Error{ErrorKind::IntegrityFailed,
                             std::string("the compressed backup is damaged: ") + ZSTD_getErrorName(pending),
                             from, 0};
            out.write(outBuf.data(), static_cast<std::streamsize>(output.pos));
            written += output.pos;
            if (written > kMaxInflatedBytes)
                return Error{ErrorKind::IntegrityFailed, "the compressed backup inflates past 64 GiB", from,
                             0};
        }
    }
    if (!any || pending != 0)
        return Error{ErrorKind::IntegrityFailed, "the compressed backup ends early", from, 0};
    out.flush();
    if (!out)
        return Error{ErrorKind::FileUnreadable, "writing the decompressed backup failed", to, 0};
    return Ok{};
}

/// A backup's SQLite file: the path itself, or a temporary inflated copy of a ".zst" removed
/// when this goes out of scope.
class PlainCopy {
public:
    explicit PlainCopy(const std::string& backup) : backup_(backup)
    {
        if (!isCompressedPath(backup)) {
            path_ = backup;
            return;
        }
        temp_ = backup + ".inflated";
        removeSqliteFiles(temp_);
        status_ = decompressFile(backup, temp_);
        path_ = temp_;
    }
    ~PlainCopy()
    {
        if (!temp_.empty())
            removeSqliteFiles(temp_);
    }
    PlainCopy(const PlainCopy&) = delete;
    PlainCopy& operator=(const PlainCopy&) = delete;
    const Status& status() const { return status_; }
    const std::string& path() const { return path_; }

private:
    std::string backup_, path_, temp_;
    Status status_ = Ok{};
};

}  // namespace

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

std::string backupFileName(std::int64_t unixMs, BackupKind kind, bool compressed)
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
    return compressed ? std::string(buf) + kCompressedExtension : std::string(buf);
}

std::optional<ParsedBackupName> parseBackupFileName(const std::string& name)
{
    ParsedBackupName parsed;
    parsed.compressed = endsWith(name, kCompressedExtension);
    const std::string base =
        parsed.compressed ? name.substr(0, name.size() - std::strlen(kCompressedExtension)) : name;
    if (endsWith(base, kBeforeRestoreSuffix))
        parsed.kind = BackupKind::BeforeRestore;
    else if (endsWith(base, kRegularSuffix))
        parsed.kind = BackupKind::Regular;
    else
        return std::nullopt;
    int y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0, ms = 0;
    char z = 0;
    if (std::sscanf(base.c_str(), "infracards-%4d-%2d-%2dT%2d-%2d-%2d-%3d%c", &y, &mo, &d, &h, &mi, &s, &ms,
                    &z)
            != 8
        || z != 'Z')
        return std::nullopt;
    using namespace std::chrono;
    const year_month_day ymd{year{y}, month{static_cast<unsigned>(mo)}, day{static_cast<unsigned>(d)}};
    if (!ymd.ok() || h > 23 || mi > 59 || s > 59 || h < 0 || mi < 0 || s < 0 || ms < 0)
        return std::nullopt;
    const std::int64_t dayNumber = sys_days{ymd}.time_since_epoch().count();
    parsed.unixMs = dayNumber * kMsPerDay + (h * 3600LL + mi * 60LL + s) * 1000 + ms;
    // Only the exact form we write: "2026-1-2..." or extra characters are someone else's file.
    if (backupFileName(parsed.unixMs, parsed.kind, parsed.compressed) != name)
        return std::nullopt;
    return parsed;
}

Result<std::string> createBackup(const Collection& collection, const std::string& folder, std::int64_t nowMs,
                                 BackupKind kind)
{
    std::error_code ec;
    fs::create_directories(folder, ec);
    if (ec)
        return Error{ErrorKind::FileUnreadable, "cannot create the backup folder: " + ec.message(), folder,
                     0};
    const bool compress = kind == BackupKind::Regular;
    const std::string target = (fs::path(folder) / backupFileName(nowMs, kind, compress)).string();
    if (fs::exists(target, ec) || fs::exists((fs::path(folder) / backupFileName(nowMs, kind, !compress)), ec))
        return Error{ErrorKind::Conflict, "a backup with this time stamp already exists", target, 0};
    const std::string partial = (fs::path(folder) / backupFileName(nowMs, kind)).string() + ".partial";
    removeSqliteFiles(partial);  // left over from a crash during an earlier backup
    if (auto s = collection.backupTo(partial); !s.ok()) {
        removeSqliteFiles(partial);
        return s.error();
    }
    if (auto s = useRollbackJournal(partial); !s.ok()) {
        removeSqliteFiles(partial);
        return s.error();
    }
    if (compress) {
        const std::string packed = target + ".partial";
        const Status z = compressFile(partial, packed);
        removeSqliteFiles(partial);
        if (!z.ok()) {
            fs::remove(packed, ec);
            return z.error();
        }
        fs::rename(packed, target, ec);
        if (ec) {
            fs::remove(packed, ec);
            return Error{ErrorKind::FileUnreadable, "cannot name the backup: " + ec.message(), target, 0};
        }
        return target;
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
        info.compressed = parsed->compressed;
        const PlainCopy plain(info.path);
        if (plain.status().ok())
            if (auto db = Database::open(plain.path(), Database::Mode::ReadOnly)) {
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
            return Error{ErrorKind::FileUnreadable, "cannot delete an old backup: " + ec.message(), paths[i],
                         0};
        removed.push_back(paths[i]);
    }
    std::sort(removed.begin(), removed.end());
    return removed;
}

namespace {
Status checkPlainIntegrity(const std::string& path);
}  // namespace

Status checkIntegrity(const std::string& path)
{
    std::error_code ec;
    if (!fs::is_regular_file(path, ec))
        return Error{ErrorKind::FileMissing, "no such file", path, 0};
    const PlainCopy plain(path);
    if (!plain.status().ok())
        return plain.status();
    Status s = checkPlainIntegrity(plain.path());
    if (!s.ok()) {
        Error e = s.error();
        e.file = path;  // the backup the user picked, not the temporary copy
        return e;
    }
    return Ok{};
}

namespace {
Status checkPlainIntegrity(const std::string& path)
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
}  // namespace

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
    // A compressed backup is inflated beside itself, checked, and written from there.
    const PlainCopy plain(backupPath);
    if (!plain.status().ok())
        return plain.status().error();
    if (auto s = checkPlainIntegrity(plain.path()); !s.ok()) {
        Error e = s.error();
        e.file = backupPath;
        return e;
    }
    fs::create_directories(backupFolder, ec);
    if (ec)
        return Error{ErrorKind::FileUnreadable, "cannot create the backup folder: " + ec.message(),
                     backupFolder, 0};

    // 1. Keep what is about to be replaced. SQLite's view of it (with its -wal applied) when it
    //    can be read; its raw bytes otherwise.
    RestoreReport report;
    if (fs::exists(collectionPath, ec)) {
        const std::string kept =
            (fs::path(backupFolder) / backupFileName(nowMs, BackupKind::BeforeRestore)).string();
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
                return Error{ErrorKind::FileUnreadable,
                             "cannot name the before-restore copy: " + ec.message(), kept, 0};
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
    auto source = Database::open(plain.path(), Database::Mode::ReadOnly);
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

}  // namespace deck
