// SPDX-License-Identifier: Apache-2.0
#include "cty/budget.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <optional>

#include <fmt/format.h>

namespace hcl::cty {

namespace {

using Clock = std::chrono::steady_clock;

struct Budget {
  EvalLimits limits;
  Clock::time_point deadline;
  // Seconds, or RunSeconds when the run's deadline comes first.
  BudgetExceeded::Limit time_limit = BudgetExceeded::Limit::Seconds;
  uint64_t values = 0;
  uint64_t bytes = 0;
  // Set by the first charge over a limit: every evaluation after it under this budget ends at
  // once, so that a spent budget gives one diagnostic, not one per remaining evaluation.
  std::optional<BudgetExceeded> spent;
};

thread_local Budget* current = nullptr;
// The whole run's deadline in steady-clock nanoseconds, 0 for none (limit_run_seconds).
std::atomic<int64_t> run_deadline{0};
thread_local uint32_t evaluations = 0;

[[noreturn]] void exceeded(BudgetExceeded::Limit limit) {
  if (current && !current->spent) current->spent = BudgetExceeded{limit};
  throw BudgetExceeded{limit};
}

// The clock is read on every charge (a steady_clock read is a vDSO call of some 20 ns): work that
// is slow but charged once (a digest of a big file, a huge number printed) must not overshoot
// the limit by the time of a thousand such charges.
void check_time(Budget& b) {
  if (b.limits.max_seconds == 0) return;
  if (Clock::now() > b.deadline) exceeded(b.time_limit);
}

}  // namespace

EvalBudget::EvalBudget(const EvalLimits& limits) : owner_(current == nullptr) {
  if (!owner_) return;
  current = new Budget;
  current->limits = limits;
  auto seconds = std::chrono::seconds(static_cast<int64_t>(std::min<uint64_t>(limits.max_seconds, 1u << 30)));
  current->deadline = Clock::now() + seconds;
  int64_t run = run_deadline.load(std::memory_order_relaxed);
  Clock::time_point run_end{std::chrono::nanoseconds(run)};
  if (limits.max_seconds != 0 && run != 0 && run_end < current->deadline) {
    // A run of one file ends about when its evaluation would: the message names the run only
    // when the run's limit cut this evaluation's short.
    if (run_end < current->deadline - std::chrono::seconds(1)) current->time_limit = BudgetExceeded::Limit::RunSeconds;
    current->deadline = run_end;
  }
}

void limit_run_seconds(uint64_t seconds) {
  if (seconds == 0) return;
  auto span = std::chrono::seconds(static_cast<int64_t>(std::min<uint64_t>(seconds, 1u << 30)));
  int64_t at = std::chrono::duration_cast<std::chrono::nanoseconds>((Clock::now() + span).time_since_epoch()).count();
  int64_t none = 0;
  run_deadline.compare_exchange_strong(none, at);
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

namespace {

// How a diagnostic's sentence ends: with the setting that raises the limit, where the program
// has one.
std::string raised_by(std::string_view setting) {
  return setting.empty() ? std::string(".") : fmt::format("; {} raises it.", setting);
}

}  // namespace

diag::Diagnostic budget_diagnostic(const BudgetExceeded& e, const EvalLimits& limits) {
  diag::Diagnostic d;
  d.summary = "Evaluation too large";
  switch (e.limit) {
    case BudgetExceeded::Limit::Values:
      d.detail = fmt::format("This expression builds more than {} values, the limit for one evaluation{}",
                             limits.max_values, raised_by(limits.settings.values));
      break;
    case BudgetExceeded::Limit::Bytes:
      d.detail = fmt::format(
          "This expression builds more than {} MiB of strings and collections, the limit for one "
          "evaluation{}",
          limits.max_bytes >> 20, raised_by(limits.settings.memory));
      break;
    case BudgetExceeded::Limit::Seconds:
      d.detail = fmt::format("This expression ran for more than {} seconds, the limit for one evaluation{}",
                             limits.max_seconds, raised_by(limits.settings.seconds));
      break;
    case BudgetExceeded::Limit::RunSeconds:
      d.detail = fmt::format("The run had lasted more than {} seconds, the limit for all of its evaluations together{}",
                             limits.max_seconds, raised_by(limits.settings.seconds));
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

BudgetCounts budget_counts() {
  return current ? BudgetCounts{current->values, current->bytes, current->spent} : BudgetCounts{};
}

void restore_budget_counts(const BudgetCounts& counts) {
  if (!current) return;
  current->values = counts.values;
  current->bytes = counts.bytes;
  current->spent = counts.spent;
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

void charge_time() {
  if (current && evaluations > 0) check_time(*current);
}

std::optional<BudgetExceeded> spent_budget() {
  if (!current) return std::nullopt;
  return current->spent;
}

void refuse_unprintable_number() {
  if (current && evaluations > 0) exceeded(BudgetExceeded::Limit::NumberDigits);
}

}  // namespace hcl::cty
