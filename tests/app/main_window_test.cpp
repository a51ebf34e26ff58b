// The main window's File > Export on a real collection: the file it writes reads back with every
// card, and a file name without a known format is refused with nothing written.
#include <catch2/catch.hpp>

#include <QStatusBar>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "../deck/browse_fixture.h"
#include "../deck/test_support.h"
#include "app_test_main.h"
#include "gui/main_window.h"
#include "import/apkg_reader.h"
#include "import/json_format.h"

TEST_CASE("File > Export writes the whole collection as JSON or an Anki package", "[gui][export]")
{
    ensureApp();
    testing::TempDir dir;
    const auto g = testing::generateBrowseDeck(40);
    auto c = testing::openGenerated(g, testing::dayNow());
    REQUIRE(c.ok());
    auto expected = c->stats(testing::dayNow());
    REQUIRE(expected.ok());
    app::MainWindow window(std::move(c).value());

    const std::string json = dir.file("deck.json");
    REQUIRE(window.exportTo(QString::fromStdString(json)));
    std::ifstream in(json);
    const std::string text((std::istreambuf_iterator<char>(in)), {});
    const auto doc = importer::readJsonDocument(text, json);
    REQUIRE(doc.ok());
    CHECK(static_cast<int>(doc->cards.size()) == expected->cards);
    CHECK(window.statusBar()->currentMessage().contains(QString::number(expected->cards)));

    const std::string apkg = dir.file("deck.apkg");
    REQUIRE(window.exportTo(QString::fromStdString(apkg)));
    std::ifstream ain(apkg, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(ain)), {});
    const auto batch = importer::readApkg(bytes, apkg);
    REQUIRE(batch.ok());
    CHECK(static_cast<int>(batch->cards.size()) == expected->cards);

    CHECK_FALSE(window.exportTo(QString::fromStdString(dir.file("deck.txt"))));
    CHECK_FALSE(std::filesystem::exists(dir.file("deck.txt")));
    CHECK(window.statusBar()->currentMessage().contains(QStringLiteral(".json")));
}
