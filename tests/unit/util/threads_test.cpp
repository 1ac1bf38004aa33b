// SPDX-License-Identifier: Apache-2.0
#include "util/threads.h"

#include <doctest/doctest.h>
#include <sched.h>

#include <atomic>
#include <new>
#include <stdexcept>
#include <thread>
#include <vector>

#include "util/parallel.h"

using hcl::util::Thread;

namespace {

cpu_set_t own_cores() {
  cpu_set_t set;
  CPU_ZERO(&set);
  REQUIRE(sched_getaffinity(0, sizeof set, &set) == 0);
  return set;
}

}  // namespace

TEST_CASE("a thread runs its function once, and may then run on every core its creator may") {
  cpu_set_t creator = own_cores();
  std::atomic<int> runs{0};
  cpu_set_t seen;
  CPU_ZERO(&seen);
  {
    Thread t([&] {
      ++runs;
      seen = own_cores();
    });
    REQUIRE(t.started());
    t.join();
    CHECK(!t.started());  // joined: a second join, or the destructor, does nothing
    t.join();
  }
  CHECK(runs == 1);
  CHECK(CPU_EQUAL(&seen, &creator));
}

TEST_CASE("threads moved into a growing vector still run their own functions") {
  std::vector<int> slots(16, 0);
  {
    std::vector<Thread> pool;
    for (int i = 0; i < 16; ++i) pool.emplace_back([&slots, i] { slots[i] = i + 1; });
  }  // destroying the vector joins every thread
  for (int i = 0; i < 16; ++i) CHECK(slots[i] == i + 1);
}

TEST_CASE("spin_until returns once its condition holds, and gives up when it never does") {
  std::atomic<bool> flag{false};
  Thread setter([&] { flag = true; });
  setter.join();
  CHECK(hcl::util::spin_until([&] { return flag.load(); }));
  CHECK_FALSE(hcl::util::spin_until([] { return false; }));
}

TEST_CASE("parallel_for calls every job exactly once, on any number of threads") {
  for (unsigned threads : {0u, 1u, 2u, 7u}) {
    std::vector<std::atomic<int>> calls(1000);
    hcl::util::parallel_for(
        calls.size(), [&](size_t i) { ++calls[i]; }, threads);
    for (auto& c : calls) CHECK(c == 1);
  }
}

TEST_CASE("an exception that leaves a thread's function is thrown by join, once") {
  Thread t([] { throw std::bad_alloc(); });
  REQUIRE(t.started());
  CHECK_THROWS_AS(t.join(), std::bad_alloc);
  CHECK_NOTHROW(t.join());
  // Not joined: the destructor waits and drops it rather than end the process.
  {
    Thread dropped([] { throw std::runtime_error("dropped"); });
  }
}

TEST_CASE("parallel_for throws a job's exception to its caller, and stops taking jobs") {
  for (unsigned threads : {1u, 2u, 4u}) {
    for (size_t failing : {size_t{0}, size_t{500}, size_t{999}}) {
      std::atomic<size_t> ran{0};
      CHECK_THROWS_AS(hcl::util::parallel_for(
                          1000,
                          [&](size_t i) {
                            if (i == failing) throw std::bad_alloc();
                            ++ran;
                          },
                          threads),
                      std::bad_alloc);
      CHECK(ran.load() <= 999);
      // On one thread no job starts after the failure; on more, jobs already taken finish.
      if (threads == 1) CHECK(ran.load() == failing);
    }
  }
}
