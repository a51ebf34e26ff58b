// Checks the fixed-block memory pool solution (resources/deck/coding/coding-memory-pool.cpp).
#include <catch2/catch.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <set>
#include <vector>

#include "coding-memory-pool.cpp"

TEST_CASE("Memory pool hands out distinct aligned blocks until exhausted", "[coding][mempool]")
{
    mempool::FixedBlockPool pool(24, 8);
    // 24 bytes rounded up to the 16-byte max_align_t alignment of x86-64 gives 32-byte blocks.
    CHECK(pool.blockBytes() % alignof(std::max_align_t) == 0);
    CHECK(pool.blockBytes() >= 24);
    std::vector<void*> blocks;
    std::set<void*> distinct;
    for (int i = 0; i < 8; ++i) {
        void* p = pool.allocate();
        REQUIRE(p != nullptr);
        CHECK(pool.owns(p));
        CHECK(reinterpret_cast<std::uintptr_t>(p) % alignof(std::max_align_t) == 0);
        std::memset(p, i, 24);  // fill the whole requested size
        blocks.push_back(p);
        distinct.insert(p);
    }
    CHECK(distinct.size() == 8);
    CHECK(pool.allocate() == nullptr);  // exhausted is an error value, not a crash
    CHECK(pool.inUse() == 8);
    // No block's contents were overwritten by a neighbour.
    for (int i = 0; i < 8; ++i) {
        const auto* bytes = static_cast<const unsigned char*>(blocks[static_cast<std::size_t>(i)]);
        for (int b = 0; b < 24; ++b)
            REQUIRE(bytes[b] == static_cast<unsigned char>(i));
    }
}

TEST_CASE("Memory pool reuses freed blocks last-in first-out", "[coding][mempool]")
{
    mempool::FixedBlockPool pool(64, 4);
    void* a = pool.allocate();
    void* b = pool.allocate();
    pool.deallocate(a);
    pool.deallocate(b);
    CHECK(pool.allocate() == b);  // the free list is a stack: last freed comes back first
    CHECK(pool.allocate() == a);
    CHECK(pool.inUse() == 2);
    int local = 0;
    CHECK_FALSE(pool.owns(&local));
}
