// Checks the merge-k-sorted-lists solution (resources/deck/coding/coding-merge-k-sorted-lists.cpp).
#include <catch2/catch.hpp>

#include <algorithm>
#include <deque>
#include <random>
#include <vector>

#include "coding-merge-k-sorted-lists.cpp"

namespace {

// Builds linked lists out of a deque of nodes (stable addresses) so the test owns the memory.
std::vector<mergek::ListNode*> buildLists(const std::vector<std::vector<int>>& lists,
                                          std::deque<mergek::ListNode>& storage)
{
    std::vector<mergek::ListNode*> heads;
    for (const auto& values : lists) {
        mergek::ListNode* head = nullptr;
        for (auto it = values.rbegin(); it != values.rend(); ++it) {
            storage.push_back({*it, head});
            head = &storage.back();
        }
        heads.push_back(head);
    }
    return heads;
}

std::vector<int> toVector(const mergek::ListNode* node)
{
    std::vector<int> out;
    for (; node != nullptr; node = node->next)
        out.push_back(node->value);
    return out;
}

}  // namespace

TEST_CASE("Merging three small sorted lists", "[coding][mergek]")
{
    // [1 4 5], [1 3 4], [2 6] merged by hand: 1 1 2 3 4 4 5 6.
    std::deque<mergek::ListNode> storage;
    const auto heads = buildLists({{1, 4, 5}, {1, 3, 4}, {2, 6}}, storage);
    CHECK(toVector(mergek::mergeSortedLists(heads)) == std::vector<int>{1, 1, 2, 3, 4, 4, 5, 6});
    CHECK(mergek::mergeSortedLists({}) == nullptr);
    CHECK(mergek::mergeSortedLists({nullptr, nullptr}) == nullptr);
}

TEST_CASE("Merging random sorted lists equals sorting all values", "[coding][mergek]")
{
    std::mt19937 rng(5);
    for (int trial = 0; trial < 200; ++trial) {
        std::vector<std::vector<int>> lists(rng() % 8);
        std::vector<int> all;
        for (auto& l : lists) {
            l.resize(rng() % 10);
            for (int& v : l)
                v = static_cast<int>(rng() % 50);
            std::sort(l.begin(), l.end());
            all.insert(all.end(), l.begin(), l.end());
        }
        std::sort(all.begin(), all.end());
        std::deque<mergek::ListNode> storage;
        REQUIRE(toVector(mergek::mergeSortedLists(buildLists(lists, storage))) == all);
    }
}
