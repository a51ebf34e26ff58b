#pragma once
// What the user corrected in the import window before importing: a question moved to another
// card than the one proposed, a proposed match turned into a new card, or a line that is not a
// question left out. Appended to a TSV file in the user's data folder, so the matcher's weights
// can be refitted on real choices (bench/field/fit_ranker.py --corrections) and the parser's
// mistakes studied. The file holds the question lines as the user imported them; nothing leaves
// the machine.

#include "import_error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace importer {

struct ImportCorrection {
    enum class Action {
        OtherCard,
        NewCard,
        NotAQuestion,
        AnswerLine,    ///< a line read as a question is the answer to the question above it
        QuestionLine,  ///< a line read as part of an answer is a question of its own
    };
    Action action = Action::OtherCard;
    std::string source;       ///< file name, or the paste box's name
    std::string question;     ///< the line as the importer read it
    std::string proposedUid;  ///< the card the importer proposed; empty: a new card
    std::string chosenUid;    ///< Action::OtherCard: the card the user picked
};

/// "other-card", "new-card", "not-a-question", "answer-line", "question-line".
const char* actionName(ImportCorrection::Action action);

/// Appends `corrections` to the TSV at `path` (created with its header when missing), one line
/// each: time (ms since the epoch), action, source, proposed uid, chosen uid, question. Tabs and
/// line breaks inside a field become spaces.
Result<bool> appendCorrections(const std::string& path, const std::vector<ImportCorrection>& corrections,
                               std::int64_t nowMs);

}  // namespace importer
