// Reference solution for card coding-memory-pool: a fixed-size block pool with an intrusive free list.
//
// One contiguous buffer is cut into equal blocks. A free block stores the pointer to the next free
// block inside itself, so the free list costs no extra memory; allocate and deallocate are a pop and
// a push on that list, O(1) and without system calls. Block size is rounded up so that every block
// can hold that pointer and is aligned for any fundamental type.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>

namespace mempool {

class FixedBlockPool {
public:
    FixedBlockPool(std::size_t blockBytes, std::size_t blockCount)
        : blockBytes_(roundUp(blockBytes < sizeof(FreeNode) ? sizeof(FreeNode) : blockBytes,
                              alignof(std::max_align_t))),
          blockCount_(blockCount),
          storage_(static_cast<std::byte*>(::operator new(blockBytes_ * blockCount,
                                                          std::align_val_t{alignof(std::max_align_t)}))) {
        // Thread the free list through the blocks in address order.
        for (std::size_t i = blockCount; i-- > 0;) {
            auto* node = reinterpret_cast<FreeNode*>(storage_ + i * blockBytes_);
            node->next = freeList_;
            freeList_ = node;
        }
    }

    FixedBlockPool(const FixedBlockPool&) = delete;
    FixedBlockPool& operator=(const FixedBlockPool&) = delete;

    ~FixedBlockPool() { ::operator delete(storage_, std::align_val_t{alignof(std::max_align_t)}); }

    // Returns nullptr when every block is in use (an error value, not an exception: the caller
    // decides whether to fall back to the heap or to back-pressure).
    void* allocate() {
        if (freeList_ == nullptr) {
            return nullptr;
        }
        FreeNode* node = freeList_;
        freeList_ = node->next;
        ++inUse_;
        return node;
    }

    // p must come from this pool's allocate() and not be freed twice.
    void deallocate(void* p) {
        auto* node = static_cast<FreeNode*>(p);
        node->next = freeList_;
        freeList_ = node;
        --inUse_;
    }

    bool owns(const void* p) const {
        const auto* b = static_cast<const std::byte*>(p);
        return b >= storage_ && b < storage_ + blockBytes_ * blockCount_ &&
               static_cast<std::size_t>(b - storage_) % blockBytes_ == 0;
    }

    std::size_t blockBytes() const { return blockBytes_; }
    std::size_t inUse() const { return inUse_; }

private:
    struct FreeNode {
        FreeNode* next;
    };

    static std::size_t roundUp(std::size_t n, std::size_t multiple) {
        return (n + multiple - 1) / multiple * multiple;
    }

    std::size_t blockBytes_;
    std::size_t blockCount_;
    std::byte* storage_;
    FreeNode* freeList_ = nullptr;
    std::size_t inUse_ = 0;
};

}  // namespace mempool
