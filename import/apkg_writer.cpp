#include "apkg_writer.h"

#include "scheduler/answer.h"

#include <algorithm>
#include <set>

#include "anki_schema.h"
#include "html_text.h"
#include "zip_archive.h"

#include <boost/uuid/detail/sha1.hpp>
#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include <memory>
#include <optional>

namespace importer {

namespace {

using nlohmann::json;

struct DbCloser {
    void operator()(sqlite3* db) const { sqlite3_close(db); }
};

constexpr std::int64_t kModelId = 1700000000001;  // fixed ids: re-exports update the same note type
constexpr std::int64_t kDeckId = 1700000000002;

json noteType(std::int64_t nowSec)
{
    json field = {
        {"sticky", false}, {"rtl", false}, {"font", "Arial"}, {"size", 20}, {"media", json::array()}};
    json front = field, back = field;
    front["name"] = "Front";
    front["ord"] = 0;
    back["name"] = "Back";
    back["ord"] = 1;
    json tmpl = {{"name", "Card 1"},    {"ord", 0},
                 {"qfmt", "{{Front}}"}, {"afmt", "{{FrontSide}}<hr id=answer>{{Back}}"},
                 {"bqfmt", ""},         {"bafmt", ""},
                 {"did", nullptr},      {"bfont", ""},
                 {"bsize", 0}};
    json m = {{"id", kModelId},
              {"name", "InfraCards"},
              {"type", 0},
              {"mod", nowSec},
              {"usn", -1},
              {"sortf", 0},
              {"did", kDeckId},
              {"tmpls", json::array({tmpl})},
              {"flds", json::array({front, back})},
              {"css", ".card { font-family: sans-serif; font-size: 20px; text-align: left; }"},
              {"latexPre",
               "\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n"
               "\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{"
               "document}\n"},
              {"latexPost", "\\end{document}"},
              {"latexsvg", false},
              // req: card 0 is generated when field 0 is non-empty.
              {"req", json::array({json::array({0, "any", json::array({0})})})},
              {"tags", json::array()},
              {"vers", json::array()}};
    return json{{std::to_string(kModelId), m}};
}

json deckJson(std::int64_t id, const std::string& name, std::int64_t nowSec)
{
    return {{"id", id},           {"name", name},       {"mod", nowSec},
            {"usn", -1},          {"collapsed", false}, {"browserCollapsed", false},
            {"desc", ""},         {"dyn", 0},           {"conf", 1},
            {"extendNew", 0},     {"extendRev", 0},     {"newToday", {0, 0}},
            {"revToday", {0, 0}}, {"lrnToday", {0, 0}}, {"timeToday", {0, 0}}};
}

json deckConfig()
{
    // Anki's defaults for a new deck options group (new 20/day, steps 1 and 10 minutes, reviews
    // 200/day, starting ease 250 %).
    return {
        {"1",
         {{"id", 1},
          {"name", "Default"},
          {"mod", 0},
          {"usn", 0},
          {"dyn", false},
          {"maxTaken", 60},
          {"timer", 0},
          {"autoplay", true},
          {"replayq", true},
          {"new",
           {{"delays", {1, 10}},
            {"ints", {1, 4, 0}},
            {"initialFactor", 2500},
            {"order", 1},
            {"perDay", 20},
            {"bury", false}}},
          {"rev",
           {{"perDay", 200},
            {"ease4", 1.3},
            {"ivlFct", 1},
            {"maxIvl", 36500},
            {"hardFactor", 1.2},
            {"bury", false}}},
          {"lapse", {{"delays", {10}}, {"mult", 0}, {"minInt", 1}, {"leechFails", 8}, {"leechAction", 1}}}}}};
}

std::string tagsField(const ExportedCard& c)
{
    // Anki tags are space-separated and may not contain spaces.
    std::string out = " ";
    auto add = [&](std::string t) {
        for (char& ch : t)
            if (ch == ' ')
                ch = '_';
        if (!t.empty())
            out += t + " ";
    };
    for (const auto& t : c.content.tags)
        add(t);
    if (!c.content.topic.empty())
        add("topic:" + c.content.topic);
    return out == " " ? std::string() : out;
}

}  // namespace

std::uint32_t ankiFieldChecksum(std::string_view text)
{
    boost::uuids::detail::sha1 h;
    h.process_bytes(text.data(), text.size());
    boost::uuids::detail::sha1::digest_type d;
    h.get_digest(d);
    return static_cast<std::uint32_t>(d[0]);
}

Result<std::string> writeApkg(const std::vector<ExportedCard>& cards, std::int64_t nowMs,
                              const std::string& fileName, const CardProgress& progress)
{
    sqlite3* raw = nullptr;
    if (sqlite3_open_v2(":memory:", &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_MEMORY, nullptr) != SQLITE_OK) {
        sqlite3_close(raw);
        return makeError(ErrorKind::Sqlite, fileName, 0, "cannot open an in-memory database");
    }
    std::unique_ptr<sqlite3, DbCloser> db(raw);
    auto exec = [&](const std::string& sql) -> std::optional<ImportError> {
        char* msg = nullptr;
        if (sqlite3_exec(db.get(), sql.c_str(), nullptr, nullptr, &msg) != SQLITE_OK) {
            std::string m = msg ? msg : "";
            sqlite3_free(msg);
            return makeError(ErrorKind::Sqlite, fileName, 0, m);
        }
        return std::nullopt;
    };
    if (auto e = exec(std::string(ankiSchema11Sql())))
        return *e;
    if (auto e = exec("begin"))
        return *e;

    const std::int64_t nowSec = nowMs / 1000;
    const std::int64_t today = nowSec / 86400;  // the collection is "created" today (UTC)
    json decks = {{"1", deckJson(1, "Default", nowSec)},
                  {std::to_string(kDeckId), deckJson(kDeckId, "InfraCards", nowSec)}};
    json conf = {{"nextPos", static_cast<std::int64_t>(cards.size()) + 1},
                 {"estTimes", true},
                 {"activeDecks", {1}},
                 {"sortType", "noteFld"},
                 {"timeLim", 0},
                 {"sortBackwards", false},
                 {"addToCur", true},
                 {"curDeck", 1},
                 {"newBury", true},
                 {"newSpread", 0},
                 {"dueCounts", true},
                 {"curModel", std::to_string(kModelId)},
                 {"collapseTime", 1200}};
    sqlite3_stmt* st = nullptr;
    auto prepare = [&](const char* sql) {
        sqlite3_finalize(st);
        st = nullptr;
        return sqlite3_prepare_v2(db.get(), sql, -1, &st, nullptr) == SQLITE_OK;
    };
    auto fail = [&]() {
        std::string m = sqlite3_errmsg(db.get());
        sqlite3_finalize(st);
        return makeError(ErrorKind::Sqlite, fileName, 0, m);
    };

    if (!prepare("insert into col values (1, ?1, ?2, ?2, 11, 0, 0, 0, ?3, ?4, ?5, ?6, '{}')"))
        return fail();
    const std::string confS = conf.dump(), modelsS = noteType(nowSec).dump(), decksS = decks.dump(),
                      dconfS = deckConfig().dump();
    sqlite3_bind_int64(st, 1, today * 86400);
    sqlite3_bind_int64(st, 2, nowMs);
    sqlite3_bind_text(st, 3, confS.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 4, modelsS.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 5, decksS.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 6, dconfS.c_str(), -1, SQLITE_TRANSIENT);
    if (sqlite3_step(st) != SQLITE_DONE)
        return fail();

    std::set<std::int64_t> revlogIds;
    for (std::size_t i = 0; i < cards.size(); ++i) {
        const ExportedCard& c = cards[i];
        const std::int64_t nid = nowMs + static_cast<std::int64_t>(i);  // Anki ids are creation times in ms
        const std::string front = textToHtml(c.content.question);
        const std::string back = textToHtml(c.content.answer);
        const std::string guid = c.content.uid.empty() ? "ic-" + std::to_string(nid) : "ic:" + c.content.uid;
        if (!prepare("insert into notes values (?1, ?2, ?3, ?4, -1, ?5, ?6, ?7, ?8, 0, '')"))
            return fail();
        sqlite3_bind_int64(st, 1, nid);
        sqlite3_bind_text(st, 2, guid.c_str(), -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(st, 3, kModelId);
        sqlite3_bind_int64(st, 4, nowSec);
        const std::string tags = tagsField(c);
        sqlite3_bind_text(st, 5, tags.c_str(), -1, SQLITE_TRANSIENT);
        const std::string flds = front + '\x1f' + back;
        sqlite3_bind_text(st, 6, flds.c_str(), -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 7, c.content.question.c_str(), -1, SQLITE_TRANSIENT);  // sort field: plain text
        sqlite3_bind_int64(st, 8, ankiFieldChecksum(c.content.question));
        if (sqlite3_step(st) != SQLITE_DONE)
            return fail();

        // Card type/queue: 0 new, 2 review; queue -1 suspended. A new card's due is its position.
        const bool learned = c.state && !c.state->isNew;
        const int type = learned ? 2 : 0;
        const int queue = c.suspended ? -1 : type;
        const std::int64_t due = learned ? c.state->due - today : static_cast<std::int64_t>(i) + 1;
        if (!prepare("insert into cards values (?1, ?2, ?3, 0, ?4, -1, ?5, ?6, ?7, ?8, ?9, ?10, ?11, 0, 0, "
                     "0, ?12, '')"))
            return fail();
        sqlite3_bind_int64(st, 1, nid);
        sqlite3_bind_int64(st, 2, nid);
        sqlite3_bind_int64(st, 3, kDeckId);
        sqlite3_bind_int64(st, 4, nowSec);
        sqlite3_bind_int(st, 5, type);
        sqlite3_bind_int(st, 6, queue);
        sqlite3_bind_int64(st, 7, due);
        sqlite3_bind_int(st, 8, learned ? c.state->intervalDays : 0);
        sqlite3_bind_int(st, 9, learned ? static_cast<int>(c.state->easiness * 1000.0 + 0.5) : 0);
        sqlite3_bind_int(st, 10, c.state ? c.state->repetitions : 0);
        sqlite3_bind_int(st, 11, c.state ? c.state->lapses : 0);
        sqlite3_bind_int(st, 12, c.flag);
        if (sqlite3_step(st) != SQLITE_DONE)
            return fail();

        // The review log, so that Anki and AnkiDroid show the card's history and FSRS there can
        // replay it. Anki's revlog id is the answer's time in ms and must be unique: two answers
        // in the same millisecond are written a millisecond apart.
        for (const ReviewEntry& r : c.reviews) {
            std::int64_t id = std::max<std::int64_t>(r.reviewedAtMs, 1);
            while (!revlogIds.insert(id).second)
                ++id;
            // Button 1-4; a mock-interview score (no button) as the rating its SM-2 quality gives.
            const int ease = static_cast<int>(scheduler::ratingForLogRow(r.answer, r.quality));
            // type 0 learning (the card was new), 1 review, 2 relearning (a lapsed card's first
            // answer after the lapse), as Anki counts them; 3 a filtered-deck answer that did not
            // reschedule, which is what a weak-spot drill answer is.
            const int revType = r.mode == "drill"                                    ? 3
                                : r.before.isNew                                     ? 0
                                : (r.before.repetitions == 0 && r.before.lapses > 0) ? 2
                                                                                     : 1;
            if (!prepare("insert into revlog values (?1, ?2, -1, ?3, ?4, ?5, ?6, ?7, ?8)"))
                return fail();
            sqlite3_bind_int64(st, 1, id);
            sqlite3_bind_int64(st, 2, nid);
            sqlite3_bind_int(st, 3, ease);
            sqlite3_bind_int(st, 4, r.after.intervalDays);
            sqlite3_bind_int(st, 5, r.before.intervalDays);
            sqlite3_bind_int(st, 6, static_cast<int>(r.after.easiness * 1000.0 + 0.5));
            sqlite3_bind_int64(
                st, 7, std::clamp<std::int64_t>(r.timeTakenMs, 0, 60'000));  // Anki caps answer time at 60 s
            sqlite3_bind_int(st, 8, revType);
            if (sqlite3_step(st) != SQLITE_DONE)
                return fail();
        }
        if (progress && !progress(i + 1)) {
            sqlite3_finalize(st);
            return makeError(ErrorKind::Stopped, fileName, 0, "the export was stopped");
        }
    }
    sqlite3_finalize(st);
    st = nullptr;
    if (auto e = exec("commit"))
        return *e;

    sqlite3_int64 size = 0;
    unsigned char* bytes = sqlite3_serialize(db.get(), "main", &size, 0);
    if (!bytes)
        return makeError(ErrorKind::Sqlite, fileName, 0, "cannot serialise the Anki collection");
    std::string collection(reinterpret_cast<const char*>(bytes), static_cast<std::size_t>(size));
    sqlite3_free(bytes);
    // "media" maps archive member names to media file names; this deck has no media.
    return writeZip({{"collection.anki2", collection}, {"media", "{}"}}, fileName);
}

}  // namespace importer
