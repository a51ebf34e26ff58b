// infracards-deckc: compiles the deck's source files into the default deck.
//   infracards-deckc --check FILE...          report every problem, write nothing
//   infracards-deckc --out DECK.sqlite FILE... write the default deck
// FILE is a .cards source or a .tsv sightings table (resources/deck/sightings/).
// Errors are printed as "file:line: problem", one per line; the exit status is 1 on any error.

#include <fstream>
#include <iostream>
#include <sstream>

#include "deck/collection.h"
#include "deck/deck_source.h"
#include "deck/sightings_source.h"

int main(int argc, char** argv)
{
    std::string out;
    bool check = false;
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--check")
            check = true;
        else if (arg == "--out" && i + 1 < argc)
            out = argv[++i];
        else
            files.push_back(arg);
    }
    if (files.empty() || (out.empty() && !check)) {
        std::cerr << "usage: infracards-deckc (--check | --out DECK.sqlite) FILE.cards...\n";
        return 2;
    }
    std::vector<deck::SourceCard> cards;
    deck::SightingsParse tables;
    std::vector<deck::Error> errors;
    for (const std::string& file : files) {
        std::ifstream in(file, std::ios::binary);
        if (!in) {
            errors.push_back({deck::ErrorKind::FileUnreadable, "cannot read the file", file, 0});
            continue;
        }
        std::stringstream text;
        text << in.rdbuf();
        if (file.ends_with(".tsv")) {
            deck::parseSightings(text.str(), file, tables);
            continue;
        }
        deck::SourceParse parsed = deck::parseDeckSource(text.str(), file);
        errors.insert(errors.end(), parsed.errors.begin(), parsed.errors.end());
        for (auto& card : parsed.cards)
            cards.push_back(std::move(card));
    }
    deck::checkDeckLinks(cards, errors);
    errors.insert(errors.end(), tables.errors.begin(), tables.errors.end());
    deck::checkSightings(tables, cards, errors);
    const auto& sightings = tables.sightings;
    for (const deck::Error& e : errors)
        std::cerr << e.describe() << "\n";
    if (!errors.empty()) {
        std::cerr << errors.size() << " problem(s) in the deck source; nothing written\n";
        return 1;
    }
    if (check) {
        std::cout << cards.size() << " cards, " << sightings.size() << " sightings, " << tables.ledger.size()
                  << " ledger rows, " << tables.reports.size() << " reports OK\n";
        return 0;
    }
    std::vector<deck::CardContent> contents;
    contents.reserve(cards.size());
    for (const auto& card : cards)
        contents.push_back(card.content);
    std::vector<std::pair<std::string, deck::Sighting>> shipped;
    for (const auto& s : sightings)
        shipped.emplace_back(s.cardUid, s.sighting);
    if (auto s = deck::writeDefaultDeck(out, contents, shipped); !s.ok()) {
        std::cerr << s.error().describe() << "\n";
        return 1;
    }
    std::cout << "wrote " << contents.size() << " cards and " << shipped.size() << " sightings to " << out
              << "\n";
    return 0;
}
