#pragma once
// The weights of the term matcher's ranking score, in the order of importer::RankFeature
// (term_matcher.h). Written by bench/field/fit_ranker.py (2026-12-02) from 617 labelled questions of
// the field benchmark's tune half: top-1 card 0.562 with coverage alone, 0.665 with
// these weights. Run it again to refit when the deck or the features change.

namespace importer {

inline constexpr double kRankerWeights[] = {2.1226, 1.7446, 2.5065, 4.5553, 1.1903, 0.0752, 3.2778, 0.0836, -0.5956, -0.0836, -0.6702};

} // namespace importer
