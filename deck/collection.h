#pragma once
// The collection facade: every method is one user action and one transaction. A write returns
// what changed; nothing outside deck/ writes SQL. Time is always passed in.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "deck/card.h"
#include "deck/error.h"
#include "deck/ids.h"
#include "scheduler/queue.h"
#include "scheduler/scheduler.h"
#include "scheduler/types.h"

namespace deck {

class Database;
namespace storage {
struct Access;
}
struct CompanyNode;
struct BrowseFilter;
struct BrowseSort;
struct BrowseRow;
struct DayCount;
struct TopicRetention;
struct StateCounts;

/// The instant of an action: Unix time in milliseconds and the local offset from UTC.
struct Now {
    std::int64_t unixMs = 0;
    int utcOffsetSeconds = 0;
};

/// Settings stored in the collection itself (they travel with the file).
struct CollectionConfig {
    int newPerDay = 20;
    int maxReviewsPerDay = 200;
    bool learningPathOrder = true;
    int rolloverHour = 4;  ///< Local hour at which a new study day starts.
    /// "sm2-classic" or "fsrs-6". Both read the same review log, so switching loses nothing:
    /// FSRS replays each card's history into its memory state on every answer.
    std::string scheduler = "sm2-classic";
    int desiredRetentionPercent = 90;  ///< FSRS only, 70-97.
    bool operator==(const CollectionConfig&) const = default;
};

struct OpenOptions {
    bool createIfMissing = false;
    bool readOnly = false;
    bool quickCheck = true;  ///< Run PRAGMA quick_check on open.
};

struct TopicCount {
    std::string topic;
    int cards = 0;
    int fresh = 0;  ///< Never answered.
    int due = 0;    ///< Reviews due today.
    int suspended = 0;
};

struct Stats {
    int cards = 0;
    int questions = 0, formulas = 0, demos = 0, coding = 0;
    int fresh = 0;     ///< Never answered.
    int learning = 0;  ///< Graded below 4 today, waiting for the end-of-session repeat.
    int young = 0;     ///< Learned, interval < 21 days.
    int mature = 0;    ///< Learned, interval >= 21 days.
    int suspended = 0;
    int dueToday = 0;  ///< Reviews due today (before the daily limit).
    int newAvailableToday = 0;
    int reviewsToday = 0;  ///< Answers given today.
    int reviewsTotal = 0;
    int sightings = 0;
    int companies = 0;
    std::vector<TopicCount> topics;
};

struct TodayQueue {
    std::vector<CardId> order;  ///< What to show, in order.
    int reviews = 0, fresh = 0, drill = 0;
    int interview = 0;        ///< Extra cards from interview-date plans (studyQueue only).
    int reviewsDueTotal = 0;  ///< Due reviews before the daily limit.
};

struct AnswerOutcome {
    CardId card;
    ReviewId review;
    scheduler::CardState before;
    scheduler::CardState after;
};

/// What the import's question matcher reads of a card (importer::TermMatcher).
struct CardMatchText {
    CardId id;
    std::string question;
    std::string uid;
    std::string questionEn;
    std::string tags;       ///< comma-separated
    std::string keyPoints;  ///< one per line
};

struct CardSummary {
    CardId id;
    std::string uid;
    CardKind kind = CardKind::Question;
    std::string topic;
    int level = 1;
    std::string question;
    std::string questionEn;
    int companies = 0;  ///< Distinct companies that asked it.
    int reports = 0;    ///< Distinct report URLs.
};

struct MergeReport {
    int added = 0;
    int updated = 0;
    int keptUserEdits = 0;  ///< Built-in cards changed upstream but edited by the user: kept.
    int unchanged = 0;
};

/// What an import writes: new cards (with their sightings) and sightings on existing cards.
struct ImportPlan {
    std::string source;   ///< File name or "pasted text".
    std::string summary;  ///< One line shown in the import history.
    struct NewCard {
        CardContent content;  ///< uid may be empty: one is generated.
        std::vector<Sighting> sightings;
    };
    std::vector<NewCard> newCards;
    std::vector<std::pair<CardId, Sighting>> sightingsOnExisting;
};

struct ImportRecord {
    ImportId id;
    std::int64_t createdAtMs = 0;
    std::string source;
    std::string summary;
    bool undone = false;
    int cardsAdded = 0;
    int sightingsAdded = 0;
};

class Collection {
public:
    /// Opens (and migrates) a collection. A missing file is an error unless createIfMissing; a
    /// file that is not SQLite, fails the quick check or is too new is refused, and never
    /// replaced.
    /// A file or folder this user cannot write is opened read-only (see readOnly()).
    static Result<Collection> open(const std::string& path, const OpenOptions& options = {});

    /// Opened for reading only: asked for, or the file or its folder is not writable.
    bool readOnly() const;

    Collection(Collection&&) noexcept;
    Collection& operator=(Collection&&) noexcept;
    ~Collection();

    const std::string& path() const;

    // --- reads for the windows (deck/browse.h, deck/study_stats.h) ---
    Result<std::vector<CompanyNode>> companyTree(const std::vector<std::string>& directions = {}) const;
    Result<int> countCards(const BrowseFilter& filter, scheduler::Day today) const;
    Result<std::vector<BrowseRow>> listCards(const BrowseFilter& filter, const BrowseSort& sort,
                                             scheduler::Day today, int offset, int limit) const;
    Result<std::vector<DayCount>> reviewsPerDay(scheduler::Day from, scheduler::Day to) const;
    Result<int> studyStreak(scheduler::Day today) const;
    Result<std::vector<int>> dueForecast(scheduler::Day today, int days = 30) const;
    Result<std::vector<TopicRetention>> retentionByTopic(scheduler::Day since) const;
    Result<StateCounts> stateCounts(scheduler::Day today) const;

    // --- settings ---
    Result<CollectionConfig> config() const;
    Status setConfig(const CollectionConfig& config);
    scheduler::Day today(const Now& now) const;

    // --- reading ---
    Result<Card> card(CardId id) const;
    Result<CardId> findByUid(const std::string& uid) const;
    Result<scheduler::CardState> cardState(CardId id) const;
    Result<Stats> stats(const Now& now) const;
    Result<TodayQueue> todayQueue(const Now& now) const;
    /// The state each button would lead to, for the labels on the answer buttons.
    Result<scheduler::NextStates> preview(CardId id, const Now& now) const;
    /// Full-text search over question, English question, answer and key points; works for
    /// Chinese (trigram index; terms of one or two characters fall back to a substring scan).
    /// Cards whose question holds the first term come first, then the others, each in card order.
    Result<std::vector<CardSummary>> search(const std::string& text, int limit = 50) const;
    /// Every card's texts for matching incoming questions, in card order.
    Result<std::vector<CardMatchText>> matchTexts() const;

    // --- actions (each one transaction) ---
    Result<AnswerOutcome> answerCard(CardId id, scheduler::Answer answer, const Now& now,
                                     std::int64_t timeTakenMs);
    /// Mock interviews: a rubric score 0-4 enters the same log and scheduler.
    Result<AnswerOutcome> answerWithRubric(CardId id, int rubricScore, const Now& now,
                                           std::int64_t timeTakenMs);
    /// A weak-spot drill answer (deck::weakSpots): logged as a review of mode "drill" that leaves
    /// the card's schedule as it is (state before = state after), like a filtered deck that does
    /// not reschedule; no replay of the scheduler or of FSRS memory counts it.
    Result<AnswerOutcome> answerDrill(CardId id, scheduler::Answer answer, const Now& now,
                                      std::int64_t timeTakenMs);
    /// Removes the most recent review-log row and restores the card's state before it.
    Result<AnswerOutcome> undoLastAnswer();
    Status editCard(CardId id, const CardContent& content, const Now& now);
    Status setSuspended(CardId id, bool suspended, const Now& now);
    /// Hides the card until tomorrow.
    Status bury(CardId id, const Now& now);
    Status setFlag(CardId id, int flag, const Now& now);

    /// Adds new built-in cards and updates changed ones that the user has not edited, by uid;
    /// scheduling state and the review log are never touched.
    Result<MergeReport> mergeBuiltinDeck(const std::string& defaultDeckPath, const Now& now);

    Result<ImportId> applyImport(const ImportPlan& plan, const Now& now);
    /// Removes the cards an import created (with their history) and the sightings it added.
    Status undoImport(ImportId id);
    Result<std::vector<ImportRecord>> importHistory() const;

    /// Stores a run of the CUDA demo runner (its JSON, validated by parseDemoRun) with the
    /// device name; `recorded` marks a shipped reference result rather than the user's GPU.
    Result<std::int64_t> recordDemoRun(const std::string& json, bool recorded, const Now& now);
    struct DemoRunRecord {
        std::int64_t id = 0;
        std::string demoId;
        std::string device;
        std::int64_t runAtMs = 0;
        bool recorded = false;
        std::string json;
    };
    /// Runs of one demo (all demos when `demoId` is empty), newest first.
    Result<std::vector<DemoRunRecord>> demoRuns(const std::string& demoId) const;

    /// Online backup of the whole collection to `target`.
    Status backupTo(const std::string& target) const;

private:
    /// The storage under the collection: reached only through deck/storage/access.h, by the deck
    /// library's own files and its tests; the windows and the command-line tool use the methods
    /// above.
    Database& database();
    friend struct storage::Access;
    explicit Collection(Database db);
    /// The state each button leads to under the configured scheduler.
    Result<scheduler::CardState> nextState(CardId id, const scheduler::CardState& before,
                                           std::optional<scheduler::Answer> button, int quality,
                                           scheduler::Day day, std::string* schedulerName) const;
    Result<AnswerOutcome> answerQuality(CardId id, std::optional<scheduler::Answer> button, int quality,
                                        const char* mode, const Now& now, std::int64_t timeTakenMs);
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

/// Writes a fresh default deck (schema + built-in cards) at `path`, replacing any file there.
/// Sightings shipped with the deck (by card uid) are written too.
Status writeDefaultDeck(const std::string& path, const std::vector<CardContent>& cards,
                        const std::vector<std::pair<std::string, Sighting>>& sightings = {});

/// Serialises a scheduling state for the review log (JSON object).
std::string stateToJson(const scheduler::CardState& state);
std::optional<scheduler::CardState> stateFromJson(const std::string& json);

}  // namespace deck
