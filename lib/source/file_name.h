// SPDX-License-Identifier: Apache-2.0
// The name of a source file as diagnostics print it, held by every Range: a handle to one shared
// copy of the name, so that copying a range copies a pointer instead of a string (a block in the
// body model holds four ranges, and a name like "modules/network/main.tf" does not fit a
// std::string's inline buffer).
#pragma once

#include <concepts>
#include <string>
#include <string_view>

namespace hcl::source {

class FileName {
 public:
  FileName() = default;
  // Looks the name up in a process-wide table (under a lock), adding it the first time: build
  // one per file, not one per range.
  FileName(std::string_view name);  // NOLINT(google-explicit-constructor): Range{"<expr>", ...} reads well
  FileName(const std::string& name) : FileName(std::string_view(name)) {}  // NOLINT
  FileName(const char* name) : FileName(std::string_view(name)) {}         // NOLINT

  const std::string& str() const { return *name_; }
  bool empty() const { return name_->empty(); }

  // Equal names share one copy: comparing them compares the handles.
  friend bool operator==(FileName a, FileName b) { return a.name_ == b.name_; }
  // Against text, compare the text (building a FileName would take the table's lock).
  template <class Text>
  requires std::convertible_to<const Text&, std::string_view>
  friend bool operator==(FileName a, const Text& b) { return a.str() == std::string_view(b); }

 private:
  static inline const std::string kEmpty;
  const std::string* name_ = &kEmpty;
};

}  // namespace hcl::source
