// Reference solution for card coding-thread-pool: a fixed-size thread pool whose submit() returns a
// std::future.
//
// One mutex-protected FIFO queue and one condition variable. Workers sleep on the condition variable
// while the queue is empty; the destructor sets stopping_, wakes everyone, and workers exit only once
// the queue is drained, so every submitted task runs and every future becomes ready.
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <queue>
#include <stdexcept>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

namespace pool {

class ThreadPool {
public:
    explicit ThreadPool(std::size_t threadCount) {
        if (threadCount == 0) {
            threadCount = 1;
        }
        workers_.reserve(threadCount);
        for (std::size_t i = 0; i < threadCount; ++i) {
            workers_.emplace_back([this] { workerLoop(); });
        }
    }

    ThreadPool(const ThreadPool&) = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    ~ThreadPool() {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            stopping_ = true;
        }
        wake_.notify_all();
        for (auto& worker : workers_) {
            worker.join();
        }
    }

    // The task's return value or exception arrives through the future.
    template <typename F>
    std::future<std::invoke_result_t<F>> submit(F&& task) {
        using Result = std::invoke_result_t<F>;
        // packaged_task is move-only but std::function needs a copyable callable, hence shared_ptr.
        auto packaged = std::make_shared<std::packaged_task<Result()>>(std::forward<F>(task));
        std::future<Result> result = packaged->get_future();
        {
            std::lock_guard<std::mutex> lock(mutex_);
            if (stopping_) {
                throw std::runtime_error("submit on a stopping ThreadPool");
            }
            tasks_.emplace([packaged] { (*packaged)(); });
        }
        wake_.notify_one();
        return result;
    }

    std::size_t threadCount() const { return workers_.size(); }

private:
    void workerLoop() {
        for (;;) {
            std::function<void()> task;
            {
                std::unique_lock<std::mutex> lock(mutex_);
                wake_.wait(lock, [this] { return stopping_ || !tasks_.empty(); });
                if (tasks_.empty()) {
                    return;  // stopping and drained
                }
                task = std::move(tasks_.front());
                tasks_.pop();
            }
            task();  // run outside the lock so other workers can dequeue meanwhile
        }
    }

    std::mutex mutex_;
    std::condition_variable wake_;
    std::queue<std::function<void()>> tasks_;
    bool stopping_ = false;
    std::vector<std::thread> workers_;
};

}  // namespace pool
