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
// A card is a match when its coverage reaches the threshold and the evidence is more than one
// CJK bigram (a single two-character word such as 项目 matches too much by chance). Ties go to
// the card whose subject words (its id) hold more of the question's terms, then to the card whose
// own terms are covered most (the more specific card).

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace importer {

/// The distinct matching terms of a text, sorted.
std::vector<std::string> questionTerms(std::string_view utf8);

class TermMatcher {
public:
    /// `subjects` (optional, one per card): a few words naming each card's subject (its id's
    /// words, "kernel opt flashattention v1"). They count as card text, and among cards that
    /// cover a question equally the one whose subject holds more of its terms wins.
    explicit TermMatcher(const std::vector<std::string>& deckTexts, const std::vector<std::string>& subjects = {});

    struct Hit {
        std::size_t index = 0;     ///< into deckTexts
        double coverage = 0;       ///< of the query's term weight, 0–1
        double cardCoverage = 0;   ///< of the card's term weight, 0–1
        int subjectTerms = 0;      ///< query terms in the card's subject words
    };
    /// The card that covers most of `query`, if any term is shared and the evidence rule holds.
    std::optional<Hit> best(std::string_view query) const;

    /// ln((N + 1) / (df + 0.5)).
    double idf(const std::string& term) const;

private:
    std::size_t docs_ = 0;
    std::unordered_map<std::string, std::vector<std::uint32_t>> postings_;
    std::vector<double> docWeight_;
    std::vector<std::vector<std::string>> subjects_;
};

} // namespace importer
