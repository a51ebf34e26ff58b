#include "deck/deck_source.h"
#include "deck/source_text.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

namespace deck {

namespace {

std::string trim(std::string_view s)
{
    return trimSource(s);
}

std::vector<std::string> splitList(std::string_view s)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= s.size()) {
        std::size_t comma = s.find(',', start);
        if (comma == std::string_view::npos)
            comma = s.size();
        std::string item = trim(s.substr(start, comma - start));
        if (!item.empty())
            out.push_back(std::move(item));
        start = comma + 1;
    }
    return out;
}

bool validUid(std::string_view uid)
{
    if (uid.empty() || uid.front() == '-' || uid.back() == '-')
        return false;
    return std::all_of(uid.begin(), uid.end(),
                       [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; });
}

enum class Section {
    Header,
    Answer,
    Points,
    Measured,
    Sources
};

class Parser {
public:
    Parser(std::string_view text, const std::string& file) : text_(text), file_(file) {}

    SourceParse run()
    {
        std::size_t pos = 0;
        int lineNo = 0;
        while (pos <= text_.size()) {
            std::size_t nl = text_.find('\n', pos);
            if (nl == std::string_view::npos)
                nl = text_.size();
            std::string_view line = text_.substr(pos, nl - pos);
            if (!line.empty() && line.back() == '\r')
                line.remove_suffix(1);
            ++lineNo;
            handle(line, lineNo);
            if (nl == text_.size())
                break;
            pos = nl + 1;
        }
        finish(lineNo);
        return std::move(result_);
    }

private:
    void error(int line, std::string message)
    {
        result_.errors.push_back({ErrorKind::InvalidInput, std::move(message), file_, line});
    }

    void handle(std::string_view line, int lineNo)
    {
        if (line.starts_with("@card")) {
            finish(lineNo);
            current_ = SourceCard{};
            current_.file = file_;
            current_.line = lineNo;
            current_.content.uid = trim(line.substr(5));
            open_ = true;
            section_ = Section::Header;
            seen_.clear();
            answerLines_.clear();
            if (!validUid(current_.content.uid))
                error(lineNo,
                      "card id '" + current_.content.uid + "' must be lower-case letters, digits and '-'");
            return;
        }
        if (!open_) {
            const std::string t = trim(line);
            if (!t.empty() && t.front() != '#')
                error(lineNo, "text outside a card (a card starts with '@card ID')");
            return;
        }
        if (line == "answer:") {
            enter(Section::Answer, "answer", lineNo);
            return;
        }
        if (line == "points:") {
            enter(Section::Points, "points", lineNo);
            return;
        }
        if (line == "measured:") {
            enter(Section::Measured, "measured", lineNo);
            return;
        }
        if (line == "sources:") {
            enter(Section::Sources, "sources", lineNo);
            return;
        }

        switch (section_) {
        case Section::Header: header(line, lineNo); break;
        case Section::Answer: answerLines_.emplace_back(line); break;
        case Section::Points: listItem(line, lineNo, current_.content.keyPoints, "points"); break;
        case Section::Measured: measuredItem(line, lineNo); break;
        case Section::Sources: listItem(line, lineNo, current_.content.sources, "sources"); break;
        }
    }

    void enter(Section s, const char* name, int lineNo)
    {
        if (!seen_.insert(name).second)
            error(lineNo, std::string("section '") + name + "' appears twice");
        section_ = s;
    }

    void listItem(std::string_view line, int lineNo, std::vector<std::string>& into, const char* name)
    {
        const std::string t = trim(line);
        if (t.empty() || t.front() == '#')
            return;
        if (!t.starts_with("- ")) {
            error(lineNo, std::string("each line under '") + name + ":' must start with '- '");
            return;
        }
        into.push_back(trim(std::string_view(t).substr(2)));
    }

    // "- DEMO/VARIANT PATH NUMBER [DIVISOR]" (docs/deck-format.md, "Measured numbers").
    void measuredItem(std::string_view line, int lineNo)
    {
        std::vector<std::string> items;
        listItem(line, lineNo, items, "measured");
        if (items.empty())
            return;
        std::vector<std::string> words;
        std::size_t start = 0;
        const std::string& t = items.front();
        while (start < t.size()) {
            const std::size_t end = std::min(t.find(' ', start), t.size());
            if (end > start)
                words.push_back(t.substr(start, end - start));
            start = end + 1;
        }
        const auto slash = words.empty() ? std::string::npos : words[0].find('/');
        if (words.size() < 3 || words.size() > 4 || slash == std::string::npos || slash == 0
            || slash + 1 == words[0].size()) {
            error(lineNo, "a measured line is '- DEMO/VARIANT PATH NUMBER [DIVISOR]', not '" + t + "'");
            return;
        }
        MeasuredRef ref;
        ref.demo = words[0].substr(0, slash);
        ref.variant = words[0].substr(slash + 1);
        ref.path = words[1];
        ref.stated = words[2];
        ref.line = lineNo;
        char* end = nullptr;
        std::strtod(ref.stated.c_str(), &end);
        if (ref.stated.empty() || *end != '\0')
            error(lineNo, "measured value '" + ref.stated + "' is not a number");
        if (words.size() == 4) {
            ref.divisor = std::strtod(words[3].c_str(), &end);
            if (*end != '\0' || !(ref.divisor > 0))
                error(lineNo, "measured divisor '" + words[3] + "' is not a positive number");
        }
        current_.measured.push_back(std::move(ref));
    }

    void header(std::string_view line, int lineNo)
    {
        const std::string t = trim(line);
        if (t.empty() || t.front() == '#')
            return;
        const auto colon = t.find(':');
        if (colon == std::string::npos) {
            error(lineNo, "expected 'field: value', got '" + t + "'");
            return;
        }
        const std::string key = trim(std::string_view(t).substr(0, colon));
        const std::string value = trim(std::string_view(t).substr(colon + 1));
        if (!seen_.insert(key).second)
            error(lineNo, "field '" + key + "' appears twice");
        CardContent& c = current_.content;
        if (key == "kind") {
            if (!parseCardKind(value, &c.kind))
                error(lineNo, "kind must be question, formula, demo or coding, not '" + value + "'");
        } else if (key == "topic") {
            c.topic = value;
            const auto& topics = knownTopics();
            if (std::find(topics.begin(), topics.end(), value) == topics.end())
                error(lineNo, "unknown topic '" + value + "' (see docs/deck-format.md)");
        } else if (key == "level") {
            int level = 0;
            try {
                level = std::stoi(value);
            } catch (...) {
                level = 0;
            }
            if (level < 1 || level > 10 || std::to_string(level) != value)
                error(lineNo, "level must be a whole number from 1 to 10, not '" + value + "'");
            c.level = level;
        } else if (key == "tags") {
            c.tags = splitList(value);
        } else if (key == "links") {
            c.links = splitList(value);
            for (const std::string& link : c.links) {
                if (!(link.starts_with("card:") || link.starts_with("formula:") || link.starts_with("demo:")
                      || link.starts_with("code:")))
                    error(lineNo, "link '" + link + "' must start with card:, formula:, demo: or code:");
            }
        } else if (key == "q") {
            c.question = value;
        } else if (key == "en") {
            c.questionEn = value;
        } else {
            error(lineNo, "unknown field '" + key + "'");
        }
    }

    void finish(int lineNo)
    {
        if (!open_)
            return;
        open_ = false;
        // Drop blank lines around the answer.
        while (!answerLines_.empty() && trim(answerLines_.back()).empty())
            answerLines_.pop_back();
        std::size_t first = 0;
        while (first < answerLines_.size() && trim(answerLines_[first]).empty())
            ++first;
        std::string answer;
        for (std::size_t i = first; i < answerLines_.size(); ++i) {
            if (i > first)
                answer += '\n';
            answer += answerLines_[i];
        }
        CardContent& c = current_.content;
        c.answer = std::move(answer);
        const int at = current_.line;
        const std::string who = "card '" + c.uid + "'";
        if (c.topic.empty())
            error(at, who + " has no topic");
        if (!seen_.count("level"))
            error(at, who + " has no level");
        if (c.question.empty())
            error(at, who + " has no question (q:)");
        if (c.questionEn.empty())
            error(at, who + " has no English question (en:)");
        if (c.answer.empty())
            error(at, who + " has no answer");
        if (c.keyPoints.size() < 3 || c.keyPoints.size() > 6)
            error(at, who + " has " + std::to_string(c.keyPoints.size()) + " key points; it needs 3 to 6");
        if (!c.topic.empty() && !c.uid.starts_with(c.topic + "-") && c.kind == CardKind::Question)
            error(at, who + " must start with its topic ('" + c.topic + "-')");
        // The source is filed by topic: a card lives in <topic>.cards.
        const std::string base = file_.substr(file_.find_last_of('/') + 1);
        if (!c.topic.empty() && base.ends_with(".cards") && base != c.topic + ".cards")
            error(at, who + " has topic '" + c.topic + "' but is in " + base + "; it belongs in " + c.topic
                          + ".cards");
        (void)lineNo;
        result_.cards.push_back(std::move(current_));
    }

    std::string_view text_;
    std::string file_;
    SourceParse result_;
    SourceCard current_;
    bool open_ = false;
    Section section_ = Section::Header;
    std::set<std::string> seen_;
    std::vector<std::string> answerLines_;
};

}  // namespace

const std::vector<std::string>& knownTopics()
{
    static const std::vector<std::string> topics = {
        "gpu-arch",      "cuda",          "kernel-opt",   "triton",    "cutlass-hopper",
        "compilers",     "model-arch",    "quantization", "inference", "dist-training",
        "communication", "runtime",       "cluster",      "rl-infra",  "rag-agents",
        "systems",       "system-design", "coding",       "ml-basics",
    };
    return topics;
}

SourceParse parseDeckSource(std::string_view text, const std::string& fileName)
{
    return Parser(text, fileName).run();
}

void checkDeckLinks(const std::vector<SourceCard>& cards, std::vector<Error>& errors)
{
    std::map<std::string, const SourceCard*> byUid;
    for (const SourceCard& card : cards) {
        auto [it, inserted] = byUid.emplace(card.content.uid, &card);
        if (!inserted)
            errors.push_back({ErrorKind::InvalidInput,
                              "card id '" + card.content.uid + "' is already used at " + it->second->file
                                  + ":" + std::to_string(it->second->line),
                              card.file, card.line});
    }
    for (const SourceCard& card : cards) {
        for (const std::string& link : card.content.links) {
            if (link.starts_with("card:") && !byUid.count(link.substr(5)))
                errors.push_back(
                    {ErrorKind::InvalidInput,
                     "card '" + card.content.uid + "' links to missing card '" + link.substr(5) + "'",
                     card.file, card.line});
        }
    }
}

}  // namespace deck
