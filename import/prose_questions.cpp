#include "prose_questions.h"

#include "ascii_text.h"
#include "question_text.h"
#include "utf8.h"

#include <array>

namespace importer {

namespace {

// Verbs after which the asked thing follows. Longer forms first so "问到了" is cut whole.
constexpr std::array<std::string_view, 14> kAskingVerbs = {
    "问到了", "问了下", "问了",           "问到",        "问我",     "考了",  "考察了",
    "聊了",   "问道",   "asked me about", "asked about", "asked me", "asked", "问：",
};

// 让 + one of these: the action is kept as part of the question (让我手写 X -> 手写 X).
constexpr std::array<std::string_view, 12> kLetActions = {"手写", "手撕", "写",   "实现", "讲", "介绍",
                                                          "说",   "推导", "设计", "估算", "算", "分析"};

constexpr std::array<std::string_view, 14> kConnectives = {
    "然后", "接着", "之后", "随后", "再",       "又",   "最后",
    "还有", "还",   "另外", "以及", "and then", "then", "finally",
};

struct Found {
    std::size_t pos = std::string::npos;
    std::size_t len = 0;
};

Found findVerb(std::string_view clause)
{
    const std::string lower = asciiLower(clause);
    Found best;
    for (std::string_view v : kAskingVerbs) {
        const std::size_t p = lower.find(v);
        if (p == std::string::npos)
            continue;
        if (static_cast<unsigned char>(v.front()) < 0x80 && !isWordBoundary(lower, p, v.size()))
            continue;
        if (p < best.pos)
            best = Found{p, v.size()};
    }
    return best;
}

/// Position of the action after 让 / 让我, or npos.
std::size_t findLetAction(std::string_view clause)
{
    for (std::size_t p = clause.find("让"); p != std::string_view::npos; p = clause.find("让", p + 1)) {
        std::size_t q = p + std::string_view("让").size();
        if (startsWith(clause.substr(q), "我"))
            q += std::string_view("我").size();
        for (std::string_view a : kLetActions)
            if (startsWith(clause.substr(q), a))
                return q;
    }
    return std::string_view::npos;
}

std::string_view stripLead(std::string_view s)
{
    bool changed = true;
    while (changed) {
        changed = false;
        s = trimView(s);
        for (std::string_view w : {"一下", "下", "了", "：", ":", "about", "我"}) {
            if (startsWith(asciiLower(s), w)
                && (static_cast<unsigned char>(w.front()) >= 0x80 || isWordBoundary(s, 0, w.size()))) {
                s.remove_prefix(w.size());
                changed = true;
            }
        }
    }
    return s;
}

std::string_view stripConnective(std::string_view s)
{
    s = trimView(s);
    const std::string lower = asciiLower(s);
    for (std::string_view c : kConnectives)
        if (startsWith(lower, c)
            && (static_cast<unsigned char>(c.front()) >= 0x80 || isWordBoundary(lower, 0, c.size())))
            return trimView(s.substr(c.size()));
    return s;
}

struct RawClause {
    std::string text;
    bool sentenceEnd = false;  ///< ended at 。！？ rather than a comma
};

std::vector<RawClause> splitClauses(std::string_view line)
{
    std::vector<RawClause> out;
    std::string cur;
    const std::u32string s = decodeUtf8(line);
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char32_t c = s[i];
        const bool qmark = c == U'？' || c == U'?';
        const bool full = c == U'。' || c == U'！' || c == U'!' || c == U'；' || c == U';' || qmark
                          || (c == U'.' && (i + 1 == s.size() || s[i + 1] == U' '));
        const bool comma = c == U'，' || (c == U',' && (i + 1 == s.size() || s[i + 1] == U' '));
        if (full || comma) {
            if (qmark)
                appendUtf8(cur, c);
            out.push_back(RawClause{cur, full});
            cur.clear();
            continue;
        }
        appendUtf8(cur, c);
    }
    if (!trimView(cur).empty())
        out.push_back(RawClause{cur, true});
    return out;
}

}  // namespace

bool hasAskingVerb(std::string_view line)
{
    return findVerb(line).pos != std::string::npos || findLetAction(line) != std::string_view::npos;
}

std::vector<ProseClause> extractProseQuestions(std::string_view line)
{
    std::vector<ProseClause> out;
    bool previousKeptInSentence = false;
    for (const RawClause& rc : splitClauses(line)) {
        std::string_view c = trimView(rc.text);
        const bool wasKept = previousKeptInSentence;
        previousKeptInSentence = false;
        if (c.empty())
            continue;
        if (isNonQuestion(c))
            continue;
        const std::string_view lead = stripConnective(c);
        if (startsWith(lead, "追问")) {
            std::string_view f = lead.substr(std::string_view("追问").size());
            f = stripLead(f);
            if (!f.empty())
                out.push_back({ClauseRole::FollowUp, cleanQuestion(f)});
            previousKeptInSentence = !rc.sentenceEnd;
            continue;
        }
        if (startsWith(lead, "我") || startsWith(lead, "I ")) {
            if (!out.empty())
                out.push_back({ClauseRole::Answer, cleanQuestion(lead)});
            continue;
        }
        std::string q;
        const Found v = findVerb(c);
        const std::size_t let = findLetAction(c);
        if (v.pos != std::string::npos && (let == std::string_view::npos || v.pos < let))
            q = cleanQuestion(stripLead(c.substr(v.pos + v.len)));
        else if (let != std::string_view::npos)
            q = cleanQuestion(c.substr(let));
        else if (looksLikeQuestion(lead))
            q = cleanQuestion(lead);
        if (!q.empty() && !isNonQuestion(q)) {
            out.push_back({ClauseRole::Question, q});
            previousKeptInSentence = !rc.sentenceEnd;
        } else if (q.empty() && wasKept && !out.empty() && out.back().role != ClauseRole::Answer) {
            // "问了 X，和 Y 的关系" : the second clause continues the first.
            out.back().text = cleanQuestion(out.back().text) + "，" + cleanQuestion(c);
            previousKeptInSentence = !rc.sentenceEnd;
        }
    }
    return out;
}

}  // namespace importer
