#pragma once
// How a formula describes one input, so that a generic CLI and a generic form can list, parse
// and validate it without knowing the formula.
#include <string>
#include <utility>
#include <vector>

namespace formulas {

/// One named option of a choice parameter (precision, optimizer, attention kind ...).
struct Choice {
    double value;      ///< what the compute function receives
    std::string name;  ///< ASCII token accepted on the command line, e.g. "gqa"
    std::string labelEn;
    std::string labelZh;
};

struct ParameterSpec {
    std::string name;  ///< ASCII identifier used in name=value, e.g. "seq_len"
    std::string labelEn;
    std::string labelZh;
    std::string unit;  ///< as shown to the user, e.g. "GB/s (10^9 B/s)"; empty for counts
    double defaultValue;
    double minValue;              ///< inclusive; always > 0 so that zero is refused
    double maxValue;              ///< inclusive
    bool integer = false;         ///< counts (layers, ranks, heads) must be whole numbers
    std::vector<Choice> choices;  ///< non-empty: only these values are accepted

    ParameterSpec(std::string name_, std::string labelEn_, std::string labelZh_, std::string unit_,
                  double defaultValue_, double minValue_, double maxValue_, bool integer_ = false,
                  std::vector<Choice> choices_ = {})
        : name(std::move(name_)), labelEn(std::move(labelEn_)), labelZh(std::move(labelZh_)),
          unit(std::move(unit_)), defaultValue(defaultValue_), minValue(minValue_), maxValue(maxValue_),
          integer(integer_), choices(std::move(choices_))
    {}

    bool isChoice() const { return !choices.empty(); }
};

/// A result or intermediate term, ready to display.
struct ResultValue {
    std::string name;
    std::string labelEn;
    std::string labelZh;
    std::string unit;
    double value;
    bool intermediate = false;  ///< a step of the derivation rather than an answer
    std::string note;           ///< short qualitative reading, e.g. "memory-bound"; may be empty

    ResultValue(std::string name_, std::string labelEn_, std::string labelZh_, std::string unit_,
                double value_, bool intermediate_ = false, std::string note_ = {})
        : name(std::move(name_)), labelEn(std::move(labelEn_)), labelZh(std::move(labelZh_)),
          unit(std::move(unit_)), value(value_), intermediate(intermediate_), note(std::move(note_))
    {}
};

}  // namespace formulas
