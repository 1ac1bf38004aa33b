// SPDX-License-Identifier: Apache-2.0
// A value as HCL's type system (cty) knows it: an immutable handle, cheap to copy, that outlives
// the file it came from. The library's own value model stays internal; a caller reads a value
// through the typed accessors below (or its JSON and HCL forms) and builds one from C++ values.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <hcl/diagnostic.h>
#include <hcl/result.h>

namespace hcl {

namespace detail {
struct Access;  // the library's own view of a handle (not part of the interface)
}

// What a value is. Null and Unknown come first: a null or unknown value of any type is Null or
// Unknown, whatever its type (type_json() tells the type).
enum class Kind : uint8_t {
  Null,
  Unknown,  // depends on something not known yet
  Bool,
  Number,
  String,
  List,
  Set,
  Tuple,
  Map,
  Object,
  Other,  // a value of the library's own (capsule) types, which has no public form
};

class Value;
// Map and object entries: key and value, in the order cty keeps them (keys sorted by code point).
using Entries = std::vector<std::pair<std::string, Value>>;

class Value {
 public:
  // The null value of the dynamic type.
  Value();

  // --- building values ---
  // A JSON document read as cty reads one without a schema (objects become objects, arrays
  // tuples, numbers keep every digit).
  [[nodiscard]] static Result<Value> from_json(std::string_view json);
  [[nodiscard]] static Value boolean(bool b);
  [[nodiscard]] static Value integer(int64_t n);
  // Fails for NaN (no HCL number); infinities are numbers.
  [[nodiscard]] static Result<Value> number(double d);
  // A decimal number as HCL writes one ("-12.5e3"), every digit kept; fails on anything else.
  [[nodiscard]] static Result<Value> number(std::string_view decimal);
  // Fails on invalid UTF-8; the text is stored NFC-normalised, as HCL stores every string.
  [[nodiscard]] static Result<Value> string(std::string_view text);
  [[nodiscard]] static Value tuple(std::vector<Value> elements);
  // Fails on a key twice or a key that is not valid UTF-8.
  [[nodiscard]] static Result<Value> object(Entries attributes);
  // Collections need elements of one type: they are converted to a common one as cty does
  // (numbers and strings to strings ...), and fail when there is none. An empty collection
  // has elements of any type.
  [[nodiscard]] static Result<Value> list(std::vector<Value> elements);
  [[nodiscard]] static Result<Value> set(std::vector<Value> elements);
  [[nodiscard]] static Result<Value> map(Entries elements);
  // A value not known yet, of any type (what Terraform shows as "known after apply"): an
  // expression that uses it evaluates to an unknown value instead of failing.
  [[nodiscard]] static Value unknown();
  // This value marked sensitive: the library hides it wherever it prints values.
  [[nodiscard]] Value sensitive() const;

  // --- reading values ---
  [[nodiscard]] Kind kind() const;
  [[nodiscard]] bool is_null() const;
  // False when some part (the value or anything in it) depends on something not known yet.
  [[nodiscard]] bool is_known() const;
  // Whether the value itself is marked sensitive; has_sensitive: it or anything in it.
  [[nodiscard]] bool is_sensitive() const;
  [[nodiscard]] bool has_sensitive() const;

  // Each accessor answers for its own kind and gives nothing for any other.
  [[nodiscard]] std::optional<bool> as_bool() const;
  // The number as exact decimal text as cty writes it ("0.1", "1e+30" is "1000...000"),
  // "+Inf"/"-Inf" for infinities.
  [[nodiscard]] std::optional<std::string> number_text() const;
  // The nearest double (infinities as such); as_exact_double only when it is exactly the number.
  [[nodiscard]] std::optional<double> as_double() const;
  [[nodiscard]] std::optional<double> as_exact_double() const;
  // Only for a whole number within int64's range.
  [[nodiscard]] std::optional<int64_t> as_int64() const;
  [[nodiscard]] std::optional<std::string> as_string() const;
  // Elements of a known list, set or tuple (a set in cty's set order); entries of a known map or
  // object. Empty for anything else.
  [[nodiscard]] size_t length() const;
  [[nodiscard]] std::vector<Value> elements() const;
  [[nodiscard]] Entries entries() const;
  // One element or attribute, when there is one.
  [[nodiscard]] std::optional<Value> at(size_t index) const;
  [[nodiscard]] std::optional<Value> get(std::string_view key) const;

  // cty's JSON encoding of the value's type: "string", ["list","number"], ["object",{...}].
  [[nodiscard]] std::string type_json() const;
  // cty's JSON encoding of the value; fails for values JSON cannot hold (unknown, infinity,
  // sensitive).
  [[nodiscard]] Result<std::string> to_json() const;
  // The value written as an HCL expression, laid out as hclfmt would; sensitive parts are
  // written as (sensitive value) unless `show_sensitive`.
  [[nodiscard]] std::string to_hcl(bool show_sensitive = false) const;
  // Same type and same value (marks included).
  [[nodiscard]] bool operator==(const Value& other) const;

 private:
  friend struct detail::Access;
  explicit Value(std::shared_ptr<const void> data) : data_(std::move(data)) {}
  std::shared_ptr<const void> data_;
};

}  // namespace hcl
