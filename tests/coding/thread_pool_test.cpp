// Checks the thread pool solution (resources/deck/coding/coding-thread-pool.cpp).
#include <catch2/catch.hpp>

#include <atomic>
#include <cstdint>
#include <future>
#include <stdexcept>
#include <vector>

#include "coding-thread-pool.cpp"

TEST_CASE("Thread pool returns every task's result through its future", "[coding][threadpool]")
{
    // Sum of squares 0..999 = n (n + 1) (2n + 1) / 6 with n = 999: 999 * 1000 * 1999 / 6 = 332833500.
    pool::ThreadPool workers(4);
    std::vector<std::future<std::int64_t>> results;
    for (std::int64_t i = 0; i < 1000; ++i) {
        results.push_back(workers.submit([i] { return i * i; }));
    }
    std::int64_t total = 0;
    for (auto& f : results)
        total += f.get();
    CHECK(total == 332833500);
}

TEST_CASE("Thread pool forwards exceptions and drains the queue on destruction", "[coding][threadpool]")
{
    std::atomic<int> done{0};
    {
        pool::ThreadPool workers(2);
        auto failing = workers.submit([]() -> int { throw std::runtime_error("boom"); });
        CHECK_THROWS_AS(failing.get(), std::runtime_error);
        for (int i = 0; i < 200; ++i) {
            workers.submit([&done] { done.fetch_add(1); });
        }
    }  // destructor must run all 200 queued tasks before joining
    CHECK(done.load() == 200);
}
