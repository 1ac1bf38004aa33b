// SPDX-License-Identifier: Apache-2.0
// hcl::Value (value.h) over the value model: the typed accessors and the constructors, which
// check what the model takes for granted (valid UTF-8, one element type, distinct keys).
#include <algorithm>
#include <cmath>

#include "api/access.h"
#include "cty/convert.h"
#include "cty/json_encoding.h"
#include "cty/print.h"
#include "cty/unicode.h"
#include "source/utf8.h"

namespace hcl {

namespace {

using detail::Access;

const cty::Value& model(const Value& v) { return Access::value(v); }

Result<Value> invalid(std::string summary, std::string detail) {
  return Result<Value>::failure({error(std::move(summary), std::move(detail))});
}

// Elements converted to their common type, as cty's list and set constructors require.
Result<std::vector<cty::Value>> unified(const std::vector<Value>& elements) {
  std::vector<cty::Type> types;
  types.reserve(elements.size());
  for (const Value& e : elements) types.push_back(model(e).type());
  cty::Unified u = cty::unify(types, false);
  if (!u.type)
    return Result<std::vector<cty::Value>>::failure(
        {error("Inconsistent element types", "The elements have no common type to convert to.")});
  std::vector<cty::Value> out;
  out.reserve(elements.size());
  for (const Value& e : elements) {
    auto c = cty::convert_unified(model(e), u, false);
    if (!c) return Result<std::vector<cty::Value>>::failure({error("Inconsistent element types", c.error())});
    out.push_back(std::move(*c));
  }
  return out;
}

// Keys NFC-normalised (as the model stores them) and sorted; fails on invalid UTF-8 or a key twice.
Result<std::vector<cty::Value::Attribute>> keyed(Entries entries) {
  std::vector<cty::Value::Attribute> out;
  out.reserve(entries.size());
  for (auto& [k, v] : entries) {
    if (!source::utf8::is_valid(k))
      return Result<std::vector<cty::Value::Attribute>>::failure({error("Invalid key", "A key is not valid UTF-8.")});
    out.emplace_back(cty::normalize_nfc(k), model(v));
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  auto twice =
      std::adjacent_find(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first == b.first; });
  if (twice != out.end())
    return Result<std::vector<cty::Value::Attribute>>::failure(
        {error("Duplicate key", "The key \"" + twice->first + "\" is given more than once.")});
  return out;
}

}  // namespace

Value::Value() : Value(Access::wrap(cty::Value::null())) {}

Result<Value> Value::from_json(std::string_view json) {
  auto v = cty::json_to_value(json);
  if (!v) return invalid("Invalid JSON", v.error());
  return Access::wrap(std::move(*v));
}

Value Value::boolean(bool b) { return Access::wrap(cty::Value::boolean(b)); }
Value Value::integer(int64_t n) { return Access::wrap(cty::Value::number(n)); }

Result<Value> Value::number(double d) {
  if (std::isnan(d)) return invalid("Invalid number", "NaN is not a number in HCL.");
  return Access::wrap(cty::Value::number(cty::Number::from_double(d)));
}

Result<Value> Value::number(std::string_view decimal) {
  // Only decimal notation: Go's parser also reads "Inf" and binary exponents, which no HCL
  // literal spells.
  bool digits = !decimal.empty() && std::all_of(decimal.begin(), decimal.end(), [](char c) {
    return (c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-';
  });
  auto n = digits ? cty::Number::parse(decimal) : std::nullopt;
  if (!n) return invalid("Invalid number", "\"" + std::string(decimal) + "\" is not a decimal number.");
  return Access::wrap(cty::Value::number(std::move(*n)));
}

Result<Value> Value::string(std::string_view text) {
  if (!source::utf8::is_valid(text)) return invalid("Invalid string", "The text is not valid UTF-8.");
  return Access::wrap(cty::Value::string(text));
}

Value Value::tuple(std::vector<Value> elements) {
  std::vector<cty::Value> out;
  out.reserve(elements.size());
  for (const Value& e : elements) out.push_back(model(e));
  return Access::wrap(cty::Value::tuple(std::move(out)));
}

Result<Value> Value::object(Entries attributes) {
  auto a = keyed(std::move(attributes));
  if (!a) return Result<Value>::failure(a.diagnostics());
  return Access::wrap(cty::Value::object(std::move(a).value()));
}

Result<Value> Value::list(std::vector<Value> elements) {
  if (elements.empty()) return Access::wrap(cty::Value::empty_list(cty::Type::dynamic()));
  auto e = unified(elements);
  if (!e) return Result<Value>::failure(e.diagnostics());
  return Access::wrap(cty::Value::list(std::move(e).value()));
}

Result<Value> Value::set(std::vector<Value> elements) {
  if (elements.empty()) return Access::wrap(cty::Value::empty_set(cty::Type::dynamic()));
  auto e = unified(elements);
  if (!e) return Result<Value>::failure(e.diagnostics());
  return Access::wrap(cty::Value::set(std::move(e).value()));
}

Result<Value> Value::map(Entries elements) {
  if (elements.empty()) return Access::wrap(cty::Value::empty_map(cty::Type::dynamic()));
  std::vector<Value> values;
  values.reserve(elements.size());
  for (const auto& [k, v] : elements) values.push_back(v);
  auto e = unified(values);
  if (!e) return Result<Value>::failure(e.diagnostics());
  for (size_t i = 0; i < elements.size(); ++i) elements[i].second = Access::wrap(std::move(e.value()[i]));
  auto a = keyed(std::move(elements));
  if (!a) return Result<Value>::failure(a.diagnostics());
  return Access::wrap(cty::Value::map(std::move(a).value()));
}

Value Value::unknown() { return Access::wrap(cty::Value::unknown()); }

Value Value::sensitive() const { return Access::wrap(model(*this).mark_sensitive()); }

Kind Value::kind() const {
  const cty::Value& v = model(*this);
  if (v.is_null()) return Kind::Null;
  if (!v.is_known()) return Kind::Unknown;
  const cty::Type& t = v.type();
  if (t.is_bool()) return Kind::Bool;
  if (t.is_number()) return Kind::Number;
  if (t.is_string()) return Kind::String;
  if (t.is_list()) return Kind::List;
  if (t.is_set()) return Kind::Set;
  if (t.is_tuple()) return Kind::Tuple;
  if (t.is_map()) return Kind::Map;
  if (t.is_object()) return Kind::Object;
  return Kind::Other;
}

bool Value::is_null() const { return model(*this).is_null(); }
bool Value::is_known() const { return model(*this).is_wholly_known(); }
bool Value::is_sensitive() const { return model(*this).is_sensitive(); }
bool Value::has_sensitive() const { return model(*this).has_sensitive_deep(); }

std::optional<bool> Value::as_bool() const {
  if (kind() != Kind::Bool) return std::nullopt;
  return model(*this).as_bool();
}

std::optional<std::string> Value::number_text() const {
  if (kind() != Kind::Number) return std::nullopt;
  cty::Number n = model(*this).as_number();
  // A number too long to write out in full (1e1000000000) keeps its exact value in scientific form.
  return n.is_printable() ? n.text('f', -1) : n.round_trip_scientific();
}

std::optional<double> Value::as_double() const {
  if (kind() != Kind::Number) return std::nullopt;
  return model(*this).as_number().to_double();
}

std::optional<double> Value::as_exact_double() const {
  std::optional<double> d = as_double();
  // compare, not equals: equals treats numbers that print alike as equal (0.1 and the double
  // nearest it), where this wants the very value.
  if (!d || cty::Number::from_double(*d).compare(model(*this).as_number()) != 0) return std::nullopt;
  return d;
}

std::optional<int64_t> Value::as_int64() const {
  if (kind() != Kind::Number) return std::nullopt;
  return model(*this).as_number().to_int64();
}

std::optional<std::string> Value::as_string() const {
  if (kind() != Kind::String) return std::nullopt;
  return model(*this).as_string();
}

size_t Value::length() const {
  switch (kind()) {
    case Kind::List:
    case Kind::Set:
    case Kind::Tuple:
    case Kind::Map:
    case Kind::Object: return model(*this).length();
    default: return 0;
  }
}

std::vector<Value> Value::elements() const {
  std::vector<Value> out;
  Kind k = kind();
  if (k != Kind::List && k != Kind::Set && k != Kind::Tuple) return out;
  const cty::Value& v = model(*this);
  out.reserve(v.length());
  for (size_t i = 0; i < v.length(); ++i) out.push_back(Access::wrap(v.element_at(i)));
  return out;
}

Entries Value::entries() const {
  Entries out;
  Kind k = kind();
  if (k != Kind::Map && k != Kind::Object) return out;
  cty::Members members = model(*this).attributes();
  out.reserve(members.size());
  for (const auto& [name, value] : members) out.emplace_back(std::string(name), Access::wrap(value));
  return out;
}

std::optional<Value> Value::at(size_t index) const {
  Kind k = kind();
  if ((k != Kind::List && k != Kind::Set && k != Kind::Tuple) || index >= length()) return std::nullopt;
  return Access::wrap(model(*this).element_at(index));
}

std::optional<Value> Value::get(std::string_view key) const {
  Kind k = kind();
  if (k != Kind::Map && k != Kind::Object) return std::nullopt;
  const cty::Value* v = model(*this).get(key);
  if (!v) return std::nullopt;
  return Access::wrap(*v);
}

std::string Value::type_json() const { return cty::type_to_json(model(*this).type()); }

Result<std::string> Value::to_json() const {
  if (has_sensitive())
    return Result<std::string>::failure({error("Sensitive value", "A sensitive value has no JSON form.")});
  auto text = cty::value_to_json(model(*this));
  if (!text) return Result<std::string>::failure({error("Value has no JSON form", text.error())});
  return std::move(*text);
}

std::string Value::to_hcl(bool show_sensitive) const { return cty::value_to_hcl(model(*this), show_sensitive); }

bool Value::operator==(const Value& other) const { return model(*this).raw_equals(model(other)); }

}  // namespace hcl
