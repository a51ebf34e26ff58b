#include "term_matcher.h"

#include "term_ranker_weights.h"

#include "text_normalize.h"
#include "utf8.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <tuple>

namespace importer {

static_assert(std::size(kRankerWeights) == kFeatureCount, "one weight per ranking feature");

namespace {

// Words that carry the shape of a spoken question, not its subject. Longest first, so that
// "为什么" is cut before "什么".
constexpr std::u32string_view kFiller[] = {
    U"介绍一下", U"怎么做的", U"有什么", U"为什么", U"怎么写", U"怎么做", U"怎么样", U"什么是", U"讲一下",
    U"说一下",   U"了解吗",   U"有没有", U"的区别", U"是什么", U"怎么",   U"什么",   U"如何",   U"哪些",
    U"讲讲",     U"介绍",     U"说说",   U"一下",   U"了解",   U"是否",   U"区别",   U"原理",   U"怎样",
    U"多少",     U"一个",     U"可以",   U"是",     U"的",     U"了",     U"吗",     U"和",     U"与",
    U"及",       U"呢",       U"在",     U"中",     U"里",     U"时",     U"能",     U"会",     U"要",
    U"你",       U"请",       U"对",     U"这",
};

bool isAsciiWordChar(char32_t c)
{
    return (c >= U'a' && c <= U'z') || (c >= U'0' && c <= U'9');
}

bool isAsciiLetterOrDigit(char32_t c)
{
    return isAsciiWordChar(c) || (c >= U'A' && c <= U'Z');
}

std::u32string lowerFolded(std::string_view utf8)
{
    const std::u32string in = decodeUtf8(utf8);
    std::u32string out;
    out.reserve(in.size());
    for (std::size_t i = 0; i < in.size(); ++i) {
        char32_t c = foldWidth(in[i]);
        // A hyphen between two ASCII letters or digits joins them: all-reduce = allreduce.
        if (c == U'-' && i > 0 && i + 1 < in.size() && isAsciiLetterOrDigit(foldWidth(in[i - 1]))
            && isAsciiLetterOrDigit(foldWidth(in[i + 1])))
            continue;
        if (c >= U'A' && c <= U'Z')
            c = c - U'A' + U'a';
        out.push_back(c);
    }
    return out;
}

/// Every filler word replaced with a space, so no bigram spans the cut.
std::u32string cutFiller(const std::u32string& s)
{
    std::u32string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        std::size_t cut = 0;
        for (std::u32string_view f : kFiller) {
            if (s.compare(i, f.size(), f) == 0) {
                cut = f.size();
                break;
            }
        }
        if (cut > 0) {
            out.push_back(U' ');
            i += cut;
        } else {
            out.push_back(s[i++]);
        }
    }
    return out;
}

/// A CJK run of n characters gives n - 1 overlapping bigrams that carry about n / 2 characters'
/// worth of evidence: each bigram counts half, so that one four-character word (负载均衡, three
/// bigrams) does not outweigh two distinct English words (moe, loss).
double evidenceShare(const std::string& term)
{
    const bool cjk = !term.empty() && static_cast<unsigned char>(term[0]) >= 0x80;
    return cjk && term.size() > 4 ? 0.5 : 1.0;  // two CJK characters are 6 bytes, one is 3 or 4
}

/// Chinese names of subjects that the deck's cards mostly write in English (in their questions or
/// their id words): a Chinese question naming one gets the English words as terms too, so that
/// 智能指针 reaches runtime-cpp-smart-pointers. Both sides of a match go through this table.
struct Gloss {
    std::u32string_view zh;
    const char* en;  ///< space-separated terms, as they appear in card ids
};
constexpr Gloss kGlossary[] = {
    {U"智能指针", "smart pointers"},
    {U"多态", "polymorphism"},
    {U"虚函数表", "vtable"},
    {U"虚表", "vtable"},
    {U"死锁", "deadlock"},
    {U"拓扑排序", "topological sort"},
    {U"单例", "singleton"},
    {U"协程", "coroutine"},
    {U"上下文切换", "context switch"},
    {U"虚拟内存", "virtual memory"},
    {U"拥塞控制", "congestion control"},
    {U"三次握手", "tcp handshake"},
    {U"四次挥手", "tcp teardown"},
    {U"内存池", "memory pool"},
    {U"线程池", "thread pool"},
    {U"生产者", "producer consumer"},
    {U"零拷贝", "zero copy"},
    {U"反转链表", "reverse linked list"},
    {U"翻转链表", "reverse linked list"},
    {U"迭代器失效", "iterator invalidation"},
    {U"移动语义", "move semantics"},
    {U"完美转发", "perfect forwarding"},
    {U"原子操作", "atomic"},
    {U"扩容", "growth"},
    {U"写时复制", "copy on write"},
    {U"进程间通信", "ipc"},
    {U"缓存一致性", "cache coherence"},
};

}  // namespace

std::vector<std::string> questionTerms(std::string_view utf8)
{
    const std::u32string folded = lowerFolded(utf8);
    const std::u32string s = cutFiller(folded);
    std::vector<std::string> terms;
    for (const Gloss& g : kGlossary) {
        if (folded.find(g.zh) == std::u32string::npos)
            continue;
        const std::string en(g.en);
        for (std::size_t a = 0; a < en.size();) {
            const std::size_t b = std::min(en.find(' ', a), en.size());
            terms.push_back(en.substr(a, b - a));
            a = b + 1;
        }
    }
    std::size_t i = 0;
    while (i < s.size()) {
        if (isAsciiWordChar(s[i])) {
            std::size_t j = i;
            while (j < s.size() && isAsciiWordChar(s[j]))
                ++j;
            // A bare number ("13" of "13.页表…", "2" of "讲 2 个") says nothing about the subject;
            // numbers inside words ("h100", "fp8", "zero3") stay.
            const bool digitsOnly = std::all_of(s.begin() + static_cast<std::ptrdiff_t>(i),
                                                s.begin() + static_cast<std::ptrdiff_t>(j),
                                                [](char32_t c) { return c >= U'0' && c <= U'9'; });
            if (!digitsOnly)
                terms.push_back(encodeUtf8(s.substr(i, j - i)));
            i = j;
        } else if (isCjk(s[i])) {
            std::size_t j = i;
            while (j < s.size() && isCjk(s[j]))
                ++j;
            if (j - i == 1)
                terms.push_back(encodeUtf8(s.substr(i, 1)));
            for (std::size_t k = i; k + 1 < j; ++k)
                terms.push_back(encodeUtf8(s.substr(k, 2)));
            i = j;
        } else {
            ++i;
        }
    }
    std::sort(terms.begin(), terms.end());
    terms.erase(std::unique(terms.begin(), terms.end()), terms.end());
    return terms;
}

std::vector<PointCoverage> keyPointCoverage(std::string_view answer,
                                            const std::vector<std::string>& keyPoints)
{
    const std::vector<std::string> said = questionTerms(answer);
    std::vector<PointCoverage> out;
    out.reserve(keyPoints.size());
    for (const std::string& point : keyPoints) {
        PointCoverage c;
        double total = 0, found = 0;
        for (const std::string& t : questionTerms(point)) {
            const double w = evidenceShare(t);
            total += w;
            if (std::binary_search(said.begin(), said.end(), t)) {
                found += w;
                c.matched.push_back(t);
            }
        }
        c.share = total > 0 ? found / total : 0;
        c.level = c.share >= kCoveredShare  ? PointCoverage::Level::Covered
                  : c.share >= kPartlyShare ? PointCoverage::Level::Partly
                                            : PointCoverage::Level::Missing;
        out.push_back(std::move(c));
    }
    return out;
}

bool asksForCode(std::string_view utf8)
{
    const std::u32string s = lowerFolded(utf8);
    constexpr std::u32string_view kWords[] = {U"实现",   U"手写",   U"手撕",      U"写一个",
                                              U"写出",   U"编写",   U"代码",      U"编程",
                                              U"算法题", U"coding", U"implement", U"leetcode"};
    for (std::u32string_view w : kWords)
        if (s.find(w) != std::u32string::npos)
            return true;
    // "LC 76", "lc76": a LeetCode problem number.
    for (std::size_t i = s.find(U"lc"); i != std::u32string::npos; i = s.find(U"lc", i + 1)) {
        std::size_t j = i + 2;
        while (j < s.size() && s[j] == U' ')
            ++j;
        const bool wordStart = i == 0 || !isAsciiWordChar(s[i - 1]);
        if (wordStart && j < s.size() && s[j] >= U'0' && s[j] <= U'9')
            return true;
    }
    return false;
}

namespace {

std::vector<CardText> asCards(const std::vector<std::string>& deckTexts,
                              const std::vector<std::string>& subjects)
{
    std::vector<CardText> cards(deckTexts.size());
    for (std::size_t d = 0; d < deckTexts.size(); ++d) {
        cards[d].question = deckTexts[d];
        if (subjects.size() == deckTexts.size())
            cards[d].subject = subjects[d];
    }
    return cards;
}

}  // namespace

TermMatcher::TermMatcher(const std::vector<std::string>& deckTexts, const std::vector<std::string>& subjects)
    : TermMatcher(asCards(deckTexts, subjects))
{}

TermMatcher::TermMatcher(const std::vector<CardText>& cards) : docs_(cards.size())
{
    std::vector<std::vector<std::string>> main;
    main.reserve(cards.size());
    questionTerms_.reserve(cards.size());
    coding_.reserve(cards.size());
    const auto index = [this](Field f, const std::vector<std::string>& terms, std::size_t d) {
        for (const auto& term : terms)
            postings_[f][term].push_back(static_cast<std::uint32_t>(d));
    };
    for (std::size_t d = 0; d < cards.size(); ++d) {
        const CardText& c = cards[d];
        std::vector<std::string> t =
            questionTerms(c.subject.empty() ? c.question : c.question + " " + c.subject);
        index(kMain, t, d);
        if (!c.subject.empty())
            index(kSubject, questionTerms(c.subject), d);
        if (!c.tags.empty()) {
            std::string tags = c.tags;
            std::replace(tags.begin(), tags.end(), ',', ' ');
            index(kTags, questionTerms(tags), d);
        }
        if (!c.questionEn.empty())
            index(kEnglish, questionTerms(c.questionEn), d);
        if (!c.keyPoints.empty())
            index(kKeyPoints, questionTerms(c.keyPoints), d);
        questionTerms_.push_back(static_cast<int>(questionTerms(c.question).size()));
        coding_.push_back(c.coding);
        main.push_back(std::move(t));
    }
    docWeight_.resize(cards.size());
    for (std::size_t d = 0; d < main.size(); ++d)
        for (const auto& t : main[d])
            docWeight_[d] += idf(t) * evidenceShare(t);
}

double TermMatcher::idf(const std::string& term) const
{
    const auto it = postings_[kMain].find(term);
    const double df = it == postings_[kMain].end() ? 0.0 : static_cast<double>(it->second.size());
    return std::log((static_cast<double>(docs_) + 1.0) / (df + 0.5));
}

std::optional<TermMatcher::Hit> TermMatcher::best(std::string_view query) const
{
    auto hits = ranked(query, 1);
    if (hits.empty())
        return std::nullopt;
    return hits.front();
}

std::vector<TermMatcher::Hit> TermMatcher::ranked(std::string_view query, std::size_t limit) const
{
    const auto terms = questionTerms(query);
    double total = 0;
    for (const auto& t : terms)
        total += idf(t) * evidenceShare(t);
    if (terms.empty() || total <= 0 || limit == 0)
        return {};
    struct Acc {
        std::array<double, kFieldCount> weight{};
        double any = 0;
        int terms = 0;  ///< query terms found in any field
        int subjectTerms = 0;
        std::size_t lastTerm = SIZE_MAX;
        bool ascii = false;
    };
    std::unordered_map<std::uint32_t, Acc> acc;
    for (std::size_t ti = 0; ti < terms.size(); ++ti) {
        const std::string& t = terms[ti];
        const double w = idf(t) * evidenceShare(t);
        const bool ascii = !t.empty() && static_cast<unsigned char>(t[0]) < 0x80;
        for (std::size_t f = 0; f < kFieldCount; ++f) {
            const auto it = postings_[f].find(t);
            if (it == postings_[f].end())
                continue;
            for (std::uint32_t d : it->second) {
                Acc& a = acc[d];
                a.weight[f] += w;
                if (f == kSubject)
                    ++a.subjectTerms;
                if (a.lastTerm != ti) {  // first field of this card holding the term
                    a.lastTerm = ti;
                    a.any += w;
                    ++a.terms;
                    a.ascii = a.ascii || ascii;
                }
            }
        }
    }
    const bool code = asksForCode(query);
    std::vector<Hit> hits;
    hits.reserve(acc.size());
    for (const auto& [d, a] : acc) {
        if (a.terms < 2 && !a.ascii)
            continue;  // one CJK bigram is not evidence enough
        Hit h;
        h.index = d;
        h.coverage = a.weight[kMain] / total;
        h.cardCoverage = docWeight_[d] > 0 ? a.weight[kMain] / docWeight_[d] : 0;
        h.subjectTerms = a.subjectTerms;
        RankFeatures& x = h.features;
        x[kCoverage] = h.coverage;
        x[kCardCoverage] = h.cardCoverage;
        x[kSubjectCoverage] = a.weight[kSubject] / total;
        x[kTagCoverage] = a.weight[kTags] / total;
        x[kEnglishCoverage] = a.weight[kEnglish] / total;
        x[kKeyPointCoverage] = a.weight[kKeyPoints] / total;
        x[kAnyCoverage] = a.any / total;
        x[kCodingBoth] = code && coding_[d] ? 1.0 : 0.0;
        x[kCodingCardOnly] = !code && coding_[d] ? 1.0 : 0.0;
        x[kCodingQueryOnly] = code && !coding_[d] ? 1.0 : 0.0;
        x[kQuestionLength] = std::log1p(static_cast<double>(questionTerms_[d]));
        for (std::size_t k = 0; k < kFeatureCount; ++k)
            h.score += kRankerWeights[k] * x[k];
        hits.push_back(h);
    }
    // Score first (compared with a tolerance: sums of the same weights in another order differ in
    // the last bits), then coverage, subject words, the card's own coverage, then index.
    const auto before = [](const Hit& x, const Hit& y) {
        if (std::abs(x.score - y.score) > 1e-9)
            return x.score > y.score;
        if (std::abs(x.coverage - y.coverage) > 1e-12)
            return x.coverage > y.coverage;
        if (x.subjectTerms != y.subjectTerms)
            return x.subjectTerms > y.subjectTerms;
        if (std::abs(x.cardCoverage - y.cardCoverage) > 1e-12)
            return x.cardCoverage > y.cardCoverage;
        return x.index < y.index;
    };
    if (hits.size() > limit) {
        std::partial_sort(hits.begin(), hits.begin() + static_cast<std::ptrdiff_t>(limit), hits.end(),
                          before);
        hits.resize(limit);
    } else {
        std::sort(hits.begin(), hits.end(), before);
    }
    return hits;
}

}  // namespace importer
