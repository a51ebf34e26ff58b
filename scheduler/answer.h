#pragma once
// How the app's grades map onto SM-2's quality scale 0-5 (SM-2 text, step 3:
// 5 perfect, 4 correct after hesitation, 3 correct with serious difficulty,
// 2 wrong but the answer seemed easy once shown, 1 wrong but recognised, 0 blackout).

#include <optional>

#include "scheduler/types.h"

namespace scheduler {

/// Review buttons: Again -> 1 (wrong, recognised once shown: EF -0.54, repetitions restart),
/// Hard -> 3 (right with serious difficulty: EF -0.14, drilled again today),
/// Good -> 4 (right after hesitation: EF unchanged), Easy -> 5 (perfect: EF +0.10).
/// Hard = 3 keeps the SM-2 meaning "passed, but repeat it today"; Good = 4 is the neutral grade,
/// as in Anki where Good leaves the ease unchanged.
int qualityFor(Answer answer);

/// Mock-interview rubric (scores 0-4) to SM-2 quality:
/// 0 -> 0, 1 -> 1, 2 -> 2 (all three are failures: the card comes back tomorrow),
/// 3 -> 4, 4 -> 5. Out-of-range scores give nullopt.
std::optional<int> qualityForRubric(int score);

/// The FSRS rating of a review-log row: its button when it has one (1-4), else its SM-2 quality
/// (a mock-interview score): below 3 Again, 3 Hard, 4 Good, 5 Easy. The one mapping every replay
/// of a card's history uses.
Answer ratingForLogRow(std::optional<int> button, int quality);

}  // namespace scheduler
