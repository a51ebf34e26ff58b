#pragma once
// What every fuzz target does with what it parsed: writes it as the command-line tool would
// (--json and plain text) and checks the two promises of app/cli/cli_output.h: the JSON always
// parses back, and the text holds no control character but newline and tab.
#include "cli/cli_output.h"
#include "import/candidate_cards.h"

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <string>

inline void checkPrinted(const std::string& text)
{
    const std::string shown = cli::terminalText(text);
    for (const char c : shown) {
        const auto b = static_cast<unsigned char>(c);
        if ((b < 0x20 && c != '\n' && c != '\t') || b == 0x7F)
            std::abort();
    }
    nlohmann::json j = {{"text", text}};
    if (!nlohmann::json::accept(cli::jsonText(j)))
        std::abort();
}

inline void printBatch(const importer::ImportBatch& batch)
{
    nlohmann::json cards = nlohmann::json::array();
    for (const auto& c : batch.cards) {
        checkPrinted(c.content.question);
        checkPrinted(c.content.answer);
        nlohmann::json sightings = nlohmann::json::array();
        for (const auto& s : c.sightings) {
            checkPrinted(s.company);
            checkPrinted(s.round);
            sightings.push_back(
                {{"company", s.company}, {"round", s.round}, {"role", s.role}, {"date", s.date}});
        }
        cards.push_back(
            {{"question", c.content.question}, {"answer", c.content.answer}, {"sightings", sightings}});
    }
    if (!nlohmann::json::accept(cli::jsonText(cards)))
        std::abort();
}
