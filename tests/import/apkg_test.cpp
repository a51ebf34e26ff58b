#include "import/apkg_reader.h"
#include "import/apkg_writer.h"
#include "import/html_text.h"
#include "import/zip_archive.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <sqlite3.h>
#include <zip.h>
#include <zstd.h>

#include <cstring>
#include <map>

using namespace importer;

namespace {

/// An in-memory SQLite database built from `sql`, serialised to bytes.
std::string sqliteBytes(const std::string& sql)
{
    sqlite3* db = nullptr;
    sqlite3_open(":memory:", &db);
    REQUIRE(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_int64 size = 0;
    unsigned char* p = sqlite3_serialize(db, "main", &size, 0);
    std::string out(reinterpret_cast<char*>(p), static_cast<std::size_t>(size));
    sqlite3_free(p);
    sqlite3_close(db);
    return out;
}

struct OpenDb {
    sqlite3* db = nullptr;
    explicit OpenDb(const std::string& bytes)
    {
        sqlite3_open(":memory:", &db);
        auto* buf = static_cast<unsigned char*>(sqlite3_malloc64(bytes.size()));
        std::memcpy(buf, bytes.data(), bytes.size());
        REQUIRE(sqlite3_deserialize(db, "main", buf, static_cast<sqlite3_int64>(bytes.size()),
                                    static_cast<sqlite3_int64>(bytes.size()), SQLITE_DESERIALIZE_FREEONCLOSE)
                == SQLITE_OK);
    }
    ~OpenDb() { sqlite3_close(db); }
    std::vector<std::string> column(const std::string& sql, int col = 0) const
    {
        sqlite3_stmt* st = nullptr;
        REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &st, nullptr) == SQLITE_OK);
        std::vector<std::string> out;
        while (sqlite3_step(st) == SQLITE_ROW) {
            const auto* t = reinterpret_cast<const char*>(sqlite3_column_text(st, col));
            out.emplace_back(t ? t : "");
        }
        sqlite3_finalize(st);
        return out;
    }
};

std::vector<ExportedCard> sampleCards()
{
    ExportedCard a;
    a.content.uid = "comm-ring-allreduce";
    a.content.topic = "communication";
    a.content.question = "ring allreduce 的通信量 <为什么> 是 2(N-1)/N？";
    a.content.answer = "先 reduce-scatter\n再 all-gather & 完成";
    a.content.tags = {"nccl", "ring"};
    scheduler::CardState s;
    s.isNew = false;
    s.easiness = 2.5;
    s.intervalDays = 6;
    s.repetitions = 2;
    s.due = 20460;
    a.state = s;
    // Two answers: Good on a new card (day 20448), then a mock score (no button, quality 4).
    ReviewEntry first;
    first.reviewedAtMs = 1766707200000;  // 2025-12-26
    first.studyDay = 20448;
    first.answer = 3;
    first.quality = 4;
    first.timeTakenMs = 8200;
    first.after.isNew = false;
    first.after.intervalDays = 1;
    first.after.easiness = 2.5;
    ReviewEntry mock = first;
    mock.reviewedAtMs = 1766793600000;
    mock.answer.reset();
    mock.quality = 4;
    mock.timeTakenMs = 95000;
    mock.before = first.after;
    mock.after = s;
    a.reviews = {first, mock};
    ExportedCard b;
    b.content.question = "abc";
    b.suspended = true;
    return {a, b};
}

}  // namespace

TEST_CASE("Anki's note checksum matches the SHA-1 test vector", "[apkg]")
{
    // FIPS 180-1 appendix A: SHA-1("abc") = a9993e36 4706816a ...; 0xa9993e36 = 2845392438.
    CHECK(ankiFieldChecksum("abc") == 2845392438u);
}

TEST_CASE("an exported .apkg holds a valid Anki schema-11 collection", "[apkg]")
{
    const auto bytes = writeApkg(sampleCards(), 1767225600000, "out.apkg");
    REQUIRE(bytes.ok());
    const auto list = listZip(*bytes, "out.apkg");
    REQUIRE(list.ok());
    CHECK(list->names == std::vector<std::string>{"collection.anki2", "media"});
    CHECK(readZipEntry(*bytes, "media", "out.apkg", 1000).value() == "{}");
    const auto col = readZipEntry(*bytes, "collection.anki2", "out.apkg", 1u << 26);
    REQUIRE(col.ok());
    OpenDb db(*col);
    // Column lists of Anki's schema 11 (ankitects/anki rslib/src/storage/schema11.sql; also the
    // AnkiDroid wiki page "Database Structure").
    const std::map<std::string, std::vector<std::string>> expected = {
        {"col",
         {"id", "crt", "mod", "scm", "ver", "dty", "usn", "ls", "conf", "models", "decks", "dconf", "tags"}},
        {"notes", {"id", "guid", "mid", "mod", "usn", "tags", "flds", "sfld", "csum", "flags", "data"}},
        {"cards",
         {"id", "nid", "did", "ord", "mod", "usn", "type", "queue", "due", "ivl", "factor", "reps", "lapses",
          "left", "odue", "odid", "flags", "data"}},
        {"revlog", {"id", "cid", "usn", "ease", "ivl", "lastIvl", "factor", "time", "type"}},
        {"graves", {"usn", "oid", "type"}},
    };
    for (const auto& [table, cols] : expected)
        CHECK(db.column("PRAGMA table_info(" + table + ")", 1) == cols);
    CHECK(db.column("SELECT ver FROM col") == std::vector<std::string>{"11"});
    CHECK(db.column("PRAGMA integrity_check") == std::vector<std::string>{"ok"});

    const auto models = nlohmann::json::parse(db.column("SELECT models FROM col").at(0));
    REQUIRE(models.size() == 1);
    const auto& m = models.begin().value();
    CHECK(m.at("flds").size() == 2);
    CHECK(m.at("tmpls").size() == 1);
    CHECK(m.at("tmpls")[0].at("qfmt") == "{{Front}}");
    const auto decks = nlohmann::json::parse(db.column("SELECT decks FROM col").at(0));
    CHECK(decks.contains("1"));  // Anki expects the Default deck to exist
    CHECK(decks.contains(std::to_string(m.at("did").get<std::int64_t>())));

    // Each note's field count matches its note type; the text is escaped HTML.
    const auto flds = db.column("SELECT flds FROM notes ORDER BY id");
    REQUIRE(flds.size() == 2);
    CHECK(flds[0]
          == "ring allreduce 的通信量 &lt;为什么&gt; 是 2(N-1)/N？\x1f先 reduce-scatter<br>再 all-gather "
             "&amp; 完成");
    CHECK(db.column("SELECT csum FROM notes ORDER BY id")[1] == "2845392438");
    // Learned card: review (type 2), ease 2.5 -> factor 2500, due 20460 - 20454 (2026-01-01 is day 20454).
    CHECK(
        db.column(
            "SELECT type || ' ' || queue || ' ' || due || ' ' || ivl || ' ' || factor FROM cards ORDER BY id")
        == std::vector<std::string>{"2 2 6 6 2500", "0 -1 2 0 0"});
    CHECK(db.column("SELECT count(*) FROM cards c JOIN notes n ON n.id = c.nid")[0] == "2");
    // The review log: id = answer time (ms), ease = button (the mock row's quality 4 -> Good, 3),
    // ivl after, lastIvl before, factor = E x 1000, time in ms capped at 60 s, type 0 (learning) then 1.
    CHECK(db.column("SELECT id || ' ' || ease || ' ' || ivl || ' ' || lastIvl || ' ' || factor || ' ' || "
                    "time || ' ' || type"
                    " FROM revlog ORDER BY id")
          == std::vector<std::string>{"1766707200000 3 1 0 2500 8200 0", "1766793600000 3 6 1 2500 60000 1"});
    CHECK(db.column("SELECT count(*) FROM revlog r JOIN cards c ON c.id = r.cid")[0] == "2");
}

TEST_CASE(".apkg export then import gives back question, answer, uid, topic and tags", "[apkg]")
{
    const auto bytes = writeApkg(sampleCards(), 1767225600000, "out.apkg");
    REQUIRE(bytes.ok());
    const auto batch = readApkg(*bytes, "out.apkg");
    REQUIRE(batch.ok());
    REQUIRE(batch->cards.size() == 2);
    const auto& c = batch->cards[0].content;
    CHECK(c.question == "ring allreduce 的通信量 <为什么> 是 2(N-1)/N？");
    CHECK(c.answer == "先 reduce-scatter\n再 all-gather & 完成");
    CHECK(c.uid == "comm-ring-allreduce");
    CHECK(c.topic == "communication");
    CHECK(c.tags == std::vector<std::string>{"nccl", "ring"});
    CHECK(batch->cards[1].content.uid.empty());
}

TEST_CASE("HTML from Anki notes becomes safe plain text", "[apkg][html]")
{
    CHECK(htmlToText("<div>什么是 <b>NVLink</b>？</div><script>alert(1)</script>&lt;x&gt;&nbsp;[sound:a.mp3]")
          == "什么是 NVLink？\n<x>");
    CHECK(htmlToText("a<br>b<br/><ul><li>one</li><li>two</li></ul>") == "a\nb\n- one\n- two");
    // The picture is a note naming its file; its handler is never anything but gone.
    CHECK(htmlToText("<style>.x{}</style><img src=x onerror=alert(1)>ok &#x4E2D;&#25991;")
          == "[image: x]ok 中文");
    CHECK(htmlToText("<a href=\"javascript:alert(1)\">link</a> &bogus; &") == "link &bogus; &");
    CHECK(htmlToText("<p>unterminated <b") == "unterminated");
}

TEST_CASE("Anki fields as Anki's editor writes them: nested divs, entities, broken nesting, images, tables",
          "[apkg][html]")
{
    // The editor wraps lines in <div>s and nests them when text is pasted.
    CHECK(htmlToText("<div>ring allreduce</div><div><div>通信量 = 2(N&minus;1)/N &times; S</div></div>")
          == "ring allreduce\n通信量 = 2(N−1)/N × S");
    // Misnested and unclosed tags, as pasted from web pages; whitespace runs collapse.
    CHECK(htmlToText("<b>bold <i>both</b> italic</i>\n\n   spaced   out<p>para")
          == "bold both italic spaced out\npara");
    // Named entities beyond the five of XML.
    CHECK(htmlToText("&hellip;&mdash;&le;&ge;&alpha;&beta;&rarr;&copy;") == "…—≤≥αβ→©");
    CHECK(htmlToText("<img src=\"paste-3f2a.png\"><br><img alt=\"roofline\" src=\"a/b/c.jpg\">")
          == "[image: paste-3f2a.png]\n[image: roofline]");
    CHECK(
        htmlToText("<table><tr><th>GPU</th><th>HBM</th></tr><tr><td>H100</td><td>3.35 TB/s</td></tr></table>")
        == "GPU | HBM\nH100 | 3.35 TB/s");
    CHECK(htmlToText("<pre>int a;\n  int b;</pre>") == "int a;\nint b;");  // lines kept (each trimmed)
}

TEST_CASE("Cloze deletions: the front hides each one, the answer lists them", "[apkg][html]")
{
    const std::string field =
        "NVLink 4 gives {{c1::900 GB/s}} per GPU, PCIe 5 x16 {{c2::64 GB/s::one direction}}";
    CHECK(hasCloze(field));
    CHECK_FALSE(hasCloze("{{c::x}} and {{ not }}"));
    CHECK(clozeFront(field) == "NVLink 4 gives […] per GPU, PCIe 5 x16 [one direction]");
    CHECK(clozeAnswers(field) == std::vector<std::string>{"900 GB/s", "64 GB/s"});
    // Through a package: a cloze note becomes a question with its answers.
    const std::string notes =
        "create table notes (id integer primary key, guid text, mid integer, mod integer, usn integer,"
        " tags text, flds text, sfld integer, csum integer, flags integer, data text);";
    const std::string col = sqliteBytes(
        notes + " insert into notes values (1, 'z', 1, 0, 0, '', '<div>HBM3e on H200: {{c1::4.8 TB/s}}</div>"
        + std::string("\x1f") + "datasheet', '', 0, 0, '');");
    const auto batch =
        readApkg(writeZip({{"collection.anki2", col}, {"media", "{}"}}, "cloze.apkg").value(), "cloze.apkg");
    REQUIRE(batch.ok());
    REQUIRE(batch->cards.size() == 1);
    CHECK(batch->cards[0].content.question == "HBM3e on H200: […]");
    CHECK(batch->cards[0].content.answer == "- 4.8 TB/s\n\ndatasheet");
}

TEST_CASE("a hand-made Anki 2.0 package with HTML notes imports", "[apkg]")
{
    const std::string col = sqliteBytes(std::string(R"(
        create table notes (id integer primary key, guid text, mid integer, mod integer, usn integer, tags text,
                            flds text, sfld integer, csum integer, flags integer, data text);
        insert into notes values (1, 'abc', 1, 0, 0, ' cuda topic:cuda ', '<b>warp</b> divergence 是什么)")
                                        + "\x1f" + R"(分支<br>串行', '', 0, 0, '');
        insert into notes values (2, 'def', 1, 0, 0, '', '<br>', '', 0, 0, '');)");
    const auto zip = writeZip({{"collection.anki2", col}, {"media", "{}"}}, "x.apkg");
    REQUIRE(zip.ok());
    const auto batch = readApkg(*zip, "x.apkg");
    REQUIRE(batch.ok());
    REQUIRE(batch->cards.size() == 1);  // the empty note is skipped
    CHECK(batch->cards[0].content.question == "warp divergence 是什么");
    CHECK(batch->cards[0].content.answer == "分支\n串行");
    CHECK(batch->cards[0].content.topic == "cuda");
    CHECK(batch->cards[0].content.tags == std::vector<std::string>{"cuda"});
}

TEST_CASE("bad packages give clear errors naming the file", "[apkg][bad-input]")
{
    const auto good = writeApkg(sampleCards(), 1767225600000, "out.apkg");
    REQUIRE(good.ok());

    auto r = readApkg(good->substr(0, good->size() / 2), "cut.apkg");  // truncated download
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == ErrorKind::ZipCorrupt);
    CHECK(r.error().file == "cut.apkg");

    r = readApkg("PK\x03\x04 this is not really a zip", "fake.apkg");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == ErrorKind::ZipCorrupt);

    r = readApkg(writeZip({{"readme.txt", "hi"}}, "x").value(), "nocol.apkg");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == ErrorKind::ApkgLayout);

    r = readApkg(writeZip({{"collection.anki21b", std::string(200, 'z')}}, "x").value(), "new.apkg");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == ErrorKind::ZipCorrupt);  // not zstd data
    CHECK(r.error().message.find("collection.anki21b") != std::string::npos);

    r = readApkg(writeZip({{"collection.anki2", std::string(500, 'x')}}, "x").value(), "text.apkg");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == ErrorKind::NotSqlite);

    r = readApkg(writeZip({{"collection.anki2", sqliteBytes("create table other (x);")}}, "x").value(),
                 "other.apkg");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == ErrorKind::ApkgSchema);
}

TEST_CASE("a password-protected package is refused as such", "[apkg][bad-input]")
{
    if (!zip_encryption_method_supported(ZIP_EM_AES_256, 1)) {
        WARN("this libzip cannot write AES-encrypted entries; test skipped");
        return;
    }
    const std::string col = sqliteBytes("create table notes (id integer primary key, guid, tags, flds);");
    zip_error_t err;
    zip_error_init(&err);
    zip_source_t* out = zip_source_buffer_create(nullptr, 0, 0, &err);
    zip_t* z = zip_open_from_source(out, ZIP_TRUNCATE, &err);
    REQUIRE(z);
    zip_source_keep(out);
    const zip_int64_t idx =
        zip_file_add(z, "collection.anki2", zip_source_buffer(z, col.data(), col.size(), 0), 0);
    REQUIRE(idx >= 0);
    REQUIRE(zip_file_set_encryption(z, static_cast<zip_uint64_t>(idx), ZIP_EM_AES_256, "secret") == 0);
    REQUIRE(zip_close(z) == 0);
    zip_source_open(out);
    zip_source_seek(out, 0, SEEK_END);
    std::string bytes(static_cast<std::size_t>(zip_source_tell(out)), '\0');
    zip_source_seek(out, 0, SEEK_SET);
    zip_source_read(out, bytes.data(), bytes.size());
    zip_source_close(out);
    zip_source_free(out);
    const auto r = readApkg(bytes, "locked.apkg");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == ErrorKind::ZipEncrypted);
    CHECK(r.error().file == "locked.apkg");
}

TEST_CASE("an entry holding more than its recorded size is refused, not cut short", "[apkg][bad-input]")
{
    // Stored (not deflated), so the bytes can be patched: the size fields of the local header
    // (offset 22) and the central directory entry (offset 24) say 10 bytes; the entry has 40.
    const std::string content(40, 'x');
    zip_error_t zerr;
    zip_error_init(&zerr);
    zip_source_t* src = zip_source_buffer_create(nullptr, 0, 0, &zerr);
    REQUIRE(src);
    zip_t* z = zip_open_from_source(src, ZIP_TRUNCATE, &zerr);
    REQUIRE(z);
    zip_source_keep(src);
    const zip_int64_t idx =
        zip_file_add(z, "media", zip_source_buffer(z, content.data(), content.size(), 0), 0);
    REQUIRE(idx >= 0);
    REQUIRE(zip_set_file_compression(z, static_cast<zip_uint64_t>(idx), ZIP_CM_STORE, 0) == 0);
    REQUIRE(zip_close(z) == 0);
    REQUIRE(zip_source_open(src) == 0);
    zip_source_seek(src, 0, SEEK_END);
    const auto size = static_cast<std::size_t>(zip_source_tell(src));
    zip_source_seek(src, 0, SEEK_SET);
    std::string bytes(size, '\0');
    REQUIRE(zip_source_read(src, bytes.data(), size) == static_cast<zip_int64_t>(size));
    zip_source_close(src);
    zip_source_free(src);
    const auto patch = [&](std::size_t at) {
        bytes[at] = 10;
        bytes[at + 1] = bytes[at + 2] = bytes[at + 3] = 0;
    };
    const std::size_t local = bytes.find("PK\x03\x04"), central = bytes.find("PK\x01\x02");
    REQUIRE(local != std::string::npos);
    REQUIRE(central != std::string::npos);
    patch(local + 22);
    patch(central + 24);
    const auto r = readZipEntry(bytes, "media", "liar.apkg", 1 << 20);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == ErrorKind::ZipCorrupt);
    CHECK(r.error().file == "liar.apkg");
}

namespace {

std::string zstd(const std::string& plain)
{
    std::string out(ZSTD_compressBound(plain.size()), '\0');
    const std::size_t n = ZSTD_compress(out.data(), out.size(), plain.data(), plain.size(), 3);
    REQUIRE_FALSE(ZSTD_isError(n));
    out.resize(n);
    return out;
}

}  // namespace

TEST_CASE("a package from current Anki (collection.anki21b, zstd) imports its real notes", "[apkg]")
{
    // As Anki 2.1.50+ writes it: the real collection zstd-compressed, beside a collection.anki2
    // whose one note asks the user to update Anki.
    const std::string notes =
        "create table notes (id integer primary key, guid text, mid integer, mod integer, usn integer,"
        " tags text, flds text, sfld integer, csum integer, flags integer, data text);";
    const std::string real =
        sqliteBytes(notes + " insert into notes values (1, 'g1', 1, 0, 0, ' cuda ', 'warp 是什么"
                    + std::string("\x1f") + "32 个线程', '', 0, 0, '');");
    const std::string stub = sqliteBytes(
        notes + " insert into notes values (1, 'g0', 1, 0, 0, '', 'Please update to the latest Anki version"
        + std::string("\x1f") + "', '', 0, 0, '');");
    const auto zip = writeZip(
        {{"collection.anki2", stub}, {"collection.anki21b", zstd(real)}, {"media", zstd("")}}, "x.apkg");
    REQUIRE(zip.ok());
    const auto batch = readApkg(*zip, "new.apkg");
    REQUIRE(batch.ok());
    REQUIRE(batch->cards.size() == 1);
    CHECK(batch->cards[0].content.question == "warp 是什么");
    CHECK(batch->cards[0].content.answer == "32 个线程");

    // Current Anki's collection is in WAL mode, and the file it packs says so in its header
    // (bytes 18 and 19, write and read version 2): it imports all the same. Without the reader's
    // care SQLite refuses it in memory ("unable to open database file"), as a package exported
    // by Anki 25 showed.
    std::string wal = real;
    wal[18] = 2;
    wal[19] = 2;
    const auto walBatch = readApkg(
        writeZip({{"collection.anki21b", zstd(wal)}, {"media", zstd("")}}, "x.apkg").value(), "wal.apkg");
    REQUIRE(walBatch.ok());
    REQUIRE(walBatch->cards.size() == 1);
    CHECK(walBatch->cards[0].content.answer == "32 个线程");

    // A collection.anki21b cut short is refused as damaged.
    const std::string cut = zstd(real).substr(0, 40);
    const auto bad = readApkg(writeZip({{"collection.anki21b", cut}}, "x").value(), "cut.apkg");
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().kind == ErrorKind::ZipCorrupt);
}

TEST_CASE("a zstd collection that inflates past the limit is refused, not inflated", "[apkg][bad-input]")
{
    // 101 MiB of zeros compress to a few kilobytes.
    const std::string bomb = zstd(std::string(101u * 1024 * 1024, '\0'));
    CHECK(bomb.size() < 100000);
    const auto r = zstdDecompress(bomb, 100u * 1024 * 1024);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == ErrorKind::TooLarge);
    const auto ok = zstdDecompress(zstd("讲讲 NCCL"), 1024);
    REQUIRE(ok.ok());
    CHECK(*ok == "讲讲 NCCL");
}

TEST_CASE("with progress, a package brings each card's Anki scheduling and review log", "[apkg]")
{
    // Written by this exporter on 2026-01-01 (day 20454), read back: card a is a review card due
    // 6 days after the collection's creation day, ease 2500; card b is new and suspended.
    const auto bytes = writeApkg(sampleCards(), 1767225600000, "out.apkg");
    REQUIRE(bytes.ok());
    const auto plain = readApkg(*bytes, "out.apkg");
    REQUIRE(plain.ok());
    CHECK_FALSE(plain->cards[0].state);
    CHECK(plain->cards[0].reviews.empty());

    const auto batch = readApkg(*bytes, "out.apkg", true);
    REQUIRE(batch.ok());
    REQUIRE(batch->cards.size() == 2);
    const auto& a = batch->cards[0];
    REQUIRE(a.state);
    CHECK_FALSE(a.state->isNew);
    CHECK(a.state->intervalDays == 6);
    CHECK(a.state->easiness == Approx(2.5));
    CHECK(a.state->due == 20460);
    CHECK(a.state->lastReview == 20454);
    REQUIRE(a.reviews.size() == 2);
    CHECK(a.reviews[0].reviewedAtMs == 1766707200000);
    CHECK(a.reviews[0].studyDay == 20448);
    CHECK(a.reviews[0].answer == 3);
    CHECK(a.reviews[0].quality == 4);  // Good
    CHECK(a.reviews[0].timeTakenMs == 8200);
    CHECK(a.reviews[0].after.intervalDays == 1);
    CHECK(a.reviews[1].answer == 3);
    CHECK(a.reviews[1].before.intervalDays == 1);
    CHECK(a.reviews[1].after.intervalDays == 6);
    CHECK(a.reviews[1].timeTakenMs == 60000);  // as the package holds it (capped at 60 s)
    const auto& b = batch->cards[1];
    CHECK(b.suspended);
    CHECK_FALSE(b.state);
    CHECK(b.reviews.empty());
}

namespace {
/// The exporter's package with `sql` run on its collection.
std::string editedPackage(const std::string& sql)
{
    const auto bytes = writeApkg(sampleCards(), 1767225600000, "out.apkg");
    REQUIRE(bytes.ok());
    auto inner = readZipEntry(*bytes, "collection.anki2", "out.apkg", 1 << 26);
    REQUIRE(inner.ok());
    sqlite3* db = nullptr;
    sqlite3_open(":memory:", &db);
    auto* buf = static_cast<unsigned char*>(sqlite3_malloc64(inner->size()));
    std::memcpy(buf, inner->data(), inner->size());
    REQUIRE(sqlite3_deserialize(db, "main", buf, static_cast<sqlite3_int64>(inner->size()),
                                static_cast<sqlite3_int64>(inner->size()),
                                SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE)
            == SQLITE_OK);
    REQUIRE(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_int64 size = 0;
    unsigned char* p = sqlite3_serialize(db, "main", &size, 0);
    std::string out(reinterpret_cast<char*>(p), static_cast<std::size_t>(size));
    sqlite3_free(p);
    sqlite3_close(db);
    auto zip = writeZip({{"collection.anki2", out}, {"media", "{}"}}, "edited.apkg");
    REQUIRE(zip.ok());
    return *zip;
}
}  // namespace

TEST_CASE("a review log naming a card the package does not hold is refused when progress is asked for",
          "[apkg][bad-input]")
{
    const std::string zip =
        editedPackage("INSERT INTO revlog (id, cid, usn, ease, ivl, lastIvl, factor, time, type) VALUES "
                      "(1767000000000, 424242, -1, 3, 1, 0, 2500, 5000, 0);");
    const auto notes = readApkg(zip, "edited.apkg");
    REQUIRE(notes.ok());  // the notes alone do not read the review log
    CHECK(notes->cards.size() == 2);
    const auto progress = readApkg(zip, "edited.apkg", true);
    REQUIRE_FALSE(progress.ok());
    CHECK(progress.error().kind == ErrorKind::ApkgSchema);
    CHECK(progress.error().file == "edited.apkg");
    CHECK(progress.error().message.find("review-log row 1767000000000 is for card 424242")
          != std::string::npos);
}

TEST_CASE("a collection schema newer than Anki's 18 is refused, naming the version", "[apkg][bad-input]")
{
    const auto r = readApkg(editedPackage("UPDATE col SET ver = 19;"), "future.apkg");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == ErrorKind::ApkgSchema);
    CHECK(r.error().message.find("schema 19 is newer than the 18") != std::string::npos);
    // Today's 11 and 18 read.
    CHECK(readApkg(editedPackage("UPDATE col SET ver = 18;"), "now.apkg").ok());
    CHECK(readApkg(editedPackage("UPDATE col SET ver = 11;"), "old.apkg").ok());
}
