#pragma once
// A generated collection for the Browse tests (deck and GUI): cards and sightings follow simple
// arithmetic rules, so a test can compute every expected count by walking the same rules with
// std::set, independently of the SQL under test.

#include <string>
#include <vector>

#include "deck/collection.h"

namespace testing {

inline const std::vector<std::string> kGenTopics = {"cuda", "inference", "triton"};
inline const std::vector<std::string> kGenCompanies = {"ByteDance", "Alibaba", "Tencent"};
inline const std::vector<std::string> kGenRounds = {"一面", "二面", "HR面"};
inline const std::vector<std::string> kGenRoles = {"推理框架", "训练框架", ""};

struct GeneratedDeck {
    std::vector<deck::CardContent> cards;
    std::vector<std::vector<deck::Sighting>> sightings;  ///< Per card, same index.
};

/// Card i: topic kGenTopics[i % 3], level 1 + i % 10. Company k (0, 1, 2) asked it when
/// i % (k + 2) == 0, in round kGenRounds[(i / 2 + k) % 3] with role kGenRoles[(i + k) % 3], in
/// report ".../<company>/<i % 5>". ByteDance also asked every eighth card in a final round 终面.
/// Questions contain 显存 when i % 4 == 0 and PagedAttention when i % 6 == 1.
inline GeneratedDeck generateBrowseDeck(int n)
{
    GeneratedDeck g;
    for (int i = 0; i < n; ++i) {
        deck::CardContent c;
        c.uid = "gen-" + std::to_string(1000 + i);
        c.topic = kGenTopics[static_cast<std::size_t>(i % 3)];
        c.level = 1 + i % 10;
        c.question = "第" + std::to_string(i) + "题："
                     + (i % 4 == 0 ? "显存占用怎么估算？" : "warp 如何调度？")
                     + (i % 6 == 1 ? " PagedAttention" : "");
        c.questionEn = "Generated question " + std::to_string(i);
        c.answer = "Answer " + std::to_string(i);
        c.keyPoints = {"a", "b", "c"};
        std::vector<deck::Sighting> s;
        for (int k = 0; k < 3; ++k) {
            if (i % (k + 2) != 0)
                continue;
            const std::string& company = kGenCompanies[static_cast<std::size_t>(k)];
            s.push_back({company, kGenRounds[static_cast<std::size_t>((i / 2 + k) % 3)],
                         kGenRoles[static_cast<std::size_t>((i + k) % 3)], "2025-05-01",
                         "https://example.org/" + company + "/" + std::to_string(i % 5)});
        }
        if (i % 8 == 0)
            s.push_back(
                {"ByteDance", "终面", "推理框架", "2025-06-01", "https://example.org/ByteDance/final"});
        g.cards.push_back(std::move(c));
        g.sightings.push_back(std::move(s));
    }
    return g;
}

/// An in-memory collection holding `g`, written through the facade's import action.
inline deck::Result<deck::Collection> openGenerated(const GeneratedDeck& g, const deck::Now& now)
{
    auto c = deck::Collection::open(":memory:", {.createIfMissing = true});
    if (!c)
        return c.error();
    deck::ImportPlan plan;
    plan.source = "generated";
    for (std::size_t i = 0; i < g.cards.size(); ++i)
        plan.newCards.push_back({g.cards[i], g.sightings[i]});
    if (auto id = c->applyImport(plan, now); !id)
        return id.error();
    return c;
}

}  // namespace testing
