// SPDX-License-Identifier: Apache-2.0
// Limits on what one evaluation may build, so that no expression can take the machine down:
// `[for a in range(1024) : [for b in range(1024) : [for c in range(1024) : c]]]` would otherwise
// try to hold a billion values. Every value constructor charges the evaluation in progress for
// the elements and string bytes it stores; past a limit the charge throws BudgetExceeded, which
// the evaluator's entry point (evaluate) turns into a diagnostic. Nested evaluations (try, can,
// templatefile) share their caller's budget. Outside an evaluation nothing is counted.
#pragma once

#include <cstdint>

namespace hcl::eval {

struct EvalLimits {
  // Collection and structural elements built, over the whole evaluation (about 100 bytes each).
  uint64_t max_values = 4'000'000;
  // Bytes of strings built, over the whole evaluation.
  uint64_t max_string_bytes = 256ull << 20;
};

// Thrown by a charge that goes over a limit; caught only by the evaluation that owns the budget.
struct BudgetExceeded {
  enum class Limit : uint8_t { Values, StringBytes, NumberDigits };
  Limit limit;
};

// Installs a budget for the current thread unless one is already active (then it only borrows).
class EvalBudget {
 public:
  explicit EvalBudget(const EvalLimits& limits = {});
  ~EvalBudget();
  EvalBudget(const EvalBudget&) = delete;
  EvalBudget& operator=(const EvalBudget&) = delete;
  bool owner() const { return owner_; }
  const EvalLimits& limits() const;

 private:
  bool owner_;
};

void charge_values(uint64_t count);
void charge_string_bytes(uint64_t count);
// A number too large to write out in decimal (eval/number.h) was about to be printed: inside an
// evaluation this stops it as over the string limit; outside one, the caller asked for it and
// the digits are written (slowly).
void refuse_unprintable_number();

}  // namespace hcl::eval
