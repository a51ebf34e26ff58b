// Checks the LRU cache solution (resources/deck/coding/coding-lru-cache.cpp).
#include <catch2/catch.hpp>

#include <cstddef>
#include <random>
#include <utility>
#include <vector>

#include "coding-lru-cache.cpp"

TEST_CASE("LRU cache follows the hand-traced capacity-2 sequence", "[coding][lru]")
{
    // Trace worked by hand (the classic capacity-2 example): put 1, put 2, get 1 (1 becomes most
    // recent), put 3 evicts 2, put 4 evicts 1; then 1 and 2 miss, 3 and 4 hit.
    lru::LruCache<int, int> cache(2);
    CHECK_FALSE(cache.put(1, 1).has_value());
    CHECK_FALSE(cache.put(2, 2).has_value());
    CHECK(cache.get(1) == 1);
    CHECK(cache.put(3, 3) == 2);
    CHECK_FALSE(cache.get(2).has_value());
    CHECK(cache.put(4, 4) == 1);
    CHECK_FALSE(cache.get(1).has_value());
    CHECK(cache.get(3) == 3);
    CHECK(cache.get(4) == 4);
    CHECK(cache.size() == 2);
}

TEST_CASE("LRU cache overwrite refreshes recency and capacity 0 stores nothing", "[coding][lru]")
{
    lru::LruCache<int, int> cache(2);
    cache.put(1, 10);
    cache.put(2, 20);
    CHECK_FALSE(cache.put(1, 11).has_value());  // overwrite, 1 is now most recent
    CHECK(cache.put(3, 30) == 2);               // so 2 is the one evicted
    CHECK(cache.get(1) == 11);

    lru::LruCache<int, int> empty(0);
    CHECK(empty.put(7, 7) == 7);
    CHECK_FALSE(empty.get(7).has_value());
}

TEST_CASE("LRU cache matches a brute-force timestamp model on random operations", "[coding][lru]")
{
    // Independent reference: a vector of (key, value, lastUse) scanned linearly; eviction picks the
    // smallest lastUse. O(capacity) per operation, obviously correct.
    struct Slot {
        int key;
        int value;
        long lastUse;
    };
    const std::size_t capacity = 5;
    lru::LruCache<int, int> cache(capacity);
    std::vector<Slot> model;
    std::mt19937 rng(12345);
    std::uniform_int_distribution<int> keyDist(0, 9), opDist(0, 1), valueDist(0, 1000);
    for (long t = 0; t < 20000; ++t) {
        const int key = keyDist(rng);
        Slot* found = nullptr;
        for (auto& s : model)
            if (s.key == key)
                found = &s;
        if (opDist(rng) == 0) {
            const auto got = cache.get(key);
            REQUIRE(got.has_value() == (found != nullptr));
            if (found) {
                REQUIRE(*got == found->value);
                found->lastUse = t;
            }
        } else {
            const int value = valueDist(rng);
            const auto evicted = cache.put(key, value);
            if (found) {
                found->value = value;
                found->lastUse = t;
                REQUIRE_FALSE(evicted.has_value());
            } else {
                if (model.size() == capacity) {
                    std::size_t oldest = 0;
                    for (std::size_t i = 1; i < model.size(); ++i)
                        if (model[i].lastUse < model[oldest].lastUse)
                            oldest = i;
                    REQUIRE(evicted == model[oldest].key);
                    model.erase(model.begin() + static_cast<std::ptrdiff_t>(oldest));
                } else {
                    REQUIRE_FALSE(evicted.has_value());
                }
                model.push_back({key, value, t});
            }
        }
        REQUIRE(cache.size() == model.size());
    }
}
