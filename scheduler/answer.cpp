#include "scheduler/answer.h"

namespace scheduler {

int qualityFor(Answer answer)
{
    switch (answer) {
    case Answer::Again: return 1;
    case Answer::Hard: return 3;
    case Answer::Good: return 4;
    case Answer::Easy: return 5;
    }
    return 0;
}

std::optional<int> qualityForRubric(int score)
{
    switch (score) {
    case 0: return 0;
    case 1: return 1;
    case 2: return 2;
    case 3: return 4;
    case 4: return 5;
    default: return std::nullopt;
    }
}

Answer ratingForLogRow(std::optional<int> button, int quality)
{
    if (button && *button >= 1 && *button <= 4)
        return static_cast<Answer>(*button);
    if (quality < 3)
        return Answer::Again;
    if (quality == 3)
        return Answer::Hard;
    if (quality == 4)
        return Answer::Good;
    return Answer::Easy;
}

}  // namespace scheduler
