#include "deck/text_match.h"
#include "deck/storage/database.h"

#include <algorithm>

namespace deck {

namespace {

/// An FTS5 string literal: inner double quotes doubled, so the index sees the characters only.
std::string ftsLiteral(const std::string& text)
{
    std::string out = "\"";
    for (char c : text)
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

/// The trigram tokenizer folds case; only ASCII letters are folded here (the text is mostly
/// Chinese and English), so a short term in another cased script may miss upper-case matches.
std::string asciiFolded(const std::string& s)
{
    std::string out = s;
    std::transform(out.begin(), out.end(), out.begin(),
                   [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; });
    return out;
}

}  // namespace

std::vector<std::string> splitSearchTerms(const std::string& text)
{
    std::vector<std::string> terms;
    std::string current;
    auto flush = [&] {
        if (!current.empty())
            terms.push_back(std::move(current));
        current.clear();
    };
    for (std::size_t i = 0; i < text.size();) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            flush();
            ++i;
        } else if (text.compare(i, 3, "\xE3\x80\x80") == 0) {
            flush();
            i += 3;
        } else {
            current += text[i++];
        }
    }
    flush();
    return terms;
}

std::size_t utf8Length(const std::string& s)
{
    return static_cast<std::size_t>(std::count_if(
        s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

std::string escapeLike(const std::string& term)
{
    std::string out;
    for (char c : term) {
        if (c == '%' || c == '_' || c == '\\')
            out += '\\';
        out += c;
    }
    return out;
}

Result<TextMatch> textMatch(const Database& db, const std::vector<std::string>& terms)
{
    TextMatch m;
    std::vector<std::string> parts;
    for (const std::string& term : terms) {
        if (utf8Length(term) >= 3) {
            parts.push_back(ftsLiteral(term));
            continue;
        }
        // The vocabulary table lives in the connection's temp schema, created on first use.
        auto create = db.prepare("CREATE VIRTUAL TABLE IF NOT EXISTS temp.cards_fts_terms"
                                 " USING fts5vocab(main, cards_fts, row)");
        if (!create)
            return create.error();
        create->step();
        if (create->error())
            return *create->error();
        auto st = db.prepare("SELECT term FROM temp.cards_fts_terms WHERE term >= ?1 AND term < ?2"
                             " LIMIT ?3");
        if (!st)
            return st.error();
        const std::string prefix = asciiFolded(term);
        st->bind(1, prefix);
        st->bind(2, prefix + "\xF4\x8F\xBF\xBF");  // U+10FFFF: above any continuation
        st->bind(3, static_cast<std::int64_t>(kMaxTrigramExpansion + 1));
        std::vector<std::string> trigrams;
        while (st->step())
            trigrams.push_back(st->text(0));
        if (st->error())
            return *st->error();
        if (trigrams.empty()) {
            m.matchesNothing = true;
            return m;
        }
        if (static_cast<int>(trigrams.size()) > kMaxTrigramExpansion) {
            m.likePatterns.push_back("%" + escapeLike(term) + "%");
            continue;
        }
        std::string any;
        for (const std::string& t : trigrams)
            any += (any.empty() ? "" : " OR ") + ftsLiteral(t);
        parts.push_back(trigrams.size() == 1 ? any : "(" + any + ")");
    }
    for (const std::string& p : parts)
        m.fts += (m.fts.empty() ? "" : " AND ") + p;
    return m;
}

std::string likeCondition(const TextMatch& m, std::vector<std::string>& params)
{
    std::string sql;
    for (const std::string& pattern : m.likePatterns) {
        sql += std::string(sql.empty() ? "" : " AND ")
               + "(c.question LIKE ? ESCAPE '\\' OR c.question_en LIKE ? ESCAPE '\\'"
                 " OR c.answer LIKE ? ESCAPE '\\' OR c.key_points LIKE ? ESCAPE '\\')";
        for (int i = 0; i < 4; ++i)
            params.push_back(pattern);
    }
    return sql;
}

std::string textCondition(const TextMatch& m, std::vector<std::string>& params, const std::string& idColumn)
{
    if (m.matchesNothing)
        return "0";
    std::string sql;
    if (!m.fts.empty()) {
        sql = idColumn + " IN (SELECT rowid FROM cards_fts WHERE cards_fts MATCH ?)";
        params.push_back(m.fts);
    }
    const std::string like = likeCondition(m, params);
    if (!like.empty())
        sql += (sql.empty() ? "" : " AND ") + like;
    return sql.empty() ? "1" : sql;
}

}  // namespace deck
