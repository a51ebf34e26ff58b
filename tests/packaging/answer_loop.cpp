// answer_loop: answers cards in one long-running process, for the SIGKILL test.
//   answer_loop COLLECTION [START_UNIX_MS]
// Opens the collection like the app does, then forever: takes the first card of today's queue
// (moving the clock to the next day when the queue is empty), answers it with the grades
// again, hard, good, easy in turn, and only after answerCard() has returned (the transaction
// is committed) prints the review id on its own line and flushes stdout. A line on stdout is
// therefore an acknowledgement the collection must keep whatever happens next.
// The simulated clock advances 20 s per answer (units: Unix milliseconds, UTC).
#include <cstdio>
#include <cstdlib>
#include <string>

#include "deck/collection.h"

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: answer_loop COLLECTION [START_UNIX_MS]\n");
        return 2;
    }
    auto collection = deck::Collection::open(argv[1]);
    if (!collection) {
        std::fprintf(stderr, "answer_loop: %s\n", collection.error().describe().c_str());
        return 1;
    }
    // 2026-11-29 10:00 UTC unless given: far enough from the CLI's own clock not to matter.
    std::int64_t nowMs = argc > 2 ? std::atoll(argv[2]) : 1795946400000LL;
    for (long i = 0;; ++i) {
        auto queue = collection->todayQueue({nowMs, 0});
        for (int skipped = 0; queue && queue->order.empty() && skipped < 3650; ++skipped) {
            nowMs += 86400LL * 1000;
            queue = collection->todayQueue({nowMs, 0});
        }
        if (!queue || queue->order.empty()) {
            std::fprintf(stderr, "answer_loop: no queue: %s\n",
                         queue ? "empty for ten years" : queue.error().describe().c_str());
            return 1;
        }
        const auto grade = static_cast<scheduler::Answer>(1 + i % 4);
        auto outcome = collection->answerCard(queue->order.front(), grade, {nowMs, 0}, 1500);
        if (!outcome) {
            std::fprintf(stderr, "answer_loop: %s\n", outcome.error().describe().c_str());
            return 1;
        }
        std::printf("%lld\n", static_cast<long long>(outcome->review.value));
        std::fflush(stdout);
        nowMs += 20 * 1000;
    }
}
