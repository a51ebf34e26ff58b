// Reference solution for card coding-merge-k-sorted-lists: merge k sorted singly linked lists with a
// min-heap of list heads.
//
// The heap holds at most one node per list (its current head), so each of the N nodes is pushed and
// popped once: O(N log k) time, O(k) extra memory, and the nodes are relinked rather than copied.
#include <cstddef>
#include <functional>
#include <queue>
#include <utility>
#include <vector>

namespace mergek {

struct ListNode {
    int value;
    ListNode* next;
};

inline ListNode* mergeSortedLists(const std::vector<ListNode*>& lists) {
    // Ties broken by list index so that equal values keep the order of the input lists (stable).
    using Item = std::pair<std::pair<int, std::size_t>, ListNode*>;
    auto later = [](const Item& x, const Item& y) { return x.first > y.first; };
    std::priority_queue<Item, std::vector<Item>, decltype(later)> heads(later);
    for (std::size_t i = 0; i < lists.size(); ++i) {
        if (lists[i] != nullptr) {
            heads.push({{lists[i]->value, i}, lists[i]});
        }
    }
    ListNode dummy{0, nullptr};
    ListNode* tail = &dummy;
    while (!heads.empty()) {
        auto [key, node] = heads.top();
        heads.pop();
        tail->next = node;
        tail = node;
        if (node->next != nullptr) {
            heads.push({{node->next->value, key.second}, node->next});
        }
    }
    tail->next = nullptr;
    return dummy.next;
}

}  // namespace mergek
