// SPDX-License-Identifier: Apache-2.0
#include "eval/budget.h"

namespace hcl::eval {

namespace {

struct Budget {
  EvalLimits limits;
  uint64_t values = 0;
  uint64_t string_bytes = 0;
};

thread_local Budget* current = nullptr;

}  // namespace

EvalBudget::EvalBudget(const EvalLimits& limits) : owner_(current == nullptr) {
  if (owner_) current = new Budget{limits};
}

EvalBudget::~EvalBudget() {
  if (owner_) {
    delete current;
    current = nullptr;
  }
}

const EvalLimits& EvalBudget::limits() const { return current->limits; }

void charge_values(uint64_t count) {
  if (!current) return;
  current->values += count;
  if (current->values > current->limits.max_values) throw BudgetExceeded{BudgetExceeded::Limit::Values};
}

void charge_string_bytes(uint64_t count) {
  if (!current) return;
  current->string_bytes += count;
  if (current->string_bytes > current->limits.max_string_bytes) throw BudgetExceeded{BudgetExceeded::Limit::StringBytes};
}

void refuse_unprintable_number() {
  if (current) throw BudgetExceeded{BudgetExceeded::Limit::NumberDigits};
}

}  // namespace hcl::eval
