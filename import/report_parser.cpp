#include "report_parser.h"

#include "ascii_text.h"
#include "company_aliases.h"
#include "prose_questions.h"
#include "question_text.h"
#include "report_dates.h"
#include "report_lines.h"
#include "role_names.h"
#include "round_names.h"
#include "utf8.h"

#include <array>
#include <map>
#include <set>
#include <optional>

namespace importer {

namespace {

/// A heading is a short line: longer lines are prose even when they name a round.
constexpr std::size_t kMaxHeadingCodePoints = 48;
/// A round named within this many bytes of the line start switches the round even in prose
/// ("二面问了 …"); 12 bytes cover "快手 二面" or "技术二面".
constexpr std::size_t kRoundLeadBytes = 12;

bool hasInterviewWord(std::string_view text)
{
    for (std::string_view w : {"面经", "面试", "实习", "校招", "社招", "秋招", "春招", "暑期", "offer",
                               "Offer", "interview", "Interview", "onsite", "Onsite", "记录"})
        if (text.find(w) != std::string_view::npos)
            return true;
    return false;
}

bool endsWithQuestionMark(std::string_view s)
{
    return (s.size() >= 1 && s.back() == '?') || (s.size() >= 3 && s.substr(s.size() - 3) == "？");
}

bool endsWithColon(std::string_view s)
{
    return (!s.empty() && s.back() == ':') || (s.size() >= 3 && s.substr(s.size() - 3) == "：");
}

/// What follows a colon (ASCII or full-width) at the start of `s`; empty optional when `s` does
/// not start with one.
std::optional<std::string_view> afterColon(std::string_view s)
{
    for (std::string_view colon : {":", "："})
        if (startsWith(s, colon))
            return s.substr(colon.size());
    return std::nullopt;
}

/// The value of a "<label>：value" field in `text` ("💻面试岗位：推理框架开发" for label 岗位),
/// trimmed, at most 40 code points; empty optional when no label is followed by a colon.
std::optional<std::string> labelledField(std::string_view text,
                                         std::initializer_list<std::string_view> labels)
{
    for (std::string_view label : labels) {
        const std::size_t p = text.find(label);
        if (p == std::string_view::npos)
            continue;
        const auto rest = afterColon(text.substr(p + label.size()));
        if (!rest)
            continue;
        std::string value = trim(*rest);
        if (value.empty() || codePointCount(value) > 40)
            return std::nullopt;
        return value;
    }
    return std::nullopt;
}

/// Strips "一、", "二、" … from the start of a line.
std::string_view withoutChineseOrdinal(std::string_view s)
{
    s = trimView(s);
    for (std::string_view n : {"一", "二", "三", "四", "五", "六", "七", "八", "九", "十"}) {
        if (startsWith(s, n)) {
            std::string_view rest = s.substr(n.size());
            if (startsWith(rest, "、"))
                return trimView(rest.substr(std::string_view("、").size()));
            if (startsWith(rest, "."))
                return trimView(rest.substr(1));
        }
    }
    return s;
}

/// A section label that reports put between their questions ("二、项目", "手撕", "- 操作系统",
/// "八股："): a short line naming a kind of question, not a question.
bool isSectionLabel(std::string_view text)
{
    std::string_view s = withoutChineseOrdinal(text);
    if (endsWithQuestionMark(s))
        return false;
    for (std::string_view c : {":", "："})
        if (s.size() >= c.size() && s.substr(s.size() - c.size()) == c)
            s.remove_suffix(c.size());
    s = trimView(s);
    if (s.empty() || codePointCount(s) > 8)
        return false;
    const std::string lower = asciiLower(s);
    for (std::string_view w :
         {"项目",   "项目经历", "项目介绍", "项目拷打", "项目深挖", "实习",     "实习经历", "八股",
          "八股文", "基础",     "基础知识", "算法",     "手撕",     "手撕代码", "代码",     "编程",
          "c++",    "cpp",      "c++基础",  "python",   "操作系统", "os",       "计网",     "计算机网络",
          "网络",   "数据库",   "linux",    "cuda",     "场景",     "深度学习", "机器学习", "大模型",
          "llm",    "分布式",   "推理",     "训练",     "其他",     "其它",     "总结",     "感受",
          "结果",   "时间线",   "闲聊",     "聊天",     "ai infra", "infra"})
        if (lower == w)
            return true;
    // 算法题, 场景题, 代码题, 手撕题, 智力题 …
    return codePointCount(s) <= 4 && s.size() >= 3 && s.substr(s.size() - 3) == "题";
}

/// "算法：两数之和", "手撕：LayerNorm kernel": the task after a coding label, or empty.
std::string codingTask(std::string_view text)
{
    const std::string_view s = trimView(text);
    for (std::string_view label :
         {"算法题", "算法", "手撕题", "手撕代码", "手撕", "代码题", "编程题", "笔试题", "coding", "Coding"}) {
        if (!startsWith(s, label))
            continue;
        if (const auto rest = afterColon(s.substr(label.size())))
            return trim(*rest);
    }
    return {};
}

/// The words after an interviewer label ("面试官：", "面试官 2：", "面试官B:"), or empty.
std::string afterSpeakerLabel(std::string_view text)
{
    std::string_view s = trimView(text);
    if (!startsWith(s, "面试官"))
        return {};
    s.remove_prefix(std::string_view("面试官").size());
    // An optional short tag: a number, a letter or a Chinese numeral, spaces around it.
    std::size_t i = 0;
    while (i < s.size() && i < 8 && s[i] != ':' && !startsWith(s.substr(i), "："))
        ++i;
    const std::string_view tag = trimView(s.substr(0, i));
    if (codePointCount(tag) > 2)
        return {};
    const auto rest = afterColon(s.substr(i));
    return rest ? trim(*rest) : std::string();
}

/// `text` without the separators a list line ends with (；，、。;,), when the line is short, asks
/// no "问了…" narrative and tells nothing about the candidate or the day. Empty otherwise.
std::string shortItem(std::string_view text)
{
    std::string t = trim(text);
    for (bool more = true; more && !t.empty();) {
        more = false;
        for (std::string_view sep : {"；", "，", "、", "。", ";", ","}) {
            if (t.size() >= sep.size() && t.compare(t.size() - sep.size(), sep.size(), sep) == 0) {
                t.resize(t.size() - sep.size());
                t = trim(t);
                more = true;
            }
        }
    }
    if (t.empty() || codePointCount(t) > 40 || hasAskingVerb(t) || isNonQuestion(t))
        return {};
    for (std::string_view w :
         {"我", "感觉", "体验", "小时", "分钟", "面试官", "结束", "挂了", "感谢信", "offer", "Offer", "HR",
          "时间线", "总结", "流程", "还行", "顺利", "难度", "没问"})
        if (t.find(w) != std::string::npos)
            return {};
    return t;
}

/// A short plain line (shortItem) that reads as a question or a subject to explain; empty
/// otherwise.
std::string itemLikeLine(std::string_view text)
{
    std::string t = shortItem(text);
    if (t.empty() || looksLikeQuestion(t))
        return t;
    for (std::string_view w : {"介绍", "分析", "讲解", "还是", "优化", "推导", "机制", "细节"})
        if (t.find(w) != std::string::npos)
            return t;
    return {};
}

/// Values a "company:" field takes when a report names no company: a composite question bank
/// (综合), "a small company" (小厂), unknown, anonymous.
bool namesNoCompany(std::string_view value)
{
    for (std::string_view v : {"综合", "小厂", "某厂", "未知", "匿名", "unknown", "Unknown", "N/A", "-"})
        if (value == v)
            return true;
    return false;
}

/// The fields of a YAML front matter block ("company: 阿里巴巴"), keys in lower case, values
/// without their quotes.
std::vector<std::pair<std::string, std::string>> frontMatterFields(const std::vector<std::string_view>& lines)
{
    std::vector<std::pair<std::string, std::string>> out;
    for (std::string_view l : lines) {
        const std::size_t colon = l.find(':');
        if (colon == std::string_view::npos || colon == 0)
            continue;
        std::string key = asciiLower(trim(l.substr(0, colon)));
        std::string value = trim(l.substr(colon + 1));
        if (value.size() >= 2 && (value.front() == '"' || value.front() == '\'')
            && value.back() == value.front())
            value = value.substr(1, value.size() - 2);
        out.emplace_back(std::move(key), std::move(value));
    }
    return out;
}

enum class Last {
    None,
    Question,
    FollowUp,
    Answer
};

/// A section of what the candidate asks the company ("反问", "谈薪", "薪资待遇"): nothing in it
/// is an interview question.
bool candidateAsks(std::string_view text)
{
    const std::string_view t = trimView(text);
    for (std::string_view w : {"反问", "谈薪", "薪资", "待遇", "Questions I asked", "Questions to ask"})
        if (startsWith(t, w))
            return true;
    return false;
}

/// "美团：DiceLoss原理；和为k的子数组。": a company named first, a colon, then its questions
/// separated by semicolons. The company and the questions; empty when the line is not one.
std::optional<std::pair<CompanyMatch, std::vector<std::string>>> companyBundle(std::string_view text)
{
    // A company name is short: the colon comes within the first 40 bytes, and only the words
    // before it are looked up.
    const std::string_view head = text.substr(0, 40);
    const std::size_t colon = std::min(head.find(':'), head.find("："));
    if (colon == std::string_view::npos)
        return std::nullopt;
    const auto company = findCompany(text.substr(0, colon));
    if (!company || company->offset > 2)
        return std::nullopt;
    std::string_view rest = text.substr(company->offset + company->raw.size());
    while (!rest.empty() && rest.front() == ' ')
        rest.remove_prefix(1);
    if (startsWith(rest, "："))
        rest.remove_prefix(3);
    else if (startsWith(rest, ":"))
        rest.remove_prefix(1);
    else
        return std::nullopt;
    std::vector<std::string> parts;
    std::size_t from = 0;
    for (std::size_t i = 0; i <= rest.size();) {
        std::size_t width = 0;
        if (i == rest.size())
            width = 0;
        else if (startsWith(rest.substr(i), "；"))
            width = 3;
        else if (rest[i] == ';')
            width = 1;
        else {
            ++i;
            continue;
        }
        std::string part = trim(rest.substr(from, i - from));
        while (part.ends_with("。"))
            part.resize(part.size() - 3);
        if (!part.empty())
            parts.push_back(std::move(part));
        if (i == rest.size())
            break;
        i += width;
        from = i;
    }
    if (parts.empty())
        return std::nullopt;
    return std::make_pair(*company, std::move(parts));
}

class ReportBuilder {
public:
    explicit ReportBuilder(std::vector<InterviewReport>& out) : reports_(out) {}

    void line(const ReportLine& l, std::size_t lineNo)
    {
        blankBefore_ = prevBlank_;
        prevBlank_ = l.empty();
        if (l.empty()) {
            if (last_ == Last::Answer)
                last_ = Last::None;
            return;
        }
        const bool listItem = l.marker != LineMarker::None;
        // Code is code, whatever its lines look like ("# a comment", a type name that is also a
        // company's): inside a ``` block nothing is a heading or a question; it is the current
        // question's answer, if there is one.
        if (inFence_ || startsWith(trimView(l.text), "```")) {
            if (startsWith(trimView(l.text), "```"))
                inFence_ = !inFence_;
            answer(l.text);
            return;
        }
        // A deeper heading inside an answer ("#### 思路", "##### C++") belongs to the answer.
        if (answerBlock_ && l.markdownHeading && l.headingLevel > answerLevel_) {
            answer(l.text);
            return;
        }
        if (l.markdownHeading)
            answerBlock_ = false;
        if (!listItem || l.markdownHeading || isRoundOnlyItem(l)) {
            if (heading(l, lineNo))
                return;
        }
        if (skipping(l))
            return;
        evidence_ = l.markdownHeading                ? QuestionEvidence::Heading
                    : l.marker == LineMarker::Number ? QuestionEvidence::Numbered
                    : l.marker == LineMarker::QuestionPrefix && l.numberStyle != NumberStyle::None
                        ? QuestionEvidence::Numbered
                    : l.marker != LineMarker::None ? QuestionEvidence::Marked
                                                   : QuestionEvidence::Plain;
        // Under a question heading ("### 2、epoll 的原理？"), everything up to the next heading is
        // the candidate's answer: its paragraphs, numbered steps and bullets ask nothing. Only
        // the interviewer's words ("面试官：…") are still questions.
        if (answerBlock_ && afterSpeakerLabel(l.text).empty()) {
            answer(l.text);
            return;
        }
        const std::size_t before = questionTotal();
        if (headingAsQuestion_) {
            headingAsQuestion_ = false;
            addWhole(trim(l.marker == LineMarker::None ? l.text : l.content), lineNo, l.indent);
        } else {
            dispatch(l, lineNo);
            // A numbered heading ("### 1、算法题25分钟：给定…") is one of the report's items even
            // when its words read like a timing note or a label.
            if (l.markdownHeading && l.marker == LineMarker::Number && questionTotal() == before
                && !trim(l.content).empty())
                addWhole(trim(l.content), lineNo, l.indent);
        }
        if (l.markdownHeading && questionTotal() > before) {
            answerBlock_ = true;
            answerLevel_ = l.headingLevel;
            if (questionHeadingLevel_ == 0)
                questionHeadingLevel_ = l.headingLevel;
        }
    }

    void dispatch(const ReportLine& l, std::size_t lineNo)
    {
        switch (l.marker) {
        case LineMarker::FollowUpPrefix: followUp(l.content, lineNo); return;
        case LineMarker::AnswerPrefix: answer(l.content); return;
        case LineMarker::QuestionPrefix: newItem(l, lineNo, l.content); return;
        case LineMarker::Number:
        case LineMarker::Bullet: listEntry(l, lineNo); return;
        case LineMarker::None: plain(l, lineNo); return;
        }
    }

    std::size_t questionTotal() const { return asked_; }

    /// A YAML front matter block at the top of a file ("title:", "company:", "round:",
    /// "role:", "pubDate:"): its fields describe the report, none of them is a question.
    void frontMatter(const std::vector<std::pair<std::string, std::string>>& fields, std::size_t lineNo)
    {
        reports_.emplace_back();
        reports_.back().line = lineNo;
        for (const auto& [key, value] : fields)
            if (key == "title" && !value.empty())
                line(classifyLine("# " + value), lineNo);
        InterviewReport& r = reports_.back();
        for (const auto& [key, value] : fields) {
            if (value.empty())
                continue;
            if (key == "company") {
                if (const auto c = findCompany(value)) {
                    r.company = c->canonical;
                    r.companyRaw = c->raw;
                } else if (!r.company && !namesNoCompany(value)) {
                    // An explicit company field is the company, in the alias table or not.
                    r.company = value;
                    r.companyRaw = value;
                } else if (!r.company) {
                    r.companyRaw = value;
                }
            } else if (key == "round") {
                const auto rounds = findRounds(value);
                if (rounds.size() == 1 && (r.rounds.empty() || r.rounds.back().round != rounds.front().id)) {
                    startRound(r, rounds.front(), lineNo);
                }
            } else if (key == "role" || key == "position" || key == "岗位" || key == "方向") {
                if (const auto role = findRole(value)) {
                    r.role = role->id;
                    r.roleRaw = role->raw;
                } else {
                    r.role = value;
                    r.roleRaw = value;
                }
            } else if ((key == "date" || key == "pubdate" || key == "interview_date") && !r.date) {
                r.date = findDate(value);
            }
        }
        resetList();
        afterLabel_ = false;
    }

private:
    std::vector<InterviewReport>& reports_;
    Last last_ = Last::None;
    bool prevBlank_ = false;
    bool blankBefore_ = false;
    /// Under a section label ("八股：", "## 基础"), short plain lines are its items even when
    /// they carry no question word ("CUDA内存模型").
    bool afterLabel_ = false;
    /// The current question is a markdown heading: the lines under it are its answer.
    bool answerBlock_ = false;
    int answerLevel_ = 0;             ///< that heading's level
    bool inFence_ = false;            ///< inside a ``` code block
    int questionHeadingLevel_ = 0;    ///< level of the report's first question heading, 0: none yet
    bool headingAsQuestion_ = false;  ///< heading() took the line as a question heading
    QuestionEvidence evidence_ = QuestionEvidence::Numbered;  ///< for the questions of the current line
    std::size_t asked_ = 0;                                   ///< questions added so far, over all reports
    /// The current question came from a numbered item: a question mark line right under it,
    /// unnumbered and with no blank line between, is its follow-up.
    bool numberedQuestion_ = false;
    bool haveQuestion_ = false;
    std::size_t questionIndent_ = 0;
    std::map<NumberStyle, int> lastNumber_;
    // 反问 sections: skipped until the next heading (a plain 反问 line) or the next list item at
    // the same or a lower indent (a 反问 list item).
    enum class Skip {
        None,
        UntilHeading,
        UntilItem
    } skip_ = Skip::None;
    std::size_t skipIndent_ = 0;

    InterviewReport& report(std::size_t lineNo)
    {
        if (reports_.empty()) {
            reports_.emplace_back();
            reports_.back().line = lineNo;
        }
        return reports_.back();
    }

    ReportRound& round(std::size_t lineNo)
    {
        InterviewReport& r = report(lineNo);
        if (r.rounds.empty())
            r.rounds.emplace_back();
        return r.rounds.back();
    }

    ReportQuestion* current()
    {
        if (!haveQuestion_ || reports_.empty() || reports_.back().rounds.empty())
            return nullptr;
        auto& qs = reports_.back().rounds.back().questions;
        return qs.empty() ? nullptr : &qs.back();
    }

    static void startRound(InterviewReport& r, const RoundMatch& m, std::size_t lineNo)
    {
        ReportRound rr;
        rr.round = m.id;
        rr.roundRaw = m.raw;
        rr.line = lineNo;
        r.rounds.push_back(std::move(rr));
    }

    void resetList()
    {
        haveQuestion_ = false;
        last_ = Last::None;
        lastNumber_.clear();
    }

    static bool isRoundOnlyItem(const ReportLine& l)
    {
        return !findRounds(l.content).empty() && codePointCount(l.content) <= 12
               && !endsWithQuestionMark(l.content);
    }

    /// Handles a heading; returns true when the line was one and holds nothing else.
    bool heading(const ReportLine& l, std::size_t lineNo)
    {
        const std::string& text = l.marker == LineMarker::None || l.markdownHeading ? l.text : l.content;
        const bool shortLine = codePointCount(text) <= kMaxHeadingCodePoints && !endsWithQuestionMark(text);
        const auto company = findCompany(text);
        const auto rounds = findRounds(text);
        // A date may come first: "2025年10月11日，一面。" names the round as much as "一面" does.
        const std::size_t lead =
            kRoundLeadBytes + leadingDateBytes(text) + (company ? company->offset + company->raw.size() : 0);
        const bool roundLeads = !rounds.empty() && rounds.front().offset <= lead;
        const bool companyHeading =
            company
            && (l.markdownHeading
                || (shortLine && (!rounds.empty() || hasInterviewWord(text) || codePointCount(text) <= 16)));
        const bool roundHeading =
            !rounds.empty()
            && ((shortLine
                 && (l.markdownHeading || roundLeads || hasInterviewWord(text) || codePointCount(text) <= 24))
                || roundLeads);
        // A markdown heading without a company or an interview word is a title only at the top;
        // further down ("## 系统", "## 网络通信") it names a section of the same report.
        // "面试流程：" or "面试官 2：" is a label inside a report, not a title.
        // A line about the interviewer ("感觉面试官很专业") is not a title either.
        const bool labelLine = endsWithColon(text) || text.find("面试官") != std::string::npos;
        const bool titleHeading = !company && !labelLine
                                  && ((l.markdownHeading && (reports_.empty() || hasInterviewWord(text)))
                                      || (shortLine && hasInterviewWord(text)));
        if (candidateAsks(text)) {
            skip_ = Skip::UntilHeading;
            return true;
        }
        if (!companyHeading && !roundHeading && !titleHeading) {
            // "### 1、说一下多态？" under "## 一面": a heading that asks is a question.
            const std::string& body = l.marker == LineMarker::None ? l.text : l.content;
            if (l.markdownHeading && !isSectionLabel(body)
                && (endsWithQuestionMark(body) || l.marker == LineMarker::Number))
                return false;
            // Once a report asks in "### …" headings, a heading of that level is a question
            // even without a number or a question mark ("### LC 76 最小覆盖子串").
            if (l.markdownHeading && l.headingLevel == questionHeadingLevel_ && !isSectionLabel(body)) {
                headingAsQuestion_ = true;
                return false;
            }
            if (l.markdownHeading || (shortLine && endsWithColon(text) && !looksLikeQuestion(text))) {
                resetList();  // a section label such as "## 八股" or "手撕题："
                afterLabel_ = true;
                return true;
            }
            return false;
        }
        skip_ = Skip::None;
        afterLabel_ = false;
        if (companyHeading) {
            const bool startNew =
                !reports_.empty()
                && (reports_.back().questionCount() > 0
                    || (reports_.back().company && *reports_.back().company != company->canonical));
            if (startNew || reports_.empty()) {
                reports_.emplace_back();
                reports_.back().line = lineNo;
            }
            InterviewReport& r = reports_.back();
            r.company = company->canonical;
            r.companyRaw = company->raw;
        } else if (titleHeading && (reports_.empty() || reports_.back().questionCount() > 0)
                   && rounds.empty()) {
            // A title with no known company: a new report whose company stays unknown; the title
            // is kept so the user can name it.
            reports_.emplace_back();
            reports_.back().line = lineNo;
            reports_.back().companyRaw = trim(text);
        } else if (titleHeading && !reports_.empty() && !reports_.back().company
                   && reports_.back().companyRaw.empty()) {
            reports_.back().companyRaw = trim(text);
        }
        InterviewReport& r = report(lineNo);
        if (r.companyRaw.empty() && !company && hasInterviewWord(text))
            r.companyRaw = trim(text);
        // A narrow direction named later ("高性能算子") beats the generic "AI Infra" of a title.
        if (const auto role = findRole(text);
            role && (!r.role || (*r.role == "AI Infra" && role->id != "AI Infra"))) {
            r.role = role->id;
            r.roleRaw = role->raw;
        }
        if (!r.role) {
            if (auto field = labelledField(text, {"岗位", "职位", "方向", "部门"});
                field && !field->empty()) {
                r.role = *field;  // not one of the known directions: kept as written
                r.roleRaw = *field;
            }
        }
        if (!r.date)
            r.date = findDate(text);
        if (rounds.size() == 1) {
            if (!r.rounds.empty() && !r.rounds.back().round && r.rounds.back().questions.empty())
                r.rounds.pop_back();
            startRound(r, rounds.front(), lineNo);
        }
        resetList();
        // "二面问了 NCCL 的 ring 怎么实现，还问了 …": the heading carries questions too.
        if (l.marker == LineMarker::None && hasAskingVerb(text))
            prose(text, lineNo);
        return true;
    }

    bool skipping(const ReportLine& l)
    {
        if (skip_ == Skip::None)
            return false;
        if (skip_ == Skip::UntilItem && l.marker != LineMarker::None && l.indent <= skipIndent_) {
            skip_ = Skip::None;
            return false;
        }
        return true;
    }

    void addQuestion(std::string_view text, std::size_t lineNo, std::size_t indent)
    {
        numberedQuestion_ = false;
        if (isSectionLabel(text)) {
            resetList();
            afterLabel_ = true;
            return;
        }
        if (std::string task = codingTask(text); !task.empty()) {
            addWhole(task, lineNo, indent);
            return;
        }
        SplitQuestion sq = splitQuestionText(text);
        if (sq.text.empty() || isNonQuestion(sq.text))
            return;
        ReportQuestion q;
        q.text = std::move(sq.text);
        q.followUps = std::move(sq.followUps);
        q.answer = std::move(sq.answer);
        q.evidence = evidence_;
        q.line = lineNo;
        round(lineNo).questions.push_back(std::move(q));
        ++asked_;
        haveQuestion_ = true;
        questionIndent_ = indent;
        last_ = round(lineNo).questions.back().answer.empty() ? Last::Question : Last::Answer;
    }

    /// A coding task is one question as written: its commas and clauses are part of the task.
    void addWhole(const std::string& text, std::size_t lineNo, std::size_t indent)
    {
        ReportQuestion q;
        q.text = text;
        q.line = lineNo;
        q.evidence = evidence_;
        round(lineNo).questions.push_back(std::move(q));
        ++asked_;
        haveQuestion_ = true;
        questionIndent_ = indent;
        last_ = Last::Question;
    }

    void followUp(std::string_view text, std::size_t lineNo)
    {
        ReportQuestion* q = current();
        if (!q) {
            addQuestion(text, lineNo, 0);
            return;
        }
        SplitQuestion sq = splitQuestionText(text);
        if (!sq.text.empty())
            q->followUps.push_back(sq.text);
        for (auto& f : sq.followUps)
            q->followUps.push_back(f);
        if (!sq.answer.empty())
            appendAnswer(*q, sq.answer);
        last_ = Last::FollowUp;
    }

    static void appendAnswer(ReportQuestion& q, std::string_view text)
    {
        if (!q.answer.empty())
            q.answer += "\n";
        q.answer += trim(text);
    }

    void answer(std::string_view text)
    {
        if (ReportQuestion* q = current()) {
            appendAnswer(*q, text);
            last_ = Last::Answer;
        }
    }

    void newItem(const ReportLine& l, std::size_t lineNo, std::string_view text)
    {
        if (startsWith(trimView(text), "反问")) {
            skip_ = Skip::UntilItem;
            skipIndent_ = l.indent;
            return;
        }
        addQuestion(text, lineNo, l.indent);
    }

    void listEntry(const ReportLine& l, std::size_t lineNo)
    {
        if (startsWith(l.content, "反问") || isNonQuestion(l.content)) {
            if (startsWith(l.content, "反问")) {
                skip_ = Skip::UntilItem;
                skipIndent_ = l.indent;
            }
            return;
        }
        if (endsWithColon(l.content) && codePointCount(l.content) <= 12) {
            haveQuestion_ = false;  // "2. 手撕题：" labels the items under it; the numbering goes on
            last_ = Last::None;
            lastNumber_[l.numberStyle] = l.number;
            afterLabel_ = true;
            return;
        }
        // A post that lists several companies, one line each ("- 美团：…；…"): each line is a
        // report of that company, its questions split at the semicolons.
        if (auto bundle = l.marker == LineMarker::Bullet ? companyBundle(l.content) : std::nullopt) {
            const bool startNew =
                !reports_.empty()
                && (reports_.back().questionCount() > 0
                    || (reports_.back().company && *reports_.back().company != bundle->first.canonical));
            if (startNew || reports_.empty()) {
                reports_.emplace_back();
                reports_.back().line = lineNo;
            }
            reports_.back().company = bundle->first.canonical;
            reports_.back().companyRaw = bundle->first.raw;
            resetList();
            for (const std::string& part : bundle->second)
                addQuestion(part, lineNo, l.indent);
            resetList();
            return;
        }
        std::string text = l.content;
        if (l.marker == LineMarker::Number) {
            int& last = lastNumber_[l.numberStyle];
            // A list's numbers go up, by one or two, or by more while they stay small (a post may go
            // on from an earlier part, or leave items out: "5. … 13. …").
            const bool plausible =
                l.number >= 0
                && (l.number <= 1 || l.number <= last + 2 || (l.number > last && l.number <= 30));
            if (plausible)
                last = l.number;
            // "146. LRU 缓存" after "2." is a LeetCode number, not the list's: keep it in the text.
            else
                text = l.text.substr(l.text.find_first_not_of(" -*+"));
        }
        ReportQuestion* q = current();
        if (q && l.indent > questionIndent_) {
            SplitQuestion sq = splitQuestionText(text);
            if (!sq.text.empty())
                q->followUps.push_back(sq.text);
            for (auto& f : sq.followUps)
                q->followUps.push_back(f);
            if (!sq.answer.empty())
                appendAnswer(*q, sq.answer);
            last_ = Last::FollowUp;
            return;
        }
        addQuestion(text, lineNo, l.indent);
        numberedQuestion_ = l.marker == LineMarker::Number && current() != nullptr;
    }

    void plain(const ReportLine& l, std::size_t lineNo)
    {
        // "面试官：讲一下 NCCL 的 ring" / "面试官2：…": the interviewer's words are the question,
        // even right after the candidate's answer.
        if (std::string said = afterSpeakerLabel(l.text); !said.empty()) {
            evidence_ = QuestionEvidence::Speaker;
            addQuestion(said, lineNo, l.indent);
            return;
        }
        ReportQuestion* q = current();
        if (q && last_ == Last::Answer) {
            appendAnswer(*q, l.text);
            return;
        }
        if (q && (last_ == Last::Question || last_ == Last::FollowUp)) {
            const bool indented = l.indent > questionIndent_;
            const bool firstPerson = startsWith(l.text, "我") || startsWith(l.text, "I ");
            if (indented || firstPerson) {
                appendAnswer(*q, l.text);
                last_ = Last::Answer;
                return;
            }
        }
        if (!reports_.empty() && !reports_.back().date) {
            if (auto d = findDate(l.text))
                reports_.back().date = d;
        }
        if (isSectionLabel(l.text)) {
            resetList();
            afterLabel_ = true;
            return;
        }
        if (std::string task = codingTask(l.text); !task.empty()) {
            addWhole(task, lineNo, l.indent);
            return;
        }
        // "1. MoE 的路由怎么工作？" then, on the next line, "为什么会负载不均？": one question.
        if (q && numberedQuestion_ && !blankBefore_ && (last_ == Last::Question || last_ == Last::FollowUp)
            && endsWithQuestionMark(l.text) && codePointCount(l.text) <= 60) {
            followUp(l.text, lineNo);
            return;
        }
        if (afterLabel_) {
            if (std::string item = shortItem(l.text); !item.empty()) {
                evidence_ = QuestionEvidence::Label;
                addQuestion(item, lineNo, l.indent);
                return;
            }
        }
        // A short plain line that reads like a list item is one question, as a numbered item
        // would be ("FlashAttention介绍；", "了解静态图和动态图吗，他们之间的区别是什么"): the
        // prose splitter cut such lines at their commas or dropped them.
        if (std::string item = itemLikeLine(l.text); !item.empty()) {
            addQuestion(item, lineNo, l.indent);
            return;
        }
        prose(l.text, lineNo);
    }

    void prose(std::string_view text, std::size_t lineNo)
    {
        evidence_ = QuestionEvidence::Prose;
        for (ProseClause& c : extractProseQuestions(text)) {
            ReportQuestion* q = current();
            switch (c.role) {
            case ClauseRole::Question: addQuestion(c.text, lineNo, 0); break;
            case ClauseRole::FollowUp:
                if (q)
                    q->followUps.push_back(c.text);
                else
                    addQuestion(c.text, lineNo, 0);
                break;
            case ClauseRole::Answer:
                if (q)
                    appendAnswer(*q, c.text);
                break;
            }
        }
        // Prose questions are never parents of indented list items.
        questionIndent_ = 0;
        if (last_ == Last::Answer)
            last_ = Last::None;
    }
};

}  // namespace

QuestionConfidence confidenceOf(QuestionEvidence evidence)
{
    switch (evidence) {
    case QuestionEvidence::Numbered:
    case QuestionEvidence::Marked:
    case QuestionEvidence::Heading:
    case QuestionEvidence::Speaker:
    case QuestionEvidence::Chosen: return QuestionConfidence::High;
    case QuestionEvidence::Plain:
    case QuestionEvidence::Label: return QuestionConfidence::Medium;
    case QuestionEvidence::Prose: return QuestionConfidence::Low;
    }
    return QuestionConfidence::Low;
}

const char* evidenceName(QuestionEvidence evidence)
{
    switch (evidence) {
    case QuestionEvidence::Numbered: return "numbered";
    case QuestionEvidence::Marked: return "marked";
    case QuestionEvidence::Heading: return "heading";
    case QuestionEvidence::Speaker: return "speaker";
    case QuestionEvidence::Plain: return "plain";
    case QuestionEvidence::Label: return "label";
    case QuestionEvidence::Prose: return "prose";
    case QuestionEvidence::Chosen: return "chosen";
    }
    return "prose";
}

namespace {

std::vector<std::string> answerLines(const std::string& answer)
{
    std::vector<std::string> out;
    for (std::size_t a = 0; a <= answer.size();) {
        const std::size_t b = std::min(answer.find('\n', a), answer.size());
        out.push_back(answer.substr(a, b - a));
        a = b + 1;
    }
    return out;
}

std::string joinLines(const std::vector<std::string>& lines, std::size_t from, std::size_t to)
{
    std::string out;
    for (std::size_t i = from; i < to; ++i) {
        if (i > from)
            out += '\n';
        out += lines[i];
    }
    return out;
}

ReportQuestion* questionAt(std::vector<InterviewReport>& reports, const QuestionPlace& at)
{
    if (at.report >= reports.size() || at.round >= reports[at.report].rounds.size()
        || at.question >= reports[at.report].rounds[at.round].questions.size())
        return nullptr;
    return &reports[at.report].rounds[at.round].questions[at.question];
}

}  // namespace

bool questionToAnswer(std::vector<InterviewReport>& reports, const QuestionPlace& at)
{
    ReportQuestion* q = questionAt(reports, at);
    if (!q || at.question == 0)
        return false;
    auto& questions = reports[at.report].rounds[at.round].questions;
    ReportQuestion& above = questions[at.question - 1];
    std::string moved = q->text;
    for (const auto& f : q->followUps)
        moved += "\n" + f;
    if (!q->answer.empty())
        moved += "\n" + q->answer;
    if (!above.answer.empty())
        above.answer += '\n';
    above.answer += moved;
    questions.erase(questions.begin() + static_cast<std::ptrdiff_t>(at.question));
    return true;
}

std::vector<std::string> answerLinesOf(const ReportQuestion& question)
{
    return question.answer.empty() ? std::vector<std::string>{} : answerLines(question.answer);
}

bool answerLineToQuestion(std::vector<InterviewReport>& reports, const QuestionPlace& at, std::size_t line)
{
    ReportQuestion* q = questionAt(reports, at);
    if (!q || q->answer.empty())
        return false;
    const std::vector<std::string> lines = answerLines(q->answer);
    if (line >= lines.size() || trim(lines[line]).empty())
        return false;
    ReportQuestion promoted;
    promoted.text = trim(lines[line]);
    promoted.answer = joinLines(lines, line + 1, lines.size());
    promoted.line = q->line;
    promoted.evidence = QuestionEvidence::Chosen;
    q->answer = joinLines(lines, 0, line);
    auto& questions = reports[at.report].rounds[at.round].questions;
    questions.insert(questions.begin() + static_cast<std::ptrdiff_t>(at.question) + 1, std::move(promoted));
    return true;
}

Result<std::vector<InterviewReport>> parseInterviewReports(std::string_view text, const std::string& fileName)
{
    std::vector<InterviewReport> reports;
    ReportBuilder builder(reports);
    const auto lines = splitLines(text);
    std::size_t start = 0;
    while (start < lines.size() && trimView(lines[start]).empty())
        ++start;
    if (start < lines.size() && trimView(lines[start]) == "---") {
        for (std::size_t j = start + 1; j < lines.size() && j <= start + 60; ++j) {
            if (trimView(lines[j]) != "---")
                continue;
            builder.frontMatter(frontMatterFields({lines.begin() + static_cast<std::ptrdiff_t>(start) + 1,
                                                   lines.begin() + static_cast<std::ptrdiff_t>(j)}),
                                start + 1);
            start = j + 1;
            break;
        }
    }
    for (std::size_t i = start; i < lines.size(); ++i)
        for (std::string_view piece : runOnItems(lines[i]))
            builder.line(classifyLine(piece), i + 1);
    // A report whose headings, title and fields name no company may still name it in its prose
    // ("my interview at NVIDIA", "NVIDIA: Display Software Team", a closing line): the company
    // its lines name most often (the first of equals) is taken, and kept as written.
    for (std::size_t i = 0; i < reports.size(); ++i) {
        InterviewReport& r = reports[i];
        if (r.company)
            continue;
        // The first report also owns the lines above its title ("I interviewed at NVIDIA" before
        // a bare "Interview" heading).
        const std::size_t from = i == 0 || r.line == 0 ? 0 : r.line - 1;
        const std::size_t to =
            i + 1 < reports.size() ? std::min(lines.size(), reports[i + 1].line - 1) : lines.size();
        // Lines that became questions are left out: a question about "NVIDIA 的 Hopper" names
        // a vendor, not the interviewer's company.
        std::set<std::size_t> asked;
        for (const auto& rd : r.rounds)
            for (const auto& q : rd.questions)
                asked.insert(q.line);
        std::map<std::string, int> seen;
        std::string first;
        for (std::size_t j = from; j < to; ++j) {
            if (asked.count(j + 1))
                continue;
            if (const auto c = findCompany(lines[j])) {
                if (seen[c->canonical]++ == 0 && first.empty())
                    first = c->canonical;
            }
        }
        std::string best = first;
        for (const auto& [name, n] : seen)
            if (n > seen[best])
                best = name;
        if (!best.empty())
            r.company = best;
    }
    // Rounds and reports that ended up with no question say nothing the user can import.
    for (auto& r : reports)
        std::erase_if(r.rounds, [](const ReportRound& rr) { return rr.questions.empty(); });
    std::erase_if(reports, [](const InterviewReport& r) { return r.rounds.empty(); });
    if (reports.empty())
        return makeError(ErrorKind::EmptyInput, fileName, 0, "no interview question was found in the text");
    return reports;
}

}  // namespace importer
