#include "import_pipeline.h"

#include "apkg_reader.h"
#include "csv_reader.h"
#include "input_text.h"
#include "json_format.h"
#include "report_parser.h"
#include "utf8.h"

#include <algorithm>
#include <map>

namespace importer {

const char* formatName(InputFormat f)
{
    switch (f) {
    case InputFormat::ReportText: return "report";
    case InputFormat::Csv: return "csv";
    case InputFormat::Json: return "json";
    case InputFormat::Apkg: return "apkg";
    }
    return "report";
}

namespace {

bool endsWithCaseless(const std::string& s, std::string_view ext)
{
    if (s.size() < ext.size())
        return false;
    for (std::size_t i = 0; i < ext.size(); ++i) {
        char c = s[s.size() - ext.size() + i];
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
        if (c != ext[i])
            return false;
    }
    return true;
}

}  // namespace

InputFormat sniffFormat(const std::string& fileName, std::string_view bytes)
{
    if (bytes.size() >= 4 && bytes.substr(0, 2) == "PK")
        return InputFormat::Apkg;
    if (endsWithCaseless(fileName, ".apkg") || endsWithCaseless(fileName, ".colpkg"))
        return InputFormat::Apkg;
    if (endsWithCaseless(fileName, ".json"))
        return InputFormat::Json;
    if (endsWithCaseless(fileName, ".csv") || endsWithCaseless(fileName, ".tsv"))
        return InputFormat::Csv;
    std::size_t i = 0;
    if (bytes.substr(0, 3) == "\xEF\xBB\xBF")
        i = 3;
    while (i < bytes.size() && (bytes[i] == ' ' || bytes[i] == '\n' || bytes[i] == '\r' || bytes[i] == '\t'))
        ++i;
    if (i < bytes.size() && bytes[i] == '{')
        return InputFormat::Json;
    return InputFormat::ReportText;
}

ImportBatch reportsToBatch(const std::vector<InterviewReport>& reports, const std::string& source)
{
    ImportBatch batch;
    batch.source = source;
    for (const auto& r : reports)
        for (const auto& rd : r.rounds)
            for (const auto& q : rd.questions) {
                CandidateCard c;
                c.content.question = q.text;
                c.line = q.line;
                deck::Sighting s;
                s.company = r.company.value_or("");
                s.round = rd.round.value_or("");
                s.role = r.role.value_or("");
                s.date = r.date.value_or("");
                c.sightings.push_back(std::move(s));
                batch.cards.push_back(std::move(c));
            }
    return batch;
}

std::vector<CardText> cardTexts(const std::vector<DeckEntry>& deck)
{
    std::vector<CardText> out;
    out.reserve(deck.size());
    for (const auto& e : deck) {
        CardText c;
        c.question = e.question;
        c.subject = e.uid;
        std::replace(c.subject.begin(), c.subject.end(), '-', ' ');
        c.questionEn = e.questionEn;
        c.tags = e.tags;
        c.keyPoints = e.keyPoints;
        c.coding = e.uid.starts_with("coding-");
        out.push_back(std::move(c));
    }
    return out;
}

namespace {
Result<ImportPreview> matchPreview(ImportPreview p, const std::vector<DeckEntry>& deckEntries,
                                   const PreviewOptions& options);
}

Result<ImportPreview> previewImport(const std::string& fileName, std::string_view bytes,
                                    const std::vector<DeckEntry>& deckEntries, const PreviewOptions& options)
{
    ImportPreview p;
    p.source = fileName;
    p.format = sniffFormat(fileName, bytes);
    if (bytes.size() > kMaxInputBytes)
        return makeError(ErrorKind::TooLarge, fileName, 0, "the input is larger than 100 MiB");
    if (p.format == InputFormat::Apkg) {
        auto b = readApkg(bytes, fileName, options.ankiProgress);
        if (!b)
            return b.error();
        p.batch = std::move(b.value());
        p.repairedFields = p.batch.repairedFields;
        // Anki stores whatever bytes a note holds; the collection stores UTF-8 only.
        const auto repair = [&](std::string& s) {
            if (isValidUtf8(s))
                return;
            s = encodeUtf8(decodeUtf8(s));
            ++p.repairedFields;
        };
        for (auto& c : p.batch.cards) {
            auto& k = c.content;
            for (std::string* f : {&k.uid, &k.topic, &k.question, &k.questionEn, &k.answer})
                repair(*f);
            for (auto* list : {&k.keyPoints, &k.tags, &k.links, &k.sources})
                for (auto& s : *list)
                    repair(s);
            for (auto& g : c.sightings)
                for (std::string* f : {&g.company, &g.round, &g.role, &g.date, &g.sourceUrl})
                    repair(*f);
        }
    } else {
        auto text = decodeText(bytes, fileName);
        if (!text)
            return text.error();
        p.encoding = text->encoding;
        const std::string& utf8 = text->utf8;
        if (p.format == InputFormat::Json) {
            auto doc = readJsonDocument(utf8, fileName);
            if (!doc)
                return doc.error();
            p.batch.source = fileName;
            for (auto& c : doc->cards) {
                CandidateCard cc;
                cc.content = std::move(c.content);
                cc.sightings = std::move(c.sightings);
                cc.suspended = c.suspended;
                cc.flag = c.flag;
                cc.userEdited = c.userEdited;
                cc.state = std::move(c.state);
                cc.reviews = std::move(c.reviews);
                p.batch.cards.push_back(std::move(cc));
            }
        } else if (p.format == InputFormat::Csv) {
            auto table = parseCsv(utf8, fileName);
            if (!table)
                return table.error();
            auto b = csvToBatch(*table, guessColumnMap(table->header), fileName);
            if (!b)
                return b.error();
            p.batch = std::move(b.value());
        } else {
            auto reports = parseInterviewReports(utf8, fileName);
            if (!reports)
                return reports.error();
            p.reports = std::move(reports.value());
            p.batch = reportsToBatch(p.reports, fileName);
        }
    }
    return matchPreview(std::move(p), deckEntries, options);
}

Result<ImportPreview> previewReports(std::vector<InterviewReport> reports, const std::string& fileName,
                                     const std::vector<DeckEntry>& deckEntries, const PreviewOptions& options)
{
    ImportPreview p;
    p.source = fileName;
    p.format = InputFormat::ReportText;
    std::erase_if(reports, [](InterviewReport& r) {
        std::erase_if(r.rounds, [](const ReportRound& rr) { return rr.questions.empty(); });
        return r.rounds.empty();
    });
    if (reports.empty())
        return makeError(ErrorKind::EmptyInput, fileName, 0, "no interview question is left");
    p.reports = std::move(reports);
    p.batch = reportsToBatch(p.reports, fileName);
    return matchPreview(std::move(p), deckEntries, options);
}

namespace {

Result<ImportPreview> matchPreview(ImportPreview p, const std::vector<DeckEntry>& deckEntries,
                                   const PreviewOptions& options)
{
    const std::string& fileName = p.source;
    // Parsing is the first fifth of the work, matching the rest.
    const auto& progress = options.progress;
    const auto stopped = [&] {
        return makeError(ErrorKind::Stopped, fileName, 0, "the preview was stopped");
    };
    if (progress) {
        if (progress->stop)
            return stopped();
        progress->permille = 200;
    }
    const std::vector<CardText> deckTexts = cardTexts(deckEntries);
    std::vector<std::string> incoming;
    for (const auto& c : p.batch.cards)
        incoming.push_back(c.content.question);
    MatchOptions match = options.match;
    if (progress)
        match.progress = [progress](double done) {
            progress->permille = 200 + static_cast<int>(done * 790);
            return !progress->stop;
        };
    const MergePlan plan = planMerge(deckTexts, incoming, match);
    if (plan.stopped)
        return stopped();

    std::size_t ri = 0, rdi = 0, qi = 0;
    for (std::size_t i = 0; i < p.batch.cards.size(); ++i) {
        QuestionPreview q;
        q.card = i;
        q.text = incoming[i];
        q.group = plan.questions[i].group;
        q.score = plan.questions[i].score;
        if (const auto& uid = p.batch.cards[i].content.uid; !uid.empty() && options.findByUid) {
            if (auto id = options.findByUid(uid)) {
                q.match = *id;
                q.score = 1.0;
            }
        }
        // A JSON card with a uid is the collection's own export: it is matched by uid only, and
        // never merged with another card by text, so that export -> import keeps every card and
        // its history (two cards may well ask similar questions).
        const bool byUidOnly = p.format == InputFormat::Json && !p.batch.cards[i].content.uid.empty();
        if (byUidOnly)
            q.group = plan.groupCount + i;
        if (!q.match && !byUidOnly && plan.questions[i].deckIndex) {
            q.match = deckEntries[*plan.questions[i].deckIndex].id;
            q.matchQuestion = deckEntries[*plan.questions[i].deckIndex].question;
        }
        if (!q.match && !byUidOnly && plan.questions[i].suggestion) {
            q.suggestion = deckEntries[*plan.questions[i].suggestion].id;
            q.suggestionScore = plan.questions[i].suggestionScore;
        }
        if (!byUidOnly)
            for (const auto& [index, score] : plan.questions[i].closest)
                q.closest.push_back({deckEntries[index].id, deckEntries[index].question, score});
        const auto& topic = p.batch.cards[i].content.topic;
        if (topic.empty())
            q.topic = classifyTopic(q.text);
        else {
            q.topic.topic = topic;
            q.topic.confidence = 1.0;
        }
        if (!p.reports.empty()) {
            // Walk the report/round/question indices in the order reportsToBatch flattened them.
            while (ri < p.reports.size() && (rdi >= p.reports[ri].rounds.size())) {
                ++ri;
                rdi = 0;
                qi = 0;
            }
            q.report = ri;
            q.round = rdi;
            q.question = qi;
            q.evidence = p.reports[ri].rounds[rdi].questions[qi].evidence;
            if (++qi >= p.reports[ri].rounds[rdi].questions.size()) {
                qi = 0;
                ++rdi;
            }
        }
        p.questions.push_back(std::move(q));
    }
    return p;
}

}  // namespace

deck::ProgressImport buildProgressImport(const ImportPreview& preview)
{
    deck::ProgressImport plan;
    plan.source = preview.source;
    std::map<std::size_t, std::size_t> newCardOfGroup;
    int matched = 0, withReviews = 0;
    std::size_t reviews = 0;
    for (const auto& q : preview.questions) {
        const CandidateCard& c = preview.batch.cards[q.card];
        if (q.match) {
            ++matched;
            if (!c.reviews.empty()) {
                ++withReviews;
                reviews += c.reviews.size();
                plan.reviewsOnExisting.push_back({*q.match, c.reviews});
            }
            for (const auto& s : c.sightings)
                plan.sightingsOnExisting.emplace_back(*q.match, s);
            continue;
        }
        const auto it = newCardOfGroup.find(q.group);
        if (it != newCardOfGroup.end()) {
            // Same question twice in this import: one card, every sighting kept.
            auto& target = plan.newCards[it->second];
            target.sightings.insert(target.sightings.end(), c.sightings.begin(), c.sightings.end());
            continue;
        }
        deck::ProgressImport::NewCard nc;
        nc.content = c.content;
        if (nc.content.topic.empty() && q.topic.topic)
            nc.content.topic = *q.topic.topic;
        // A card from the project's own JSON keeps its tags as they were (lossless round trip);
        // anything else is tagged so the user can find what an import brought.
        if (preview.format != InputFormat::Json
            && std::find(nc.content.tags.begin(), nc.content.tags.end(), "imported") == nc.content.tags.end())
            nc.content.tags.push_back("imported");
        nc.sightings = c.sightings;
        nc.suspended = c.suspended;
        nc.flag = c.flag;
        nc.userEdited = c.userEdited;
        nc.state = c.state;
        nc.reviews = c.reviews;
        newCardOfGroup[q.group] = plan.newCards.size();
        plan.newCards.push_back(std::move(nc));
    }
    plan.summary = std::to_string(preview.questions.size()) + " questions: " + std::to_string(matched)
                   + " matched existing cards, " + std::to_string(plan.newCards.size()) + " new cards";
    if (withReviews > 0)
        plan.summary += ", " + std::to_string(reviews) + " reviews for " + std::to_string(withReviews)
                        + " matched cards (merged by answer time)";
    return plan;
}

deck::ImportPlan buildImportPlan(const ImportPreview& preview)
{
    const deck::ProgressImport full = buildProgressImport(preview);
    deck::ImportPlan plan;
    plan.source = full.source;
    plan.summary = full.summary;
    for (const auto& c : full.newCards)
        plan.newCards.push_back({c.content, c.sightings});
    plan.sightingsOnExisting = full.sightingsOnExisting;
    return plan;
}

}  // namespace importer
