// SPDX-License-Identifier: Apache-2.0
// Limits on what an evaluation may build, so that no expression can take the machine down:
// `[for a in range(1024) : [for b in range(1024) : [for c in range(1024) : c]]]` would otherwise
// try to hold a billion values. Every value constructor, and every function before it builds a
// large intermediate result, charges the budget in force; past a limit the charge throws
// BudgetExceeded, which the outermost evaluation in progress (evaluate) turns into a diagnostic.
//
// Memory is counted as what a value would take written out in full: a collection is charged the
// full size of its elements, so values that share storage (a YAML alias, the same object in
// every element of a for expression) cannot add up to more than the budget when printed or
// converted. Charges add with saturation, so no size computation overflows.
//
// A budget covers one evaluation, or several when a caller installs one around them (a whole
// file's attributes share one). Nested evaluations (try, can, templatefile) share their caller's.
// Outside any budget nothing is counted; outside an evaluation nothing throws.
// docs/limits.md lists the limits, their defaults and the flags that raise them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "diag/diagnostic.h"

namespace hcl::cty {

struct EvalLimits {
  // Collection and structural elements built (--max-eval-values).
  uint64_t max_values = 4'000'000;
  // Bytes of strings, numbers and collections built, each collection counted at its full
  // written-out size (--max-eval-memory, in MiB).
  uint64_t max_bytes = uint64_t{512} << 20;
  // Wall-clock seconds; 0 for no limit (--max-eval-seconds).
  uint64_t max_seconds = 60;
  // The settings a user raises the limits with, as the program names them ("--max-eval-values"
  // on the command line), for the budget's diagnostics; left empty (the library's API, its
  // bindings, the language server) the diagnostics name none.
  struct Settings {
    std::string_view values, memory, seconds;
  } settings{};
};

// A program that evaluates many files in one run (the command line) bounds the run as well as each
// evaluation: from this call on, every budget's deadline is at most `seconds` away from now, so
// N hostile files cannot cost N times the limit. The first call counts; 0 sets no limit, and an
// evaluation whose own limit is 0 has none either.
void limit_run_seconds(uint64_t seconds);

// Thrown by a charge that goes over a limit; caught only by the outermost evaluation.
struct BudgetExceeded {
  enum class Limit : uint8_t { Values, Bytes, Seconds, RunSeconds, NumberDigits };
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

// Marks an evaluation in progress on this thread: charges past a limit throw only inside one.
// outermost() is true for the evaluation that must catch BudgetExceeded.
class EvaluationInProgress {
 public:
  EvaluationInProgress();
  ~EvaluationInProgress();
  EvaluationInProgress(const EvaluationInProgress&) = delete;
  EvaluationInProgress& operator=(const EvaluationInProgress&) = delete;
  bool outermost() const { return outermost_; }

 private:
  bool outermost_;
};

// "Evaluation too large", naming the limit and the flag that raises it; the caller sets the subject.
diag::Diagnostic budget_diagnostic(const BudgetExceeded& e, const EvalLimits& limits);

// a + b, or UINT64_MAX when that overflows.
inline uint64_t saturating_add(uint64_t a, uint64_t b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; }
// a * b, or UINT64_MAX when that overflows.
inline uint64_t saturating_multiply(uint64_t a, uint64_t b) {
  return a != 0 && b > UINT64_MAX / a ? UINT64_MAX : a * b;
}

// `count` elements about to be stored.
void charge_values(uint64_t count);
// `count` bytes about to be built (string bytes, or a collection's written-out size).
void charge_bytes(uint64_t count);
// Checks the time limit only: called between the chunks of work that builds no value (hashing a
// file's bytes, parsing digits), so that it stops within a chunk of the deadline.
void charge_time();
// Under a budget some charge has already exceeded, that charge's limit: the evaluations still to
// come under it stop at once rather than reporting the same exhaustion again.
std::optional<BudgetExceeded> spent_budget();
// Appends a piece of a string being built, charging it first: a function's result can be far
// larger than its inputs (replace, format's padding, indent), so it is counted as it grows.
inline void append_charged(std::string& out, std::string_view piece) {
  charge_bytes(piece.size());
  out.append(piece);
}
// What the budget in force has counted so far, so that work thrown away and done again another
// way (a fast path that gives up) is not counted twice. Outside any budget both are no-ops.
struct BudgetCounts {
  uint64_t values = 0;
  uint64_t bytes = 0;
  std::optional<BudgetExceeded> spent;  // a fast path over the limit gives up, and is forgotten
};
BudgetCounts budget_counts();
void restore_budget_counts(const BudgetCounts& counts);
// Building values that were decoded before any evaluation and are only written out now (the
// members of a --vars document, built on first use: cty/json_document.h) is not the evaluation's
// work, as it was not when they were decoded up front: while one of these lives, nothing is
// counted on this thread.
class UnchargedWork {
 public:
  UnchargedWork();
  ~UnchargedWork();
  UnchargedWork(const UnchargedWork&) = delete;
  UnchargedWork& operator=(const UnchargedWork&) = delete;

 private:
  void* saved_;
};
// A number too large to write out in decimal (cty/number.h) was about to be printed: inside an
// evaluation this stops it as over the memory limit; outside one, the caller asked for it and
// the digits are written (slowly).
void refuse_unprintable_number();

}  // namespace hcl::cty
