#include <filesystem>
#include <fstream>
#include <map>

#include "deck/card_rows.h"
#include "deck/storage/database.h"
#include "deck/collection_impl.h"
#include "deck/progress_io.h"
#include "deck/storage/schema.h"

namespace deck {

Status writeDefaultDeck(const std::string& path, const std::vector<CardContent>& cards,
                        const std::vector<std::pair<std::string, Sighting>>& sightings)
{
    std::error_code ec;
    std::filesystem::remove(path, ec);
    std::filesystem::remove(path + "-wal", ec);
    std::filesystem::remove(path + "-shm", ec);
    auto db = Database::open(path, Database::Mode::CreateIfMissing);
    if (!db)
        return db.error();
    // The shipped deck is read-only data: a rollback journal keeps it one self-contained file.
    if (auto s = db->exec("PRAGMA journal_mode = DELETE"); !s.ok())
        return s;
    if (auto s = migrate(*db); !s.ok())
        return s;
    Transaction tx(*db);
    if (!tx.begun().ok())
        return tx.begun();
    std::int64_t order = 0;
    std::map<std::string, CardId> ids;
    for (const CardContent& c : cards) {
        auto id = insertCard(*db, c, "builtin", ++order, std::nullopt, 0);
        if (!id) {
            Error e = id.error();
            e.message = "card '" + c.uid + "': " + e.message;
            return e;
        }
        ids.emplace(c.uid, *id);
    }
    for (const auto& [uid, sighting] : sightings) {
        auto it = ids.find(uid);
        if (it == ids.end())
            return Error{ErrorKind::InvalidInput, "sighting names missing card '" + uid + "'", path, 0};
        if (auto s = insertSighting(*db, it->second, sighting, std::nullopt); !s.ok())
            return s;
    }
    return tx.commit();
}

namespace {

/// FNV-1a over the built-in deck file, and the merge's own version: equal fingerprints mean the
/// last merge already wrote everything this one would.
std::string deckFingerprint(const std::string& path)
{
    constexpr int kMergeVersion = 1;
    std::ifstream in(path, std::ios::binary);
    std::uint64_t h = 1469598103934665603ull;
    char buf[1 << 16];
    while (in) {
        in.read(buf, sizeof buf);
        for (std::streamsize i = 0; i < in.gcount(); ++i) {
            h ^= static_cast<unsigned char>(buf[i]);
            h *= 1099511628211ull;
        }
    }
    return std::to_string(kMergeVersion) + ":" + std::to_string(h);
}

}  // namespace

Result<MergeReport> Collection::mergeBuiltinDeck(const std::string& defaultDeckPath, const Now& now)
{
    auto source = Collection::open(defaultDeckPath, {.createIfMissing = false, .readOnly = true});
    if (!source)
        return source.error();
    Database& from = source->impl_->db;
    Database& db = impl_->db;

    // Most opens find the deck merged already: answered by reading alone, so that a read-only
    // collection opens and a reader never waits behind another program's write.
    const std::string fingerprint = deckFingerprint(defaultDeckPath);
    {
        auto last = db.prepare("SELECT value FROM meta WHERE key = 'builtin.fingerprint'");
        if (!last)
            return last.error();
        if (last->step() && last->text(0) == fingerprint) {
            MergeReport same;
            auto count = from.prepare("SELECT count(*) FROM cards");
            if (count && count->step())
                same.unchanged = count->int32(0);
            return same;
        }
    }

    auto read = from.prepare("SELECT uid, kind, topic, level, question, question_en, answer,"
                             " key_points, tags, links, sources, deck_order FROM cards ORDER BY deck_order");
    if (!read)
        return read.error();
    auto find = db.prepare("SELECT id, builtin_hash, user_edited FROM cards WHERE uid = ?1");
    auto update =
        db.prepare("UPDATE cards SET kind = ?2, topic = ?3, level = ?4, question = ?5, question_en = ?6,"
                   " answer = ?7, key_points = ?8, tags = ?9, links = ?10, sources = ?11, deck_order = ?12,"
                   " builtin_hash = ?13, modified_at_ms = ?14 WHERE id = ?1");
    if (!find)
        return find.error();
    if (!update)
        return update.error();

    MergeReport report;
    Transaction tx(db);
    if (!tx.begun().ok())
        return tx.begun().error();
    while (read->step()) {
        CardContent c;
        c.uid = read->text(0);
        parseCardKind(read->text(1), &c.kind);
        c.topic = read->text(2);
        c.level = read->int32(3);
        c.question = read->text(4);
        c.questionEn = read->text(5);
        c.answer = read->text(6);
        c.keyPoints = rows::splitLines(read->text(7));
        c.tags = rows::splitComma(read->text(8));
        c.links = rows::splitComma(read->text(9));
        c.sources = rows::splitLines(read->text(10));
        const std::int64_t order = read->int64(11);
        const std::string hash = rows::contentHash(c);

        find->reset();
        find->bind(1, c.uid);
        if (!find->step()) {
            if (find->error())
                return *find->error();
            auto id = insertCard(db, c, "builtin", order, std::nullopt, now.unixMs);
            if (!id)
                return id.error();
            ++report.added;
            continue;
        }
        const CardId id(find->int64(0));
        const std::string oldHash = find->text(1);
        const bool edited = find->int64(2) != 0;
        if (oldHash == hash) {
            ++report.unchanged;
        } else if (edited) {
            ++report.keptUserEdits;
        } else {
            update->reset();
            update->bind(1, id.value)
                .bind(2, toString(c.kind))
                .bind(3, c.topic)
                .bind(4, c.level)
                .bind(5, c.question)
                .bind(6, c.questionEn)
                .bind(7, c.answer)
                .bind(8, rows::joinLines(c.keyPoints))
                .bind(9, rows::joinComma(c.tags))
                .bind(10, rows::joinComma(c.links))
                .bind(11, rows::joinLines(c.sources))
                .bind(12, order)
                .bind(13, hash)
                .bind(14, now.unixMs);
            if (auto s = update->run(); !s.ok())
                return s.error();
            ++report.updated;
        }
    }
    if (read->error())
        return *read->error();

    // Sightings shipped with the deck (from public reports) replace the ones an earlier deck
    // shipped (those carry no import id): a re-recorded row (its item, its date kind) must not
    // stay beside its older self.
    if (auto s = db.exec("DELETE FROM sightings WHERE import_id IS NULL"); !s.ok())
        return s.error();
    auto sightings = from.prepare("SELECT c.uid, g.company, g.round, g.role, g.report_date, g.source_url,"
                                  " g.direction, g.date_kind, g.item"
                                  " FROM sightings g JOIN cards c ON c.id = g.card_id");
    if (!sightings)
        return sightings.error();
    while (sightings->step()) {
        find->reset();
        find->bind(1, sightings->text(0));
        if (!find->step())
            continue;
        const Sighting s{sightings->text(1), sightings->text(2), sightings->text(3), sightings->text(4),
                         sightings->text(5), sightings->text(6), sightings->text(7), sightings->int32(8)};
        if (auto r = insertSighting(db, CardId(find->int64(0)), s, std::nullopt); !r.ok())
            return r.error();
    }
    auto mark = db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('builtin.fingerprint', ?1)");
    if (!mark)
        return mark.error();
    if (auto s = mark->bind(1, fingerprint).run(); !s.ok())
        return s.error();
    if (auto s = tx.commit(); !s.ok())
        return s.error();
    return report;
}

// One way in for every import: a plain plan is a progress import without history.
Result<ImportId> Collection::applyImport(const ImportPlan& plan, const Now& now)
{
    return applyProgressImport(*this, toProgressImport(plan), now);
}

Status Collection::undoImport(ImportId id)
{
    Database& db = impl_->db;
    Transaction tx(db);
    if (!tx.begun().ok())
        return tx.begun();
    auto check = db.prepare("SELECT undone FROM imports WHERE id = ?1");
    if (!check)
        return check.error();
    check->bind(1, id.value);
    if (!check->step())
        return Error{ErrorKind::NotFound, "no import " + std::to_string(id.value), {}, 0};
    if (check->int64(0) != 0)
        return Error{
            ErrorKind::Conflict, "import " + std::to_string(id.value) + " was already undone", {}, 0};
    for (const char* sql :
         {"DELETE FROM sightings WHERE import_id = ?1", "DELETE FROM cards WHERE import_id = ?1",
          "UPDATE imports SET undone = 1 WHERE id = ?1"}) {
        auto st = db.prepare(sql);
        if (!st)
            return st.error();
        if (auto s = st->bind(1, id.value).run(); !s.ok())
            return s;
    }
    return tx.commit();
}

Result<std::vector<ImportRecord>> Collection::importHistory() const
{
    auto st = impl_->db.prepare("SELECT i.id, i.created_at_ms, i.source, i.summary, i.undone,"
                                " (SELECT count(*) FROM cards c WHERE c.import_id = i.id),"
                                " (SELECT count(*) FROM sightings g WHERE g.import_id = i.id)"
                                " FROM imports i ORDER BY i.id DESC");
    if (!st)
        return st.error();
    std::vector<ImportRecord> out;
    while (st->step())
        out.push_back({ImportId(st->int64(0)), st->int64(1), st->text(2), st->text(3), st->int64(4) != 0,
                       st->int32(5), st->int32(6)});
    if (st->error())
        return *st->error();
    return out;
}

}  // namespace deck
