#pragma once
// Read-only queries behind the Browse screen: the company -> round -> role tree of sightings and a
// filtered, sorted, paged card list. Nothing here writes; edits go through the Collection facade.
// The list is built for large collections (100,000 cards): filters use the indexes on cards,
// card_state and sightings, and per-card sighting counts come from one aggregate over the page.

#include <optional>
#include <string>
#include <vector>

#include "deck/error.h"
#include "deck/ids.h"
#include "scheduler/types.h"

namespace deck {

class Database;

/// Counts at one node of the sightings tree. `cards` is the number of distinct cards asked there,
/// `reports` the number of distinct non-empty source URLs (one URL is one interview report).
struct SightingCounts {
    int cards = 0;
    int reports = 0;
    bool operator==(const SightingCounts&) const = default;
};

struct RoleNode {
    std::string role;  ///< May be empty: the report did not say.
    SightingCounts counts;
};

struct RoundNode {
    std::string round;
    SightingCounts counts;
    std::vector<RoleNode> roles;
};

struct CompanyNode {
    std::string company;
    SightingCounts counts;
    std::vector<RoundNode> rounds;
};

/// Companies ordered by distinct cards (most first), then name; rounds and roles likewise.
/// `directions` keeps only sightings of those position directions (sightingDirections(); a
/// sighting with none recorded counts as "unknown"); empty: every sighting.
Result<std::vector<CompanyNode>> companyTree(const Database& db,
                                             const std::vector<std::string>& directions = {});

/// A card's place in the study cycle, one per card, in this order of precedence.
enum class BrowseState {
    Suspended,  ///< Excluded from study by the user.
    Buried,     ///< Hidden until a later study day.
    New,        ///< Never answered.
    Learning,   ///< Graded below Good today: repeated at the end of today's session.
    Due,        ///< A review due today or overdue.
    Young,      ///< Learned, interval < 21 days.
    Mature,     ///< Learned, interval >= 21 days.
};
const char* toString(BrowseState state);

/// Cards with at least this many lapses are leeches (Anki's default threshold).
inline constexpr int kLeechLapses = 8;

enum class StateFilter {
    Any,
    New,
    DueToday,
    Suspended,
    Leech,
    Learning
};

enum class BrowseColumn {
    Question,
    Topic,
    Level,
    Due,
    Companies,
    Reports,
    Lapses
};

struct BrowseFilter {
    std::vector<std::string> topics;  ///< Empty: every topic.
    int minLevel = 1;
    int maxLevel = 10;
    StateFilter state = StateFilter::Any;
    /// Sightings filter; an unset part matches anything. An empty string matches sightings
    /// where that part is empty (a report that names no role, say).
    std::optional<std::string> company, round, role;
    /// Only cards asked in sightings of these directions (with the company, round and role
    /// above, when set); empty: any direction.
    std::vector<std::string> directions;
    /// Whitespace-separated terms, all of which must occur in the question, English question,
    /// answer or key points (trigram index for terms of 3+ characters, substring scan below).
    std::string text;
};

struct BrowseSort {
    BrowseColumn column = BrowseColumn::Question;
    bool descending = false;
};

struct BrowseRow {
    CardId id;
    std::string uid;
    std::string question;
    std::string topic;
    int level = 1;
    BrowseState state = BrowseState::New;
    /// Study day the card is due; nullopt for a new card (it has no due day yet).
    std::optional<scheduler::Day> due;
    int lapses = 0;
    int flag = 0;
    int companies = 0;  ///< Distinct companies over all the card's sightings.
    int reports = 0;    ///< Distinct non-empty source URLs over all its sightings.
};

/// Number of cards matching `filter` on study day `today`.
Result<int> countCards(const Database& db, const BrowseFilter& filter, scheduler::Day today);

/// One page of matching cards, sorted by `sort` with the card id as the final tie-break so that
/// consecutive pages neither repeat nor skip a card. By due day, new cards (no due day) come
/// after every due day when ascending, first when descending.
Result<std::vector<BrowseRow>> listCards(const Database& db, const BrowseFilter& filter,
                                         const BrowseSort& sort, scheduler::Day today, int offset, int limit);

}  // namespace deck
