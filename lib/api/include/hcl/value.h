// SPDX-License-Identifier: Apache-2.0
// A value as HCL's type system (cty) knows it: an immutable handle, cheap to copy, that outlives
// the file it came from. The library's own value model stays internal (it changes with the
// evaluator); a caller sees a value through its JSON and HCL forms and its type.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <hcl/diagnostic.h>

namespace hcl {

class Value {
 public:
  // The null value of the dynamic type.
  Value();

  // A JSON document read as cty reads one without a schema (objects become objects, arrays
  // tuples, numbers keep every digit); nothing on malformed JSON, with a diagnostic saying why.
  static std::optional<Value> from_json(std::string_view json, Diagnostics& diagnostics);
  static Value string(std::string_view text);

  bool is_null() const;
  bool is_known() const;  // false when some part depends on something not known yet
  // cty's JSON encoding of the value's type: "string", ["list","number"], ["object",{...}].
  std::string type_json() const;
  // cty's JSON encoding of the value; nothing for values JSON cannot hold (unknown, infinity).
  std::optional<std::string> to_json() const;
  // The value written as an HCL expression, laid out as hclfmt would.
  std::string to_hcl() const;

  struct Impl;
  explicit Value(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}
  const Impl& impl() const { return *impl_; }

 private:
  std::shared_ptr<const Impl> impl_;
};

}  // namespace hcl
