#include "deck/mock_selection.h"
#include "deck/storage/access.h"
#include "deck/storage/database.h"

#include <algorithm>
#include <random>
#include <set>

namespace deck {

namespace {

struct Candidate {
    CardId id;
    std::string topic;
    int level = 1;
    std::set<std::string> companies;  ///< Companies of the sightings that pass the filters.
};

bool contains(const std::vector<std::string>& list, const std::string& value)
{
    return std::find(list.begin(), list.end(), value) != list.end();
}

}  // namespace

Result<ReviewFailures> reviewFailures(Collection& collection)
{
    auto st = deck::storage::of(collection)
                  .prepare("SELECT r.card_id, c.topic, sum(r.quality < 3), count(*) FROM review_log r"
                           " JOIN cards c ON c.id = r.card_id GROUP BY r.card_id");
    if (!st)
        return st.error();
    ReviewFailures out;
    while (st->step()) {
        const FailureCount card{st->int32(2), st->int32(3)};
        out.byCard[st->int64(0)] = card;
        FailureCount& topic = out.byTopic[st->text(1)];
        topic.failures += card.failures;
        topic.answers += card.answers;
    }
    if (st->error())
        return *st->error();
    return out;
}

Result<std::vector<CardId>> selectMockQuestions(Collection& collection, const MockConfig& config)
{
    if (auto s = validateMockConfig(config); !s.ok())
        return s.error();
    Database& db = deck::storage::of(collection);

    // Questions chosen elsewhere: those that still exist and are not suspended, in their order.
    if (!config.cards.empty()) {
        std::vector<CardId> out;
        auto st = db.prepare("SELECT 1 FROM cards WHERE id = ?1 AND suspended = 0");
        if (!st)
            return st.error();
        for (std::int64_t id : config.cards) {
            if (static_cast<int>(out.size()) >= config.questions)
                break;
            st->reset();
            st->bind(1, id);
            if (st->step())
                out.push_back(CardId(id));
            if (st->error())
                return *st->error();
        }
        if (out.empty())
            return Error{ErrorKind::NotFound, "none of the mock interview's chosen cards is left", {}, 0};
        return out;
    }

    std::vector<Candidate> candidates;
    {
        auto st = db.prepare("SELECT id, topic, level FROM cards"
                             " WHERE suspended = 0 AND kind <> 'demo' ORDER BY id");
        if (!st)
            return st.error();
        while (st->step()) {
            const std::string topic = st->text(1);
            const int level = st->int32(2);
            if (!config.topics.empty() && !contains(config.topics, topic))
                continue;
            if (!config.levels.empty()
                && std::find(config.levels.begin(), config.levels.end(), level) == config.levels.end())
                continue;
            candidates.push_back({CardId(st->int64(0)), topic, level, {}});
        }
        if (st->error())
            return *st->error();
    }

    // Sightings: the company/round filters, and the company count for "most asked first".
    const bool filtered = !config.companies.empty() || !config.rounds.empty();
    {
        auto st = db.prepare("SELECT card_id, company, round FROM sightings");
        if (!st)
            return st.error();
        std::map<std::int64_t, std::set<std::string>> companies;
        while (st->step()) {
            const std::string company = st->text(1), round = st->text(2);
            if (!config.companies.empty() && !contains(config.companies, company))
                continue;
            if (!config.rounds.empty() && !contains(config.rounds, round))
                continue;
            companies[st->int64(0)].insert(company);
        }
        if (st->error())
            return *st->error();
        for (Candidate& c : candidates)
            if (auto it = companies.find(c.id.value); it != companies.end())
                c.companies = std::move(it->second);
        if (filtered)
            std::erase_if(candidates, [](const Candidate& c) { return c.companies.empty(); });
    }
    if (candidates.empty())
        return Error{ErrorKind::NotFound, "no card matches the mock interview's filters", {}, 0};

    // The shuffle is the random order and the tie-break of the others (stable sorts below).
    std::mt19937_64 rng(config.seed);
    std::shuffle(candidates.begin(), candidates.end(), rng);

    if (config.order == MockOrder::WeakestFirst) {
        auto failures = reviewFailures(collection);
        if (!failures)
            return failures.error();
        auto topicWeakness = [&](const Candidate& c) {
            auto it = failures->byTopic.find(c.topic);
            return it == failures->byTopic.end() ? FailureCount{}.weakness() : it->second.weakness();
        };
        auto cardWeakness = [&](const Candidate& c) {
            auto it = failures->byCard.find(c.id.value);
            return it == failures->byCard.end() ? FailureCount{}.weakness() : it->second.weakness();
        };
        std::stable_sort(candidates.begin(), candidates.end(), [&](const Candidate& a, const Candidate& b) {
            const double ta = topicWeakness(a), tb = topicWeakness(b);
            if (ta != tb)
                return ta > tb;
            return cardWeakness(a) > cardWeakness(b);
        });
    } else if (config.order == MockOrder::MostAskedFirst) {
        std::stable_sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
            return a.companies.size() > b.companies.size();
        });
    }

    std::vector<CardId> out;
    for (std::size_t i = 0; i < candidates.size() && static_cast<int>(i) < config.questions; ++i)
        out.push_back(candidates[i].id);
    return out;
}

}  // namespace deck
