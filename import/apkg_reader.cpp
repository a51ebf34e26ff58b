#include "apkg_reader.h"
#include "utf8.h"

#include <zstd.h>

#include "scheduler/answer.h"
#include "scheduler/types.h"

#include <map>
#include <set>

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

constexpr std::int64_t kNewestAnkiSchema = 18;

struct DbCloser {
    void operator()(sqlite3* db) const { sqlite3_close(db); }
};

std::vector<std::string> splitOn(std::string_view s, char sep)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= s.size(); ++i)
        if (i == s.size() || s[i] == sep) {
            out.emplace_back(s.substr(start, i - start));
            start = i + 1;
        }
    return out;
}

}  // namespace

namespace {

using scheduler::kLastDay;

std::int64_t clampDay(std::int64_t d)
{
    return std::clamp<std::int64_t>(d, 0, kLastDay);
}

double easeOf(std::int64_t factor)
{
    return factor <= 0 ? 2.5
                       : std::clamp(static_cast<double>(factor) / 1000.0, scheduler::kMinimumEasiness,
                                    scheduler::kMaximumEasiness);
}

/// Scheduling and review log of the notes' first cards (Anki schema 11 and 18 share these
/// columns). Returns an error message, empty when all went well.
std::string readAnkiProgress(sqlite3* db, const std::vector<std::int64_t>& noteIds, ImportBatch& batch,
                             const std::string& fileName, const std::string& entry)
{
    (void)fileName;
    (void)entry;
    std::int64_t crtDay = 0;  // Anki's review due days count from the collection's creation day
    {
        sqlite3_stmt* st = nullptr;
        if (sqlite3_prepare_v2(db, "SELECT crt FROM col", -1, &st, nullptr) == SQLITE_OK
            && sqlite3_step(st) == SQLITE_ROW)
            crtDay = sqlite3_column_int64(st, 0) / 86400;
        sqlite3_finalize(st);
    }
    std::map<std::int64_t, std::size_t> cardOfNote;
    for (std::size_t i = 0; i < noteIds.size(); ++i)
        cardOfNote.emplace(noteIds[i], i);
    std::map<std::int64_t, std::size_t> cardOfAnkiCard;  // Anki card id -> batch card
    std::vector<bool> taken(batch.cards.size(), false);  // a note's first card only
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(
            db,
            "SELECT id, nid, type, queue, due, ivl, factor, reps, lapses, flags FROM cards ORDER BY nid, ord",
            -1, &st, nullptr)
        != SQLITE_OK) {
        const std::string m = sqlite3_errmsg(db);
        sqlite3_finalize(st);
        return "no cards table: " + m;
    }
    std::set<std::int64_t> packageCards;  // every card of the package, for the review log's check
    while (sqlite3_step(st) == SQLITE_ROW) {
        const auto col = [&](int i) { return sqlite3_column_int64(st, i); };
        packageCards.insert(col(0));
        const auto it = cardOfNote.find(col(1));
        if (it == cardOfNote.end() || cardOfAnkiCard.count(col(0)))
            continue;
        if (taken[it->second])
            continue;  // a note's other cards (reverse templates) are not separate questions here
        taken[it->second] = true;
        cardOfAnkiCard.emplace(col(0), it->second);
        CandidateCard& c = batch.cards[it->second];
        const std::int64_t type = col(2), queue = col(3), due = col(4), ivl = col(5);
        c.suspended = queue == -1;
        const std::int64_t flag = col(9) & 7;
        c.flag = flag <= 4 ? static_cast<int>(flag) : 0;
        if (type == 0)
            continue;  // new: the fresh state
        scheduler::CardState s;
        s.isNew = false;
        s.easiness = easeOf(col(6));
        s.lapses = static_cast<int>(std::clamp<std::int64_t>(col(8), 0, scheduler::kMaximumCount));
        if (type == 1) {
            // Learning: due is a Unix time in seconds; the card comes due that day, one day apart.
            s.intervalDays = 1;
            s.repetitions = 0;
            s.due = clampDay(due / 86400);
        } else {
            // Review (2) or relearning (3): due is a day number from the collection's creation.
            s.intervalDays =
                static_cast<int>(std::clamp<std::int64_t>(ivl, 1, scheduler::kMaximumIntervalDays));
            s.repetitions =
                type == 3 ? 0
                          : static_cast<int>(std::clamp<std::int64_t>(col(7), 2, scheduler::kMaximumCount));
            s.due = clampDay(type == 3 && due > 100'000'000 ? due / 86400 : crtDay + due);
        }
        s.lastReview = clampDay(s.due - s.intervalDays);
        c.state = s;
    }
    sqlite3_finalize(st);

    if (sqlite3_prepare_v2(db,
                           "SELECT id, cid, ease, ivl, lastIvl, factor, time, type FROM revlog ORDER BY id",
                           -1, &st, nullptr)
        != SQLITE_OK) {
        sqlite3_finalize(st);
        return {};  // a package without a review log brings the scheduling alone
    }
    while (sqlite3_step(st) == SQLITE_ROW) {
        const auto col = [&](int i) { return sqlite3_column_int64(st, i); };
        if (!packageCards.count(col(1))) {
            const std::string m = "review-log row " + std::to_string(col(0)) + " is for card "
                                  + std::to_string(col(1))
                                  + ", which the package does not hold (a damaged or hand-edited package)";
            sqlite3_finalize(st);
            return m;
        }
        const auto it = cardOfAnkiCard.find(col(1));
        const std::int64_t ease = col(2);
        if (it == cardOfAnkiCard.end() || ease < 1 || ease > 4 || col(0) <= 0
            || col(0) / 86'400'000 > kLastDay)
            continue;
        deck::ReviewRecord r;
        r.reviewedAtMs = col(0);
        r.studyDay = col(0) / 86'400'000;
        r.answer = static_cast<int>(ease);
        r.quality = scheduler::qualityFor(static_cast<scheduler::Answer>(ease));
        r.timeTakenMs = std::clamp<std::int64_t>(col(6), 0, 86'400'000);
        r.scheduler = "anki";
        if (col(7) == 3)
            r.mode = "drill";  // a filtered-deck answer that did not reschedule
        // Negative intervals are learning steps in seconds: less than a day.
        r.before.isNew = col(7) == 0 && col(4) == 0;
        r.before.intervalDays =
            static_cast<int>(std::clamp<std::int64_t>(col(4), 0, scheduler::kMaximumIntervalDays));
        r.after.isNew = false;
        r.after.intervalDays =
            static_cast<int>(std::clamp<std::int64_t>(col(3), 0, scheduler::kMaximumIntervalDays));
        r.after.easiness = easeOf(col(5));
        r.before.easiness = r.after.easiness;
        r.after.lastReview = r.studyDay;
        r.after.due = clampDay(r.studyDay + r.after.intervalDays);
        batch.cards[it->second].reviews.push_back(std::move(r));
    }
    sqlite3_finalize(st);
    return {};
}

}  // namespace

Result<std::string> zstdDecompress(std::string_view compressed, std::size_t maxBytes)
{
    std::unique_ptr<ZSTD_DStream, std::size_t (*)(ZSTD_DStream*)> ds(ZSTD_createDStream(), ZSTD_freeDStream);
    if (!ds)
        return makeError(ErrorKind::ZipCorrupt, "", 0, "cannot start the zstd decoder");
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
        if (ZSTD_isError(left))
            return makeError(ErrorKind::ZipCorrupt, "", 0,
                             std::string("not valid zstd data: ") + ZSTD_getErrorName(left));
        if (out.size() > maxBytes)
            return makeError(ErrorKind::TooLarge, "", 0,
                             "inflates past " + std::to_string(maxBytes / (1024 * 1024)) + " MiB");
        // Done when all input is read and the decoder, with room to spare, has nothing more to give.
        if (in.pos == in.size && o.pos < chunk) {
            if (left != 0)
                return makeError(ErrorKind::ZipCorrupt, "", 0, "the zstd data ends early");
            return out;
        }
    }
}

Result<ImportBatch> readApkg(std::string_view bytes, const std::string& fileName, bool withProgress)
{
    auto list = listZip(bytes, fileName);
    if (!list)
        return list.error();
    const auto has = [&](const char* n) {
        return std::find(list->names.begin(), list->names.end(), n) != list->names.end();
    };
    // Current Anki writes collection.anki21b (zstd-compressed) and, for older versions, a
    // collection.anki2 that only says "update Anki": the newest form present is the real one.
    std::string entry;
    if (has("collection.anki21b"))
        entry = "collection.anki21b";
    else if (has("collection.anki21"))
        entry = "collection.anki21";
    else if (has("collection.anki2"))
        entry = "collection.anki2";
    else
        return makeError(
            ErrorKind::ApkgLayout, fileName, 0,
            "no collection.anki21b, collection.anki21 or collection.anki2 inside: not an Anki package");

    auto data = readZipEntry(bytes, entry, fileName, kMaxInputBytes);
    if (!data)
        return data.error();
    if (entry == "collection.anki21b") {
        auto plain = zstdDecompress(*data, kMaxInputBytes);
        if (!plain)
            return makeError(plain.error().kind, fileName, 0, entry + ": " + plain.error().message);
        data = std::move(plain.value());
    }
    static constexpr char kMagic[] = "SQLite format 3";  // the 16-byte header includes the NUL
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
    if (!buf)
        return makeError(ErrorKind::Sqlite, fileName, 0, "out of memory");
    std::memcpy(buf, data->data(), data->size());
    // Current Anki keeps its collection in WAL mode, and the file it packs says so (header bytes
    // 18 and 19, the file format's write and read versions, are 2). SQLite cannot open a WAL
    // database held in memory ("unable to open database file": no -wal or -shm file beside it),
    // so the copy is marked as a rollback-journal database (1, 1). The packed file carries no
    // WAL content of its own: Anki checkpoints before it exports.
    if (buf[18] == 2 || buf[19] == 2) {
        buf[18] = 1;
        buf[19] = 1;
    }
    if (sqlite3_deserialize(db.get(), "main", buf, static_cast<sqlite3_int64>(data->size()),
                            static_cast<sqlite3_int64>(data->size()),
                            SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY)
        != SQLITE_OK)
        return makeError(ErrorKind::NotSqlite, fileName, 0,
                         entry + " cannot be opened as SQLite: " + sqlite3_errmsg(db.get()));

    sqlite3_stmt* st = nullptr;
    // Anki's collection schema: 11 in Anki 2.0 to 2.1.27 packages, up to 18 since (anki21b). A
    // newer one may hold what this reader cannot see.
    if (sqlite3_prepare_v2(db.get(), "SELECT ver FROM col", -1, &st, nullptr) == SQLITE_OK
        && sqlite3_step(st) == SQLITE_ROW) {
        const std::int64_t ver = sqlite3_column_int64(st, 0);
        sqlite3_finalize(st);
        if (ver > kNewestAnkiSchema)
            return makeError(ErrorKind::ApkgSchema, fileName, 0,
                             entry + ": Anki collection schema " + std::to_string(ver) + " is newer than the "
                                 + std::to_string(kNewestAnkiSchema) + " this version of InfraCards reads");
    } else {
        sqlite3_finalize(st);
    }
    st = nullptr;
    if (sqlite3_prepare_v2(db.get(), "SELECT id, guid, tags, flds FROM notes ORDER BY id", -1, &st, nullptr)
        != SQLITE_OK) {
        const std::string m = sqlite3_errmsg(db.get());
        sqlite3_finalize(st);
        const bool notDb =
            m.find("not a database") != std::string::npos || m.find("malformed") != std::string::npos;
        return makeError(notDb ? ErrorKind::NotSqlite : ErrorKind::ApkgSchema, fileName, 0, entry + ": " + m);
    }
    ImportBatch batch;
    batch.source = fileName;
    const auto& topics = topicIds();
    std::vector<std::int64_t> noteIds;  // the note of each batch card, for the progress below
    int rc = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        auto text = [&](int col) {
            const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(st, col));
            return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(st, col)))
                     : std::string();
        };
        const auto fields = splitOn(text(3), '\x1f');  // Anki's field separator
        for (std::size_t f = 0; f < std::min<std::size_t>(2, fields.size()); ++f)
            if (!isValidUtf8(fields[f]))
                ++batch.repairedFields;  // the HTML parser repairs them
        CandidateCard c;
        c.content.question = htmlToText(fields[0]);
        if (fields.size() > 1)
            c.content.answer = htmlToText(fields[1]);
        if (hasCloze(c.content.question)) {
            // A cloze note: its front hides each deletion; the answer is what was deleted, then
            // the note's extra field.
            std::string answer;
            for (const auto& a : clozeAnswers(c.content.question))
                answer += (answer.empty() ? "" : "\n") + std::string("- ") + a;
            if (!c.content.answer.empty())
                answer += "\n\n" + c.content.answer;
            c.content.question = clozeFront(c.content.question);
            c.content.answer = answer;
        }
        if (c.content.question.empty())
            continue;
        const std::string guid = text(1);
        if (guid.rfind("ic:", 0) == 0)
            c.content.uid = guid.substr(3);
        for (auto& tag : splitOn(text(2), ' ')) {
            if (tag.empty())
                continue;
            if (tag.rfind("topic:", 0) == 0
                && std::find(topics.begin(), topics.end(), tag.substr(6)) != topics.end())
                c.content.topic = tag.substr(6);
            else
                c.content.tags.push_back(tag);
        }
        batch.cards.push_back(std::move(c));
        noteIds.push_back(sqlite3_column_int64(st, 0));
    }
    const std::string m = rc == SQLITE_DONE ? "" : sqlite3_errmsg(db.get());
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return makeError(ErrorKind::NotSqlite, fileName, 0, entry + " is damaged: " + m);
    if (withProgress)
        if (auto e = readAnkiProgress(db.get(), noteIds, batch, fileName, entry); !e.empty())
            return makeError(ErrorKind::ApkgSchema, fileName, 0, entry + ": " + e);
    return batch;
}

}  // namespace importer
