// Kill during answering: a child process answers cards as fast as it can and reports each
// review id on a pipe only after answerCard() has returned (committed). The parent kills it
// with SIGKILL at a random moment; afterwards the collection must open, pass the integrity
// check, and hold every acknowledged answer.
#include <catch2/catch.hpp>

#include <csignal>
#include <random>
#include <set>
#include <sys/wait.h>
#include <unistd.h>

#include "deck/storage/database.h"
#include "deck/storage/access.h"
#include "test_support.h"

using namespace deck;

namespace {

[[noreturn]] void answerForever(const std::string& path, int fd)
{
    auto c = Collection::open(path);
    if (!c.ok())
        _exit(3);
    std::int64_t t = testing::dayNow().unixMs;
    for (int i = 0;; ++i) {
        auto q = c->todayQueue({t, 0});
        while (q.ok() && q->order.empty()) {
            t += 86400 * 1000;  // everything answered today: move on to the next day
            q = c->todayQueue({t, 0});
        }
        if (!q.ok())
            _exit(4);
        const auto answer = static_cast<scheduler::Answer>(1 + i % 4);
        auto outcome = c->answerCard(q->order.front(), answer, {t, 0}, 100);
        if (!outcome.ok())
            _exit(5);
        const std::int64_t id = outcome->review.value;
        if (write(fd, &id, sizeof id) != sizeof id)
            _exit(6);
        t += 1000;
    }
}

}  // namespace

TEST_CASE("SIGKILL while answering loses no acknowledged answer", "[kill]")
{
    testing::TempDir dir;
    const std::string path = dir.file("kill.sqlite");
    {
        auto c = Collection::open(path, {.createIfMissing = true});
        REQUIRE(c.ok());
        ImportPlan plan;
        plan.source = "kill test";
        for (int i = 0; i < 50; ++i) {
            ImportPlan::NewCard n;
            n.content = testing::makeCard("", "cuda", "Q" + std::to_string(i));
            plan.newCards.push_back(n);
        }
        REQUIRE(c->applyImport(plan, testing::dayNow()).ok());
        CollectionConfig cfg;
        cfg.newPerDay = 9999;
        REQUIRE(c->setConfig(cfg).ok());
    }

    std::mt19937 rng(20261129);
    std::uniform_int_distribution<int> delayUs(0, 20000);
    std::uniform_int_distribution<int> acksFirst(1, 4);
    std::set<std::int64_t> acknowledged;
    const int kills = 25;
    for (int round = 0; round < kills; ++round) {
        int fds[2];
        REQUIRE(pipe(fds) == 0);
        const pid_t child = fork();
        REQUIRE(child >= 0);
        if (child == 0) {
            close(fds[0]);
            answerForever(path, fds[1]);
        }
        close(fds[1]);
        // Let the child get going (it may be slow on a loaded machine), then kill it at a
        // random moment in the middle of its work.
        std::int64_t id = 0;
        for (int n = acksFirst(rng); n > 0 && read(fds[0], &id, sizeof id) == sizeof id; --n)
            acknowledged.insert(id);
        usleep(static_cast<useconds_t>(delayUs(rng)));
        kill(child, SIGKILL);
        int status = 0;
        waitpid(child, &status, 0);
        while (read(fds[0], &id, sizeof id) == sizeof id)
            acknowledged.insert(id);
        close(fds[0]);
        INFO("round " << round << ", child status " << status);
        CHECK(WIFSIGNALED(status));

        auto c = Collection::open(path);
        REQUIRE(c.ok());
        auto st = deck::storage::of(*c).prepare("PRAGMA integrity_check");
        REQUIRE(st.ok());
        REQUIRE(st->step());
        CHECK(st->text(0) == "ok");
        std::set<std::int64_t> stored;
        auto ids = deck::storage::of(*c).prepare("SELECT id FROM review_log");
        while (ids->step())
            stored.insert(ids->int64(0));
        for (std::int64_t ack : acknowledged) {
            INFO("acknowledged review " << ack);
            CHECK(stored.count(ack) == 1);
        }
    }
    // The test means something only if answers were acknowledged before kills.
    CHECK(acknowledged.size() > 10);
}
