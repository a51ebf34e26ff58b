// Checks the SPSC ring buffer solution (resources/deck/coding/coding-spsc-ring-buffer.cpp).
#include <catch2/catch.hpp>

#include <cstdint>
#include <thread>

#include "coding-spsc-ring-buffer.cpp"

TEST_CASE("SPSC ring is FIFO and reports full and empty", "[coding][spsc]")
{
    spsc::SpscRing<int, 4> ring;
    CHECK_FALSE(ring.tryPop().has_value());
    for (int i = 0; i < 4; ++i)
        CHECK(ring.tryPush(i));
    CHECK_FALSE(ring.tryPush(99));  // capacity 4 reached: all four slots are usable
    CHECK(ring.size() == 4);
    CHECK(ring.tryPop() == 0);
    CHECK(ring.tryPush(4));  // wraps around into the freed slot
    for (int i = 1; i <= 4; ++i)
        CHECK(ring.tryPop() == i);
    CHECK_FALSE(ring.tryPop().has_value());
}

TEST_CASE("SPSC ring passes one million items between two threads in order", "[coding][spsc]")
{
    // Expected sum 1 + 2 + ... + N = N (N + 1) / 2 (hand formula), and strict order 1..N.
    constexpr std::uint64_t kCount = 1'000'000;
    spsc::SpscRing<std::uint64_t, 1024> ring;
    std::thread producer([&] {
        for (std::uint64_t i = 1; i <= kCount; ++i) {
            while (!ring.tryPush(i))
                std::this_thread::yield();
        }
    });
    std::uint64_t expected = 1, sum = 0;
    bool ordered = true;
    while (expected <= kCount) {
        if (auto v = ring.tryPop()) {
            ordered = ordered && (*v == expected);
            sum += *v;
            ++expected;
        } else {
            std::this_thread::yield();
        }
    }
    producer.join();
    CHECK(ordered);
    CHECK(sum == kCount * (kCount + 1) / 2);
    CHECK_FALSE(ring.tryPop().has_value());
}
