#pragma once
// Matching a short report question against the deck's longer card questions.
//
// Interview reports list questions in a few words ("讲讲 PagedAttention 的原理", "AWQ 原理"),
// while a card asks the full question with its follow-ups. Their n-gram Jaccard is low even when
// they ask the same thing, because the card has many grams the report line lacks. This matcher
// asks the other way round: how much of what the report question says does the card say too?
//
// Terms: ASCII words (lower-cased, hyphens inside a word dropped: "All-Reduce" = "allreduce"; bare
// numbers left out) and
// character bigrams of CJK runs (a one-character run is its own term), after the filler words of
// spoken questions (为什么, 怎么, 讲一下, 区别, 原理, 的 …) are cut out. Each term is weighted by its
// inverse document frequency over the deck, ln((N + 1) / (df + 0.5)), so a rare term such as
// "pagedattention" counts for much more than a common one such as "attention".
//
// coverage(q, card) = Σ idf(t) over terms of q found in the card / Σ idf(t) over terms of q.
// A card is a candidate when it shares terms with the question and the evidence is more than one
// CJK bigram (a single two-character word such as 项目 matches too much by chance).
//
// Which candidate comes first is a linear score over a few coverages, each explainable on its own
// (RankFeature below): of the question by the card's question and id words, of the card's own
// question by the question (the more specific card), by the id words alone, by the tags (which
// hold the subject's Chinese names), by the English question, by the key points, by all of them
// together, whether a coding question meets a coding card, and the card question's length. The
// weights (term_ranker_weights.h) were fitted on the tune half of the importer's field benchmark
// (bench/field/fit_ranker.py) and are data: refit them when the deck or the features change.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace importer {

/// The distinct matching terms of a text, sorted.
std::vector<std::string> questionTerms(std::string_view utf8);

/// What the matcher reads of one card. Only `question` is needed; each other field adds evidence.
struct CardText {
    std::string question;
    std::string subject;  ///< a few words naming the subject: the id's words, "kernel opt flashattention v1"
    std::string questionEn;  ///< the English question
    std::string tags;        ///< comma-separated
    std::string keyPoints;
    bool coding = false;  ///< a coding card (its id starts with "coding-")
};

/// The inputs of the ranking score, each 0–1 except the last.
enum RankFeature : std::size_t {
    kCoverage,          ///< of the query's weight, by the card's question and subject words
    kCardCoverage,      ///< of the card's own question weight, by the query
    kSubjectCoverage,   ///< of the query's weight, by the subject words
    kTagCoverage,       ///< by the tags
    kEnglishCoverage,   ///< by the English question
    kKeyPointCoverage,  ///< by the key points
    kAnyCoverage,       ///< by any of the card's fields
    kCodingBoth,        ///< 1: the query asks for code and the card is a coding card
    kCodingCardOnly,    ///< 1: a coding card for a query that does not ask for code
    kCodingQueryOnly,   ///< 1: the query asks for code, the card is not a coding card
    kQuestionLength,    ///< ln(1 + number of terms of the card's question)
    kFeatureCount
};
using RankFeatures = std::array<double, kFeatureCount>;

/// How much of one key point a typed answer says, by the same terms (CJK bigrams at half weight,
/// ASCII words, the Chinese-English subject table): `share` of the point's term weight found in
/// the answer; covered from kCoveredShare, partly from kPartlyShare. The two thresholds were read
/// off the labelled typed answers of tests/import/data/typed_answers.tsv (points labelled covered
/// had shares 0.29-1, mostly above 0.4; partly and missing ones mostly below 0.34).
struct PointCoverage {
    enum class Level {
        Missing,
        Partly,
        Covered
    };
    Level level = Level::Missing;
    double share = 0;
    std::vector<std::string> matched;  ///< the point's terms the answer holds, sorted
};
inline constexpr double kCoveredShare = 0.4;
inline constexpr double kPartlyShare = 0.2;
/// One entry per key point, in order. An empty answer covers nothing.
std::vector<PointCoverage> keyPointCoverage(std::string_view answer,
                                            const std::vector<std::string>& keyPoints);

/// Whether a question asks for code to be written (实现, 手写, 手撕, implement, LeetCode …).
bool asksForCode(std::string_view utf8);

class TermMatcher {
public:
    explicit TermMatcher(const std::vector<CardText>& cards);
    /// Question texts with optional subject words (one per card).
    explicit TermMatcher(const std::vector<std::string>& deckTexts,
                         const std::vector<std::string>& subjects = {});

    struct Hit {
        std::size_t index = 0;    ///< into the cards
        double coverage = 0;      ///< of the query's term weight by the card's question and subject, 0–1
        double cardCoverage = 0;  ///< of the card's term weight, 0–1
        int subjectTerms = 0;     ///< query terms in the card's subject words
        double score = 0;         ///< the ranking score: Σ weight · feature
        RankFeatures features{};
    };
    /// The best-ranked card for `query`, if any term is shared and the evidence rule holds.
    std::optional<Hit> best(std::string_view query) const;
    /// The `limit` best-ranked cards, best first.
    std::vector<Hit> ranked(std::string_view query, std::size_t limit) const;

    /// ln((N + 1) / (df + 0.5)).
    double idf(const std::string& term) const;

private:
    enum Field : std::size_t {
        kMain,
        kSubject,
        kTags,
        kEnglish,
        kKeyPoints,
        kFieldCount
    };
    std::size_t docs_ = 0;
    /// Per field, the cards holding each term; idf is taken from the main field (question and
    /// subject words) for every field.
    std::array<std::unordered_map<std::string, std::vector<std::uint32_t>>, kFieldCount> postings_;
    std::vector<double> docWeight_;
    std::vector<int> questionTerms_;
    std::vector<bool> coding_;
};

}  // namespace importer
