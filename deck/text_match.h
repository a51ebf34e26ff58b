#pragma once
// Text search over the four card fields (question, question_en, answer, key_points) for the
// search box and the Browse filter, through the trigram index alone.
//
// The trigram tokenizer cannot look up a term of one or two characters, and Chinese terms are
// often two (显存, 算子). Since schema v5 every field is indexed with two trailing spaces, so each
// occurrence of a short term starts at least one trigram of the index; the trigrams that start
// with the term are read from the index's vocabulary (an fts5vocab table, one B-tree range) and
// the term becomes their OR. A term no trigram starts with is in no card: no scan at all.

#include <string>
#include <vector>

#include "deck/storage/database.h"

namespace deck {

/// Splits a search box's text into terms on ASCII whitespace and on the ideographic space U+3000
/// that Chinese input methods type between words.
std::vector<std::string> splitSearchTerms(const std::string& text);

/// Counts code points (a Chinese character is three bytes of UTF-8).
std::size_t utf8Length(const std::string& s);

/// What the terms become in SQL: an FTS5 expression for `cards_fts MATCH`, plus LIKE patterns
/// for short terms that begin so many trigrams that a scan is cheaper (a single common letter).
struct TextMatch {
    bool matchesNothing = false;            ///< some term is in no card
    std::string fts;                        ///< empty: no index condition
    std::vector<std::string> likePatterns;  ///< "%term%", escaped with '\'
};

/// More trigrams than this for one short term and the term is scanned with LIKE instead.
inline constexpr int kMaxTrigramExpansion = 2000;

Result<TextMatch> textMatch(const Database& db, const std::vector<std::string>& terms);

/// The SQL condition on cards `c` for a TextMatch: "<idColumn> IN (... MATCH ?)" and, per LIKE
/// pattern, an OR over the four fields; "0" when nothing can match. Parameters are appended to
/// `params` in order. `idColumn` is any expression equal to c.id: Browse passes "+s.card_id" so
/// that SQLite walks its due-order index and tests each card against the matches, rather than
/// fetching and sorting every match of a common term.
std::string textCondition(const TextMatch& m, std::vector<std::string>& params,
                          const std::string& idColumn = "c.id");

/// Only the LIKE part of textCondition (for a query that already joins cards_fts).
std::string likeCondition(const TextMatch& m, std::vector<std::string>& params);

/// `term` escaped for LIKE ... ESCAPE '\'.
std::string escapeLike(const std::string& term);

}  // namespace deck
