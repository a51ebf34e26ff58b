#include "duplicate_groups.h"

#include "term_matcher.h"

#include "similarity.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/connected_components.hpp>
#include <boost/pending/disjoint_sets.hpp>

#include <algorithm>
#include <map>

namespace importer {

namespace {

using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;

/// Component id of every vertex.
std::vector<int> components(std::size_t vertexCount, const std::vector<ScoredPair>& edges)
{
    Graph g(vertexCount);
    for (const auto& e : edges)
        boost::add_edge(e.a, e.b, g);
    std::vector<int> comp(vertexCount);
    if (vertexCount > 0)
        boost::connected_components(g, comp.data());
    return comp;
}

}  // namespace

std::vector<ScoredPair> similarPairs(const std::vector<std::string>& texts, const MatchOptions& options)
{
    MinHashIndex index(options.lsh);
    for (const auto& t : texts)
        index.add(t);
    std::vector<ScoredPair> out;
    for (const auto& [a, b] : index.candidatePairs()) {
        const double s = jaccard(index.grams(a), index.grams(b));
        if (s >= options.threshold)
            out.push_back(ScoredPair{a, b, s});
    }
    return out;
}

namespace {

/// The edges that decide the components (union-find): a pair is compared only when its two ends
/// are not yet joined, so k copies of one question cost k comparisons. A bucket of up to
/// kFullBucket members (the usual case) is compared pair by pair. In a larger one (a report of
/// thousands of near-identical lines) a member is compared with one representative of each of the
/// last kFullBucket components met in that bucket: k members cost k·kFullBucket comparisons, not
/// k²/2, so a 100 MiB report stays near-linear.
constexpr std::size_t kFullBucket = 64;

std::vector<ScoredPair> spanningPairs(const MinHashIndex& index, const MatchOptions& options)
{
    const std::size_t n = index.size();
    boost::disjoint_sets_with_storage<> sets(n);
    std::vector<ScoredPair> out;
    index.forEachBucket([&](const std::vector<std::uint32_t>& ids) {
        if (ids.size() <= kFullBucket) {
            for (std::size_t i = 0; i < ids.size(); ++i)
                for (std::size_t j = i + 1; j < ids.size(); ++j) {
                    const std::size_t a = ids[i], b = ids[j];
                    if (sets.find_set(a) == sets.find_set(b))
                        continue;
                    const double s = jaccard(index.grams(a), index.grams(b));
                    if (s < options.threshold)
                        continue;
                    sets.union_set(a, b);
                    out.push_back(ScoredPair{std::min(a, b), std::max(a, b), s});
                }
            return;
        }
        std::vector<std::size_t> reps;  // one member per component met in this bucket, newest last
        for (const std::size_t b : ids) {
            bool joined = false;
            for (std::size_t k = reps.size(); k-- > 0;) {
                const std::size_t a = reps[k];
                if (sets.find_set(a) == sets.find_set(b)) {
                    joined = true;
                    break;
                }
                const double s = jaccard(index.grams(a), index.grams(b));
                if (s < options.threshold)
                    continue;
                sets.union_set(a, b);
                out.push_back(ScoredPair{std::min(a, b), std::max(a, b), s});
                joined = true;
                break;
            }
            if (!joined) {
                reps.push_back(b);
                if (reps.size() > kFullBucket)
                    reps.erase(reps.begin());
            }
        }
    });
    std::sort(out.begin(), out.end(),
              [](const ScoredPair& x, const ScoredPair& y) { return x.a != y.a ? x.a < y.a : x.b < y.b; });
    return out;
}

}  // namespace

std::vector<DuplicateGroup> findDuplicateGroups(const std::vector<std::string>& texts,
                                                const MatchOptions& options)
{
    MinHashIndex index(options.lsh);
    for (const auto& t : texts)
        index.add(t);
    const auto pairs = spanningPairs(index, options);
    const auto comp = components(texts.size(), pairs);
    std::map<int, DuplicateGroup> byComp;
    for (std::size_t i = 0; i < texts.size(); ++i)
        byComp[comp[i]].members.push_back(i);
    for (const auto& p : pairs)
        byComp[comp[p.a]].edges.push_back(p);
    std::vector<DuplicateGroup> out;
    for (auto& [id, g] : byComp)
        if (g.members.size() >= 2)
            out.push_back(std::move(g));
    std::sort(out.begin(), out.end(),
              [](const auto& x, const auto& y) { return x.members.front() < y.members.front(); });
    return out;
}

MergePlan planMerge(const std::vector<std::string>& deckTexts, const std::vector<std::string>& incoming,
                    const MatchOptions& options, const std::vector<std::string>& deckSubjects)
{
    std::vector<CardText> deck(deckTexts.size());
    for (std::size_t i = 0; i < deckTexts.size(); ++i) {
        deck[i].question = deckTexts[i];
        if (deckSubjects.size() == deckTexts.size())
            deck[i].subject = deckSubjects[i];
    }
    return planMerge(deck, incoming, options);
}

MergePlan planMerge(const std::vector<CardText>& deck, const std::vector<std::string>& incoming,
                    const MatchOptions& options)
{
    // Vertices: deck cards 0..D-1, then incoming questions D..D+N-1. Deck-deck edges are not
    // added: two existing cards are never merged by an import.
    const std::size_t d = deck.size();
    MinHashIndex deckIndex(options.lsh);
    for (const auto& c : deck)
        deckIndex.add(c.question);
    MinHashIndex newIndex(options.lsh);
    for (const auto& t : incoming)
        newIndex.add(t);

    std::optional<TermMatcher> terms;
    if (options.termCoverage)
        terms.emplace(deck);

    std::vector<ScoredPair> edges;
    // Each question's direct edges to deck cards, so that the score lookup below is per question
    // and not a scan of every edge (that scan made a 4 MB report take minutes).
    std::vector<std::vector<std::pair<std::size_t, double>>> deckEdges(incoming.size());
    std::vector<ProposedMatch> best(incoming.size());
    std::vector<std::optional<TermMatcher::Hit>> closest(incoming.size());
    for (std::size_t q = 0; q < incoming.size(); ++q) {
        if (options.progress && q % 256 == 0
            && !options.progress(static_cast<double>(q) / static_cast<double>(incoming.size()))) {
            MergePlan stopped;
            stopped.stopped = true;
            return stopped;
        }
        const auto& grams = newIndex.grams(q);
        std::optional<std::size_t> jaccardMatch;
        for (std::size_t c : deckIndex.candidates(grams)) {
            const double s = jaccard(grams, deckIndex.grams(c));
            best[q].score = std::max(best[q].score, s);
            if (s >= options.threshold) {
                edges.push_back(ScoredPair{c, d + q, s});
                deckEdges[q].emplace_back(c, s);
                jaccardMatch = c;
            }
        }
        // A short question whose words the card covers (term_matcher.h), when the n-grams
        // alone found no card.
        std::vector<std::pair<std::size_t, double>> ranked;
        if (terms && !jaccardMatch) {
            const auto hits = terms->ranked(incoming[q], kClosestCards);
            for (const auto& h : hits)
                ranked.emplace_back(h.index, h.coverage);
            if (!hits.empty()) {
                const auto& hit = hits.front();
                closest[q] = hit;
                best[q].score = std::max(best[q].score, hit.coverage);
                if (hit.coverage >= std::max(options.threshold, options.termThreshold)) {
                    edges.push_back(ScoredPair{hit.index, d + q, hit.coverage});
                    deckEdges[q].emplace_back(hit.index, hit.coverage);
                }
            }
        }
        best[q].closest = std::move(ranked);
    }
    for (const auto& e : spanningPairs(newIndex, options))
        edges.push_back(ScoredPair{d + e.a, d + e.b, e.score});
    const auto comp = components(d + incoming.size(), edges);

    // The deck card of each component: the best direct deck edge into it.
    std::map<int, ScoredPair> deckOf;
    for (const auto& e : edges) {
        if (e.a >= d)
            continue;
        auto [it, inserted] = deckOf.try_emplace(comp[e.b], e);
        if (!inserted && e.score > it->second.score)
            it->second = e;
    }
    MergePlan plan;
    std::map<int, std::size_t> groupOf;
    for (std::size_t q = 0; q < incoming.size(); ++q) {
        const int c = comp[d + q];
        auto [it, inserted] = groupOf.try_emplace(c, groupOf.size());
        ProposedMatch m = best[q];
        m.group = it->second;
        if (const auto dk = deckOf.find(c); dk != deckOf.end()) {
            // Every member of a component goes to the component's card, so one group never
            // splits over two cards; the score shown is this question's own similarity to it.
            m.deckIndex = dk->second.a;
            m.score = jaccard(newIndex.grams(q), deckIndex.grams(dk->second.a));
            for (const auto& [card, score] : deckEdges[q])
                if (card == dk->second.a)
                    m.score = std::max(m.score, score);
        } else if (closest[q]) {
            m.suggestion = closest[q]->index;
            m.suggestionScore = closest[q]->coverage;
        }
        plan.questions.push_back(m);
    }
    plan.groupCount = groupOf.size();
    return plan;
}

}  // namespace importer
