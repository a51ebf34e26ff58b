// Automatic backups: the 30-minute policy, file names, rotation (hand-computed survivors),
// listing, restore (content and the kept copy, -wal files) and the integrity path.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>

#include "deck/backups.h"
#include "deck/storage/access.h"
#include "deck/storage/database.h"
#include "test_support.h"

using namespace deck;
namespace fs = std::filesystem;

namespace {

/// Unix milliseconds of a UTC date and time, from the standard library's calendar.
std::int64_t utcMs(int y, unsigned m, unsigned d, int h = 0, int mi = 0)
{
    using namespace std::chrono;
    const sys_days day{year{y} / month{m} / ::std::chrono::day{d}};
    return (day.time_since_epoch().count() * 86400LL + h * 3600LL + mi * 60LL) * 1000;
}

constexpr std::int64_t kMinute = 60LL * 1000;

/// A collection with `n` cards (uids c0, c1, ...).
void makeCollection(const std::string& path, int n, const std::string& prefix = "c")
{
    auto c = Collection::open(path, {.createIfMissing = true});
    REQUIRE(c.ok());
    ImportPlan plan;
    plan.source = "backups test";
    for (int i = 0; i < n; ++i) {
        ImportPlan::NewCard card;
        card.content =
            testing::makeCard(prefix + std::to_string(i), "cuda", "问题 " + prefix + std::to_string(i));
        plan.newCards.push_back(card);
    }
    REQUIRE(c->applyImport(plan, testing::dayNow()).ok());
}

int countOf(const std::string& path, const char* table)
{
    auto db = Database::open(path, Database::Mode::ReadOnly);
    REQUIRE(db.ok());
    auto st = db->prepare(std::string("SELECT count(*) FROM ") + table);
    REQUIRE(st.ok());
    REQUIRE(st->step());
    return st->int32(0);
}

/// Overwrites everything after the first page with a fixed pattern, keeping the size: the
/// header still says SQLite, but the b-tree pages are garbage. A compressed backup is damaged
/// in its second half (its zstd header stays, its checksum no longer matches).
void damageAfterFirstPage(const std::string& path)
{
    const auto size = fs::file_size(path);
    if (path.ends_with(".zst")) {
        std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(static_cast<std::streamoff>(size / 2));
        const std::string junk(static_cast<std::size_t>(size - size / 2), '\x5a');
        f.write(junk.data(), static_cast<std::streamsize>(junk.size()));
        return;
    }
    REQUIRE(size > 8192);
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(4096);
    const std::string junk(static_cast<std::size_t>(size) - 4096, '\x5a');
    f.write(junk.data(), static_cast<std::streamsize>(junk.size()));
}

}  // namespace

TEST_CASE("shouldBackup: at most one periodic backup per 30 minutes", "[backups]")
{
    const std::int64_t t = utcMs(2026, 11, 29, 10, 0);
    CHECK(shouldBackup(0, t));  // never backed up
    CHECK_FALSE(shouldBackup(t, t));
    CHECK_FALSE(shouldBackup(t, t + 29 * kMinute));
    CHECK_FALSE(shouldBackup(t, t + 30 * kMinute - 1));
    CHECK(shouldBackup(t, t + 30 * kMinute));
    CHECK(shouldBackup(t, t + 600 * kMinute));
    CHECK(shouldBackup(t, t - kMinute));  // clock went backwards
    CHECK_FALSE(shouldBackup(t, t + 5 * kMinute, 10 * kMinute));
    CHECK(shouldBackup(t, t + 10 * kMinute, 10 * kMinute));
}

TEST_CASE("Backup file names carry the UTC time and parse back", "[backups]")
{
    // 1795946400123 ms = 2026-11-29 10:00:00.123 UTC (python: calendar.timegm).
    CHECK(utcMs(2026, 11, 29, 10, 0) == 1795946400000);
    CHECK(backupFileName(1795946400123) == "infracards-2026-11-29T10-00-00-123Z.sqlite");
    CHECK(backupFileName(1795946400123, BackupKind::BeforeRestore)
          == "infracards-2026-11-29T10-00-00-123Z-before-restore.sqlite");
    auto p = parseBackupFileName("infracards-2026-11-29T10-00-00-123Z.sqlite");
    REQUIRE(p);
    CHECK(p->unixMs == 1795946400123);
    CHECK(p->kind == BackupKind::Regular);
    auto q = parseBackupFileName("infracards-2026-11-29T10-00-00-123Z-before-restore.sqlite");
    REQUIRE(q);
    CHECK(q->kind == BackupKind::BeforeRestore);
    CHECK_FALSE(parseBackupFileName("collection.sqlite"));
    CHECK_FALSE(parseBackupFileName("infracards-2026-11-29T10-00-00-123Z.sqlite.partial"));
    CHECK_FALSE(parseBackupFileName("infracards-2026-02-30T10-00-00-000Z.sqlite"));  // no such day
    CHECK_FALSE(parseBackupFileName("infracards-2026-11-29T24-00-00-000Z.sqlite"));
    CHECK_FALSE(parseBackupFileName("infracards-2026-11-29T10-00-00Z.sqlite"));
}

TEST_CASE("Rotation keeps recent, daily, weekly and monthly copies (small limits)", "[backups]")
{
    // Now: Sunday 2026-11-29 10:00 UTC. Limits: 24 h recent, 3 daily, 2 weekly, 2 monthly.
    // Weeks start on Monday: 11-23, 11-16, 11-09, 11-02 are Mondays (GNU date).
    const std::int64_t now = utcMs(2026, 11, 29, 10, 0);
    struct B {
        const char* name;
        std::int64_t t;
        bool keep;
    };
    const std::vector<B> backups = {
        {"A 11-29 09:30", utcMs(2026, 11, 29, 9, 30), true},   // recent
        {"B 11-28 12:00", utcMs(2026, 11, 28, 12, 0), true},   // recent (22 h)
        {"C 11-28 09:00", utcMs(2026, 11, 28, 9, 0), false},   // 25 h: same day/week/month as B
        {"D 11-27 20:00", utcMs(2026, 11, 27, 20, 0), true},   // daily 1
        {"E 11-27 08:00", utcMs(2026, 11, 27, 8, 0), false},   // same day as D
        {"F 11-26 12:00", utcMs(2026, 11, 26, 12, 0), true},   // daily 2
        {"G 11-24 12:00", utcMs(2026, 11, 24, 12, 0), true},   // daily 3 (week of 11-23)
        {"H 11-23 12:00", utcMs(2026, 11, 23, 12, 0), false},  // dailies used up; week of G
        {"I 11-21 12:00", utcMs(2026, 11, 21, 12, 0), true},   // weekly 1 (week of 11-16)
        {"J 11-17 12:00", utcMs(2026, 11, 17, 12, 0), false},  // same week as I
        {"K 11-15 12:00", utcMs(2026, 11, 15, 12, 0), true},   // weekly 2 (week of 11-09)
        {"L 11-02 12:00", utcMs(2026, 11, 2, 12, 0), false},   // weeklies used up; November
        {"M 10-31 12:00", utcMs(2026, 10, 31, 12, 0), true},   // monthly 1
        {"N 10-01 12:00", utcMs(2026, 10, 1, 12, 0), false},   // October again
        {"O 09-15 12:00", utcMs(2026, 9, 15, 12, 0), true},    // monthly 2
        {"P 08-15 12:00", utcMs(2026, 8, 15, 12, 0), false},   // monthlies used up
    };
    // Shuffle the input order: the rotation sorts by time itself.
    std::vector<std::int64_t> times;
    std::vector<std::size_t> order = {5, 0, 15, 3, 9, 1, 12, 7, 2, 14, 4, 11, 6, 13, 8, 10};
    for (std::size_t i : order)
        times.push_back(backups[i].t);
    RotationLimits limits;
    limits.daily = 3;
    limits.weekly = 2;
    limits.monthly = 2;
    const auto keeps = rotationKeeps(times, now, limits);
    REQUIRE(keeps.size() == times.size());
    for (std::size_t k = 0; k < order.size(); ++k) {
        INFO(backups[order[k]].name);
        CHECK(keeps[k] == backups[order[k]].keep);
    }
}

TEST_CASE("Rotation counts days in local time", "[backups]")
{
    // 15:00 and 17:00 UTC on 11-27 are one UTC day, but at UTC+8 they are 23:00 on 11-27 and
    // 01:00 on 11-28: two local days.
    const std::int64_t now = utcMs(2026, 11, 29, 10, 0);
    const std::vector<std::int64_t> times = {utcMs(2026, 11, 27, 17, 0), utcMs(2026, 11, 27, 15, 0),
                                             utcMs(2026, 11, 26, 12, 0)};
    RotationLimits limits;
    limits.recentMs = 0;
    limits.daily = 2;
    limits.weekly = 0;
    limits.monthly = 0;
    CHECK(rotationKeeps(times, now, limits) == std::vector<bool>{true, false, true});
    limits.utcOffsetSeconds = 8 * 3600;
    CHECK(rotationKeeps(times, now, limits) == std::vector<bool>{true, true, false});
}

TEST_CASE("Rotation with Anki's counts over 400 days of half-hourly backups", "[backups]")
{
    // A backup every 30 minutes from 2026-11-29 10:00 UTC back 400 days (19,200 backups).
    // Expected by hand: 48 in the last 24 h (10:00 back to 11-28 10:30); 12 daily copies
    // 11-27 .. 11-16, each the day's 23:30; 10 weekly copies, the Sunday 23:30 of the weeks
    // starting 11-09 back to 09-07; 9 monthly copies, the last 23:30 of August 2026 back to
    // December 2025. 48 + 12 + 10 + 9 = 79.
    const std::int64_t now = utcMs(2026, 11, 29, 10, 0);
    std::vector<std::int64_t> times;
    for (int k = 0; k < 400 * 48; ++k)
        times.push_back(now - k * 30 * kMinute);
    const auto keeps = rotationKeeps(times, now);  // defaults: 12 daily, 10 weekly, 9 monthly
    std::set<std::int64_t> kept;
    for (std::size_t i = 0; i < times.size(); ++i)
        if (keeps[i])
            kept.insert(times[i]);

    std::set<std::int64_t> expected;
    for (int k = 0; k < 48; ++k)
        expected.insert(now - k * 30 * kMinute);
    for (unsigned d = 16; d <= 27; ++d)
        expected.insert(utcMs(2026, 11, d, 23, 30));
    for (auto [m, d] : std::vector<std::pair<unsigned, unsigned>>{
             {11, 15}, {11, 8}, {11, 1}, {10, 25}, {10, 18}, {10, 11}, {10, 4}, {9, 27}, {9, 20}, {9, 13}})
        expected.insert(utcMs(2026, m, d, 23, 30));
    for (auto [m, d] : std::vector<std::pair<unsigned, unsigned>>{
             {8, 31}, {7, 31}, {6, 30}, {5, 31}, {4, 30}, {3, 31}, {2, 28}, {1, 31}})
        expected.insert(utcMs(2026, m, d, 23, 30));
    expected.insert(utcMs(2025, 12, 31, 23, 30));
    REQUIRE(expected.size() == 79);
    CHECK(kept == expected);
    // 2025-12-31 23:30 UTC = 1767223800000 ms (python: calendar.timegm).
    CHECK(*kept.begin() == 1767223800000);
}

TEST_CASE("createBackup and listBackups: names, dates, card and review counts", "[backups]")
{
    testing::TempDir dir;
    const std::string path = dir.file("collection.sqlite");
    makeCollection(path, 3);
    const std::string folder = dir.file("backups");
    auto c = Collection::open(path);
    REQUIRE(c.ok());

    const std::int64_t t1 = utcMs(2026, 11, 29, 10, 0);
    auto first = createBackup(*c, folder, t1);
    REQUIRE(first.ok());
    CHECK(fs::path(*first).filename() == "infracards-2026-11-29T10-00-00-000Z.sqlite.zst");
    // The same instant twice is refused, not overwritten.
    auto again = createBackup(*c, folder, t1);
    REQUIRE_FALSE(again.ok());
    CHECK(again.error().kind == ErrorKind::Conflict);

    auto id = c->findByUid("c0");
    REQUIRE(id.ok());
    REQUIRE(c->answerCard(*id, scheduler::Answer::Good, testing::dayNow(), 1000).ok());
    auto second = createBackup(*c, folder, t1 + 31 * kMinute);
    REQUIRE(second.ok());
    std::ofstream(dir.file("backups/notes.txt")) << "not a backup";

    auto list = listBackups(folder);
    REQUIRE(list.ok());
    REQUIRE(list->size() == 2);
    CHECK((*list)[0].path == *second);  // newest first
    CHECK((*list)[0].createdAtMs == t1 + 31 * kMinute);
    CHECK((*list)[0].cards == 3);
    CHECK((*list)[0].reviews == 1);
    CHECK((*list)[1].createdAtMs == t1);
    CHECK((*list)[1].cards == 3);
    CHECK((*list)[1].reviews == 0);
    CHECK((*list)[1].bytes > 0);
    // Backups are plain rollback-journal files: nothing else is left in the folder.
    int files = 0;
    for (const auto& e : fs::directory_iterator(folder)) {
        (void)e;
        ++files;
    }
    CHECK(files == 3);  // two backups and notes.txt
    CHECK(checkIntegrity(*second).ok());

    auto none = listBackups(dir.file("no-such-folder"));
    REQUIRE(none.ok());
    CHECK(none->empty());
}

TEST_CASE("rotateBackups deletes what the rotation drops and spares before-restore copies", "[backups]")
{
    testing::TempDir dir;
    const std::string path = dir.file("collection.sqlite");
    makeCollection(path, 2);
    const std::string folder = dir.file("backups");
    auto c = Collection::open(path);
    REQUIRE(c.ok());
    // Daily backups at 12:00 UTC on 11-20 .. 11-28, and a before-restore copy on 11-10.
    for (unsigned d = 20; d <= 28; ++d)
        REQUIRE(createBackup(*c, folder, utcMs(2026, 11, d, 12, 0)).ok());
    REQUIRE(createBackup(*c, folder, utcMs(2026, 11, 10, 12, 0), BackupKind::BeforeRestore).ok());

    // At 11-29 10:00 with 24 h recent, 2 daily, 1 weekly, 0 monthly: 11-28 is recent; 11-27 and
    // 11-26 are the dailies (week of 11-23); 11-22 (Sunday) is the weekly copy of the week of
    // 11-16; 11-25, 11-24, 11-23, 11-21, 11-20 go.
    RotationLimits limits;
    limits.daily = 2;
    limits.weekly = 1;
    limits.monthly = 0;
    auto removed = rotateBackups(folder, utcMs(2026, 11, 29, 10, 0), limits);
    REQUIRE(removed.ok());
    std::vector<std::string> names;
    for (const auto& p : *removed)
        names.push_back(fs::path(p).filename().string());
    CHECK(names
          == std::vector<std::string>{"infracards-2026-11-20T12-00-00-000Z.sqlite.zst",
                                      "infracards-2026-11-21T12-00-00-000Z.sqlite.zst",
                                      "infracards-2026-11-23T12-00-00-000Z.sqlite.zst",
                                      "infracards-2026-11-24T12-00-00-000Z.sqlite.zst",
                                      "infracards-2026-11-25T12-00-00-000Z.sqlite.zst"});
    auto left = listBackups(folder);
    REQUIRE(left.ok());
    REQUIRE(left->size() == 5);
    CHECK(left->back().kind == BackupKind::BeforeRestore);
}

TEST_CASE("Restore puts the backup back and keeps what it replaced", "[backups]")
{
    testing::TempDir dir;
    const std::string path = dir.file("collection.sqlite");
    const std::string folder = dir.file("backups");
    makeCollection(path, 3);
    std::string backup;
    {
        auto c = Collection::open(path);
        REQUIRE(c.ok());
        auto b = createBackup(*c, folder, utcMs(2026, 11, 29, 10, 0));
        REQUIRE(b.ok());
        backup = *b;
    }
    // After the backup: two more cards and two answers, the last of them still only in the
    // -wal file when the files are copied (as after a crash: no checkpoint has run).
    const std::string crashed = dir.file("crashed.sqlite");
    {
        makeCollection(path, 2, "late");
        auto c = Collection::open(path);
        REQUIRE(c.ok());
        REQUIRE(deck::storage::of(*c).exec("PRAGMA wal_autocheckpoint = 0").ok());
        REQUIRE(c->answerCard(*c->findByUid("c0"), scheduler::Answer::Good, testing::dayNow(), 1000).ok());
        REQUIRE(
            c->answerCard(*c->findByUid("late1"), scheduler::Answer::Again, testing::dayNow(), 1000).ok());
        REQUIRE(fs::file_size(path + "-wal") > 0);
        fs::copy_file(path, crashed);
        fs::copy_file(path + "-wal", crashed + "-wal");
    }

    auto report = restoreBackup(crashed, backup, folder, utcMs(2026, 11, 29, 11, 0));
    REQUIRE(report.ok());
    CHECK_FALSE(report->keptCopyIsRaw);
    CHECK(fs::path(report->keptCopy).filename()
          == "infracards-2026-11-29T11-00-00-000Z-before-restore.sqlite");
    // The kept copy holds the replaced state including what was only in its -wal.
    CHECK(countOf(report->keptCopy, "cards") == 5);
    CHECK(countOf(report->keptCopy, "review_log") == 2);
    CHECK(checkIntegrity(report->keptCopy).ok());
    // The collection now holds the backup's content, and the old -wal was not replayed.
    {
        auto c = Collection::open(crashed);
        REQUIRE(c.ok());
        auto s = c->stats(testing::dayNow());
        REQUIRE(s.ok());
        CHECK(s->cards == 3);
        CHECK(s->reviewsTotal == 0);
        CHECK_FALSE(c->findByUid("late0").ok());
    }
    CHECK(checkIntegrity(crashed).ok());
    // The list shows both, with their counts.
    auto list = listBackups(folder);
    REQUIRE(list.ok());
    REQUIRE(list->size() == 2);
    CHECK((*list)[0].kind == BackupKind::BeforeRestore);
    CHECK((*list)[0].cards == 5);
    CHECK((*list)[1].cards == 3);
}

TEST_CASE("Restore over a file SQLite cannot read keeps its raw bytes and its -wal", "[backups]")
{
    testing::TempDir dir;
    const std::string source = dir.file("source.sqlite");
    const std::string folder = dir.file("backups");
    makeCollection(source, 4);
    std::string backup;
    {
        auto c = Collection::open(source);
        REQUIRE(c.ok());
        backup = *createBackup(*c, folder, utcMs(2026, 11, 29, 10, 0));
    }
    // A valid -wal from another collection, next to a main file that is not SQLite at all.
    const std::string broken = dir.file("broken.sqlite");
    {
        makeCollection(dir.file("other.sqlite"), 6, "o");
        auto c = Collection::open(dir.file("other.sqlite"));
        REQUIRE(c.ok());
        REQUIRE(deck::storage::of(*c).exec("PRAGMA wal_autocheckpoint = 0").ok());
        REQUIRE(c->answerCard(*c->findByUid("o1"), scheduler::Answer::Easy, testing::dayNow(), 1000).ok());
        fs::copy_file(dir.file("other.sqlite-wal"), broken + "-wal");
    }
    std::ofstream(broken, std::ios::binary) << std::string(20000, 'x');

    REQUIRE_FALSE(Collection::open(broken).ok());
    auto report = restoreBackup(broken, backup, folder, utcMs(2026, 11, 29, 12, 0));
    REQUIRE(report.ok());
    CHECK(report->keptCopyIsRaw);
    CHECK(fs::file_size(report->keptCopy) == 20000);
    CHECK(fs::exists(report->keptCopy + "-wal"));
    auto c = Collection::open(broken);
    REQUIRE(c.ok());
    auto s = c->stats(testing::dayNow());
    REQUIRE(s.ok());
    CHECK(s->cards == 4);
    CHECK(s->reviewsTotal == 0);
}

TEST_CASE("Restore refuses a damaged backup and leaves the collection alone", "[backups]")
{
    testing::TempDir dir;
    const std::string path = dir.file("collection.sqlite");
    const std::string folder = dir.file("backups");
    makeCollection(path, 40);
    std::string backup;
    {
        auto c = Collection::open(path);
        REQUIRE(c.ok());
        backup = *createBackup(*c, folder, utcMs(2026, 11, 29, 10, 0));
    }
    damageAfterFirstPage(backup);
    auto report = restoreBackup(path, backup, folder, utcMs(2026, 11, 29, 11, 0));
    REQUIRE_FALSE(report.ok());
    CHECK((report.error().kind == ErrorKind::IntegrityFailed
           || report.error().kind == ErrorKind::NotADatabase));
    CHECK(countOf(path, "cards") == 40);
    auto list = listBackups(folder);
    REQUIRE(list.ok());
    CHECK(list->size() == 1);  // no before-restore copy was made
}

TEST_CASE("newestGoodBackup skips damaged backups", "[backups]")
{
    testing::TempDir dir;
    const std::string path = dir.file("collection.sqlite");
    const std::string folder = dir.file("backups");
    makeCollection(path, 40);
    std::vector<std::string> made;
    {
        auto c = Collection::open(path);
        REQUIRE(c.ok());
        for (int i = 0; i < 3; ++i) {
            auto b = createBackup(*c, folder, utcMs(2026, 11, 29, 10, 0) + i * 31 * kMinute);
            REQUIRE(b.ok());
            made.push_back(*b);
        }
    }
    auto good = newestGoodBackup(folder);
    REQUIRE(good.ok());
    CHECK(good->path == made[2]);

    damageAfterFirstPage(made[2]);  // newest: pages overwritten
    CHECK_FALSE(checkIntegrity(made[2]).ok());
    good = newestGoodBackup(folder);
    REQUIRE(good.ok());
    CHECK(good->path == made[1]);

    fs::resize_file(made[1], fs::file_size(made[1]) / 2);  // middle one: truncated
    CHECK_FALSE(checkIntegrity(made[1]).ok());
    good = newestGoodBackup(folder);
    REQUIRE(good.ok());
    CHECK(good->path == made[0]);
    CHECK(good->cards == 40);

    std::ofstream(made[0], std::ios::binary | std::ios::trunc) << "SQLite format 3";  // too short
    auto none = newestGoodBackup(folder);
    REQUIRE_FALSE(none.ok());
    CHECK(none.error().kind == ErrorKind::NotFound);
    // The damaged files are still listed (for the user to see), with no counts where unreadable.
    auto list = listBackups(folder);
    REQUIRE(list.ok());
    CHECK(list->size() == 3);
}

TEST_CASE("Backups are zstd-compressed, smaller than the collection, and restore checked", "[backups]")
{
    testing::TempDir dir;
    const std::string path = dir.file("collection.sqlite");
    const std::string folder = dir.file("backups");
    makeCollection(path, 400);
    std::string backup;
    {
        auto c = Collection::open(path);
        REQUIRE(c.ok());
        backup = *createBackup(*c, folder, utcMs(2026, 11, 29, 10, 0));
    }
    // zstd's frame magic number (RFC 8878): 28 B5 2F FD.
    {
        std::ifstream in(backup, std::ios::binary);
        unsigned char magic[4] = {};
        in.read(reinterpret_cast<char*>(magic), 4);
        CHECK((magic[0] == 0x28 && magic[1] == 0xB5 && magic[2] == 0x2F && magic[3] == 0xFD));
    }
    CHECK(fs::file_size(backup) * 2 < fs::file_size(path));
    auto list = listBackups(folder);
    REQUIRE(list.ok());
    REQUIRE(list->size() == 1);
    CHECK((*list)[0].compressed);
    CHECK((*list)[0].bytes == fs::file_size(backup));
    CHECK((*list)[0].cards == 400);
    CHECK(checkIntegrity(backup).ok());
    CHECK_FALSE(fs::exists(backup + ".inflated"));  // the temporary copy is gone

    // A backup cut short is refused by name, and the collection is left as it was.
    const std::string cut = dir.file("backups/infracards-2026-11-29T11-00-00-000Z.sqlite.zst");
    fs::copy_file(backup, cut);
    fs::resize_file(cut, fs::file_size(cut) / 2);
    auto refused = restoreBackup(path, cut, folder, utcMs(2026, 11, 29, 12, 0));
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().kind == ErrorKind::IntegrityFailed);
    CHECK(refused.error().file == cut);
    CHECK(countOf(path, "cards") == 400);
    CHECK_FALSE(fs::exists(cut + ".inflated"));

    // A plain backup from before compression still lists and restores.
    const std::string old = dir.file("backups/infracards-2026-11-28T10-00-00-000Z.sqlite");
    fs::copy_file(path, old);
    makeCollection(path, 10, "later");
    REQUIRE(countOf(path, "cards") == 410);
    auto restored = restoreBackup(path, old, folder, utcMs(2026, 11, 29, 13, 0));
    REQUIRE(restored.ok());
    CHECK(countOf(path, "cards") == 400);
}
