// SPDX-License-Identifier: Apache-2.0
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

// The stack an optimized build runs everything in at the deepest nesting allowed, with a
// fourfold margin (measured: 2 MiB suffices for parsing, evaluating, converting and printing
// 1,000 levels).
inline constexpr std::size_t kEnoughStack = std::size_t{8} << 20;

// Runs `work` with at least `stack_bytes` of stack and returns its result. The calling thread
// serves when it is the main thread of an optimized build whose stack may grow to kEnoughStack
// (the usual 8 MiB limit): a new thread costs about a millisecond, a third of `hcl eval`'s
// whole run. Otherwise (a smaller limit, a sanitizer build) `work` runs on a new thread with
// `stack_bytes`, or on the calling thread if none can be created.
int run_with_stack(const std::function<int()>& work, std::size_t stack_bytes = kLargeStack);

}  // namespace hcl::util
