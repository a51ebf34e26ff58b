#include "collection_document.h"

#include "apkg_writer.h"
#include "input_text.h"

#include "deck/progress_io.h"

namespace importer {

deck::Result<std::vector<ExportedCard>> exportCards(deck::Collection& collection)
{
    auto records = deck::readAllCardRecords(collection);
    if (!records)
        return records.error();
    std::vector<ExportedCard> cards;
    cards.reserve(records->size());
    for (auto& r : records.value()) {
        ExportedCard c;
        c.content = std::move(r.card.content);
        c.suspended = r.card.suspended;
        c.flag = r.card.flag;
        c.userEdited = r.card.userEdited;
        c.sightings = std::move(r.card.sightings);
        c.state = r.state;
        c.reviews = std::move(r.reviews);
        cards.push_back(std::move(c));
    }
    return cards;
}

deck::Result<DeckDocument> exportDocument(deck::Collection& collection, std::int64_t exportedAtMs)
{
    auto cards = exportCards(collection);
    if (!cards)
        return cards.error();
    DeckDocument doc;
    doc.exportedAtMs = exportedAtMs;
    doc.cards = std::move(cards.value());
    return doc;
}

namespace {

std::string csvField(const std::string& s)
{
    // A cell that a spreadsheet would read as a formula (=, +, -, @, or a tab or CR first) is
    // written with a leading apostrophe, the escape spreadsheets themselves use.
    const bool formula =
        !s.empty()
        && (s[0] == '=' || s[0] == '+' || s[0] == '-' || s[0] == '@' || s[0] == '\t' || s[0] == '\r');
    if (!formula && s.find_first_of(",\"\r\n") == std::string::npos)
        return s;
    std::string out = formula ? "\"'" : "\"";
    for (char c : s) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + "\"";
}

std::string joined(const std::vector<std::string>& v)
{
    std::string out;
    for (const auto& s : v)
        out += (out.empty() ? "" : "; ") + s;
    return out;
}

}  // namespace

bool parseExportFormat(std::string_view name, ExportFormat* format)
{
    if (name == "json")
        *format = ExportFormat::Json;
    else if (name == "csv")
        *format = ExportFormat::Csv;
    else if (name == "apkg")
        *format = ExportFormat::Apkg;
    else
        return false;
    return true;
}

std::string csvExport(const std::vector<ExportedCard>& cards)
{
    std::string csv = "uid,kind,topic,level,question,question_en,answer,points,tags,sources\r\n";
    for (const auto& c : cards) {
        const auto& k = c.content;
        csv += csvField(k.uid) + ',' + deck::toString(k.kind) + ',' + csvField(k.topic) + ','
               + std::to_string(k.level) + ',' + csvField(k.question) + ',' + csvField(k.questionEn) + ','
               + csvField(k.answer) + ',' + csvField(joined(k.keyPoints)) + ',' + csvField(joined(k.tags))
               + ',' + csvField(joined(k.sources)) + "\r\n";
    }
    return csv;
}

Result<ExportSummary> exportCollection(deck::Collection& collection, ExportFormat format,
                                       const std::string& path, std::int64_t nowMs,
                                       const ExportOptions& options)
{
    const ExportProgress& progress = options.progress;
    const auto stopped = [&path] { return makeError(ErrorKind::Stopped, path, 0, "the export was stopped"); };
    if (progress && !progress(ExportStep::Reading, 0, 0))
        return stopped();
    auto cards = exportCards(collection);
    if (!cards)
        return makeError(ErrorKind::Sqlite, collection.path(), 0, cards.error().describe());
    if (!options.withProgress)
        for (ExportedCard& c : *cards) {
            c.state.reset();
            c.reviews.clear();
        }
    ExportSummary summary;
    summary.cards = cards->size();
    const std::size_t total = cards->size();
    if (format != ExportFormat::Csv)  // CSV holds the cards alone
        for (const ExportedCard& c : *cards)
            summary.reviews += c.reviews.size();
    if (progress && !progress(ExportStep::Writing, 0, total))
        return stopped();
    bool goOn = true;
    const CardProgress perCard = [&](std::size_t written) {
        goOn = !progress || progress(ExportStep::Writing, written, total);
        return goOn;
    };
    std::string bytes;
    switch (format) {
    case ExportFormat::Json: {
        DeckDocument doc;
        doc.exportedAtMs = nowMs;
        doc.cards = std::move(cards.value());
        bytes = writeJsonDocument(doc, perCard);
        break;
    }
    case ExportFormat::Apkg: {
        auto b = writeApkg(cards.value(), nowMs, path, perCard);
        if (!b)
            return b.error();
        bytes = std::move(b.value());
        break;
    }
    case ExportFormat::Csv:
        bytes = csvExport(cards.value());
        if (!perCard(total))
            return stopped();
        break;
    }
    if (!goOn)
        return stopped();
    if (progress)
        progress(ExportStep::Saving, 0, 1);
    if (auto w = writeFileAtomically(path, bytes); !w)
        return w.error();
    summary.bytes = bytes.size();
    if (progress)
        progress(ExportStep::Saving, 1, 1);
    return summary;
}

}  // namespace importer
