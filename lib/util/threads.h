// SPDX-License-Identifier: Apache-2.0
// Threads for work spread over the cores (parallel_for, the directory walk).
#pragma once

#include <pthread.h>

#include <functional>
#include <memory>

namespace hcl::util {

// A joinable thread that starts on a core other than the one its creator runs on, then may run on
// any core its creator may. Left to itself, Linux often starts a new thread on its creator's
// core: on two cores the pair then shares one core for a scheduler slice (about 4 ms, seen with
// perf sched) before the new thread migrates, a tenth of a directory run.
class Thread {
 public:
  struct Start;  // what the new thread is handed (threads.cpp)

  // Runs `fn` on a new thread; started() is false when none could be created.
  explicit Thread(std::function<void()> fn);
  ~Thread();  // joins; an exception from `fn` not taken by join() is dropped
  Thread(const Thread&) = delete;
  Thread& operator=(const Thread&) = delete;
  Thread(Thread&& o) noexcept;
  Thread& operator=(Thread&&) = delete;

  bool started() const { return started_; }
  // Waits for the thread to end. An exception that left `fn` (memory refused, say) is thrown
  // here, on the joining thread, where it can be reported: left on the thread it would end the
  // process without a word.
  void join();

 private:
  std::unique_ptr<Start> start_;  // what the thread runs, where it outlives a move of this
  pthread_t thread_{};
  bool started_ = false;

  void wait();
};

// Waits for `done()` to hold by polling it for a short while, then returns whether it held.
// A waiter that sleeps at once (a condition variable) is woken onto its waker's core, where the
// two then take turns: spinning first keeps both cores busy when the wait is short.
bool spin_until(const std::function<bool()>& done);

}  // namespace hcl::util
