#include "collection_document.h"

#include "deck/progress_io.h"

namespace importer {

deck::Result<std::vector<ExportedCard>> exportCards(deck::Collection& collection) {
    auto records = deck::readAllCardRecords(collection);
    if (!records) return records.error();
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

deck::Result<DeckDocument> exportDocument(deck::Collection& collection, std::int64_t exportedAtMs) {
    auto cards = exportCards(collection);
    if (!cards) return cards.error();
    DeckDocument doc;
    doc.exportedAtMs = exportedAtMs;
    doc.cards = std::move(cards.value());
    return doc;
}

} // namespace importer
