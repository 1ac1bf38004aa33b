// Running a function on a thread with a large stack.
//
// Parsing, evaluation and conversion recurse once per nesting level, and nesting is limited to
// 1,000 levels ("Nesting too deep"). In optimized builds those 1,000 levels need about 1 MiB of
// stack, which any default stack holds; sanitizer builds need several times more. Programs that
// parse untrusted input (the `hcl` executable, the test runners) run their work through this so
// the limit, not the stack, is what stops deep input in every build.
#pragma once

#include <cstddef>
#include <functional>

namespace hcl::util {

inline constexpr std::size_t kLargeStack = std::size_t{256} << 20;

// Runs `work` on a new thread with `stack_bytes` of stack and returns its result; runs it on the
// calling thread if no such thread can be created.
int run_with_stack(const std::function<int()>& work, std::size_t stack_bytes = kLargeStack);

}  // namespace hcl::util
