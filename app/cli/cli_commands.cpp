#include "cli/cli_commands.h"

#include <algorithm>
#include <iomanip>

#include <nlohmann/json.hpp>

#include "cli/cli_output.h"
#include "deck/study_queue.h"

namespace cli {

namespace {

using nlohmann::json;

bool takeFlag(std::vector<std::string>& args, const std::string& flag)
{
    auto it = std::find(args.begin(), args.end(), flag);
    if (it == args.end())
        return false;
    args.erase(it);
    return true;
}

int fail(std::ostream& err, const deck::Error& e)
{
    err << "infracards-cli: " << terminalText(e.describe()) << "\n";
    return 1;
}

json summaryJson(const deck::CardSummary& s)
{
    return {{"uid", s.uid},
            {"kind", deck::toString(s.kind)},
            {"topic", s.topic},
            {"level", s.level},
            {"question", s.question},
            {"question_en", s.questionEn},
            {"companies", s.companies},
            {"reports", s.reports}};
}

int stats(deck::Collection& c, bool asJson, const deck::Now& now, std::ostream& out, std::ostream& err)
{
    auto s = c.stats(now);
    if (!s)
        return fail(err, s.error());
    if (asJson) {
        json topics = json::object();
        for (const auto& t : s->topics)
            topics[t.topic] = {
                {"cards", t.cards}, {"new", t.fresh}, {"due", t.due}, {"suspended", t.suspended}};
        json j = {
            {"collection", c.path()},
            {"cards", s->cards},
            {"by_kind",
             {{"question", s->questions},
              {"formula", s->formulas},
              {"demo", s->demos},
              {"coding", s->coding}}},
            {"by_state",
             {{"new", s->fresh},
              {"learning", s->learning},
              {"young", s->young},
              {"mature", s->mature},
              {"suspended", s->suspended}}},
            {"due_today", s->dueToday},
            {"new_available_today", s->newAvailableToday},
            {"reviews_today", s->reviewsToday},
            {"reviews_total", s->reviewsTotal},
            {"sightings", s->sightings},
            {"companies", s->companies},
            {"topics", topics},
        };
        out << jsonText(j) << "\n";
        return 0;
    }
    out << "Collection: " << terminalText(c.path()) << "\n"
        << "Cards: " << s->cards << " (" << s->questions << " questions, " << s->formulas << " formulas, "
        << s->demos << " demos, " << s->coding << " coding)\n"
        << "State: " << s->fresh << " new, " << s->learning << " learning, " << s->young << " young, "
        << s->mature << " mature, " << s->suspended << " suspended\n"
        << "Today: " << s->dueToday << " reviews due, " << s->newAvailableToday << " new available, "
        << s->reviewsToday << " answered\n"
        << "Sightings: " << s->sightings << " from " << s->companies << " companies\n\n"
        << std::left << std::setw(16) << "topic" << std::right << std::setw(7) << "cards" << std::setw(7)
        << "new" << std::setw(7) << "due"
        << "\n";
    for (const auto& t : s->topics)
        out << std::left << std::setw(16) << t.topic << std::right << std::setw(7) << t.cards << std::setw(7)
            << t.fresh << std::setw(7) << t.due << "\n";
    return 0;
}

int due(deck::Collection& c, bool asJson, const deck::Now& now, std::ostream& out, std::ostream& err)
{
    // The queue the Review screen studies: interview-plan cards included.
    auto q = deck::studyQueue(c, now);
    if (!q)
        return fail(err, q.error());
    json cards = json::array();
    for (std::size_t i = 0; i < q->order.size(); ++i) {
        auto card = c.card(q->order[i]);
        if (!card)
            return fail(err, card.error());
        const int at = static_cast<int>(i), reviews = q->reviews, fresh = q->fresh;
        const std::string part = at < reviews                          ? "review"
                                 : at < reviews + fresh                ? "new"
                                 : at < reviews + fresh + q->interview ? "interview"
                                                                       : "repeat";
        cards.push_back({{"uid", card->content.uid},
                         {"queue", part},
                         {"topic", card->content.topic},
                         {"question", card->content.question}});
    }
    if (asJson) {
        out << jsonText(json{{"reviews", q->reviews},
                             {"new", q->fresh},
                             {"interview", q->interview},
                             {"repeat", q->drill},
                             {"reviews_due_total", q->reviewsDueTotal},
                             {"cards", cards}})
            << "\n";
        return 0;
    }
    out << "Due today: " << q->reviews << " reviews, " << q->fresh << " new, ";
    if (q->interview > 0)
        out << q->interview << " for interviews, ";
    out << q->drill << " to repeat\n";
    for (const auto& card : cards)
        out << "  [" << card["queue"].get<std::string>() << "] "
            << terminalText(card["uid"].get<std::string>()) << "  "
            << terminalText(card["question"].get<std::string>()) << "\n";
    return 0;
}

int search(deck::Collection& c, const std::vector<std::string>& terms, bool asJson, std::ostream& out,
           std::ostream& err)
{
    if (terms.empty()) {
        err << "infracards-cli: search needs some text\n";
        return 2;
    }
    std::string text;
    for (const auto& t : terms)
        text += (text.empty() ? "" : " ") + utf8Argument(t);
    auto hits = c.search(text, 50);
    if (!hits)
        return fail(err, hits.error());
    if (asJson) {
        json j = json::array();
        for (const auto& h : *hits)
            j.push_back(summaryJson(h));
        out << jsonText(json{{"query", text}, {"count", hits->size()}, {"cards", j}}) << "\n";
        return 0;
    }
    out << hits->size() << " card(s) for \"" << terminalText(text) << "\"\n";
    for (const auto& h : *hits)
        out << "  " << terminalText(h.uid) << "  " << terminalText(h.question) << "\n";
    return 0;
}

int show(deck::Collection& c, const std::vector<std::string>& args, bool asJson, std::ostream& out,
         std::ostream& err)
{
    if (args.size() != 1) {
        err << "infracards-cli: show needs one card id\n";
        return 2;
    }
    auto id = c.findByUid(args[0]);
    if (!id)
        return fail(err, id.error());
    auto card = c.card(*id);
    if (!card)
        return fail(err, card.error());
    const deck::CardContent& k = card->content;
    if (asJson) {
        json sightings = json::array();
        for (const auto& s : card->sightings)
            sightings.push_back({{"company", s.company},
                                 {"round", s.round},
                                 {"role", s.role},
                                 {"date", s.date},
                                 {"source_url", s.sourceUrl}});
        out << jsonText(json{{"uid", k.uid},
                             {"kind", deck::toString(k.kind)},
                             {"topic", k.topic},
                             {"level", k.level},
                             {"question", k.question},
                             {"question_en", k.questionEn},
                             {"answer", k.answer},
                             {"key_points", k.keyPoints},
                             {"tags", k.tags},
                             {"links", k.links},
                             {"sources", k.sources},
                             {"sightings", sightings},
                             {"suspended", card->suspended}})
            << "\n";
        return 0;
    }
    out << terminalText(k.question) << "\n"
        << terminalText(k.questionEn) << "\n\n"
        << terminalText(k.answer) << "\n\nKey points:\n";
    for (const auto& p : k.keyPoints)
        out << "  - " << terminalText(p) << "\n";
    return 0;
}

int answer(deck::Collection& c, std::vector<std::string> args, const deck::Now& now, bool asJson,
           std::ostream& out, std::ostream& err)
{
    std::int64_t timeMs = 0;
    auto t = std::find(args.begin(), args.end(), "--time-ms");
    if (t != args.end()) {
        if (t + 1 == args.end()) {
            err << "infracards-cli: --time-ms needs a number\n";
            return 2;
        }
        const std::string& v = *(t + 1);
        std::size_t used = 0;
        try {
            timeMs = std::stoll(v, &used);
        } catch (...) {
            used = 0;
        }
        // A whole number of milliseconds, 0 up to a day: "12abc", "-5" and "1e9" are refused.
        if (used == 0 || used != v.size() || v[0] == '-' || v[0] == '+' || timeMs < 0
            || timeMs > 86'400'000) {
            err << "infracards-cli: --time-ms needs a whole number of milliseconds, 0-86400000, not '"
                << terminalText(v) << "'\n";
            return 2;
        }
        args.erase(t, t + 2);
    }
    if (args.size() != 2) {
        err << "infracards-cli: answer needs a card id and again|hard|good|easy\n";
        return 2;
    }
    const std::string& grade = args[1];
    scheduler::Answer a;
    if (grade == "again" || grade == "1")
        a = scheduler::Answer::Again;
    else if (grade == "hard" || grade == "2")
        a = scheduler::Answer::Hard;
    else if (grade == "good" || grade == "3")
        a = scheduler::Answer::Good;
    else if (grade == "easy" || grade == "4")
        a = scheduler::Answer::Easy;
    else {
        err << "infracards-cli: the grade is again, hard, good or easy, not '" << terminalText(grade)
            << "'\n";
        return 2;
    }
    auto id = c.findByUid(args[0]);
    if (!id)
        return fail(err, id.error());
    auto outcome = c.answerCard(*id, a, now, timeMs);
    if (!outcome)
        return fail(err, outcome.error());
    if (asJson)
        out << jsonText(json{{"uid", args[0]},
                             {"review_id", outcome->review.value},
                             {"interval_days", outcome->after.intervalDays},
                             {"easiness", outcome->after.easiness},
                             {"due_day", outcome->after.due}},
                        -1)
            << "\n";
    else
        out << "answered " << args[0] << " (" << grade << "): next in " << outcome->after.intervalDays
            << " day(s), review " << outcome->review.value << "\n";
    out.flush();
    return 0;
}

}  // namespace

int run(deck::Collection& collection, const std::string& command, const std::vector<std::string>& argsIn,
        const deck::Now& now, std::ostream& out, std::ostream& err)
{
    std::vector<std::string> args = argsIn;
    const bool asJson = takeFlag(args, "--json");
    if (command == "stats")
        return stats(collection, asJson, now, out, err);
    if (command == "due")
        return due(collection, asJson, now, out, err);
    if (command == "search")
        return search(collection, args, asJson, out, err);
    if (command == "show")
        return show(collection, args, asJson, out, err);
    if (command == "answer")
        return answer(collection, args, now, asJson, out, err);
    if (command == "undo") {
        auto undone = collection.undoLastAnswer();
        if (!undone)
            return fail(err, undone.error());
        out << "undid review " << undone->review.value << "\n";
        return 0;
    }
    err << "infracards-cli: unknown command '" << terminalText(command) << "' (try --help)\n";
    return 2;
}

}  // namespace cli
