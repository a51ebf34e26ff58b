// The deck's content check (issue 5): required fields, links that resolve, topic minimums,
// formula links that name real calculators, and no two cards asking the same question.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "deck/deck_source.h"
#ifdef INFRACARDS_HAVE_FORMULAS
#include "formulas/formula.h"
#endif

namespace fs = std::filesystem;

namespace {

struct Deck {
    std::vector<deck::SourceCard> cards;
    std::vector<deck::Error> errors;
};

const Deck& builtinDeck()
{
    static const Deck d = [] {
        Deck out;
        std::vector<fs::path> files;
        for (const auto& e : fs::directory_iterator(fs::path(INFRACARDS_SOURCE_DIR) / "resources/deck"))
            if (e.path().extension() == ".cards")
                files.push_back(e.path());
        std::sort(files.begin(), files.end());
        for (const auto& f : files) {
            std::ifstream in(f, std::ios::binary);
            std::stringstream text;
            text << in.rdbuf();
            auto parsed = deck::parseDeckSource(text.str(), f.filename().string());
            out.errors.insert(out.errors.end(), parsed.errors.begin(), parsed.errors.end());
            for (auto& c : parsed.cards)
                out.cards.push_back(std::move(c));
        }
        deck::checkDeckLinks(out.cards, out.errors);
        return out;
    }();
    return d;
}

}  // namespace

TEST_CASE("Every card has its fields and every card: link resolves", "[content]")
{
    const Deck& d = builtinDeck();
    for (const auto& e : d.errors)
        FAIL_CHECK(e.describe());
    CHECK(d.errors.empty());
}

TEST_CASE("Topic minimums: 15 each, 40 for CUDA, kernels, inference and distributed training", "[content]")
{
    std::map<std::string, int> questions;
    int total = 0;
    for (const auto& c : builtinDeck().cards) {
        if (c.content.kind == deck::CardKind::Question || c.content.kind == deck::CardKind::Coding) {
            ++questions[c.content.topic];
            ++total;
        }
    }
    const std::set<std::string> big = {"cuda", "kernel-opt", "inference", "dist-training"};
    for (const std::string& topic : deck::knownTopics()) {
        INFO(topic << ": " << questions[topic] << " question cards");
        CHECK(questions[topic] >= (big.count(topic) ? 40 : 15));
    }
    INFO("question and coding cards in all: " << total);
    CHECK(total >= 450);
}

TEST_CASE("Answers follow the skeleton's length and carry sources", "[content]")
{
    for (const auto& c : builtinDeck().cards) {
        INFO(c.file << ":" << c.line << " " << c.content.uid);
        CHECK(c.content.answer.size() >= 200);  // bytes; a real answer, not a line
        CHECK_FALSE(c.content.sources.empty());
        for (const auto& s : c.content.sources) {
            // A published source, or one of the project's own recorded measurements, which must
            // exist in the tree (e.g. "resources/demos/h200/reduction.json (measured on ...)").
            const bool published = s.find("http") != std::string::npos || s.find("arXiv") != std::string::npos
                                   || s.find("arxiv") != std::string::npos
                                   || s.find("doi") != std::string::npos;
            const std::string firstWord = s.substr(0, s.find(' '));
            const bool recorded = firstWord.starts_with("resources/")
                                  && fs::exists(fs::path(INFRACARDS_SOURCE_DIR) / firstWord);
            INFO("source: " << s);
            CHECK((published || recorded));
        }
    }
}

TEST_CASE("formula: and demo: links name cards that provide them", "[content]")
{
    std::set<std::string> providedFormulas, providedDemos;
    for (const auto& c : builtinDeck().cards) {
        for (const auto& link : c.content.links) {
            if (c.content.kind == deck::CardKind::Formula && link.starts_with("formula:"))
                providedFormulas.insert(link.substr(8));
            if (c.content.kind == deck::CardKind::Demo && link.starts_with("demo:"))
                providedDemos.insert(link.substr(5));
        }
    }
    for (const auto& c : builtinDeck().cards) {
        for (const auto& link : c.content.links) {
            INFO(c.file << ":" << c.line << " " << c.content.uid << " -> " << link);
            if (link.starts_with("formula:"))
                CHECK(providedFormulas.count(link.substr(8)) == 1);
            if (link.starts_with("demo:"))
                CHECK(providedDemos.count(link.substr(5)) == 1);
            if (link.starts_with("code:"))
                CHECK(fs::exists(fs::path(INFRACARDS_SOURCE_DIR) / "resources/deck" / link.substr(5)));
        }
    }
#ifdef INFRACARDS_HAVE_FORMULAS
    std::set<std::string> calculators;
    for (const auto& f : formulas::all())
        calculators.insert(f.id);
    for (const auto& id : providedFormulas) {
        INFO("formula card for " << id);
        CHECK(calculators.count(id) == 1);
    }
    // Every calculator has its derivation card.
    for (const auto& id : calculators) {
        INFO("calculator " << id);
        CHECK(providedFormulas.count(id) == 1);
    }
#endif
}

#if __has_include("import/duplicate_groups.h")
#include "import/duplicate_groups.h"

TEST_CASE("No two cards ask the same question (the importer's matcher over the deck)", "[content]")
{
    std::vector<std::string> questions;
    std::vector<const deck::SourceCard*> cards;
    for (const auto& c : builtinDeck().cards) {
        questions.push_back(c.content.question);
        cards.push_back(&c);
    }
    const auto groups = importer::findDuplicateGroups(questions);
    for (const auto& g : groups) {
        std::string names;
        for (std::size_t i : g.members)
            names +=
                cards[i]->content.uid + " (" + cards[i]->file + ":" + std::to_string(cards[i]->line) + ") ";
        FAIL_CHECK("cards asking the same question: " << names);
    }
    CHECK(groups.empty());
}
#endif
