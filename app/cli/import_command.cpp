#include "cli/import_command.h"
#include "cli/cli_output.h"

#include "deck/backups.h"
#include "deck/collection.h"
#include "deck/progress_io.h"
#include "import/apkg_writer.h"
#include "import/collection_document.h"
#include "import/import_pipeline.h"
#include "import/input_text.h"
#include "import/json_format.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cmath>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <unordered_map>

namespace {

using nlohmann::ordered_json;

deck::Now wallClock()
{
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::system_clock::now().time_since_epoch());
    return deck::Now{ms.count(), 0};
}

ordered_json nullable(const std::optional<std::string>& s)
{
    return s ? ordered_json(*s) : ordered_json(nullptr);
}

/// Scores are shown to three decimals: enough to compare with the threshold.
double rounded(double x)
{
    return std::round(x * 1000.0) / 1000.0;
}

ordered_json matchJson(const importer::QuestionPreview& q, deck::Collection& collection)
{
    ordered_json m;
    if (q.match) {
        m["card_id"] = q.match->value;
        auto card = collection.card(*q.match);
        m["card_uid"] = card ? ordered_json(card->content.uid) : ordered_json(nullptr);
        m["card_question"] = card ? ordered_json(card->content.question) : ordered_json(q.matchQuestion);
        m["score"] = rounded(q.score);
        return m;
    }
    return nullptr;
}

/// The closest card below the threshold (not merged), or null.
ordered_json suggestionJson(const importer::QuestionPreview& q, deck::Collection& collection)
{
    if (!q.suggestion)
        return nullptr;
    auto card = collection.card(*q.suggestion);
    return ordered_json{{"card_id", q.suggestion->value},
                        {"card_uid", card ? ordered_json(card->content.uid) : ordered_json(nullptr)},
                        {"score", rounded(q.suggestionScore)}};
}

ordered_json previewJson(const importer::ImportPreview& p, deck::Collection& collection)
{
    ordered_json f;
    f["file"] = p.source;
    f["format"] = importer::formatName(p.format);
    if (p.format != importer::InputFormat::Apkg)
        f["encoding"] = importer::encodingName(p.encoding);
    if (p.repairedFields > 0)
        f["repaired_fields"] = p.repairedFields;
    ordered_json reports = ordered_json::array();
    std::size_t qi = 0;
    for (const auto& r : p.reports) {
        ordered_json rj;
        rj["company"] = nullable(r.company);
        rj["company_raw"] = r.companyRaw.empty() ? ordered_json(nullptr) : ordered_json(r.companyRaw);
        rj["role"] = nullable(r.role);
        rj["date"] = nullable(r.date);
        ordered_json rounds = ordered_json::array();
        for (const auto& rd : r.rounds) {
            ordered_json rdj;
            rdj["round"] = nullable(rd.round);
            ordered_json questions = ordered_json::array(), matches = ordered_json::array(),
                         topics = ordered_json::array(), followUps = ordered_json::array(),
                         suggestions = ordered_json::array();
            for (const auto& q : rd.questions) {
                const auto& qp = p.questions.at(qi++);
                questions.push_back(q.text);
                followUps.push_back(q.followUps);
                matches.push_back(matchJson(qp, collection));
                suggestions.push_back(suggestionJson(qp, collection));
                topics.push_back(ordered_json{{"topic", nullable(qp.topic.topic)},
                                              {"confidence", rounded(qp.topic.confidence)}});
            }
            rdj["questions"] = std::move(questions);
            rdj["follow_ups"] = std::move(followUps);
            rdj["matches"] = std::move(matches);
            rdj["suggestions"] = std::move(suggestions);
            rdj["topics"] = std::move(topics);
            rounds.push_back(std::move(rdj));
        }
        rj["rounds"] = std::move(rounds);
        reports.push_back(std::move(rj));
    }
    f["reports"] = std::move(reports);
    if (p.reports.empty()) {
        ordered_json cards = ordered_json::array();
        for (const auto& q : p.questions)
            cards.push_back(ordered_json{{"question", q.text},
                                         {"match", matchJson(q, collection)},
                                         {"suggestion", suggestionJson(q, collection)},
                                         {"topic", nullable(q.topic.topic)}});
        f["cards"] = std::move(cards);
    }
    return f;
}

void previewText(const importer::ImportPreview& p, deck::Collection& collection, std::ostream& out)
{
    using cli::terminalText;
    out << terminalText(p.source) << " (" << importer::formatName(p.format);
    if (p.format != importer::InputFormat::Apkg && p.encoding != importer::SourceEncoding::Utf8)
        out << ", read as " << importer::encodingName(p.encoding);
    out << "): " << p.questions.size() << " questions\n";
    if (p.repairedFields > 0)
        out << "  " << p.repairedFields
            << " field(s) held bytes that are not UTF-8; each such byte became U+FFFD\n";
    auto question = [&](const importer::QuestionPreview& q, const char* indent) {
        out << indent << "- " << terminalText(q.text);
        if (q.match) {
            auto card = collection.card(*q.match);
            out << "  => "
                << terminalText(card ? card->content.uid : "card " + std::to_string(q.match->value))
                << " (score " << rounded(q.score) << ")";
        } else {
            out << "  => new [" << q.topic.topic.value_or("no topic") << "]";
        }
        out << "\n";
    };
    if (p.reports.empty()) {
        for (const auto& q : p.questions)
            question(q, "  ");
        return;
    }
    for (std::size_t ri = 0; ri < p.reports.size(); ++ri) {
        const auto& r = p.reports[ri];
        out << "  company: " << terminalText(r.company.value_or("(unknown)"));
        if (!r.companyRaw.empty())
            out << " [" << terminalText(r.companyRaw) << "]";
        if (r.role)
            out << ", role: " << terminalText(*r.role);
        if (r.date)
            out << ", date: " << terminalText(*r.date);
        out << "\n";
        for (std::size_t rd = 0; rd < r.rounds.size(); ++rd) {
            out << "    round: " << terminalText(r.rounds[rd].round.value_or("(not named)"));
            if (!r.rounds[rd].roundRaw.empty() && r.rounds[rd].roundRaw != r.rounds[rd].round.value_or(""))
                out << " [" << terminalText(r.rounds[rd].roundRaw) << "]";
            out << "\n";
            for (const auto& q : p.questions)
                if (q.report == ri && q.round == rd)
                    question(q, "      ");
        }
    }
}

}  // namespace

int runImportCommand(const std::string& collectionPath, const std::vector<std::string>& args,
                     std::ostream& out, std::ostream& err, const std::string& backupFolder)
{
    bool dryRun = false, json = false;
    importer::PreviewOptions options;
    std::vector<std::string> files;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--dry-run")
            dryRun = true;
        else if (args[i] == "--json")
            json = true;
        else if (args[i] == "--with-progress")
            options.ankiProgress = true;
        else if (args[i] == "--threshold") {
            if (i + 1 >= args.size()) {
                err << "import: --threshold needs a number between 0 and 1\n";
                return 2;
            }
            try {
                options.match.threshold = std::stod(args[++i]);
            } catch (...) {
                options.match.threshold = -1;
            }
            if (!(options.match.threshold > 0 && options.match.threshold <= 1)) {
                err << "import: --threshold needs a number between 0 and 1\n";
                return 2;
            }
        } else if (args[i].size() > 1 && args[i][0] == '-') {
            err << "import: unknown option " << cli::terminalText(args[i]) << "\n";
            return 2;
        } else
            files.push_back(args[i]);
    }
    if (files.empty()) {
        err << "usage: infracards-cli import FILE... [--dry-run] [--json] [--threshold X] "
               "[--with-progress]\n";
        return 2;
    }

    auto opened = deck::Collection::open(collectionPath, deck::OpenOptions{false, dryRun, true});
    if (!opened) {
        err << "import: " << cli::terminalText(opened.error().describe()) << "\n";
        return 1;
    }
    deck::Collection& collection = opened.value();
    auto texts = collection.matchTexts();
    if (!texts) {
        err << "import: " << cli::terminalText(texts.error().describe()) << "\n";
        return 1;
    }
    const std::vector<importer::DeckEntry> deckEntries = std::move(texts.value());
    options.findByUid = [&](const std::string& uid) -> std::optional<deck::CardId> {
        auto r = collection.findByUid(uid);
        return r ? std::optional<deck::CardId>(*r) : std::nullopt;
    };

    int status = 0;
    ordered_json all = ordered_json::array();
    for (const auto& file : files) {
        std::string bytes;
        auto b = file == "-" ? importer::readStreamBytes(std::cin, "<stdin>") : importer::readFileBytes(file);
        if (!b) {
            err << "import: " << cli::terminalText(b.error().describe()) << "\n";
            status = 1;
            continue;
        }
        bytes = std::move(b.value());
        auto preview = importer::previewImport(file == "-" ? "<stdin>" : file, bytes, deckEntries, options);
        if (!preview) {
            err << "import: " << cli::terminalText(preview.error().describe()) << "\n";
            status = 1;
            continue;
        }
        ordered_json fj = json ? previewJson(*preview, collection) : ordered_json();
        if (!json)
            previewText(*preview, collection, out);
        if (!dryRun) {
            // Progress travels only in the JSON format; for other formats this is applyImport.
            const deck::ProgressImport plan = importer::buildProgressImport(*preview);
            if (!plan.reviewsOnExisting.empty() && !backupFolder.empty()) {
                auto backup = deck::createBackup(collection, backupFolder, wallClock().unixMs);
                if (!backup) {
                    err << "import: the backup before merging reviews failed: "
                        << cli::terminalText(backup.error().describe())
                        << " (nothing from this file was written)\n";
                    status = 1;
                    continue;
                }
                if (!json)
                    out << "backed up to " << cli::terminalText(*backup) << "\n";
            }
            deck::ReviewMerge merged;
            auto id = deck::applyProgressImport(collection, plan, wallClock(), &merged);
            if (!id) {
                err << "import: " << cli::terminalText(id.error().describe())
                    << " (nothing from this file was written)\n";
                status = 1;
                continue;
            }
            if (json) {
                fj["import_id"] = id->value;
                fj["reviews_added"] = merged.reviewsAdded;
                fj["cards_with_reviews_added"] = merged.cardsChanged;
                fj["reviews_already_there"] = merged.alreadyThere;
            } else {
                out << "imported as #" << id->value << ": " << plan.summary << "\n";
                if (!plan.reviewsOnExisting.empty())
                    out << merged.reviewsAdded << " reviews added to " << merged.cardsChanged << " cards ("
                        << merged.alreadyThere << " already there)\n";
            }
        }
        if (json)
            all.push_back(std::move(fj));
    }
    if (json)
        out << cli::jsonText(all) << "\n";
    return status;
}

int runExportCommand(const std::string& collectionPath, const std::vector<std::string>& args,
                     std::ostream& out, std::ostream& err)
{
    std::string format, target;
    importer::ExportOptions options;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--format" && i + 1 < args.size())
            format = args[++i];
        else if (args[i] == "--without-progress")
            options.withProgress = false;
        else if (!args[i].empty() && args[i][0] != '-' && target.empty())
            target = args[i];
        else {
            err << "export: unexpected argument " << cli::terminalText(args[i]) << "\n";
            return 2;
        }
    }
    importer::ExportFormat f{};
    if (!importer::parseExportFormat(format, &f) || target.empty()) {
        err << "usage: infracards-cli export --format json|csv|apkg [--without-progress] OUT\n";
        return 2;
    }
    auto opened = deck::Collection::open(collectionPath, deck::OpenOptions{false, true, true});
    if (!opened) {
        err << "export: " << cli::terminalText(opened.error().describe()) << "\n";
        return 1;
    }
    auto done = importer::exportCollection(opened.value(), f, target, wallClock().unixMs, options);
    if (!done) {
        err << "export: " << cli::terminalText(done.error().describe()) << "\n";
        return 1;
    }
    const std::size_t exported = done->cards;
    out << "exported " << exported << " cards";
    if (f != importer::ExportFormat::Csv)
        out << (options.withProgress ? " with " + std::to_string(done->reviews) + " reviews"
                                     : " without study history");
    out << " to " << cli::terminalText(target) << " (" << format << ", " << done->bytes << " bytes)\n";
    return 0;
}

int runMergeCommand(const std::string& collectionPath, const std::vector<std::string>& args,
                    std::ostream& out, std::ostream& err, const std::string& backupFolder)
{
    bool dryRun = false, json = false;
    std::string other;
    for (const auto& a : args) {
        if (a == "--dry-run")
            dryRun = true;
        else if (a == "--json")
            json = true;
        else if (!a.empty() && a[0] != '-' && other.empty())
            other = a;
        else {
            err << "merge: unexpected argument " << cli::terminalText(a) << "\n";
            return 2;
        }
    }
    if (other.empty()) {
        err << "usage: infracards-cli merge OTHER.sqlite [--dry-run] [--json]\n";
        return 2;
    }
    auto theirs = deck::Collection::open(other, deck::OpenOptions{false, true, true});
    if (!theirs) {
        err << "merge: " << cli::terminalText(theirs.error().describe()) << "\n";
        return 1;
    }
    auto opened = deck::Collection::open(collectionPath, deck::OpenOptions{false, dryRun, true});
    if (!opened) {
        err << "merge: " << cli::terminalText(opened.error().describe()) << "\n";
        return 1;
    }
    deck::Collection& collection = opened.value();
    if (collection.path() == theirs->path()) {
        err << "merge: " << cli::terminalText(other) << " is this collection\n";
        return 2;
    }
    auto plan = deck::planCollectionMerge(collection, *theirs, other);
    if (!plan) {
        err << "merge: " << cli::terminalText(plan.error().describe()) << "\n";
        return 1;
    }
    std::size_t incoming = 0;
    for (const auto& r : plan->reviewsOnExisting)
        incoming += r.reviews.size();
    ordered_json j{{"source", other},
                   {"new_cards", plan->newCards.size()},
                   {"shared_cards_with_reviews", plan->reviewsOnExisting.size()},
                   {"incoming_reviews", incoming}};
    if (dryRun) {
        if (json)
            out << cli::jsonText(j) << "\n";
        else
            out << cli::terminalText(plan->summary) << " (dry run: nothing written)\n";
        return 0;
    }
    if (!backupFolder.empty()) {
        auto backup = deck::createBackup(collection, backupFolder, wallClock().unixMs);
        if (!backup) {
            err << "merge: the backup failed: " << cli::terminalText(backup.error().describe())
                << " (nothing was written)\n";
            return 1;
        }
        if (!json)
            out << "backed up to " << cli::terminalText(*backup) << "\n";
    }
    deck::ReviewMerge merged;
    auto id = deck::applyProgressImport(collection, *plan, wallClock(), &merged);
    if (!id) {
        err << "merge: " << cli::terminalText(id.error().describe()) << " (nothing was written)\n";
        return 1;
    }
    if (json) {
        j["import_id"] = id->value;
        j["reviews_added"] = merged.reviewsAdded;
        j["cards_with_reviews_added"] = merged.cardsChanged;
        j["reviews_already_there"] = merged.alreadyThere;
        out << cli::jsonText(j) << "\n";
    } else {
        out << merged.reviewsAdded << " reviews added to " << merged.cardsChanged << " cards, "
            << plan->newCards.size() << " new cards (" << merged.alreadyThere
            << " reviews already there); import #" << id->value << "\n";
    }
    return 0;
}
