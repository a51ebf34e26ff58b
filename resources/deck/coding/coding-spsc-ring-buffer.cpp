// Reference solution for card coding-spsc-ring-buffer: a lock-free single-producer single-consumer
// ring buffer.
//
// The producer is the only writer of head_ and the consumer the only writer of tail_, so each index
// needs only an atomic store, never a read-modify-write. Both indices count up forever (a 64-bit
// counter does not wrap in practice) and the slot is index & (Capacity - 1); head - tail is then the
// number of stored items, which tells full from empty without wasting a slot.
//
// Memory ordering: the producer writes the slot, then publishes it with a release store of head_;
// the consumer's acquire load of head_ makes that slot write visible before it reads the slot. The
// same pairing on tail_ tells the producer a slot has been read and may be overwritten.
#include <array>
#include <atomic>
#include <cstddef>
#include <optional>

namespace spsc {

// 64 bytes is the cache-line size of current x86-64 and most Arm server cores; keeping the two
// indices on separate lines stops the producer's and consumer's writes from invalidating each other
// (false sharing).
inline constexpr std::size_t kCacheLine = 64;

template <typename T, std::size_t Capacity>
class SpscRing {
    static_assert(Capacity >= 2 && (Capacity & (Capacity - 1)) == 0,
                  "capacity must be a power of two so that the slot is a mask, not a division");

public:
    // Producer thread only. Returns false when the ring is full.
    bool tryPush(const T& value) {
        const std::size_t head = head_.load(std::memory_order_relaxed);  // our own index
        const std::size_t tail = tail_.load(std::memory_order_acquire);
        if (head - tail == Capacity) {
            return false;
        }
        slots_[head & (Capacity - 1)] = value;
        head_.store(head + 1, std::memory_order_release);
        return true;
    }

    // Consumer thread only. Returns nothing when the ring is empty.
    std::optional<T> tryPop() {
        const std::size_t tail = tail_.load(std::memory_order_relaxed);  // our own index
        const std::size_t head = head_.load(std::memory_order_acquire);
        if (head == tail) {
            return std::nullopt;
        }
        T value = slots_[tail & (Capacity - 1)];
        tail_.store(tail + 1, std::memory_order_release);
        return value;
    }

    // Approximate when called while the other thread is running.
    std::size_t size() const {
        return head_.load(std::memory_order_acquire) - tail_.load(std::memory_order_acquire);
    }

private:
    alignas(kCacheLine) std::atomic<std::size_t> head_{0};  // next slot to write
    alignas(kCacheLine) std::atomic<std::size_t> tail_{0};  // next slot to read
    alignas(kCacheLine) std::array<T, Capacity> slots_{};
};

}  // namespace spsc
