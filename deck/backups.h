#pragma once
// Automatic backups of the collection: when to make one, where it goes, which ones to keep,
// and how to put one back. Backups are whole SQLite files written with the online backup API
// (Collection::backupTo), never by copying a file that may be in the middle of a write.
//
// A backup folder holds files named for the UTC instant they were made:
//   infracards-2026-11-29T10-00-00-000Z.sqlite                 (regular: periodic or on close)
//   infracards-2026-11-29T10-00-00-000Z-before-restore.sqlite  (what a restore replaced)
// Other files in the folder are ignored. All times are Unix milliseconds; the caller passes
// them in, so every decision here can be tested with generated clocks.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "deck/collection.h"
#include "deck/error.h"

namespace deck {

/// At most one periodic backup per 30 minutes of use (the figure Anki uses by default).
inline constexpr std::int64_t kBackupIntervalMs = 30LL * 60 * 1000;

/// True when a periodic backup is due: none made yet (`lastBackupMs` <= 0), `intervalMs` or
/// more since the last one, or a clock that went backwards (the last time cannot be trusted).
/// A backup on close is always made; the caller does not ask this function for it.
bool shouldBackup(std::int64_t lastBackupMs, std::int64_t nowMs, std::int64_t intervalMs = kBackupIntervalMs);

enum class BackupKind {
    Regular,
    BeforeRestore
};

/// How many copies survive a rotation. Anki keeps 12 daily, 10 weekly and 9 monthly backups
/// (Anki manual, "Backups"); the recent window is ours: every backup of the last 24 hours.
struct RotationLimits {
    std::int64_t recentMs = 24LL * 3600 * 1000;
    int daily = 12;
    int weekly = 10;
    int monthly = 9;
    int utcOffsetSeconds = 0;  ///< Days, weeks (Monday first) and months are local ones.
};

/// Which of `timesMs` (backup instants, any order) a rotation keeps at `nowMs`, index for index.
/// Going from the newest to the oldest: a backup younger than `recentMs` is kept; otherwise
/// it is kept as a daily copy when it is on an earlier day than every copy kept so far and
/// daily copies remain; once the daily copies are used up, as a weekly copy on an earlier week;
/// once those are used up, as a monthly copy on an earlier month. Each kept daily, weekly or
/// monthly copy is thus the newest backup of its period, and the tiers do not overlap.
std::vector<bool> rotationKeeps(const std::vector<std::int64_t>& timesMs, std::int64_t nowMs,
                                const RotationLimits& limits = {});

/// The file name for a backup made at `unixMs`, e.g. "infracards-2026-11-29T10-00-00-000Z.sqlite",
/// with ".zst" after it when `compressed` (zstd; what createBackup writes for regular backups).
std::string backupFileName(std::int64_t unixMs, BackupKind kind = BackupKind::Regular,
                           bool compressed = false);

/// The instant and kind a backup file name encodes; nullopt for any other name.
struct ParsedBackupName {
    std::int64_t unixMs = 0;
    BackupKind kind = BackupKind::Regular;
    bool compressed = false;
};
std::optional<ParsedBackupName> parseBackupFileName(const std::string& fileName);

struct BackupInfo {
    std::string path;
    std::int64_t createdAtMs = 0;  ///< From the file name (UTC).
    BackupKind kind = BackupKind::Regular;
    std::uintmax_t bytes = 0;  ///< The file's size on disk (compressed, for a .zst backup).
    bool compressed = false;
    std::optional<int> cards;    ///< nullopt when the file could not be read.
    std::optional<int> reviews;  ///< Review-log rows.
};

/// Writes a backup of `collection` into `folder` (created when missing) and returns its path.
/// The copy is written under a temporary name and renamed when complete, so a crash during a
/// backup never leaves a half file that looks like a backup. A regular backup is compressed
/// with zstd level 3 (".sqlite.zst"; the built-in deck's 16.7 MB collection becomes 8.5 MB, its
/// full-text index compressing least); a before-restore copy is a plain SQLite file.
Result<std::string> createBackup(const Collection& collection, const std::string& folder, std::int64_t nowMs,
                                 BackupKind kind = BackupKind::Regular);

/// The backups in `folder`, newest first, each opened read-only for its card and review counts.
/// A folder that does not exist holds no backups.
Result<std::vector<BackupInfo>> listBackups(const std::string& folder);

/// Deletes the regular backups that rotationKeeps() drops; before-restore copies are never
/// deleted here. Returns the paths removed.
Result<std::vector<std::string>> rotateBackups(const std::string& folder, std::int64_t nowMs,
                                               const RotationLimits& limits = {});

/// Runs PRAGMA integrity_check on `path` (read-only; a ".zst" backup is decompressed into a
/// temporary file beside it first); an Error says why it is not good.
Status checkIntegrity(const std::string& path);

/// The newest backup in `folder` that opens and passes PRAGMA integrity_check; NotFound when
/// there is none.
Result<BackupInfo> newestGoodBackup(const std::string& folder);

struct RestoreReport {
    std::string keptCopy;        ///< Where the replaced collection was saved ("" when there was none).
    bool keptCopyIsRaw = false;  ///< The replaced file was too damaged for SQLite: raw bytes kept.
};

/// Puts `backupPath` in place of the collection at `collectionPath`. The collection must be
/// closed (no Collection open on it in this process). The backup (decompressed first when it is
/// a ".zst") is checked first and refused when damaged. What is replaced is first saved in `backupFolder` as a before-restore copy
/// (with the online backup API; if SQLite cannot read it, its bytes and any -wal file are
/// copied instead), then the backup is written into the collection path with the online backup
/// API, which goes through the collection's own -wal file; a collection too damaged to take
/// that is removed together with its -wal/-shm files and written afresh.
Result<RestoreReport> restoreBackup(const std::string& collectionPath, const std::string& backupPath,
                                    const std::string& backupFolder, std::int64_t nowMs);

}  // namespace deck
