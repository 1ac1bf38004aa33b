// SPDX-License-Identifier: Apache-2.0
// The one way every fallible call reports: a Result holds the value, or not, and every diagnostic
// the call produced (errors when it failed, warnings in either case). Nothing is thrown for bad
// input.
#pragma once

#include <optional>
#include <utility>

#include <hcl/diagnostic.h>

namespace hcl {

template <class T>
class [[nodiscard]] Result {
 public:
  // A success, with the warnings that came with it.
  Result(T value, Diagnostics warnings = {}) : value_(std::move(value)), diagnostics_(std::move(warnings)) {}
  // A failure: `diagnostics` hold at least one error (one is added if they hold none, so that a
  // failure always says why).
  [[nodiscard]] static Result failure(Diagnostics diagnostics) {
    if (!has_errors(diagnostics))
      diagnostics.push_back(Diagnostic{Severity::Error, "Operation failed", "", std::nullopt, std::nullopt});
    Result r;
    r.diagnostics_ = std::move(diagnostics);
    return r;
  }

  [[nodiscard]] bool ok() const { return value_.has_value(); }
  explicit operator bool() const { return ok(); }

  // The value; only when ok() (else std::bad_optional_access, a caller's mistake, not bad input).
  [[nodiscard]] const T& value() const& { return value_.value(); }
  [[nodiscard]] T& value() & { return value_.value(); }
  [[nodiscard]] T&& value() && { return std::move(value_.value()); }
  [[nodiscard]] const T* operator->() const { return &value_.value(); }
  [[nodiscard]] const T& operator*() const& { return value_.value(); }

  // Errors and warnings in the order they were found.
  [[nodiscard]] const Diagnostics& diagnostics() const { return diagnostics_; }
  [[nodiscard]] Diagnostics warnings() const { return only(Severity::Warning); }
  [[nodiscard]] Diagnostics errors() const { return only(Severity::Error); }

 private:
  Result() = default;
  Diagnostics only(Severity severity) const {
    Diagnostics out;
    for (const Diagnostic& d : diagnostics_)
      if (d.severity == severity) out.push_back(d);
    return out;
  }

  std::optional<T> value_;
  Diagnostics diagnostics_;
};

}  // namespace hcl
