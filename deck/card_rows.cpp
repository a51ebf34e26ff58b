#include "deck/card_rows.h"

#include <cstdint>
#include <cstdio>

namespace deck {

const char* toString(CardKind kind)
{
    switch (kind) {
    case CardKind::Question: return "question";
    case CardKind::Formula: return "formula";
    case CardKind::Demo: return "demo";
    case CardKind::Coding: return "coding";
    }
    return "question";
}

bool parseCardKind(const std::string& text, CardKind* kind)
{
    for (CardKind k : {CardKind::Question, CardKind::Formula, CardKind::Demo, CardKind::Coding}) {
        if (text == toString(k)) {
            *kind = k;
            return true;
        }
    }
    return false;
}

namespace rows {

namespace {
std::string join(const std::vector<std::string>& items, char sep)
{
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i)
            out += sep;
        out += items[i];
    }
    return out;
}

std::vector<std::string> split(const std::string& text, char sep, bool trimSpaces)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find(sep, start);
        if (end == std::string::npos)
            end = text.size();
        std::string item = text.substr(start, end - start);
        if (trimSpaces) {
            const auto b = item.find_first_not_of(' ');
            const auto e = item.find_last_not_of(' ');
            item = b == std::string::npos ? std::string() : item.substr(b, e - b + 1);
        }
        if (!item.empty())
            out.push_back(std::move(item));
        start = end + 1;
    }
    return out;
}
}  // namespace

std::string joinLines(const std::vector<std::string>& items)
{
    return join(items, '\n');
}
std::vector<std::string> splitLines(const std::string& text)
{
    return split(text, '\n', false);
}
std::string joinComma(const std::vector<std::string>& items)
{
    return join(items, ',');
}
std::vector<std::string> splitComma(const std::string& text)
{
    return split(text, ',', true);
}

std::string contentHash(const CardContent& c)
{
    std::uint64_t h = 1469598103934665603ull;
    auto feed = [&h](const std::string& s) {
        for (unsigned char ch : s) {
            h ^= ch;
            h *= 1099511628211ull;
        }
        h ^= 0xff;  // field separator, so ("ab","c") and ("a","bc") differ
        h *= 1099511628211ull;
    };
    feed(c.uid);
    feed(toString(c.kind));
    feed(c.topic);
    feed(std::to_string(c.level));
    feed(c.question);
    feed(c.questionEn);
    feed(c.answer);
    feed(joinLines(c.keyPoints));
    feed(joinComma(c.tags));
    feed(joinComma(c.links));
    feed(joinLines(c.sources));
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

}  // namespace rows
}  // namespace deck
