#pragma once
/// The arcade's time in tests (ArcadeClock), moved by the test: timers fire when the test
/// advances past them, and the wall clock (the times of recorded games) moves with it, from a
/// fixed start. Nothing in a test waits on real time.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "server/arcade.h"

namespace wg::server::test {

struct TestTime {
  /// The wall clock's time at the start: 2026-01-01T00:00:00Z.
  static constexpr std::int64_t kStartMs = 1'767'225'600'000;

  /// A task waiting for its time.
  struct Waiting {
    std::chrono::steady_clock::time_point at;
    std::function<void()> task;
    std::uint64_t id = 0;
  };

  std::chrono::steady_clock::time_point now{};
  std::vector<Waiting> timers;  ///< neither run nor cancelled
  std::uint64_t next_id = 0;

  ArcadeClock clock() {
    return {[this] { return now; },
            [this](std::chrono::milliseconds delay, std::function<void()> task) {
              const std::uint64_t id = ++next_id;
              timers.push_back({now + delay, std::move(task), id});
              return TimerHandle([this, id] {
                std::erase_if(timers, [id](const Waiting& waiting) { return waiting.id == id; });
              });
            },
            [this] {
              return std::chrono::system_clock::time_point(std::chrono::milliseconds(kStartMs)) +
                     std::chrono::duration_cast<std::chrono::system_clock::duration>(
                         now.time_since_epoch());
            }};
  }
  /// The wall clock now, in unix milliseconds.
  std::int64_t now_ms() const {
    return kStartMs +
           std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count();
  }
  void advance(std::chrono::milliseconds by) {
    now += by;
    for (bool fired = true; fired;) {
      fired = false;
      for (std::size_t i = 0; i < timers.size(); ++i) {
        if (timers[i].at <= now) {
          auto task = std::move(timers[i].task);
          timers.erase(timers.begin() + static_cast<std::ptrdiff_t>(i));
          task();
          fired = true;
          break;
        }
      }
    }
  }
};

}  // namespace wg::server::test
