#include "apkg_reader.h"

#include <zstd.h>

#include "html_text.h"
#include "input_text.h"
#include "topic_classifier.h"
#include "zip_archive.h"

#include <sqlite3.h>

#include <algorithm>
#include <cstring>
#include <memory>

namespace importer {

namespace {

struct DbCloser {
    void operator()(sqlite3* db) const { sqlite3_close(db); }
};

std::vector<std::string> splitOn(std::string_view s, char sep) {
    std::vector<std::string> out;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= s.size(); ++i)
        if (i == s.size() || s[i] == sep) {
            out.emplace_back(s.substr(start, i - start));
            start = i + 1;
        }
    return out;
}

} // namespace

Result<std::string> zstdDecompress(std::string_view compressed, std::size_t maxBytes) {
    std::unique_ptr<ZSTD_DStream, std::size_t (*)(ZSTD_DStream*)> ds(ZSTD_createDStream(), ZSTD_freeDStream);
    if (!ds) return makeError(ErrorKind::ZipCorrupt, "", 0, "cannot start the zstd decoder");
    ZSTD_initDStream(ds.get());
    std::string out;
    ZSTD_inBuffer in{compressed.data(), compressed.size(), 0};
    const std::size_t chunk = ZSTD_DStreamOutSize();
    while (true) {
        // Inflated in pieces against the limit: a small file that expands without end is refused.
        const std::size_t used = out.size();
        out.resize(used + chunk);
        ZSTD_outBuffer o{out.data() + used, chunk, 0};
        const std::size_t left = ZSTD_decompressStream(ds.get(), &o, &in);
        out.resize(used + o.pos);
        if (ZSTD_isError(left)) return makeError(ErrorKind::ZipCorrupt, "", 0, std::string("not valid zstd data: ") + ZSTD_getErrorName(left));
        if (out.size() > maxBytes)
            return makeError(ErrorKind::TooLarge, "", 0, "inflates past " + std::to_string(maxBytes / (1024 * 1024)) + " MiB");
        // Done when all input is read and the decoder, with room to spare, has nothing more to give.
        if (in.pos == in.size && o.pos < chunk) {
            if (left != 0) return makeError(ErrorKind::ZipCorrupt, "", 0, "the zstd data ends early");
            return out;
        }
    }
}

Result<ImportBatch> readApkg(std::string_view bytes, const std::string& fileName) {
    auto list = listZip(bytes, fileName);
    if (!list) return list.error();
    const auto has = [&](const char* n) { return std::find(list->names.begin(), list->names.end(), n) != list->names.end(); };
    // Current Anki writes collection.anki21b (zstd-compressed) and, for older versions, a
    // collection.anki2 that only says "update Anki": the newest form present is the real one.
    std::string entry;
    if (has("collection.anki21b")) entry = "collection.anki21b";
    else if (has("collection.anki21")) entry = "collection.anki21";
    else if (has("collection.anki2")) entry = "collection.anki2";
    else
        return makeError(ErrorKind::ApkgLayout, fileName, 0,
                         "no collection.anki21b, collection.anki21 or collection.anki2 inside: not an Anki package");

    auto data = readZipEntry(bytes, entry, fileName, kMaxInputBytes);
    if (!data) return data.error();
    if (entry == "collection.anki21b") {
        auto plain = zstdDecompress(*data, kMaxInputBytes);
        if (!plain) return makeError(plain.error().kind, fileName, 0, entry + ": " + plain.error().message);
        data = std::move(plain.value());
    }
    static constexpr char kMagic[] = "SQLite format 3"; // the 16-byte header includes the NUL
    if (data->size() < 100 || std::memcmp(data->data(), kMagic, sizeof kMagic) != 0)
        return makeError(ErrorKind::NotSqlite, fileName, 0, entry + " is not an SQLite database");

    sqlite3* raw = nullptr;
    if (sqlite3_open_v2(":memory:", &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_MEMORY, nullptr) != SQLITE_OK) {
        sqlite3_close(raw);
        return makeError(ErrorKind::Sqlite, fileName, 0, "cannot open an in-memory database");
    }
    std::unique_ptr<sqlite3, DbCloser> db(raw);
    // The database is read from memory: nothing is written to disk, and the copy belongs to SQLite.
    auto* buf = static_cast<unsigned char*>(sqlite3_malloc64(data->size()));
    if (!buf) return makeError(ErrorKind::Sqlite, fileName, 0, "out of memory");
    std::memcpy(buf, data->data(), data->size());
    if (sqlite3_deserialize(db.get(), "main", buf, static_cast<sqlite3_int64>(data->size()),
                            static_cast<sqlite3_int64>(data->size()),
                            SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY) != SQLITE_OK)
        return makeError(ErrorKind::NotSqlite, fileName, 0, entry + " cannot be opened as SQLite: " + sqlite3_errmsg(db.get()));

    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(db.get(), "SELECT id, guid, tags, flds FROM notes ORDER BY id", -1, &st, nullptr) != SQLITE_OK) {
        const std::string m = sqlite3_errmsg(db.get());
        sqlite3_finalize(st);
        const bool notDb = m.find("not a database") != std::string::npos || m.find("malformed") != std::string::npos;
        return makeError(notDb ? ErrorKind::NotSqlite : ErrorKind::ApkgSchema, fileName, 0, entry + ": " + m);
    }
    ImportBatch batch;
    batch.source = fileName;
    const auto& topics = topicIds();
    int rc = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        auto text = [&](int col) {
            const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(st, col));
            return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(st, col))) : std::string();
        };
        const auto fields = splitOn(text(3), '\x1f'); // Anki's field separator
        CandidateCard c;
        c.content.question = htmlToText(fields[0]);
        if (fields.size() > 1) c.content.answer = htmlToText(fields[1]);
        if (c.content.question.empty()) continue;
        const std::string guid = text(1);
        if (guid.rfind("ic:", 0) == 0) c.content.uid = guid.substr(3);
        for (auto& tag : splitOn(text(2), ' ')) {
            if (tag.empty()) continue;
            if (tag.rfind("topic:", 0) == 0 && std::find(topics.begin(), topics.end(), tag.substr(6)) != topics.end())
                c.content.topic = tag.substr(6);
            else
                c.content.tags.push_back(tag);
        }
        batch.cards.push_back(std::move(c));
    }
    const std::string m = rc == SQLITE_DONE ? "" : sqlite3_errmsg(db.get());
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) return makeError(ErrorKind::NotSqlite, fileName, 0, entry + " is damaged: " + m);
    return batch;
}

} // namespace importer
