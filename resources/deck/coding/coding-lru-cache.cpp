// Reference solution for card coding-lru-cache: a least-recently-used cache with O(1) get and put.
//
// A doubly linked list keeps the entries in recency order (front = most recently used) and a hash
// map from key to list iterator finds an entry in O(1). A hit moves its node to the front with
// std::list::splice, which relinks the node without allocating and keeps every iterator valid, so
// the map never needs fixing up.
#include <cstddef>
#include <list>
#include <optional>
#include <unordered_map>
#include <utility>

namespace lru {

template <typename Key, typename Value>
class LruCache {
public:
    explicit LruCache(std::size_t capacity) : capacity_(capacity) {}

    // Returns the value and marks the key as most recently used.
    std::optional<Value> get(const Key& key) {
        auto it = index_.find(key);
        if (it == index_.end()) {
            return std::nullopt;
        }
        order_.splice(order_.begin(), order_, it->second);
        return it->second->second;
    }

    // Inserts or overwrites the key (it becomes most recently used). Returns the key that was
    // evicted to make room, if any. A cache of capacity 0 stores nothing and evicts the key itself.
    std::optional<Key> put(const Key& key, Value value) {
        if (capacity_ == 0) {
            return key;
        }
        if (auto it = index_.find(key); it != index_.end()) {
            it->second->second = std::move(value);
            order_.splice(order_.begin(), order_, it->second);
            return std::nullopt;
        }
        std::optional<Key> evicted;
        if (index_.size() == capacity_) {
            evicted = order_.back().first;  // the least recently used entry is at the back
            index_.erase(order_.back().first);
            order_.pop_back();
        }
        order_.emplace_front(key, std::move(value));
        index_.emplace(key, order_.begin());
        return evicted;
    }

    std::size_t size() const { return index_.size(); }

private:
    using Entry = std::pair<Key, Value>;
    std::size_t capacity_;
    std::list<Entry> order_;
    std::unordered_map<Key, typename std::list<Entry>::iterator> index_;
};

}  // namespace lru
