#include "question_text.h"

#include "ascii_text.h"
#include "utf8.h"

#include <array>

namespace importer {

namespace {

constexpr std::array<std::string_view, 9> kAnswerMarkers = {"答：", "答:",  "回答：",   "回答:", "答案：",
                                                            " A:",  " A：", "我的回答", "我答"};

struct Cut {
    std::size_t pos = std::string::npos;
    std::size_t len = 0;
};

template <typename Needles>
Cut earliest(std::string_view s, const Needles& needles)
{
    Cut best;
    for (std::string_view n : needles) {
        const std::size_t p = s.find(n);
        if (p != std::string_view::npos && p < best.pos)
            best = Cut{p, n.size()};
    }
    return best;
}

bool endsWith(std::string_view s, std::string_view suffix)
{
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

/// Strips a bracket left dangling when "X（追问：Y）" is cut at 追问: "X（" and "Y）".
std::string stripBrackets(std::string s)
{
    s = cleanQuestion(s);
    for (std::string_view open : {"（", "("})
        if (endsWith(s, open))
            s = cleanQuestion(std::string_view(s).substr(0, s.size() - open.size()));
    const std::pair<std::string_view, std::string_view> pairs[] = {{"（", "）"}, {"(", ")"}};
    for (auto [open, close] : pairs)
        if (endsWith(s, close) && s.find(open) == std::string::npos)
            s = cleanQuestion(std::string_view(s).substr(0, s.size() - close.size()));
    return s;
}

/// `tail` starts with 追问; each 追问 starts one follow-up.
void splitFollowUps(std::string_view tail, std::vector<std::string>& out)
{
    constexpr std::string_view kMark = "追问";
    while (startsWith(tail, kMark)) {
        tail.remove_prefix(kMark.size());
        if (startsWith(tail, "了"))
            tail.remove_prefix(std::string_view("了").size());
        tail = trimView(tail);
        for (std::string_view colon : {"：", ":"})
            if (startsWith(tail, colon))
                tail.remove_prefix(colon.size());
        const std::size_t next = tail.find(kMark);
        std::string part = stripBrackets(std::string(tail.substr(0, next)));
        if (!part.empty())
            out.push_back(part);
        tail = next == std::string_view::npos ? std::string_view() : tail.substr(next);
    }
}

}  // namespace

std::string cleanQuestion(std::string_view text)
{
    std::string s = trim(text);
    bool changed = true;
    while (changed && !s.empty()) {
        changed = false;
        for (std::string_view p : {"，", "。", "；", "：", ",", ".", ";", ":", "、"}) {
            if (endsWith(s, p)) {
                s = trim(std::string_view(s).substr(0, s.size() - p.size()));
                changed = true;
            }
        }
    }
    return s;
}

SplitQuestion splitQuestionText(std::string_view text)
{
    SplitQuestion out;
    std::string_view rest = text;
    // The answer is cut first: a follow-up written after the answer still belongs to the question.
    std::string answerPart;
    Cut a = earliest(rest, kAnswerMarkers);
    for (std::string_view qm : {"？", "?"}) {
        const std::size_t p = rest.find(qm);
        if (p == std::string_view::npos)
            continue;
        std::string_view after = trimView(rest.substr(p + qm.size()));
        if (startsWith(after, "我") && (a.pos == std::string::npos || a.pos > p)) {
            const std::size_t at = rest.size() - after.size();
            a = Cut{at, 0};
        }
    }
    if (a.pos != std::string::npos) {
        answerPart = trim(rest.substr(a.pos + a.len));
        rest = rest.substr(0, a.pos);
        // An answer may itself carry a follow-up: "答：… 追问：…".
        const std::size_t f = answerPart.find("追问");
        if (f != std::string::npos) {
            const std::string tail = answerPart.substr(f);
            answerPart = answerPart.substr(0, f);
            splitFollowUps(tail, out.followUps);
        }
        answerPart = stripBrackets(answerPart);
        for (std::string_view colon : {"：", ":"})
            if (startsWith(answerPart, colon))
                answerPart = trim(std::string_view(answerPart).substr(colon.size()));
    }
    const std::size_t f = rest.find("追问");
    std::string_view head = rest.substr(0, f);
    if (f != std::string_view::npos) {
        std::vector<std::string> inlineFollowUps;
        splitFollowUps(rest.substr(f), inlineFollowUps);
        out.followUps.insert(out.followUps.begin(), inlineFollowUps.begin(), inlineFollowUps.end());
    }
    out.text = stripBrackets(std::string(head));
    out.answer = answerPart;
    return out;
}

bool isNonQuestion(std::string_view text)
{
    const std::string lower = asciiLower(text);
    for (std::string_view p : {"自我介绍", "介绍一下自己", "介绍下自己", "introduce yourself",
                               "self-introduction", "self introduction"}) {
        // Only when that is all the item says: "自我介绍之后深挖项目" still asks about the project.
        if (lower.find(p) != std::string::npos && codePointCount(lower) <= codePointCount(p) + 6)
            return true;
    }
    for (std::string_view p : {"反问", "你有什么问题", "有什么想问", "有什么要问", "any questions for",
                               "questions for us", "questions for me"})
        if (lower.find(p) != std::string::npos)
            return true;
    // Remarks about the day rather than questions: the interviewer ("感觉面试官很专业") or how
    // long something took ("聊了 40 分钟项目"), unless a question mark or an asking word (问, 让)
    // says otherwise ("面试官问了 KV cache 的显存怎么算" is a question).
    const bool asks = lower.find('?') != std::string::npos || lower.find("？") != std::string::npos
                      || lower.find("问") != std::string::npos || lower.find("让") != std::string::npos;
    if (!asks
        && (lower.find("面试官") != std::string::npos || lower.find("分钟") != std::string::npos
            || lower.find("小时") != std::string::npos))
        return true;
    return false;
}

bool looksLikeQuestion(std::string_view text)
{
    const std::string lower = asciiLower(text);
    static constexpr std::array<std::string_view, 44> kAsking = {
        "？",   "?",        "什么",   "怎么",    "如何",       "为什么",    "为何",   "哪些",   "哪个",
        "哪几", "区别",     "原理",   "吗",      "呢",         "是否",      "有没有", "讲讲",   "讲一下",
        "讲下", "介绍一下", "介绍下", "说说",    "说一下",     "聊聊",      "手撕",   "手写",   "实现",
        "解释", "推导",     "估算",   "计算",    "对比",       "比较",      "优缺点", "设计",   "多少",
        "what", "how",      "why",    "explain", "difference", "implement", "design", "compare"};
    for (auto w : kAsking) {
        const std::size_t p = lower.find(w);
        if (p == std::string::npos)
            continue;
        if (static_cast<unsigned char>(w.front()) < 0x80 && w.size() > 1
            && !isWordBoundary(lower, p, w.size()))
            continue;
        return true;
    }
    return false;
}

}  // namespace importer
