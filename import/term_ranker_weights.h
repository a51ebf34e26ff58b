#pragma once
// The weights of the term matcher's ranking score, in the order of importer::RankFeature
// (term_matcher.h). Written by bench/field/fit_ranker.py (2026-12-02) from 617 labelled questions of
// the field benchmark's tune half: top-1 card 0.571 with coverage alone, 0.658 with
// these weights. Run it again to refit when the deck or the features change.

namespace importer {

inline constexpr double kRankerWeights[] = {2.6002, 2.2588, 2.5405,  4.1669,  1.1945, 0.0860,
                                            2.7007, 0.0869, -0.5422, -0.0869, -0.5884};

}  // namespace importer
