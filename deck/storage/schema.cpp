#include "deck/storage/schema.h"
#include "deck/storage/database.h"

#include <array>
#include <string_view>

namespace deck {

namespace {

// Version 1: cards, scheduling state, sightings, review log, mock sessions, demo runs, imports,
// and a trigram full-text index (works for Chinese: any 3 consecutive characters match).
constexpr std::string_view kVersion1 = R"sql(
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE imports (
    id            INTEGER PRIMARY KEY,
    created_at_ms INTEGER NOT NULL,
    source        TEXT NOT NULL,
    summary       TEXT NOT NULL DEFAULT '',
    undone        INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE cards (
    id           INTEGER PRIMARY KEY,
    uid          TEXT NOT NULL UNIQUE,
    kind         TEXT NOT NULL CHECK (kind IN ('question', 'formula', 'demo', 'coding')),
    topic        TEXT NOT NULL,
    level        INTEGER NOT NULL CHECK (level BETWEEN 1 AND 10),
    question     TEXT NOT NULL,
    question_en  TEXT NOT NULL DEFAULT '',
    answer       TEXT NOT NULL DEFAULT '',
    key_points   TEXT NOT NULL DEFAULT '',   -- one point per line
    tags         TEXT NOT NULL DEFAULT '',   -- comma-separated
    links        TEXT NOT NULL DEFAULT '',   -- comma-separated
    sources      TEXT NOT NULL DEFAULT '',   -- one per line
    origin       TEXT NOT NULL DEFAULT 'builtin' CHECK (origin IN ('builtin', 'user', 'import')),
    deck_order   INTEGER NOT NULL DEFAULT 0,
    builtin_hash TEXT NOT NULL DEFAULT '',   -- hash of the built-in text this row was last set from
    user_edited  INTEGER NOT NULL DEFAULT 0,
    suspended    INTEGER NOT NULL DEFAULT 0,
    buried_until INTEGER NOT NULL DEFAULT 0, -- study day; hidden from the queue before it
    flag         INTEGER NOT NULL DEFAULT 0,
    import_id    INTEGER REFERENCES imports (id),
    created_at_ms  INTEGER NOT NULL DEFAULT 0,
    modified_at_ms INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX cards_topic ON cards (topic, level);
CREATE TABLE card_state (
    card_id         INTEGER PRIMARY KEY REFERENCES cards (id) ON DELETE CASCADE,
    is_new          INTEGER NOT NULL DEFAULT 1,
    easiness        REAL NOT NULL DEFAULT 2.5,
    repetitions     INTEGER NOT NULL DEFAULT 0,
    interval_days   INTEGER NOT NULL DEFAULT 0,
    due_day         INTEGER NOT NULL DEFAULT 0,
    last_review_day INTEGER,
    drill_pending   INTEGER NOT NULL DEFAULT 0,
    lapses          INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX card_state_due ON card_state (is_new, due_day);
CREATE TABLE sightings (
    id          INTEGER PRIMARY KEY,
    card_id     INTEGER NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
    company     TEXT NOT NULL DEFAULT '',
    round       TEXT NOT NULL DEFAULT '',
    role        TEXT NOT NULL DEFAULT '',
    report_date TEXT NOT NULL DEFAULT '',
    source_url  TEXT NOT NULL DEFAULT '',
    import_id   INTEGER REFERENCES imports (id),
    UNIQUE (card_id, company, round, role, source_url)
);
CREATE INDEX sightings_company ON sightings (company, round, role);
CREATE TABLE review_log (
    id             INTEGER PRIMARY KEY,
    card_id        INTEGER NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
    reviewed_at_ms INTEGER NOT NULL,           -- Unix time, milliseconds
    study_day      INTEGER NOT NULL,
    answer         INTEGER,                    -- button 1-4, NULL for a mock-interview score
    quality        INTEGER NOT NULL,           -- SM-2 quality 0-5
    time_taken_ms  INTEGER NOT NULL DEFAULT 0,
    mode           TEXT NOT NULL DEFAULT 'review',
    scheduler      TEXT NOT NULL,
    state_before   TEXT NOT NULL,
    state_after    TEXT NOT NULL
);
CREATE INDEX review_log_card ON review_log (card_id, reviewed_at_ms);
CREATE INDEX review_log_day ON review_log (study_day);
CREATE TABLE mock_sessions (
    id             INTEGER PRIMARY KEY,
    preset         TEXT NOT NULL DEFAULT '',
    config         TEXT NOT NULL DEFAULT '{}',
    started_at_ms  INTEGER NOT NULL,
    ended_at_ms    INTEGER,
    status         TEXT NOT NULL DEFAULT 'running',
    total_score    INTEGER NOT NULL DEFAULT 0,
    max_score      INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE mock_answers (
    id             INTEGER PRIMARY KEY,
    session_id     INTEGER NOT NULL REFERENCES mock_sessions (id) ON DELETE CASCADE,
    position       INTEGER NOT NULL,
    card_id        INTEGER NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
    score          INTEGER,                    -- rubric 0-4, NULL when skipped
    notes          TEXT NOT NULL DEFAULT '',
    time_ms        INTEGER NOT NULL DEFAULT 0,
    answered_at_ms INTEGER,
    UNIQUE (session_id, position)
);
CREATE TABLE demo_runs (
    id          INTEGER PRIMARY KEY,
    demo_id     TEXT NOT NULL,
    device      TEXT NOT NULL DEFAULT '',
    run_at_ms   INTEGER NOT NULL,
    recorded    INTEGER NOT NULL DEFAULT 0,    -- 1: shipped reference result, not the user's GPU
    result_json TEXT NOT NULL
);
CREATE INDEX demo_runs_demo ON demo_runs (demo_id, run_at_ms);
CREATE VIRTUAL TABLE cards_fts USING fts5 (
    question, question_en, answer, key_points,
    content = 'cards', content_rowid = 'id', tokenize = 'trigram'
);
CREATE TRIGGER cards_fts_insert AFTER INSERT ON cards BEGIN
    INSERT INTO cards_fts (rowid, question, question_en, answer, key_points)
    VALUES (new.id, new.question, new.question_en, new.answer, new.key_points);
END;
CREATE TRIGGER cards_fts_delete AFTER DELETE ON cards BEGIN
    INSERT INTO cards_fts (cards_fts, rowid, question, question_en, answer, key_points)
    VALUES ('delete', old.id, old.question, old.question_en, old.answer, old.key_points);
END;
CREATE TRIGGER cards_fts_update AFTER UPDATE OF question, question_en, answer, key_points ON cards BEGIN
    INSERT INTO cards_fts (cards_fts, rowid, question, question_en, answer, key_points)
    VALUES ('delete', old.id, old.question, old.question_en, old.answer, old.key_points);
    INSERT INTO cards_fts (rowid, question, question_en, answer, key_points)
    VALUES (new.id, new.question, new.question_en, new.answer, new.key_points);
END;
)sql";

// Version 2: interviews the user has set (company, role, round, date), for interview-date mode
// and the home screen's "next interview" line.
constexpr std::string_view kVersion2 = R"sql(
CREATE TABLE interviews (
    id       INTEGER PRIMARY KEY,
    company  TEXT NOT NULL DEFAULT '',
    role     TEXT NOT NULL DEFAULT '',
    round    TEXT NOT NULL DEFAULT '',
    day      INTEGER NOT NULL,               -- study day of the interview
    note     TEXT NOT NULL DEFAULT '',
    created_at_ms INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX interviews_day ON interviews (day);
)sql";

// Version 3: indexes found by the 100,000-card benchmarks: today's repeats are read by
// last_review_day, and the company -> round -> role tree groups sightings without the table.
constexpr std::string_view kVersion3 = R"sql(
CREATE INDEX card_state_last_review ON card_state (last_review_day, drill_pending);
CREATE INDEX sightings_tree ON sightings (company, round, role, card_id, source_url);
)sql";

// Version 4: today's queue at 100,000 cards. new_queue mirrors the cards that are still new, with
// the columns the queue orders them by, so a topic's next new cards are one index range instead
// of a walk over every card of the topic (most of which, after months, are no longer new).
// cards_hidden lists the cards ever suspended or buried (a few), so the count of due reviews
// need not read every due card's row to check that it is visible. Both are kept by triggers in
// plain SQL, so any SQLite client that edits the file keeps them right.
constexpr std::string_view kVersion4 = R"sql(
CREATE TABLE new_queue (
    card_id    INTEGER PRIMARY KEY REFERENCES cards (id) ON DELETE CASCADE,
    topic      TEXT NOT NULL,
    level      INTEGER NOT NULL,
    deck_order INTEGER NOT NULL
);
CREATE INDEX new_queue_topic ON new_queue (topic, level, deck_order, card_id);
CREATE INDEX new_queue_order ON new_queue (deck_order, card_id);
INSERT INTO new_queue (card_id, topic, level, deck_order)
    SELECT c.id, c.topic, c.level, c.deck_order FROM card_state s JOIN cards c ON c.id = s.card_id
    WHERE s.is_new = 1;
CREATE TRIGGER new_queue_state_insert AFTER INSERT ON card_state WHEN new.is_new = 1 BEGIN
    INSERT OR REPLACE INTO new_queue (card_id, topic, level, deck_order)
        SELECT id, topic, level, deck_order FROM cards WHERE id = new.card_id;
END;
CREATE TRIGGER new_queue_state_update AFTER UPDATE OF is_new ON card_state
    WHEN old.is_new IS NOT new.is_new BEGIN
    DELETE FROM new_queue WHERE card_id = new.card_id AND new.is_new = 0;
    INSERT OR REPLACE INTO new_queue (card_id, topic, level, deck_order)
        SELECT id, topic, level, deck_order FROM cards WHERE id = new.card_id AND new.is_new = 1;
END;
CREATE TRIGGER new_queue_state_delete AFTER DELETE ON card_state BEGIN
    DELETE FROM new_queue WHERE card_id = old.card_id;
END;
CREATE TRIGGER new_queue_card_update AFTER UPDATE OF topic, level, deck_order ON cards BEGIN
    UPDATE new_queue SET topic = new.topic, level = new.level, deck_order = new.deck_order
        WHERE card_id = new.id;
END;
CREATE INDEX cards_hidden ON cards (id) WHERE suspended = 1 OR buried_until > 0;
)sql";

// Version 5: one- and two-character search terms through the index. Every field is indexed with
// two trailing spaces, so every occurrence of a term of one or two characters starts a trigram
// of the index (deck/text_match.h reads them from the index's vocabulary). The index is external
// content: the triggers pass the same padded values to delete what they inserted.
constexpr std::string_view kVersion5 = R"sql(
DROP TRIGGER cards_fts_insert;
DROP TRIGGER cards_fts_delete;
DROP TRIGGER cards_fts_update;
INSERT INTO cards_fts (cards_fts) VALUES ('delete-all');
INSERT INTO cards_fts (rowid, question, question_en, answer, key_points)
    SELECT id, question || '  ', question_en || '  ', answer || '  ', key_points || '  ' FROM cards;
CREATE TRIGGER cards_fts_insert AFTER INSERT ON cards BEGIN
    INSERT INTO cards_fts (rowid, question, question_en, answer, key_points)
    VALUES (new.id, new.question || '  ', new.question_en || '  ', new.answer || '  ',
            new.key_points || '  ');
END;
CREATE TRIGGER cards_fts_delete AFTER DELETE ON cards BEGIN
    INSERT INTO cards_fts (cards_fts, rowid, question, question_en, answer, key_points)
    VALUES ('delete', old.id, old.question || '  ', old.question_en || '  ', old.answer || '  ',
            old.key_points || '  ');
END;
CREATE TRIGGER cards_fts_update AFTER UPDATE OF question, question_en, answer, key_points ON cards BEGIN
    INSERT INTO cards_fts (cards_fts, rowid, question, question_en, answer, key_points)
    VALUES ('delete', old.id, old.question || '  ', old.question_en || '  ', old.answer || '  ',
            old.key_points || '  ');
    INSERT INTO cards_fts (rowid, question, question_en, answer, key_points)
    VALUES (new.id, new.question || '  ', new.question_en || '  ', new.answer || '  ',
            new.key_points || '  ');
END;
)sql";

// Version 6: a sighting says which of the report's numbered items asked the card (item, 0 when
// not recorded), the position's direction, and what its date is (the interview date, the posting
// date, or only a collection's publication date). One report may name a card under two items, so
// the item joins the unique key; SQLite cannot change a table's constraints in place, so the
// table is rebuilt.
constexpr std::string_view kVersion6 = R"sql(
CREATE TABLE sightings_v6 (
    id          INTEGER PRIMARY KEY,
    card_id     INTEGER NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
    company     TEXT NOT NULL DEFAULT '',
    round       TEXT NOT NULL DEFAULT '',
    role        TEXT NOT NULL DEFAULT '',
    report_date TEXT NOT NULL DEFAULT '',
    source_url  TEXT NOT NULL DEFAULT '',
    import_id   INTEGER REFERENCES imports (id),
    direction   TEXT NOT NULL DEFAULT '',
    date_kind   TEXT NOT NULL DEFAULT '',
    item        INTEGER NOT NULL DEFAULT 0,
    UNIQUE (card_id, company, round, role, source_url, item)
);
INSERT INTO sightings_v6 (id, card_id, company, round, role, report_date, source_url, import_id)
    SELECT id, card_id, company, round, role, report_date, source_url, import_id FROM sightings;
DROP TABLE sightings;
ALTER TABLE sightings_v6 RENAME TO sightings;
CREATE INDEX sightings_company ON sightings (company, round, role);
CREATE INDEX sightings_tree ON sightings (company, round, role, card_id, source_url);
)sql";

// Version 7: a mock answer records which of the card's key points the user ticked as covered,
// one character per key point in the card's order ('1' covered, '0' not); '' when not recorded.
constexpr std::string_view kVersion7 = R"sql(
ALTER TABLE mock_answers ADD COLUMN points TEXT NOT NULL DEFAULT '';
)sql";

constexpr std::array<std::string_view, kSchemaVersion> kMigrations = {
    kVersion1, kVersion2, kVersion3, kVersion4, kVersion5, kVersion6, kVersion7};

}  // namespace

Status migrateTo(Database& db, int target)
{
    auto version = db.userVersion();
    if (!version)
        return version.error();
    for (int v = *version; v < target; ++v) {
        Transaction tx(db);
        if (!tx.begun().ok())
            return tx.begun();
        if (auto s = db.exec(kMigrations[static_cast<std::size_t>(v)]); !s.ok())
            return s;
        if (auto s = db.setUserVersion(v + 1); !s.ok())
            return s;
        if (auto s = tx.commit(); !s.ok())
            return s;
    }
    return Ok{};
}

Status migrate(Database& db)
{
    auto version = db.userVersion();
    if (!version)
        return version.error();
    if (*version > kSchemaVersion)
        return Error{ErrorKind::TooNew,
                     "schema version " + std::to_string(*version) + " is newer than this program's "
                         + std::to_string(kSchemaVersion) + "; update InfraCards to open it",
                     db.path(), 0};
    if (*version == kSchemaVersion)
        return Ok{};
    if (*version >= 1 && db.path() != ":memory:" && !db.path().empty()) {
        const std::string copy = db.path() + ".before-v" + std::to_string(kSchemaVersion) + ".bak";
        if (auto s = db.backupTo(copy); !s.ok())
            return s;
    }
    return migrateTo(db, kSchemaVersion);
}

}  // namespace deck
