// Reference solution for card coding-top-k: the k largest values of a stream with a size-k min-heap.
//
// The heap's top is the smallest of the k best values seen so far; a new value only enters when it
// beats that top. One pass, O(n log k) time and O(k) memory, so it works on a stream that does not
// fit in memory (std::nth_element would need all n values).
#include <algorithm>
#include <cstddef>
#include <functional>
#include <queue>
#include <vector>

namespace topk {

// Returns the k largest values in descending order (all values if k >= size).
inline std::vector<int> largestK(const std::vector<int>& values, std::size_t k) {
    if (k == 0) {
        return {};
    }
    std::priority_queue<int, std::vector<int>, std::greater<int>> best;  // min-heap
    for (int v : values) {
        if (best.size() < k) {
            best.push(v);
        } else if (v > best.top()) {
            best.pop();
            best.push(v);
        }
    }
    std::vector<int> result;
    result.reserve(best.size());
    while (!best.empty()) {
        result.push_back(best.top());
        best.pop();
    }
    std::reverse(result.begin(), result.end());  // the heap popped them in ascending order
    return result;
}

}  // namespace topk
