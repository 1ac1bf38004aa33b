// SPDX-License-Identifier: Apache-2.0
#include "cty/budget.h"

#include <algorithm>
#include <chrono>

#include <fmt/format.h>

namespace hcl::cty {

namespace {

using Clock = std::chrono::steady_clock;

struct Budget {
  EvalLimits limits;
  Clock::time_point deadline;
  uint64_t values = 0;
  uint64_t bytes = 0;
  uint32_t charges = 0;
};

thread_local Budget* current = nullptr;
thread_local uint32_t evaluations = 0;

[[noreturn]] void exceeded(BudgetExceeded::Limit limit) { throw BudgetExceeded{limit}; }

// Reading the clock costs more than a charge, so it is read once every 1,024 charges (every
// value built charges, so a busy evaluation reads it often enough).
void check_time(Budget& b) {
  if (b.limits.max_seconds == 0 || ++b.charges % 1024 != 0) return;
  if (Clock::now() > b.deadline) exceeded(BudgetExceeded::Limit::Seconds);
}

}  // namespace

EvalBudget::EvalBudget(const EvalLimits& limits) : owner_(current == nullptr) {
  if (!owner_) return;
  current = new Budget{limits, {}};
  auto seconds = std::chrono::seconds(static_cast<int64_t>(std::min<uint64_t>(limits.max_seconds, 1u << 30)));
  current->deadline = Clock::now() + seconds;
}

EvalBudget::~EvalBudget() {
  if (owner_) {
    delete current;
    current = nullptr;
  }
}

const EvalLimits& EvalBudget::limits() const { return current->limits; }

EvaluationInProgress::EvaluationInProgress() : outermost_(evaluations == 0) { ++evaluations; }
EvaluationInProgress::~EvaluationInProgress() { --evaluations; }

diag::Diagnostic budget_diagnostic(const BudgetExceeded& e, const EvalLimits& limits) {
  diag::Diagnostic d;
  d.summary = "Evaluation too large";
  switch (e.limit) {
    case BudgetExceeded::Limit::Values:
      d.detail = fmt::format(
          "This expression builds more than {} values, the limit for one evaluation; "
          "--max-eval-values raises it.",
          limits.max_values);
      break;
    case BudgetExceeded::Limit::Bytes:
      d.detail = fmt::format(
          "This expression builds more than {} MiB of strings and collections, the limit for one "
          "evaluation; --max-eval-memory raises it.",
          limits.max_bytes >> 20);
      break;
    case BudgetExceeded::Limit::Seconds:
      d.detail = fmt::format(
          "This expression ran for more than {} seconds, the limit for one evaluation; "
          "--max-eval-seconds raises it.",
          limits.max_seconds);
      break;
    case BudgetExceeded::Limit::NumberDigits:
      d.detail = "This expression writes out a number whose decimal form would have more than a million digits.";
      break;
  }
  return d;
}

void charge_values(uint64_t count) {
  if (!current) return;
  current->values = saturating_add(current->values, count);
  if (evaluations == 0) return;
  if (current->values > current->limits.max_values) exceeded(BudgetExceeded::Limit::Values);
  check_time(*current);
}

BudgetCounts budget_counts() { return current ? BudgetCounts{current->values, current->bytes} : BudgetCounts{}; }

void restore_budget_counts(const BudgetCounts& counts) {
  if (!current) return;
  current->values = counts.values;
  current->bytes = counts.bytes;
}

void charge_bytes(uint64_t count) {
  if (!current) return;
  current->bytes = saturating_add(current->bytes, count);
  if (evaluations == 0) return;
  if (current->bytes > current->limits.max_bytes) exceeded(BudgetExceeded::Limit::Bytes);
  check_time(*current);
}

UnchargedWork::UnchargedWork() : saved_(current) { current = nullptr; }
UnchargedWork::~UnchargedWork() { current = static_cast<Budget*>(saved_); }

void refuse_unprintable_number() {
  if (current && evaluations > 0) exceeded(BudgetExceeded::Limit::NumberDigits);
}

}  // namespace hcl::cty
