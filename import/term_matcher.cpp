#include "term_matcher.h"

#include "text_normalize.h"
#include "utf8.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace importer {

namespace {

// Words that carry the shape of a spoken question, not its subject. Longest first, so that
// "为什么" is cut before "什么".
constexpr std::u32string_view kFiller[] = {
    U"介绍一下", U"怎么做的", U"有什么", U"为什么", U"怎么写", U"怎么做", U"怎么样", U"什么是", U"讲一下", U"说一下",
    U"了解吗", U"有没有", U"的区别", U"是什么", U"怎么", U"什么", U"如何", U"哪些", U"讲讲", U"介绍", U"说说",
    U"一下", U"了解", U"是否", U"区别", U"原理", U"怎样", U"多少", U"一个", U"可以", U"是", U"的", U"了",
    U"吗", U"和", U"与", U"及", U"呢", U"在", U"中", U"里", U"时", U"能", U"会", U"要", U"你", U"请", U"对",
    U"这",
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
    {U"智能指针", "smart pointers"},     {U"多态", "polymorphism"},          {U"虚函数表", "vtable"},
    {U"虚表", "vtable"},                 {U"死锁", "deadlock"},              {U"拓扑排序", "topological sort"},
    {U"单例", "singleton"},              {U"协程", "coroutine"},             {U"上下文切换", "context switch"},
    {U"虚拟内存", "virtual memory"},     {U"拥塞控制", "congestion control"}, {U"三次握手", "tcp handshake"},
    {U"四次挥手", "tcp teardown"},       {U"内存池", "memory pool"},         {U"线程池", "thread pool"},
    {U"生产者", "producer consumer"},   {U"零拷贝", "zero copy"},           {U"反转链表", "reverse linked list"},
    {U"翻转链表", "reverse linked list"}, {U"迭代器失效", "iterator invalidation"}, {U"移动语义", "move semantics"},
    {U"完美转发", "perfect forwarding"}, {U"原子操作", "atomic"},            {U"扩容", "growth"},
    {U"写时复制", "copy on write"},      {U"进程间通信", "ipc"},             {U"缓存一致性", "cache coherence"},
};

} // namespace

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

TermMatcher::TermMatcher(const std::vector<std::string>& deckTexts, const std::vector<std::string>& subjects)
    : docs_(deckTexts.size())
{
    std::vector<std::vector<std::string>> terms;
    terms.reserve(deckTexts.size());
    const bool withSubjects = subjects.size() == deckTexts.size();
    for (std::size_t d = 0; d < deckTexts.size(); ++d) {
        std::vector<std::string> t = questionTerms(withSubjects ? deckTexts[d] + " " + subjects[d] : deckTexts[d]);
        for (const auto& term : t)
            postings_[term].push_back(static_cast<std::uint32_t>(d));
        terms.push_back(std::move(t));
    }
    if (withSubjects) {
        subjects_.reserve(subjects.size());
        for (const auto& subject : subjects)
            subjects_.push_back(questionTerms(subject));
    }
    docWeight_.resize(deckTexts.size());
    for (std::size_t d = 0; d < terms.size(); ++d)
        for (const auto& t : terms[d])
            docWeight_[d] += idf(t) * evidenceShare(t);
}

double TermMatcher::idf(const std::string& term) const
{
    const auto it = postings_.find(term);
    const double df = it == postings_.end() ? 0.0 : static_cast<double>(it->second.size());
    return std::log((static_cast<double>(docs_) + 1.0) / (df + 0.5));
}

std::optional<TermMatcher::Hit> TermMatcher::best(std::string_view query) const
{
    const auto terms = questionTerms(query);
    double total = 0;
    for (const auto& t : terms)
        total += idf(t) * evidenceShare(t);
    if (terms.empty() || total <= 0)
        return std::nullopt;
    struct Acc {
        double weight = 0;
        int terms = 0;
        bool ascii = false;
    };
    std::unordered_map<std::uint32_t, Acc> acc;
    for (const auto& t : terms) {
        const auto it = postings_.find(t);
        if (it == postings_.end())
            continue;
        const double w = idf(t) * evidenceShare(t);
        const bool ascii = !t.empty() && static_cast<unsigned char>(t[0]) < 0x80;
        for (std::uint32_t d : it->second) {
            Acc& a = acc[d];
            a.weight += w;
            ++a.terms;
            a.ascii = a.ascii || ascii;
        }
    }
    std::optional<Hit> best;
    for (const auto& [d, a] : acc) {
        if (a.terms < 2 && !a.ascii)
            continue; // one CJK bigram is not evidence enough
        Hit h{d, a.weight / total, docWeight_[d] > 0 ? a.weight / docWeight_[d] : 0, 0};
        if (!subjects_.empty())
            for (const auto& t : terms)
                h.subjectTerms += std::binary_search(subjects_[d].begin(), subjects_[d].end(), t) ? 1 : 0;
        if (!best) {
            best = h;
            continue;
        }
        // Coverage first (compared with a tolerance: sums of the same weights in another order
        // differ in the last bits), then subject words, then the card's own coverage, then index.
        const bool sameCoverage = std::abs(h.coverage - best->coverage) <= 1e-12;
        const auto rest = [](const Hit& x) { return std::make_tuple(x.subjectTerms, x.cardCoverage); };
        if (sameCoverage ? (rest(h) > rest(*best) || (rest(h) == rest(*best) && h.index < best->index))
                         : h.coverage > best->coverage)
            best = h;
    }
    return best;
}

} // namespace importer
