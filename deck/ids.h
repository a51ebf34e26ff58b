#pragma once
// Strong ids: a CardId can never be passed where a SessionId is expected.

#include <compare>
#include <cstdint>

namespace deck {

template <typename Tag>
struct Id {
    std::int64_t value = 0;
    constexpr explicit Id(std::int64_t v = 0) : value(v) {}
    constexpr bool valid() const { return value > 0; }
    auto operator<=>(const Id&) const = default;
};

using CardId = Id<struct CardTag>;
using SessionId = Id<struct SessionTag>;
using ImportId = Id<struct ImportTag>;
using ReviewId = Id<struct ReviewTag>;

}  // namespace deck
