// infracards-cli's collection commands on a copy of the built-in deck. The expected card counts
// are taken independently from the deck's source text (one "@card" line per card).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli/cli_commands.h"
#include "deck/storage/access.h"
#include "deck/storage/database.h"
#include "deck/interviews.h"
#include "deck/study_queue.h"

namespace fs = std::filesystem;

namespace {

struct SourceCounts {
    int cards = 0;
    std::map<std::string, int> byTopic;
    std::map<std::string, int> byKind;
};

SourceCounts countSource()
{
    SourceCounts counts;
    const std::regex topic("^topic:\\s*(\\S+)"), kind("^kind:\\s*(\\S+)");
    for (const auto& entry : fs::directory_iterator(fs::path(INFRACARDS_SOURCE_DIR) / "resources/deck")) {
        if (entry.path().extension() != ".cards")
            continue;
        std::ifstream in(entry.path());
        std::string line, currentKind;
        bool inCard = false;
        auto flush = [&] {
            if (inCard)
                ++counts.byKind[currentKind.empty() ? "question" : currentKind];
        };
        while (std::getline(in, line)) {
            std::smatch m;
            if (line.rfind("@card ", 0) == 0) {
                flush();
                inCard = true;
                currentKind.clear();
                ++counts.cards;
            } else if (std::regex_search(line, m, topic)) {
                ++counts.byTopic[m[1]];
            } else if (std::regex_search(line, m, kind)) {
                currentKind = m[1];
            }
        }
        flush();
    }
    return counts;
}

deck::Now noon()
{
    return {(20786LL * 86400 + 12 * 3600) * 1000, 0};
}

struct Fixture {
    fs::path dir = fs::temp_directory_path() / ("infracards-cli-" + std::to_string(::getpid()));
    Fixture() { fs::create_directories(dir); }
    ~Fixture()
    {
        std::error_code ec;
        fs::remove_all(dir, ec);
    }
    deck::Collection open()
    {
        auto c = deck::Collection::open((dir / "c.sqlite").string(), {.createIfMissing = true});
        REQUIRE(c.ok());
        REQUIRE(c->mergeBuiltinDeck(INFRACARDS_DEFAULT_DECK_FILE, noon()).ok());
        return std::move(c).value();
    }
};

nlohmann::json runJson(deck::Collection& c, const std::string& cmd, std::vector<std::string> args)
{
    args.push_back("--json");
    std::ostringstream out, err;
    const int rc = cli::run(c, cmd, args, noon(), out, err);
    INFO(err.str());
    REQUIRE(rc == 0);
    return nlohmann::json::parse(out.str());
}

}  // namespace

TEST_CASE("stats --json counts the built-in deck's cards by topic and kind", "[cli]")
{
    const SourceCounts expected = countSource();
    REQUIRE(expected.cards > 0);
    Fixture f;
    deck::Collection c = f.open();
    const auto j = runJson(c, "stats", {});
    CHECK(j["cards"] == expected.cards);
    CHECK(j["by_state"]["new"] == expected.cards);
    CHECK(j["due_today"] == 0);
    CHECK(j["new_available_today"] == 20);
    for (const auto& [topic, n] : expected.byTopic) {
        INFO(topic);
        CHECK(j["topics"][topic]["cards"] == n);
    }
    for (const char* kind : {"question", "formula", "demo", "coding"}) {
        INFO(kind);
        const int want = expected.byKind.count(kind) ? expected.byKind.at(kind) : 0;
        CHECK(j["by_kind"][kind] == want);
    }
}

TEST_CASE("due, answer and undo through the CLI commands", "[cli]")
{
    Fixture f;
    deck::Collection c = f.open();
    auto due = runJson(c, "due", {});
    REQUIRE(due["new"] == 20);
    const std::string first = due["cards"][0]["uid"];
    // The learning path starts with GPU architecture.
    CHECK(due["cards"][0]["topic"] == "gpu-arch");

    auto answered = runJson(c, "answer", {first, "good"});
    CHECK(answered["interval_days"] == 1);
    CHECK(runJson(c, "stats", {})["reviews_today"] == 1);
    CHECK(runJson(c, "due", {})["new"] == 19);

    std::ostringstream out, err;
    CHECK(cli::run(c, "undo", {}, noon(), out, err) == 0);
    CHECK(runJson(c, "stats", {})["reviews_total"] == 0);
    CHECK(cli::run(c, "answer", {first, "meh"}, noon(), out, err) == 2);
    CHECK(err.str().find("again, hard, good or easy") != std::string::npos);
    CHECK(cli::run(c, "answer", {"no-such-card", "good"}, noon(), out, err) == 1);
    CHECK(cli::run(c, "frobnicate", {}, noon(), out, err) == 2);
}

TEST_CASE("due lists what the Review screen studies, interview cards included", "[cli]")
{
    Fixture f;
    deck::Collection c = f.open();
    const auto today = c.today(noon());
    REQUIRE(deck::addInterview(c, {.company = "ByteDance", .day = today + 10}, noon()).ok());

    auto review = deck::studyQueue(c, noon());  // the queue review_page.cpp shows
    REQUIRE(review.ok());
    auto plain = c.todayQueue(noon());
    REQUIRE(plain.ok());
    // With an interview ahead the plan adds cards: the two queues differ, so agreeing with the
    // Review screen is something this test can fail.
    REQUIRE(review->interview > 0);
    REQUIRE(review->order.size() > plain->order.size());

    const auto due = runJson(c, "due", {});
    CHECK(due["interview"] == review->interview);
    REQUIRE(due["cards"].size() == review->order.size());
    for (std::size_t i = 0; i < review->order.size(); ++i) {
        auto card = c.card(review->order[i]);
        REQUIRE(card.ok());
        CHECK(due["cards"][i]["uid"] == card->content.uid);
    }
    CHECK(due["cards"][review->reviews + review->fresh]["queue"] == "interview");
}

TEST_CASE("search finds Chinese and English terms in the built-in deck", "[cli]")
{
    Fixture f;
    deck::Collection c = f.open();
    auto hits = runJson(c, "search", {"warp"});
    CHECK(hits["count"].get<int>() > 0);
    for (const auto& card : hits["cards"])
        CHECK(!card["uid"].get<std::string>().empty());
    // A two-character Chinese term goes through the substring fallback.
    CHECK(runJson(c, "search", {"显存"})["count"].get<int>() > 0);
    CHECK(runJson(c, "search", {"zzqqxx-not-there"})["count"] == 0);
}

TEST_CASE(
    "Bytes that are not UTF-8 and terminal escapes in a stored card neither abort nor reach the terminal",
    "[cli][bad-input]")
{
    Fixture f;
    deck::Collection c = f.open();
    // What a hand-edited database or an old import may hold: 0xFF, a lone continuation byte, and
    // an OSC 52 sequence (which would write the clipboard) plus a CSI colour code.
    REQUIRE(deck::storage::of(c)
                .exec("UPDATE cards SET question = CAST(X'E6B58BE8AF95FF80' AS TEXT) || ' ' || char(27) || "
                      "']52;c;cHduZWQ=' || char(7)"
                      " || char(27) || '[31m red', answer = char(27) || ']0;title' || char(7) WHERE uid = "
                      "'inference-prefill-vs-decode'")
                .ok());
    const auto shown = runJson(c, "show", {"inference-prefill-vs-decode"});
    // U+FFFD for each of the two bad bytes; the escape characters survive as JSON escapes only.
    CHECK(shown["question"].get<std::string>().find("测试\xEF\xBF\xBD\xEF\xBF\xBD") == 0);
    std::ostringstream out, err;
    REQUIRE(cli::run(c, "show", {"inference-prefill-vs-decode"}, noon(), out, err) == 0);
    const std::string text = out.str();
    CHECK(text.find('\x1b') == std::string::npos);
    CHECK(text.find('\x07') == std::string::npos);
    CHECK(text.find("\\x1b]52;c;cHduZWQ=\\x07") != std::string::npos);
    // A search for a bad byte answers (with no hit) instead of aborting.
    const auto hits = runJson(c, "search", {"\xff"});
    CHECK(hits["query"] == "\xEF\xBF\xBD");
    std::ostringstream dueOut, dueErr;
    CHECK(cli::run(c, "due", {}, noon(), dueOut, dueErr) == 0);
    CHECK(dueOut.str().find('\x1b') == std::string::npos);
}

TEST_CASE("answer --time-ms takes a whole number of milliseconds and nothing else, and nothing is answered "
          "otherwise",
          "[cli][bad-input]")
{
    Fixture f;
    deck::Collection c = f.open();
    const auto before = runJson(c, "stats", {});
    for (const char* bad : {"-5", "12abc", "1e9", "", "99999999999999999999", "86400001"}) {
        INFO(bad);
        std::ostringstream out, err;
        CHECK(
            cli::run(c, "answer", {"inference-prefill-vs-decode", "good", "--time-ms", bad}, noon(), out, err)
            == 2);
        CHECK(err.str().find("--time-ms") != std::string::npos);
    }
    CHECK(runJson(c, "stats", {})["reviews_total"] == before["reviews_total"]);
    std::ostringstream out, err;
    CHECK(
        cli::run(c, "answer", {"inference-prefill-vs-decode", "good", "--time-ms", "8200"}, noon(), out, err)
        == 0);
    CHECK(runJson(c, "stats", {})["reviews_total"] == before["reviews_total"].get<int>() + 1);
}
