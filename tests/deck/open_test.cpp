// Bad collection files: each gives a clear error naming the file, and nothing is written over
// the user's file.
#include <catch2/catch.hpp>

#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <sys/wait.h>
#include <unistd.h>

#include "deck/storage/database.h"
#include "deck/storage/access.h"
#include "deck/storage/schema.h"
#include "test_support.h"

using namespace deck;
using testing::TempDir;

namespace {
std::string readAll(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}
void writeAll(const std::string& path, const std::string& bytes)
{
    std::ofstream(path, std::ios::binary) << bytes;
}
}  // namespace

TEST_CASE("A missing file is an error unless creation was asked for", "[open]")
{
    TempDir dir;
    const std::string path = dir.file("nope.sqlite");
    auto c = Collection::open(path);
    REQUIRE_FALSE(c.ok());
    CHECK(c.error().kind == ErrorKind::FileMissing);
    CHECK(c.error().describe().find(path) != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(path));
    CHECK(Collection::open(path, {.createIfMissing = true}).ok());
}

TEST_CASE("A file that is not SQLite is refused and left untouched", "[open]")
{
    TempDir dir;
    const std::string path = dir.file("notes.sqlite");
    const std::string text = "this is my note, not a database\n";
    writeAll(path, text);
    auto c = Collection::open(path, {.createIfMissing = true});
    REQUIRE_FALSE(c.ok());
    CHECK(c.error().kind == ErrorKind::NotADatabase);
    CHECK(c.error().file == path);
    CHECK(readAll(path) == text);
}

TEST_CASE("Someone else's SQLite database is refused, not written into", "[open]")
{
    TempDir dir;
    const std::string path = dir.file("anki.sqlite");
    {
        auto db = Database::open(path, Database::Mode::CreateIfMissing);
        REQUIRE(db->exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, flds TEXT)").ok());
    }
    const std::string before = readAll(path);
    auto c = Collection::open(path);
    REQUIRE_FALSE(c.ok());
    CHECK(c.error().kind == ErrorKind::NotADatabase);
    CHECK(readAll(path) == before);
}

TEST_CASE("A corrupt collection fails the integrity check on open", "[open]")
{
    TempDir dir;
    const std::string path = dir.file("c.sqlite");
    {
        auto c = Collection::open(path, {.createIfMissing = true});
        REQUIRE(c.ok());
        ImportPlan plan;
        plan.source = "t";
        for (int i = 0; i < 300; ++i) {
            ImportPlan::NewCard n;
            n.content =
                testing::makeCard("", "cuda", "question number " + std::to_string(i) + std::string(200, 'x'));
            plan.newCards.push_back(n);
        }
        REQUIRE(c->applyImport(plan, testing::dayNow()).ok());
        REQUIRE(deck::storage::of(*c).exec("PRAGMA wal_checkpoint(TRUNCATE)").ok());
    }
    // Overwrite a stretch of pages in the middle of the file with garbage.
    std::string bytes = readAll(path);
    REQUIRE(bytes.size() > 40000);
    for (std::size_t i = 12288; i < 12288 + 16384; ++i)
        bytes[i] = static_cast<char>((i * 7919) & 0xff);
    writeAll(path, bytes);
    auto c = Collection::open(path);
    REQUIRE_FALSE(c.ok());
    const bool reported =
        c.error().kind == ErrorKind::IntegrityFailed || c.error().kind == ErrorKind::NotADatabase;
    CHECK(reported);
    CHECK(c.error().file == path);
    CHECK(readAll(path) == bytes);
}

TEST_CASE("A collection from a newer version is refused", "[open]")
{
    TempDir dir;
    const std::string path = dir.file("future.sqlite");
    {
        auto c = Collection::open(path, {.createIfMissing = true});
        REQUIRE(c.ok());
        REQUIRE(deck::storage::of(*c).setUserVersion(kSchemaVersion + 1).ok());
    }
    auto c = Collection::open(path);
    REQUIRE_FALSE(c.ok());
    CHECK(c.error().kind == ErrorKind::TooNew);
    CHECK(c.error().describe().find("newer") != std::string::npos);
}

TEST_CASE("A folder or an unreadable path is refused", "[open]")
{
    TempDir dir;
    auto c = Collection::open(dir.file(""));
    REQUIRE_FALSE(c.ok());
    CHECK(c.error().kind == ErrorKind::FileUnreadable);
}

TEST_CASE("A transaction inside another is a savepoint: its rollback undoes only its writes", "[database]")
{
    TempDir dir;
    auto db = Database::open(dir.file("t.sqlite"), Database::Mode::CreateIfMissing);
    REQUIRE(db.ok());
    REQUIRE(db->exec("CREATE TABLE t (v INTEGER)").ok());
    auto count = [&] {
        auto st = db->prepare("SELECT count(*) FROM t");
        REQUIRE(st.ok());
        REQUIRE(st->step());
        return st->int64(0);
    };
    {
        Transaction outer(*db);
        REQUIRE(outer.begun().ok());
        REQUIRE(db->exec("INSERT INTO t VALUES (1)").ok());
        {
            Transaction inner(*db);
            REQUIRE(inner.begun().ok());
            REQUIRE(db->exec("INSERT INTO t VALUES (2)").ok());
        }  // not committed: only row 2 goes
        CHECK(count() == 1);
        {
            Transaction inner(*db);
            REQUIRE(db->exec("INSERT INTO t VALUES (3)").ok());
            REQUIRE(inner.commit().ok());
        }
        CHECK(count() == 2);
        REQUIRE(outer.commit().ok());
    }
    CHECK(count() == 2);
    {
        Transaction outer(*db);
        {
            Transaction inner(*db);
            REQUIRE(db->exec("INSERT INTO t VALUES (4)").ok());
            REQUIRE(inner.commit().ok());
        }
    }  // the outer one rolls back, taking the committed inner write with it
    CHECK(count() == 2);
    CHECK(sqlite3_get_autocommit(db->handle()) != 0);
}

TEST_CASE("An empty (0-byte) collection file is refused, not made into a new collection", "[open][bad-input]")
{
    TempDir dir;
    const std::string path = dir.file("truncated.sqlite");
    writeAll(path, "");
    auto c = Collection::open(path, {.createIfMissing = true});
    REQUIRE_FALSE(c.ok());
    CHECK(c.error().kind == ErrorKind::NotADatabase);
    CHECK(c.error().file == path);
    CHECK(c.error().describe().find("empty") != std::string::npos);
    CHECK(std::filesystem::file_size(path) == 0);
}

TEST_CASE("A newer-schema file is refused before a single byte of it changes", "[open][bad-input]")
{
    TempDir dir;
    const std::string path = dir.file("future.sqlite");
    {
        // A rollback-journal file, as a newer version might leave it: switching it to WAL
        // would rewrite header bytes 18-19.
        sqlite3* db = nullptr;
        REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
        REQUIRE(sqlite3_exec(
                    db,
                    ("PRAGMA journal_mode = DELETE; CREATE TABLE cards (id INTEGER); PRAGMA user_version = "
                     + std::to_string(kSchemaVersion + 1))
                        .c_str(),
                    nullptr, nullptr, nullptr)
                == SQLITE_OK);
        sqlite3_close(db);
    }
    const std::string before = readAll(path);
    auto c = Collection::open(path);
    REQUIRE_FALSE(c.ok());
    CHECK(c.error().kind == ErrorKind::TooNew);
    CHECK(readAll(path) == before);
    CHECK_FALSE(std::filesystem::exists(path + "-wal"));
}

namespace {

/// A collection with two cards and the small built-in deck it was merged from.
struct MergedCollection {
    TempDir dir;
    std::string deckPath = dir.file("deck.sqlite"), path = dir.file("c.sqlite");
    MergedCollection()
    {
        REQUIRE(writeDefaultDeck(deckPath,
                                 {testing::makeCard("a-1", "cuda", "warp 是什么"),
                                  testing::makeCard("b-1", "inference", "KV cache 多大")},
                                 {})
                    .ok());
        auto c = Collection::open(path, {.createIfMissing = true});
        REQUIRE(c.ok());
        auto m = c->mergeBuiltinDeck(deckPath, testing::dayNow());
        REQUIRE(m.ok());
        REQUIRE(m->added == 2);
    }
};

}  // namespace

TEST_CASE("Opening a collection whose built-in deck is merged already writes nothing", "[open]")
{
    MergedCollection f;
    // Another program holds the write lock; a reader must neither wait for it nor fail.
    sqlite3* writer = nullptr;
    REQUIRE(sqlite3_open(f.path.c_str(), &writer) == SQLITE_OK);
    REQUIRE(sqlite3_exec(writer, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) == SQLITE_OK);
    auto c = Collection::open(f.path);
    REQUIRE(c.ok());
    auto m = c->mergeBuiltinDeck(f.deckPath, testing::dayNow(1));
    INFO((m.ok() ? std::string() : m.error().describe()));
    REQUIRE(m.ok());
    CHECK(m->added == 0);
    CHECK(m->updated == 0);
    CHECK(m->unchanged == 2);
    sqlite3_exec(writer, "ROLLBACK", nullptr, nullptr, nullptr);
    sqlite3_close(writer);
    // A changed deck is merged again.
    REQUIRE(writeDefaultDeck(f.deckPath,
                             {testing::makeCard("a-1", "cuda", "warp 是什么？改过"),
                              testing::makeCard("b-1", "inference", "KV cache 多大")},
                             {})
                .ok());
    auto again = c->mergeBuiltinDeck(f.deckPath, testing::dayNow(2));
    REQUIRE(again.ok());
    CHECK(again->updated == 1);
}

TEST_CASE("A collection this user cannot write opens read-only and can be read", "[open][bad-input]")
{
    MergedCollection f;
    // As root, permissions would not apply: the check runs in a child that drops to "nobody".
    const bool root = ::geteuid() == 0;
    std::filesystem::permissions(f.path, std::filesystem::perms::owner_read
                                             | std::filesystem::perms::group_read
                                             | std::filesystem::perms::others_read);
    std::filesystem::permissions(
        f.dir.file(""), std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec
                            | std::filesystem::perms::group_read | std::filesystem::perms::group_exec
                            | std::filesystem::perms::others_read | std::filesystem::perms::others_exec);
    const auto readBack = [&]() -> int {
        auto c = Collection::open(f.path);
        if (!c.ok())
            return 10;
        if (!c->readOnly())
            return 11;
        auto s = c->stats(testing::dayNow(1));
        if (!s.ok())
            return 12;
        if (s->cards != 2)
            return 13;
        auto m = c->mergeBuiltinDeck(f.deckPath, testing::dayNow(1));  // merged already: reads only
        if (!m.ok())
            return 14;
        return 0;
    };
    int code = 0;
    if (root) {
        const pid_t pid = ::fork();
        REQUIRE(pid >= 0);
        if (pid == 0) {
            if (::setgid(65534) != 0 || ::setuid(65534) != 0)
                ::_exit(20);
            ::_exit(readBack());
        }
        int status = 0;
        REQUIRE(::waitpid(pid, &status, 0) == pid);
        REQUIRE(WIFEXITED(status));
        code = WEXITSTATUS(status);
    } else {
        code = readBack();
    }
    std::filesystem::permissions(f.dir.file(""), std::filesystem::perms::owner_all);
    std::filesystem::permissions(f.path,
                                 std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
    CHECK(code == 0);
}
