// The main window's File > Export on a real collection: the file it writes reads back with every
// card, and a file name without a known format is refused with nothing written.
#include <catch2/catch.hpp>

#include <QSettings>
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

TEST_CASE("File > Merge progress brings a second computer's answers, after a backup", "[gui][merge]")
{
    ensureApp();
    testing::TempDir dir;
    deck::CardContent kv;
    kv.uid = "inference-kv-cache";
    kv.topic = "inference";
    kv.question = "什么是 KV cache";
    const std::string desk = dir.file("desk.sqlite"), laptop = dir.file("laptop.sqlite");
    REQUIRE(deck::writeDefaultDeck(desk, {kv}).ok());
    std::filesystem::copy_file(desk, laptop);
    {
        auto other = deck::Collection::open(laptop);
        REQUIRE(other.ok());
        REQUIRE(other
                    ->answerCard(*other->findByUid("inference-kv-cache"), scheduler::Answer::Good,
                                 testing::dayNow(), 3000)
                    .ok());
    }
    QSettings().setValue(QStringLiteral("backup/folder"), QString::fromStdString(dir.file("backups")));
    auto c = deck::Collection::open(desk);
    REQUIRE(c.ok());
    app::MainWindow window(std::move(c).value());
    const QString result = window.mergeFrom(QString::fromStdString(laptop), false);
    QSettings().remove(QStringLiteral("backup/folder"));
    CHECK(result == QStringLiteral("Merged laptop.sqlite: 1 reviews added to 1 cards, 0 new cards."));
    CHECK(window.statusBar()->currentMessage() == result);
    CHECK(std::distance(std::filesystem::directory_iterator(dir.file("backups")),
                        std::filesystem::directory_iterator())
          == 1);
    auto log = window.collection().stats(testing::dayNow());
    REQUIRE(log.ok());
    CHECK(log->reviewsTotal == 1);
    // The open collection itself is refused.
    CHECK(window.mergeFrom(QString::fromStdString(desk), false).isEmpty());
    CHECK(window.statusBar()->currentMessage().contains(QStringLiteral("is the collection that is open")));
}
