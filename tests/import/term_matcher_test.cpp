// The term-coverage matcher (import/term_matcher.h): its terms and weights worked out by hand,
// and its field test on short report-style questions against the built-in deck, labelled by hand
// in data/short_questions.tsv.
#include <catch2/catch.hpp>

#include <sqlite3.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include "import/duplicate_groups.h"
#include "import/term_matcher.h"
#include "import/term_ranker_weights.h"

using importer::questionTerms;
using importer::TermMatcher;

TEST_CASE("Terms: ASCII words whole, CJK bigrams, filler words cut, hyphens inside words dropped", "[terms]")
{
    // 讲讲 and 的原理 are filler: left are one word and nothing else.
    CHECK(questionTerms("讲讲 PagedAttention 的原理") == std::vector<std::string>{"pagedattention"});
    // "Ring All-Reduce" and "ring allreduce" give the same terms.
    CHECK(questionTerms("Ring All-Reduce") == questionTerms("ring allreduce"));
    // 显存碎片 -> 显存, 存碎, 碎片; 为什么 and 会 are cut, so no bigram spans them.
    CHECK(questionTerms("为什么会显存碎片") == std::vector<std::string>{"存碎", "显存", "碎片"});
    // A one-character run between cuts is its own term; full-width letters fold to ASCII.
    CHECK(questionTerms("ＫＶ 是什么？池") == std::vector<std::string>{"kv", "池"});
}

TEST_CASE("Coverage: the card holding the rare words of a short question wins", "[terms]")
{
    const std::vector<std::string> deck = {
        "PagedAttention 解决了什么问题？block table 是怎么工作的？",
        "FlashAttention 为什么快？tiling 和 online softmax 怎么配合？",
        "attention 的计算量是多少？",
    };
    TermMatcher m(deck);
    // N = 3. idf(pagedattention) = ln(4 / 1.5); it is the query's only term, and only card 0
    // has it: coverage 1.
    CHECK(m.idf("pagedattention") == Approx(std::log(4.0 / 1.5)));
    auto hit = m.best("讲讲 PagedAttention 的原理");
    REQUIRE(hit);
    CHECK(hit->index == 0);
    CHECK(hit->coverage == Approx(1.0));
    // "flashattention 和 softmax": card 1 has both terms, coverage 1.
    hit = m.best("FlashAttention 和 softmax");
    REQUIRE(hit);
    CHECK(hit->index == 1);
    // One shared CJK bigram is not evidence: 计算 alone finds nothing.
    CHECK_FALSE(m.best("计算"));
    // No shared term: nothing.
    CHECK_FALSE(m.best("红黑树插入"));
}

namespace {
struct Labelled {
    std::string query, card;
};

std::vector<Labelled> readLabels()
{
    std::ifstream in(std::string(INFRACARDS_SOURCE_DIR) + "/tests/import/data/short_questions.tsv");
    REQUIRE(in);
    std::vector<Labelled> out;
    std::string line;
    bool header = true;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#')
            continue;
        if (header) {
            header = false;
            continue;
        }
        const auto tab = line.find('\t');
        REQUIRE(tab != std::string::npos);
        out.push_back({line.substr(0, tab), line.substr(tab + 1)});
    }
    return out;
}

std::vector<std::pair<std::string, std::string>> deckQuestions()
{
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open_v2(INFRACARDS_DEFAULT_DECK_FILE, &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
    sqlite3_stmt* st = nullptr;
    REQUIRE(sqlite3_prepare_v2(db, "SELECT uid, question FROM cards ORDER BY id", -1, &st, nullptr)
            == SQLITE_OK);
    std::vector<std::pair<std::string, std::string>> out;
    while (sqlite3_step(st) == SQLITE_ROW)
        out.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(st, 0)),
                         reinterpret_cast<const char*>(sqlite3_column_text(st, 1)));
    sqlite3_finalize(st);
    sqlite3_close(db);
    return out;
}
}  // namespace

TEST_CASE("Overlapping CJK bigrams count half: one Chinese word does not outweigh two English words",
          "[terms]")
{
    const std::vector<std::string> deck = {
        "推理副本前的负载均衡器怎么路由请求？",  // 0: holds 负载均衡 (3 bigrams)
        "写出 Switch 的 MoE auxiliary loss",     // 1: holds moe and loss
        "GPU 显存怎么估算？",
    };
    TermMatcher m(deck);
    // Query terms: moe, loss, 负载, 载均, 均衡, each in exactly one card, so every idf is
    // ln(4 / 1.5). Card 0 covers three bigrams at half weight (1.5 idf), card 1 two words (2 idf)
    // of a total of 3.5 idf: card 1 wins with coverage 2 / 3.5. Counting each bigram in full, card 0
    // would win with 3 / 5.
    const auto hit = m.best("MoE 的负载均衡 loss");
    REQUIRE(hit);
    CHECK(hit->index == 1);
    CHECK(hit->coverage == Approx(2.0 / 3.5));
}

TEST_CASE("A Chinese subject name also gives the English words the cards use", "[terms]")
{
    // 智能指针 -> smart, pointers besides its own terms (能 and 怎么写 are filler words, so 智 stands
    // alone and 指针 is the one bigram).
    CHECK(questionTerms("智能指针怎么写") == std::vector<std::string>{"pointers", "smart", "指针", "智"});
    // The card writes the subject in English only; its id words name it.
    const std::vector<std::string> deck = {"unique_ptr、shared_ptr、weak_ptr 的区别和开销是什么？",
                                           "GPU 显存怎么估算？", "虚拟地址怎么翻译成物理地址？"};
    const std::vector<std::string> subjects = {"runtime cpp smart pointers", "gpu memory",
                                               "systems virtual memory"};
    TermMatcher m(deck, subjects);
    const auto hit = m.best("讲讲智能指针");
    REQUIRE(hit);
    CHECK(hit->index == 0);
    // Without the table, neither 智 nor 指针 is in the card: no match at all.
    TermMatcher bare({deck[0]}, {"runtime cpp"});
    CHECK_FALSE(bare.best("讲讲智能指针").has_value());
}

TEST_CASE("Field test: short report-style questions find their card in the built-in deck", "[terms]")
{
    const auto labels = readLabels();
    const auto deck = deckQuestions();
    REQUIRE(deck.size() > 400);
    std::vector<std::string> texts, subjects;
    for (const auto& [uid, q] : deck) {
        texts.push_back(q);
        std::string words = uid;
        std::replace(words.begin(), words.end(), '-', ' ');
        subjects.push_back(words);  // as previewImport gives them
    }
    std::vector<std::string> queries;
    for (const auto& l : labels)
        queries.push_back(l.query);

    auto evaluate = [&](bool termCoverage) {
        importer::MatchOptions options;
        options.termCoverage = termCoverage;
        const auto plan = importer::planMerge(texts, queries, options, subjects);
        struct {
            int positives = 0, found = 0, wrong = 0, negatives = 0, falseMatches = 0;
        } r;
        for (std::size_t i = 0; i < labels.size(); ++i) {
            const auto& m = plan.questions[i];
            const std::string got = m.deckIndex ? deck[*m.deckIndex].first : "-";
            if (labels[i].card == "-") {
                ++r.negatives;
                if (got != "-") {
                    ++r.falseMatches;
                    UNSCOPED_INFO("false match: " << labels[i].query << " -> " << got);
                }
            } else {
                ++r.positives;
                const std::string& want = labels[i].card;
                const bool right =
                    got != "-" && (got == want || want.starts_with(got + "|") || want.ends_with("|" + got));
                if (right)
                    ++r.found;
                else if (got != "-") {
                    ++r.wrong;
                    UNSCOPED_INFO("wrong card: " << labels[i].query << " -> " << got << ", not "
                                                 << labels[i].card);
                }
            }
        }
        return r;
    };
    const auto ngrams = evaluate(false);
    const auto withTerms = evaluate(true);
    WARN("n-grams alone found " << ngrams.found << " of " << ngrams.positives << "; with term coverage "
                                << withTerms.found << " (" << withTerms.wrong << " wrong card, "
                                << withTerms.falseMatches << " of " << withTerms.negatives
                                << " unrelated questions matched)");
    CHECK(withTerms.positives >= 35);
    // Measured when the matcher was written: 2 of 37 by n-grams alone, 28 with term coverage and
    // the cards' id words, 6 more a sibling card (the formula card for the question card, one parallelism card for
    // another); the preview shows the card and the user corrects it. Later, with 120 more
    // cards in the deck it fell to 27 (7 wrong); counting overlapping CJK bigrams at half weight
    // brought it back to 28 found, 6 wrong, 0 of 7 false, and the Chinese-English subject table
    // to 30 found, 5 wrong, 0 of 7 false. With the deck at 1,104 cards six of the old negatives
    // have cards of their own (relabelled), six questions from outside the field replace them as
    // negatives: 32 of 43 found, 9 a sibling card, 0 of 7 false. With the fitted ranking score
    // (tags holding the subjects' Chinese names, key points, coding intent): 34 found, 7 wrong.
    CHECK(withTerms.found * 100 >= withTerms.positives * 65);
    CHECK(withTerms.wrong * 4 <= withTerms.positives);
    CHECK(withTerms.falseMatches == 0);
    CHECK(withTerms.found > ngrams.found);
}

TEST_CASE("A question asks for code when it says so in Chinese or English", "[terms]")
{
    CHECK(importer::asksForCode("手撕 LRU"));
    CHECK(importer::asksForCode("实现一个线程池"));
    CHECK(importer::asksForCode("Implement a ring buffer"));
    CHECK(importer::asksForCode("LC 76 最小覆盖子串"));
    CHECK(importer::asksForCode("lc146"));
    CHECK_FALSE(importer::asksForCode("LRU 淘汰策略有哪些缺点"));
    CHECK_FALSE(importer::asksForCode("calc 76 cycles"));  // "lc" inside a word is not LeetCode
}

TEST_CASE("Ranking features, worked out by hand: the tags count, and a coding question meets a coding card",
          "[terms]")
{
    importer::CardText a, b;
    a.question = "TCP 建立连接的过程是什么？";
    a.subject = "systems tcp handshake";
    a.tags = "tcp, 三次握手";
    b.question = "写一个 TCP 服务器";
    b.subject = "coding tcp server";
    b.coding = true;
    const TermMatcher m({a, b});
    // Terms of "TCP 三次握手": tcp, 三次, 次握, 握手, and handshake from the subject-name table.
    // tcp is in both cards' main field (question and subject): idf ln(3 / 2.5); handshake in card
    // a's subject only: ln(3 / 1.5); the three bigrams in no main field: ln(3 / 0.5) each, at half
    // weight (overlapping bigrams). Card a's tags give the same five terms.
    const double total = std::log(1.2) + std::log(2.0) + 1.5 * std::log(6.0);
    const auto hits = m.ranked("TCP 三次握手", 2);
    REQUIRE(hits.size() == 2);
    CHECK(hits[0].index == 0);
    const auto& x = hits[0].features;
    CHECK(x[importer::kCoverage] == Approx((std::log(1.2) + std::log(2.0)) / total));
    CHECK(x[importer::kSubjectCoverage] == Approx((std::log(1.2) + std::log(2.0)) / total));
    CHECK(x[importer::kTagCoverage] == Approx(1.0));
    CHECK(x[importer::kAnyCoverage] == Approx(1.0));
    CHECK(x[importer::kEnglishCoverage] == 0.0);
    CHECK(x[importer::kCodingCardOnly] == 0.0);
    // Card b: the query does not ask for code, b is a coding card.
    CHECK(hits[1].features[importer::kCodingCardOnly] == 1.0);
    CHECK(hits[1].features[importer::kAnyCoverage] == Approx(std::log(1.2) / total));
    CHECK(hits[1].features[importer::kTagCoverage] == 0.0);
    // Asking for code flips the coding features.
    const auto code = m.ranked("手写 TCP 三次握手", 2);
    REQUIRE(code.size() == 2);
    for (const auto& h : code) {
        CHECK(h.features[importer::kCodingBoth] == (h.index == 1 ? 1.0 : 0.0));
        CHECK(h.features[importer::kCodingQueryOnly] == (h.index == 0 ? 1.0 : 0.0));
    }
    // The score is the weighted sum of the features, best first.
    double s = 0;
    for (std::size_t k = 0; k < importer::kFeatureCount; ++k)
        s += importer::kRankerWeights[k] * hits[0].features[k];
    CHECK(hits[0].score == Approx(s));
    CHECK(hits[0].score >= hits[1].score);
}

TEST_CASE("Key points in a typed answer, worked out by hand", "[terms][practice]")
{
    // Point 1 has the terms kv and 显存 (weight 1 + 0.5); the answer holds kv only: 1 / 1.5, at
    // least kCoveredShare. Point 2, 量化 (0.5), is not in the answer; point 3 is empty.
    const auto c = importer::keyPointCoverage("讲讲 KV cache 的大小", {"KV 显存", "量化", ""});
    REQUIRE(c.size() == 3);
    CHECK(c[0].share == Approx(1.0 / 1.5));
    CHECK(c[0].level == importer::PointCoverage::Level::Covered);
    CHECK(c[0].matched == std::vector<std::string>{"kv"});
    CHECK(c[1].level == importer::PointCoverage::Level::Missing);
    CHECK(c[2].share == 0);
    CHECK(importer::keyPointCoverage("", {"KV 显存"})[0].level == importer::PointCoverage::Level::Missing);
}

TEST_CASE("Field test: key points marked covered in typed answers, against labels by meaning",
          "[terms][practice]")
{
    std::ifstream in(std::string(INFRACARDS_SOURCE_DIR) + "/tests/import/data/typed_answers.tsv");
    REQUIRE(in);
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open_v2(INFRACARDS_DEFAULT_DECK_FILE, &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
    int truePos = 0, predicted = 0, labelled = 0, points = 0, missedRight = 0, missedLabelled = 0;
    std::string line;
    bool header = true;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#')
            continue;
        if (header) {
            header = false;
            continue;
        }
        std::vector<std::string> cells;
        for (std::size_t a = 0; a <= line.size();) {
            const std::size_t b = std::min(line.find('\t', a), line.size());
            cells.push_back(line.substr(a, b - a));
            a = b + 1;
        }
        REQUIRE(cells.size() == 3);
        sqlite3_stmt* st = nullptr;
        REQUIRE(sqlite3_prepare_v2(db, "SELECT key_points FROM cards WHERE uid = ?1", -1, &st, nullptr)
                == SQLITE_OK);
        sqlite3_bind_text(st, 1, cells[0].c_str(), -1, SQLITE_TRANSIENT);
        REQUIRE(sqlite3_step(st) == SQLITE_ROW);
        const std::string kp = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
        sqlite3_finalize(st);
        std::vector<std::string> keyPoints, labels;
        for (std::size_t a = 0; a <= kp.size();) {
            const std::size_t b = std::min(kp.find('\n', a), kp.size());
            keyPoints.push_back(kp.substr(a, b - a));
            a = b + 1;
        }
        for (std::size_t a = 0; a <= cells[1].size();) {
            const std::size_t b = std::min(cells[1].find(',', a), cells[1].size());
            labels.push_back(cells[1].substr(a, b - a));
            a = b + 1;
        }
        INFO(cells[0]);
        REQUIRE(labels.size() == keyPoints.size());
        const auto got = importer::keyPointCoverage(cells[2], keyPoints);
        for (std::size_t i = 0; i < got.size(); ++i) {
            ++points;
            const bool said = got[i].level == importer::PointCoverage::Level::Covered;
            predicted += said;
            labelled += labels[i] == "C";
            truePos += said && labels[i] == "C";
            missedLabelled += labels[i] == "M";
            missedRight += labels[i] == "M" && got[i].level == importer::PointCoverage::Level::Missing;
            if (said != (labels[i] == "C"))
                UNSCOPED_INFO(cells[0] << " point " << i + 1 << ": labelled " << labels[i] << ", share "
                                       << got[i].share);
        }
    }
    sqlite3_close(db);
    const double precision = static_cast<double>(truePos) / predicted,
                 recall = static_cast<double>(truePos) / labelled;
    WARN(points << " key points: \"covered\" precision " << precision << " (" << truePos << " of "
                << predicted << "), recall " << recall << " (" << truePos << " of " << labelled
                << "); missing points marked missing: " << missedRight << " of " << missedLabelled);
    CHECK(points >= 50);
    // Measured when the thresholds were set (on these same answers, there is no held-out set
    // yet): precision 0.90 (18 of 20), recall 0.90 (18 of 20); 15 of 23 missing points marked missing.
    CHECK(precision >= 0.8);
    CHECK(recall >= 0.8);
}
