#pragma once
// The fixed vocabularies of a sighting's direction and date kind (docs/deck-format.md).

#include <string>
#include <string_view>
#include <vector>

namespace deck {

/// Position directions, in display order: training, inference, kernels, cloud-native (the
/// AI-infrastructure directions), algorithm, backend, client, unknown.
const std::vector<std::string>& sightingDirections();

/// True for the four AI-infrastructure directions and for "unknown" (a report of an AI-infra
/// collection that does not name its team), false for algorithm, backend and client roles.
bool isInfraDirection(std::string_view direction);

/// "interview", "posted", "published".
const std::vector<std::string>& sightingDateKinds();

/// Reasons a report's numbered item is not a technical question (the ledger's first column).
const std::vector<std::string>& ledgerReasons();

}  // namespace deck
