// The ranking features of the term matcher (import/term_matcher.h) for labelled questions, for
// fitting its weights (fit_ranker.py).
//
// match_features DECK.sqlite < QUESTIONS.tsv > FEATURES.tsv
//   input:  one question per line, "label-uid<TAB>question text"
//   output: one line per (question, candidate card):
//           "question#<TAB>card-uid<TAB>1 if the labelled card else 0<TAB>feature 0<TAB>…"
//           for every candidate, so that the fit does not depend on the weights it replaces.
#include "deck/collection.h"
#include "import/import_pipeline.h"
#include "import/term_matcher.h"

#include <iostream>
#include <string>

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::cerr << "usage: match_features DECK.sqlite < QUESTIONS.tsv\n";
        return 2;
    }
    auto collection = deck::Collection::open(argv[1], deck::OpenOptions{false, true, true});
    if (!collection) {
        std::cerr << "match_features: " << collection.error().describe() << "\n";
        return 1;
    }
    auto entries = collection->matchTexts();
    if (!entries) {
        std::cerr << "match_features: " << entries.error().describe() << "\n";
        return 1;
    }
    const importer::TermMatcher matcher(importer::cardTexts(*entries));
    std::string line;
    std::size_t n = 0;
    while (std::getline(std::cin, line)) {
        const auto tab = line.find('\t');
        if (tab == std::string::npos)
            continue;
        const std::string label = line.substr(0, tab);
        const auto hits = matcher.ranked(std::string_view(line).substr(tab + 1), entries->size());
        for (std::size_t rank = 0; rank < hits.size(); ++rank) {
            const std::string& uid = (*entries)[hits[rank].index].uid;
            std::cout << n << '\t' << uid << '\t' << (uid == label ? 1 : 0);
            for (double f : hits[rank].features)
                std::cout << '\t' << f;
            std::cout << '\n';
        }
        ++n;
    }
    return 0;
}
