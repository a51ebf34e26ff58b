#pragma once
// The card-info line of the Browse detail pane: where the card stands with the scheduler, and
// its predicted recall (FSRS-6, from its own review history) today, in a week and on the day of
// the next interview.

#include <QString>

#include "deck/collection.h"

namespace app {

/// Plain text, one or two lines; an error is shown in place of the figures.
QString cardInfoText(deck::Collection& collection, deck::CardId card);

}  // namespace app
