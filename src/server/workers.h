#pragma once
/// The few threads on which the arcade runs the commands that may take long (GameEntry::slow),
/// never on its I/O threads.

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace wg::server {

/// A few threads taking jobs in turn. Every job posted runs, even when the pool is being
/// destroyed (the arcade has stopped their work first), so every request gets its answer.
class Workers {
 public:
  explicit Workers(unsigned count) {
    for (unsigned i = 0; i < count; ++i) threads_.emplace_back([this] { work(); });
  }
  ~Workers() {
    {
      std::lock_guard lock(mutex_);
      closing_ = true;
    }
    ready_.notify_all();
    threads_.clear();  // joins
  }
  void post(std::function<void()> job) {
    {
      std::lock_guard lock(mutex_);
      jobs_.push_back(std::move(job));
    }
    ready_.notify_one();
  }
  /// Waits until every job posted has run and is gone (its captures destroyed).
  void wait_idle() {
    std::unique_lock lock(mutex_);
    idle_.wait(lock, [this] { return jobs_.empty() && busy_ == 0; });
  }

 private:
  void work() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock lock(mutex_);
        ready_.wait(lock, [this] { return closing_ || !jobs_.empty(); });
        if (jobs_.empty()) return;
        job = std::move(jobs_.front());
        jobs_.pop_front();
        ++busy_;
      }
      job();
      job = nullptr;
      {
        std::lock_guard lock(mutex_);
        --busy_;
      }
      idle_.notify_all();
    }
  }

  std::mutex mutex_;
  std::condition_variable ready_;
  std::condition_variable idle_;  ///< a job ended (wait_idle)
  std::deque<std::function<void()>> jobs_;
  unsigned busy_ = 0;  ///< jobs running
  bool closing_ = false;
  std::vector<std::jthread> threads_;  ///< last: joined before the rest goes
};

}  // namespace wg::server
