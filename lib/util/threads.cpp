// SPDX-License-Identifier: Apache-2.0
#include "util/threads.h"

#include <sched.h>

#include <atomic>
#include <chrono>
#include <exception>
#include <utility>
#include <vector>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace hcl::util {

struct Thread::Start {
  std::function<void()> fn;
  cpu_set_t allowed;  // the creator's cores, given back once the thread runs
  bool placed = false;
  std::exception_ptr error;  // what left `fn`, for join()
};

namespace {

void* run_start(void* p) {
  auto* start = static_cast<Thread::Start*>(p);
  if (start->placed) pthread_setaffinity_np(pthread_self(), sizeof start->allowed, &start->allowed);
  try {
    start->fn();
  } catch (...) { start->error = std::current_exception(); }
  return nullptr;
}

// The next of the creator's cores other than `here`, in turn, so threads started one after
// another begin on different cores; -1 when there is no other.
int other_core(const cpu_set_t& allowed, int here) {
  std::vector<int> others;
  for (int c = 0; c < CPU_SETSIZE; ++c)
    if (CPU_ISSET(c, &allowed) && c != here) others.push_back(c);
  if (others.empty()) return -1;
  static std::atomic<unsigned> turn{0};
  return others[turn.fetch_add(1, std::memory_order_relaxed) % others.size()];
}

}  // namespace

Thread::Thread(std::function<void()> fn) : start_(std::make_unique<Start>()) {
  start_->fn = std::move(fn);
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) != 0) return;
#ifndef __EMSCRIPTEN__  // WebAssembly has one thread and no affinity
  int here = sched_getcpu();
  if (here >= 0 && sched_getaffinity(0, sizeof start_->allowed, &start_->allowed) == 0) {
    int core = other_core(start_->allowed, here);
    if (core >= 0) {
      cpu_set_t first;
      CPU_ZERO(&first);
      CPU_SET(core, &first);
      start_->placed = pthread_attr_setaffinity_np(&attr, sizeof first, &first) == 0;
    }
  }
#endif
  started_ = pthread_create(&thread_, &attr, run_start, start_.get()) == 0;
  pthread_attr_destroy(&attr);
}

Thread::Thread(Thread&& o) noexcept : start_(std::move(o.start_)), thread_(o.thread_), started_(o.started_) {
  o.started_ = false;
}

Thread::~Thread() { wait(); }

void Thread::wait() {
  if (!started_) return;
  pthread_join(thread_, nullptr);
  started_ = false;
}

void Thread::join() {
  wait();
  if (start_ && start_->error) std::rethrow_exception(std::exchange(start_->error, nullptr));
}

bool spin_until(const std::function<bool()>& done) {
  // About a directory read or a small file's parse: longer waits are rare and may sleep.
  constexpr auto kSpin = std::chrono::microseconds(100);
  auto until = std::chrono::steady_clock::now() + kSpin;
  for (unsigned i = 1;; ++i) {
    if (done()) return true;
#if defined(__x86_64__) || defined(__i386__)
    _mm_pause();
#endif
    if (i % 64 == 0 && std::chrono::steady_clock::now() >= until) return done();
  }
}

}  // namespace hcl::util
