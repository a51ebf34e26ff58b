#pragma once
// The names the UI shows for the deck's topic ids (deck::knownTopics()), in the UI language.
// Ids stay the keys everywhere else: filters, the collection, the deck files.

#include <QString>

#include <string>

namespace app {

/// "kernel-opt" -> "Kernel optimisation" (English UI) or "算子优化" (Chinese UI); an id the
/// table does not know is shown as it is.
QString topicTitle(const std::string& id);

/// A sighting's direction id (deck::sightingDirections()) in the UI language: "inference" ->
/// "Inference framework" / "推理框架"; an unknown id is shown as it is.
QString directionTitle(const std::string& id);

}  // namespace app
