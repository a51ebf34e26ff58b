#pragma once
// A card as the deck knows it: content, classification and the sightings that say who asked it.

#include <string>
#include <vector>

#include "deck/ids.h"

namespace deck {

enum class CardKind {
    Question,
    Formula,
    Demo,
    Coding
};
const char* toString(CardKind kind);
bool parseCardKind(const std::string& text, CardKind* kind);

/// Everything a user can edit, and everything the deck source holds.
struct CardContent {
    std::string uid;  ///< Stable id, e.g. "cuda-warp-divergence"; upgrades merge by it.
    CardKind kind = CardKind::Question;
    std::string topic;       ///< Topic id (docs/deck-format.md).
    int level = 1;           ///< 1-10, the question bank's levels.
    std::string question;    ///< Chinese with English terms.
    std::string questionEn;  ///< One line of English.
    std::string answer;      ///< Markdown + KaTeX.
    std::vector<std::string> keyPoints;
    std::vector<std::string> tags;
    std::vector<std::string> links;    ///< "card:ID", "formula:ID", "demo:ID", "code:PATH".
    std::vector<std::string> sources;  ///< "URL (what)".
    bool operator==(const CardContent&) const = default;
};

/// Who asked a question, where and when (from a public interview report).
struct Sighting {
    std::string company;  ///< Normalised name, e.g. "ByteDance".
    std::string round;    ///< e.g. "一面", "HR面", "笔试".
    std::string role;     ///< e.g. "推理框架".
    std::string date;     ///< ISO 8601 date, "2025-03-14", or a month, "2025-03".
    std::string sourceUrl;
    /// The position's direction: one of sightingDirections() (deck/sighting_fields.h); empty
    /// when not recorded (user imports), read as "unknown".
    std::string direction;
    /// What `date` is: "interview" (the interview date the report prints), "posted" (when the
    /// report was posted), "published" (only when a collection published it); empty: not recorded.
    std::string dateKind;
    /// 1-based position of the report's numbered item that asked this card (the position among
    /// the report's numbered lines, not its printed number); 0 when not recorded.
    int item = 0;
    bool operator==(const Sighting&) const = default;
};

struct Card {
    CardId id;
    CardContent content;
    bool suspended = false;
    int flag = 0;  ///< 0 none, 1-4 colours.
    bool userEdited = false;
    std::vector<Sighting> sightings;
};

}  // namespace deck
