// SPDX-License-Identifier: Apache-2.0
#include "util/stack.h"

#include <pthread.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace hcl::util {

namespace {

struct Job {
  const std::function<int()>* work;
  int result = 0;
};

void* run_job(void* p) {
  auto* job = static_cast<Job*>(p);
  job->result = (*job->work)();
  return nullptr;
}

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

// Whether the calling thread is the main thread and its stack may grow to kEnoughStack.
bool main_stack_suffices() {
#ifdef __EMSCRIPTEN__
  // WebAssembly's stack is fixed when the module is linked, and no thread starts there either:
  // the work runs where it is.
  return false;
#else
  if (kSanitized || getpid() != static_cast<pid_t>(syscall(SYS_gettid))) return false;
  rlimit limit{};
  if (getrlimit(RLIMIT_STACK, &limit) != 0) return false;
  return limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur >= kEnoughStack;
#endif
}

}  // namespace

int run_with_stack(const std::function<int()>& work, std::size_t stack_bytes) {
  if (main_stack_suffices()) return work();
  Job job{&work};
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) != 0) return work();
  pthread_t thread;
  bool started =
      pthread_attr_setstacksize(&attr, stack_bytes) == 0 && pthread_create(&thread, &attr, run_job, &job) == 0;
  pthread_attr_destroy(&attr);
  if (!started) return work();
  pthread_join(thread, nullptr);
  return job.result;
}

}  // namespace hcl::util
