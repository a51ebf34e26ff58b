#include "deck/browse.h"
#include "deck/storage/database.h"

#include <algorithm>
#include <map>
#include <variant>

#include "deck/text_match.h"

namespace deck {

namespace {

using Param = std::variant<std::int64_t, std::string>;

/// A WHERE clause under construction with its positional parameters, bound in order.
struct Clause {
    std::string sql;
    std::vector<Param> params;
    bool readsCards = false;  ///< a condition reads a column of cards (not only its id)

    void add(const std::string& condition)
    {
        sql += sql.empty() ? " WHERE " : " AND ";
        sql += condition;
    }
};

void bindAll(Statement& st, const std::vector<Param>& params, int first = 1)
{
    int index = first;
    for (const Param& p : params) {
        if (const auto* i = std::get_if<std::int64_t>(&p))
            st.bind(index++, *i);
        else
            st.bind(index++, std::get<std::string>(p));
    }
}

/// "direction IN (...)" over the sightings table, a missing direction read as "unknown";
/// empty when `directions` is empty.
std::string directionCondition(const std::vector<std::string>& directions, std::vector<Param>& params)
{
    if (directions.empty())
        return {};
    std::string list;
    for (const std::string& d : directions) {
        list += list.empty() ? "?" : ", ?";
        params.emplace_back(d);
    }
    return " AND (CASE direction WHEN '' THEN 'unknown' ELSE direction END) IN (" + list + ")";
}

Status addTextFilter(const Database& db, Clause& where, const std::string& text)
{
    auto match = textMatch(db, splitSearchTerms(text));
    if (!match)
        return match.error();
    std::vector<std::string> params;
    where.add(textCondition(*match, params, "+s.card_id"));
    for (std::string& p : params)
        where.params.emplace_back(std::move(p));
    return Ok{};
}

Result<Clause> whereFor(const Database& db, const BrowseFilter& f, scheduler::Day today)
{
    Clause w;
    if (!f.topics.empty()) {
        std::string list;
        for (const std::string& t : f.topics) {
            list += list.empty() ? "?" : ", ?";
            w.params.emplace_back(t);
        }
        w.add("c.topic IN (" + list + ")");
        w.readsCards = true;
    }
    if (f.minLevel > 1 || f.maxLevel < 10) {
        w.add("c.level BETWEEN ? AND ?");
        w.readsCards = true;
        w.params.emplace_back(std::int64_t{f.minLevel});
        w.params.emplace_back(std::int64_t{f.maxLevel});
    }

    // The state filters select exactly the rows whose state column says so (see BrowseState's
    // precedence); leech is orthogonal to it.
    const std::string visible = "c.suspended = 0 AND c.buried_until <= ?";
    w.readsCards = w.readsCards || f.state == StateFilter::New || f.state == StateFilter::DueToday
                   || f.state == StateFilter::Learning || f.state == StateFilter::Suspended;
    switch (f.state) {
    case StateFilter::Any: break;
    case StateFilter::New:
        w.add(visible + " AND s.is_new = 1");
        w.params.emplace_back(today);
        break;
    case StateFilter::DueToday:
        w.add(visible + " AND s.is_new = 0 AND s.due_day <= ? AND s.last_review_day IS NOT ?");
        w.params.emplace_back(today);
        w.params.emplace_back(today);
        w.params.emplace_back(today);
        break;
    case StateFilter::Learning:
        w.add(visible + " AND s.is_new = 0 AND s.last_review_day = ? AND s.drill_pending = 1");
        w.params.emplace_back(today);
        w.params.emplace_back(today);
        break;
    case StateFilter::Suspended: w.add("c.suspended = 1"); break;
    case StateFilter::Leech:
        w.add("s.lapses >= ?");
        w.params.emplace_back(std::int64_t{kLeechLapses});
        break;
    }

    if (f.company || f.round || f.role || !f.directions.empty()) {
        // Uses the sightings (company, round, role) index and yields each card once.
        std::string sub = "s.card_id IN (SELECT card_id FROM sightings WHERE 1";
        for (const auto* part : {&f.company, &f.round, &f.role}) {
            if (!*part)
                continue;
            sub += part == &f.company ? " AND company = ?"
                   : part == &f.round ? " AND round = ?"
                                      : " AND role = ?";
            w.params.emplace_back(**part);
        }
        sub += directionCondition(f.directions, w.params);
        w.add(sub + ")");
    }
    if (!f.text.empty()) {
        if (auto s = addTextFilter(db, w, f.text); !s.ok())
            return s.error();
    }
    return w;
}

constexpr const char* kCardsJoin = " FROM cards c JOIN card_state s ON s.card_id = c.id";

/// Distinct companies and non-empty report URLs per card, as one aggregate.
constexpr const char* kSightingCounts = "SELECT card_id, count(DISTINCT nullif(company, '')) AS companies,"
                                        " count(DISTINCT nullif(source_url, '')) AS reports FROM sightings";

BrowseState stateOf(bool suspended, scheduler::Day buriedUntil, bool isNew, scheduler::Day due,
                    scheduler::Day lastReview, bool drillPending, int interval, scheduler::Day today)
{
    if (suspended)
        return BrowseState::Suspended;
    if (buriedUntil > today)
        return BrowseState::Buried;
    if (isNew)
        return BrowseState::New;
    if (lastReview == today && drillPending)
        return BrowseState::Learning;
    if (due <= today && lastReview != today)
        return BrowseState::Due;
    return interval >= 21 ? BrowseState::Mature : BrowseState::Young;
}

void addTreeRow(SightingCounts& counts, const Statement& st, int first)
{
    counts.cards = st.int32(first);
    counts.reports = st.int32(first + 1);
}

}  // namespace

const char* toString(BrowseState state)
{
    switch (state) {
    case BrowseState::Suspended: return "suspended";
    case BrowseState::Buried: return "buried";
    case BrowseState::New: return "new";
    case BrowseState::Learning: return "learning";
    case BrowseState::Due: return "due";
    case BrowseState::Young: return "young";
    case BrowseState::Mature: return "mature";
    }
    return "?";
}

Result<std::vector<CompanyNode>> companyTree(const Database& db, const std::vector<std::string>& directions)
{
    std::vector<Param> params;
    const std::string where =
        directions.empty() ? std::string() : " WHERE 1" + directionCondition(directions, params);
    // Distinct counts do not add up across children (a card asked in two rounds is one card of
    // the company), so each level is its own GROUP BY over the (company, round, role) index.
    constexpr const char* kCounts = "count(DISTINCT card_id) AS n, count(DISTINCT nullif(source_url, ''))";
    auto companies = db.prepare(std::string("SELECT company, ") + kCounts + " FROM sightings" + where
                                + " GROUP BY company ORDER BY n DESC, company");
    auto rounds = db.prepare(std::string("SELECT company, round, ") + kCounts + " FROM sightings" + where
                             + " GROUP BY company, round ORDER BY n DESC, round");
    auto roles = db.prepare(std::string("SELECT company, round, role, ") + kCounts + " FROM sightings" + where
                            + " GROUP BY company, round, role ORDER BY n DESC, role");
    for (auto* st : {&companies, &rounds, &roles}) {
        if (!*st)
            return st->error();
        bindAll(**st, params);
    }

    std::vector<CompanyNode> tree;
    std::map<std::string, std::size_t, std::less<>> companyIndex;
    while (companies->step()) {
        CompanyNode node;
        node.company = companies->text(0);
        addTreeRow(node.counts, *companies, 1);
        companyIndex.emplace(node.company, tree.size());
        tree.push_back(std::move(node));
    }
    if (companies->error())
        return *companies->error();

    std::map<std::pair<std::string, std::string>, std::pair<std::size_t, std::size_t>> roundIndex;
    while (rounds->step()) {
        const std::size_t ci = companyIndex.at(rounds->text(0));
        RoundNode node;
        node.round = rounds->text(1);
        addTreeRow(node.counts, *rounds, 2);
        roundIndex[{rounds->text(0), node.round}] = {ci, tree[ci].rounds.size()};
        tree[ci].rounds.push_back(std::move(node));
    }
    if (rounds->error())
        return *rounds->error();

    while (roles->step()) {
        const auto [ci, ri] = roundIndex.at({roles->text(0), roles->text(1)});
        RoleNode node;
        node.role = roles->text(2);
        addTreeRow(node.counts, *roles, 3);
        tree[ci].rounds[ri].roles.push_back(std::move(node));
    }
    if (roles->error())
        return *roles->error();
    return tree;
}

Result<int> countCards(const Database& db, const BrowseFilter& filter, scheduler::Day today)
{
    const auto where = whereFor(db, filter, today);
    if (!where)
        return where.error();
    // Every card has one state row, so a filter that reads no card column counts state rows
    // alone: at 100,000 cards that skips 100,000 lookups of the wide card rows.
    auto st = db.prepare(std::string("SELECT count(*)")
                         + (where->readsCards ? kCardsJoin : " FROM card_state s") + where->sql);
    if (!st)
        return st.error();
    bindAll(*st, where->params);
    if (!st->step())
        return st->error() ? *st->error() : Error{ErrorKind::Sql, "count returned no row", {}, 0};
    return st->int32(0);
}

Result<std::vector<BrowseRow>> listCards(const Database& db, const BrowseFilter& filter,
                                         const BrowseSort& sort, scheduler::Day today, int offset, int limit)
{
    if (offset < 0 || limit < 1)
        return Error{ErrorKind::InvalidInput, "offset must be >= 0 and limit >= 1", {}, 0};
    const auto where = whereFor(db, filter, today);
    if (!where)
        return where.error();
    const char* dir = sort.descending ? " DESC" : " ASC";

    // Sorting by a sighting count needs the count of every matching card, so only then is the
    // aggregate joined to the whole list; otherwise it is computed for the page alone below.
    const bool sortByCounts = sort.column == BrowseColumn::Companies || sort.column == BrowseColumn::Reports;
    std::string order;
    switch (sort.column) {
    case BrowseColumn::Question: order = std::string("c.question") + dir; break;
    case BrowseColumn::Topic: order = std::string("c.topic") + dir; break;
    case BrowseColumn::Level: order = std::string("c.level") + dir; break;
    case BrowseColumn::Due: order = std::string("s.is_new") + dir + ", s.due_day" + dir; break;
    case BrowseColumn::Companies: order = std::string("coalesce(g.companies, 0)") + dir; break;
    case BrowseColumn::Reports: order = std::string("coalesce(g.reports, 0)") + dir; break;
    case BrowseColumn::Lapses: order = std::string("s.lapses") + dir; break;
    }
    order += std::string(", c.id") + dir;

    std::string sql = "SELECT c.id, c.uid, c.question, c.topic, c.level, c.flag, c.suspended, c.buried_until,"
                      " s.is_new, s.due_day, s.last_review_day, s.drill_pending, s.interval_days, s.lapses";
    sql += kCardsJoin;
    if (sortByCounts)
        sql += std::string(" LEFT JOIN (") + kSightingCounts + " GROUP BY card_id) g ON g.card_id = c.id";
    sql += where->sql + " ORDER BY " + order + " LIMIT ? OFFSET ?";

    auto st = db.prepare(sql);
    if (!st)
        return st.error();
    bindAll(*st, where->params);
    const int next = static_cast<int>(where->params.size()) + 1;
    st->bind(next, limit).bind(next + 1, offset);

    std::vector<BrowseRow> rows;
    while (st->step()) {
        BrowseRow r;
        r.id = CardId(st->int64(0));
        r.uid = st->text(1);
        r.question = st->text(2);
        r.topic = st->text(3);
        r.level = st->int32(4);
        r.flag = st->int32(5);
        const bool isNew = st->int64(8) != 0;
        const scheduler::Day last = st->isNull(10) ? scheduler::kNever : st->int64(10);
        r.state = stateOf(st->int64(6) != 0, st->int64(7), isNew, st->int64(9), last, st->int64(11) != 0,
                          st->int32(12), today);
        if (!isNew)
            r.due = st->int64(9);
        r.lapses = st->int32(13);
        rows.push_back(std::move(r));
    }
    if (st->error())
        return *st->error();
    if (rows.empty())
        return rows;

    // Sighting counts for the page's cards: one grouped query over the card_id index.
    std::string ids;
    std::map<std::int64_t, std::size_t> position;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        ids += (ids.empty() ? "" : ",") + std::to_string(rows[i].id.value);
        position[rows[i].id.value] = i;
    }
    auto counts =
        db.prepare(std::string(kSightingCounts) + " WHERE card_id IN (" + ids + ") GROUP BY card_id");
    if (!counts)
        return counts.error();
    while (counts->step()) {
        BrowseRow& r = rows[position.at(counts->int64(0))];
        r.companies = counts->int32(1);
        r.reports = counts->int32(2);
    }
    if (counts->error())
        return *counts->error();
    return rows;
}

}  // namespace deck
