// SPDX-License-Identifier: Apache-2.0
// Running independent jobs on all cores while keeping results in input order.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <thread>
#include <vector>

#include "util/threads.h"

namespace hcl::util {

// Calls job(i) for every i in [0, n), on up to `threads` threads (0: one per core). Jobs must be
// independent; each writes only its own result slot. An exception from a job stops the taking of
// jobs and is thrown to the caller once every thread has ended.
inline void parallel_for(size_t n, const std::function<void(size_t)>& job, unsigned threads = 0) {
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  if (n <= 1 || threads == 1) {
    for (size_t i = 0; i < n; ++i) job(i);
    return;
  }
  std::atomic<size_t> next{0};
  auto worker = [&] {
    try {
      for (size_t i; (i = next.fetch_add(1)) < n;) job(i);
    } catch (...) {
      next.store(n);  // the others take no more jobs; the exception reaches the caller (join)
      throw;
    }
  };
  std::vector<Thread> pool;
  size_t count = std::min<size_t>(threads, n);
  pool.reserve(count);
  for (size_t t = 1; t < count; ++t) {
    pool.emplace_back(worker);
    if (!pool.back().started()) break;  // no thread to spare: the ones running take the jobs
  }
  worker();
  for (auto& t : pool) t.join();
}

}  // namespace hcl::util
