#include "json_format.h"

#include "input_text.h"

#include "scheduler/types.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <set>
#include <vector>

namespace importer {

using nlohmann::ordered_json;

namespace {

ordered_json stateJson(const scheduler::CardState& s)
{
    ordered_json j;
    j["is_new"] = s.isNew;
    j["easiness"] = s.easiness;
    j["repetitions"] = s.repetitions;
    j["interval_days"] = s.intervalDays;
    j["due_day"] = s.due;
    j["last_review_day"] =
        s.lastReview == scheduler::kNever ? ordered_json(nullptr) : ordered_json(s.lastReview);
    j["drill_pending"] = s.drillPending;
    j["lapses"] = s.lapses;
    return j;
}

/// Schema errors carry the JSON Pointer of the value; thrown inside this file only and turned
/// into an ImportError at the API boundary.
struct SchemaError {
    std::string pointer;
    std::string message;
};

constexpr std::int64_t kInt64Max = std::numeric_limits<std::int64_t>::max();

class Reader {
public:
    Reader(const ordered_json& j, std::string pointer) : j_(j), ptr_(std::move(pointer))
    {
        if (!j_.is_object())
            throw SchemaError{ptr_, "expected an object"};
    }
    ~Reader() = default;

    /// Call after reading: any key not read is unknown.
    void finish(std::initializer_list<const char*> allowedExtra = {}) const
    {
        for (const auto& [k, v] : j_.items()) {
            if (seen_.count(k))
                continue;
            bool extra = false;
            for (const char* a : allowedExtra)
                extra = extra || k == a;
            if (!extra)
                throw SchemaError{ptr_ + "/" + k, "unknown key"};
        }
    }
    const ordered_json* get(const char* key)
    {
        seen_.insert(key);
        const auto it = j_.find(key);
        return it == j_.end() ? nullptr : &*it;
    }
    std::string str(const char* key, std::string def = {})
    {
        const auto* v = get(key);
        if (!v)
            return def;
        if (!v->is_string())
            throw SchemaError{ptr_ + "/" + key, "expected a string"};
        return v->get<std::string>();
    }
    std::string requiredStr(const char* key)
    {
        if (!j_.contains(key))
            throw SchemaError{ptr_ + "/" + key, "missing"};
        return str(key);
    }
    std::int64_t integer(const char* key, std::int64_t def, std::int64_t lo, std::int64_t hi)
    {
        const auto* v = get(key);
        if (!v)
            return def;
        if (!v->is_number_integer())
            throw SchemaError{ptr_ + "/" + key, "expected an integer"};
        // An unsigned value past INT64_MAX would wrap to a negative one.
        const bool huge =
            v->is_number_unsigned() && v->get<std::uint64_t>() > static_cast<std::uint64_t>(kInt64Max);
        const auto x = v->get<std::int64_t>();
        if (huge || x < lo || x > hi)
            throw SchemaError{ptr_ + "/" + key,
                              "expected an integer " + std::to_string(lo) + "-" + std::to_string(hi)};
        return x;
    }
    double number(const char* key, double def, double lo, double hi)
    {
        const auto* v = get(key);
        if (!v)
            return def;
        if (!v->is_number())
            throw SchemaError{ptr_ + "/" + key, "expected a number"};
        const double x = v->get<double>();
        if (!std::isfinite(x) || x < lo || x > hi)
            throw SchemaError{ptr_ + "/" + key,
                              "expected a number " + shortNumber(lo) + "-" + shortNumber(hi)};
        return x;
    }
    static std::string shortNumber(double x)
    {
        std::string s = std::to_string(x);
        while (s.find('.') != std::string::npos && (s.back() == '0' || s.back() == '.')) {
            const bool dot = s.back() == '.';
            s.pop_back();
            if (dot)
                break;
        }
        return s;
    }
    bool boolean(const char* key, bool def)
    {
        const auto* v = get(key);
        if (!v)
            return def;
        if (!v->is_boolean())
            throw SchemaError{ptr_ + "/" + key, "expected true or false"};
        return v->get<bool>();
    }
    std::vector<std::string> strings(const char* key)
    {
        const auto* v = get(key);
        std::vector<std::string> out;
        if (!v)
            return out;
        if (!v->is_array())
            throw SchemaError{ptr_ + "/" + key, "expected an array of strings"};
        for (std::size_t i = 0; i < v->size(); ++i) {
            if (!(*v)[i].is_string())
                throw SchemaError{ptr_ + "/" + key + "/" + std::to_string(i), "expected a string"};
            out.push_back((*v)[i].get<std::string>());
        }
        return out;
    }
    const std::string& pointer() const { return ptr_; }

private:
    const ordered_json& j_;
    std::string ptr_;
    std::set<std::string> seen_;
};

constexpr std::int64_t kBig = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kSmall = std::numeric_limits<std::int64_t>::min();
// The ranges of docs/json-format.md, the same the schedulers keep to (scheduler/types.h).
constexpr std::int64_t kLastDay = scheduler::kLastDay;
constexpr std::int64_t kLastMs = scheduler::kLastDay * 86'400'000;

scheduler::CardState readState(const ordered_json& j, const std::string& ptr)
{
    Reader r(j, ptr);
    scheduler::CardState s;
    s.isNew = r.boolean("is_new", true);
    s.easiness = r.number("easiness", 2.5, scheduler::kMinimumEasiness, scheduler::kMaximumEasiness);
    s.repetitions = static_cast<int>(r.integer("repetitions", 0, 0, scheduler::kMaximumCount));
    s.intervalDays = static_cast<int>(r.integer("interval_days", 0, 0, scheduler::kMaximumIntervalDays));
    s.due = r.integer("due_day", 0, 0, kLastDay);
    const auto* last = r.get("last_review_day");
    if (!last || last->is_null())
        s.lastReview = scheduler::kNever;
    else if (last->is_number_integer() && last->get<std::int64_t>() >= 0
             && last->get<std::int64_t>() <= kLastDay
             && !(last->is_number_unsigned()
                  && last->get<std::uint64_t>() > static_cast<std::uint64_t>(kLastDay)))
        s.lastReview = last->get<std::int64_t>();
    else
        throw SchemaError{ptr + "/last_review_day",
                          "expected an integer 0-" + std::to_string(kLastDay) + " or null"};
    s.drillPending = r.boolean("drill_pending", false);
    s.lapses = static_cast<int>(r.integer("lapses", 0, 0, scheduler::kMaximumCount));
    r.finish();
    return s;
}

ExportedCard readCard(const ordered_json& j, const std::string& ptr)
{
    Reader r(j, ptr);
    ExportedCard c;
    c.content.uid = r.str("uid");
    const std::string kind = r.str("kind", "question");
    if (!deck::parseCardKind(kind, &c.content.kind))
        throw SchemaError{ptr + "/kind", "expected question, formula, demo or coding"};
    c.content.topic = r.str("topic");
    c.content.level = static_cast<int>(r.integer("level", 1, 1, 10));
    c.content.question = r.requiredStr("question");
    c.content.questionEn = r.str("question_en");
    c.content.answer = r.str("answer");
    c.content.keyPoints = r.strings("points");
    c.content.tags = r.strings("tags");
    c.content.links = r.strings("links");
    c.content.sources = r.strings("sources");
    c.suspended = r.boolean("suspended", false);
    c.flag = static_cast<int>(r.integer("flag", 0, 0, 4));
    c.userEdited = r.boolean("user_edited", false);
    if (const auto* s = r.get("sightings")) {
        if (!s->is_array())
            throw SchemaError{ptr + "/sightings", "expected an array"};
        for (std::size_t i = 0; i < s->size(); ++i) {
            Reader sr((*s)[i], ptr + "/sightings/" + std::to_string(i));
            deck::Sighting sg;
            sg.company = sr.str("company");
            sg.round = sr.str("round");
            sg.role = sr.str("role");
            sg.date = sr.str("date");
            sg.sourceUrl = sr.str("source_url");
            sg.direction = sr.str("direction");
            sg.dateKind = sr.str("date_kind");
            sg.item = static_cast<int>(sr.integer("item", 0, 0, 1000000));
            sr.finish();
            c.sightings.push_back(std::move(sg));
        }
    }
    if (const auto* st = r.get("state"); st && !st->is_null())
        c.state = readState(*st, ptr + "/state");
    if (const auto* rv = r.get("reviews")) {
        if (!rv->is_array())
            throw SchemaError{ptr + "/reviews", "expected an array"};
        for (std::size_t i = 0; i < rv->size(); ++i) {
            const std::string p = ptr + "/reviews/" + std::to_string(i);
            Reader rr((*rv)[i], p);
            ReviewEntry e;
            e.reviewedAtMs = rr.integer("reviewed_at_ms", 0, 0, kLastMs);
            e.studyDay = rr.integer("study_day", 0, 0, kLastDay);
            if (const auto* a = rr.get("answer"); a && !a->is_null()) {
                // Compared as a 64-bit value: 4294967297 must not pass as 1.
                if (!a->is_number_integer() || a->is_number_float() || a->get<std::int64_t>() < 1
                    || a->get<std::int64_t>() > 4 || (a->is_number_unsigned() && a->get<std::uint64_t>() > 4))
                    throw SchemaError{p + "/answer", "expected 1-4 or null"};
                e.answer = static_cast<int>(a->get<std::int64_t>());
            }
            e.quality = static_cast<int>(rr.integer("quality", 0, 0, 5));
            e.timeTakenMs = rr.integer("time_taken_ms", 0, 0, 86'400'000);
            e.mode = rr.str("mode", "review");
            e.scheduler = rr.str("scheduler", "sm2");
            const auto* b = rr.get("state_before");
            const auto* a = rr.get("state_after");
            if (!b || !a)
                throw SchemaError{p, "state_before and state_after are required"};
            e.before = readState(*b, p + "/state_before");
            e.after = readState(*a, p + "/state_after");
            rr.finish();
            c.reviews.push_back(std::move(e));
        }
    }
    r.finish();
    return c;
}

}  // namespace

std::string writeJsonDocument(const DeckDocument& doc, const CardProgress& progress)
{
    ordered_json root;
    root["format"] = "infracards";
    root["version"] = doc.version;
    root["exported_at_ms"] = doc.exportedAtMs;
    ordered_json cards = ordered_json::array();
    for (const auto& c : doc.cards) {
        ordered_json j;
        j["uid"] = c.content.uid;
        j["kind"] = deck::toString(c.content.kind);
        j["topic"] = c.content.topic;
        j["level"] = c.content.level;
        j["question"] = c.content.question;
        j["question_en"] = c.content.questionEn;
        j["answer"] = c.content.answer;
        j["points"] = c.content.keyPoints;
        j["tags"] = c.content.tags;
        j["links"] = c.content.links;
        j["sources"] = c.content.sources;
        j["suspended"] = c.suspended;
        j["flag"] = c.flag;
        j["user_edited"] = c.userEdited;
        ordered_json sightings = ordered_json::array();
        for (const auto& s : c.sightings) {
            ordered_json one{{"company", s.company},
                             {"round", s.round},
                             {"role", s.role},
                             {"date", s.date},
                             {"source_url", s.sourceUrl}};
            // Written only when recorded, so a file without them reads back byte for byte.
            if (!s.direction.empty())
                one["direction"] = s.direction;
            if (!s.dateKind.empty())
                one["date_kind"] = s.dateKind;
            if (s.item != 0)
                one["item"] = s.item;
            sightings.push_back(std::move(one));
        }
        j["sightings"] = std::move(sightings);
        j["state"] = c.state ? stateJson(*c.state) : ordered_json(nullptr);
        ordered_json reviews = ordered_json::array();
        for (const auto& e : c.reviews) {
            ordered_json r;
            r["reviewed_at_ms"] = e.reviewedAtMs;
            r["study_day"] = e.studyDay;
            r["answer"] = e.answer ? ordered_json(*e.answer) : ordered_json(nullptr);
            r["quality"] = e.quality;
            r["time_taken_ms"] = e.timeTakenMs;
            r["mode"] = e.mode;
            r["scheduler"] = e.scheduler;
            r["state_before"] = stateJson(e.before);
            r["state_after"] = stateJson(e.after);
            reviews.push_back(std::move(r));
        }
        j["reviews"] = std::move(reviews);
        cards.push_back(std::move(j));
        if (progress && !progress(cards.size()))
            return {};
    }
    root["cards"] = std::move(cards);
    return root.dump(2, ' ', false, ordered_json::error_handler_t::replace) + "\n";
}

Result<DeckDocument> readJsonDocument(std::string_view text, const std::string& fileName)
{
    ordered_json root;
    // The parser keeps the last of two equal keys; a document that says a thing twice is refused
    // instead, naming the key.
    struct DuplicateKey {
        std::string key;
    };
    std::vector<std::set<std::string>> keysAt;
    const ordered_json::parser_callback_t noDuplicates = [&](int depth, ordered_json::parse_event_t event,
                                                             ordered_json& parsed) {
        const auto d = static_cast<std::size_t>(depth);
        if (event == ordered_json::parse_event_t::object_start) {
            if (keysAt.size() <= d + 1)
                keysAt.resize(d + 2);
            keysAt[d + 1].clear();
        } else if (event == ordered_json::parse_event_t::key) {
            if (keysAt.size() <= d)
                keysAt.resize(d + 1);
            if (!keysAt[d].insert(parsed.get<std::string>()).second)
                throw DuplicateKey{parsed.get<std::string>()};
        }
        return true;
    };
    try {
        root = ordered_json::parse(text.begin(), text.end(), noDuplicates);
    } catch (const DuplicateKey& e) {
        return makeError(ErrorKind::JsonSchema, fileName, 0,
                         "the key \"" + e.key + "\" appears twice in one object");
    } catch (const ordered_json::parse_error& e) {
        return makeError(ErrorKind::JsonSyntax, fileName, lineOfOffset(text, e.byte > 0 ? e.byte - 1 : 0),
                         std::string("not valid JSON: ") + e.what());
    } catch (const ordered_json::exception& e) {
        // A number too large for a double (1E400) is out_of_range, not parse_error: found by the
        // fuzzer.
        return makeError(ErrorKind::JsonSyntax, fileName, 0, std::string("not valid JSON: ") + e.what());
    }
    try {
        Reader r(root, "");
        if (r.str("format") != "infracards")
            throw SchemaError{"/format", "expected \"infracards\""};
        DeckDocument doc;
        // Required (docs/json-format.md): without it the document could not be written back as
        // read (the fuzzer's round trip found a file without one).
        if (!r.get("version"))
            throw SchemaError{"/version", "missing (the format version, 1)"};
        doc.version = static_cast<int>(r.integer("version", 1, 1, 1000000));
        if (doc.version > kJsonFormatVersion)
            throw SchemaError{"/version", "written by a newer InfraCards (format "
                                              + std::to_string(doc.version) + "; this one reads up to "
                                              + std::to_string(kJsonFormatVersion) + ")"};
        doc.exportedAtMs = r.integer("exported_at_ms", 0, 0, kLastMs);
        const auto* cards = r.get("cards");
        if (!cards || !cards->is_array())
            throw SchemaError{"/cards", "expected an array"};
        for (std::size_t i = 0; i < cards->size(); ++i)
            doc.cards.push_back(readCard((*cards)[i], "/cards/" + std::to_string(i)));
        r.finish();
        return doc;
    } catch (const SchemaError& e) {
        return makeError(ErrorKind::JsonSchema, fileName, 0,
                         (e.pointer.empty() ? "/" : e.pointer) + ": " + e.message);
    } catch (const ordered_json::exception& e) {
        return makeError(ErrorKind::JsonSchema, fileName, 0, e.what());
    }
}

}  // namespace importer
