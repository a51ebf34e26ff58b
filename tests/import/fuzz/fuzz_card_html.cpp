// libFuzzer target: the card renderer (app/common/card_html.cpp) on any bytes. It must return,
// and no formula deeper than kMaxFormulaDepth may reach the page outside code.
#include "common/card_html.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    // The first line is the question, the rest the answer, as a card's fields would be.
    const std::size_t nl = bytes.find('\n');
    deck::CardContent card;
    card.question = std::string(bytes.substr(0, nl));
    if (nl != std::string_view::npos)
        card.answer = std::string(bytes.substr(nl + 1));
    card.keyPoints = {card.question};
    const app::CardHtml html = app::renderCard(card, "Key points", "Sources", "too complex");
    // Bounding is idempotent: what it let through, a second pass leaves as it is.
    if (app::boundFormulas(html.front, "too complex") != html.front)
        std::abort();
    if (app::boundFormulas(html.back, "too complex") != html.back)
        std::abort();
    (void)app::markdownToHtml(bytes);
    return 0;
}
