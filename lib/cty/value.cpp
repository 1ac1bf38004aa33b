// SPDX-License-Identifier: Apache-2.0
#include "cty/value.h"

#include "cty/budget.h"

#include <algorithm>
#include <array>

#include "cty/equal_index.h"
#include "cty/json_document.h"
#include "cty/unicode.h"
#include "cty/value_blocks.h"
#include "util/text.h"

namespace hcl::cty {

namespace {

using Elements = std::vector<Value>;
using Attributes = std::vector<Value::Attribute>;

// The shared payloads, one allocation each with their count. A collection's (cty/value_blocks.h)
// carries its weight (Value::weight), which is the sum of its elements'. An object's payload is
// its values alone, named by its type; a map's has its keys too.
struct StringBlock : SharedNode {
  explicit StringBlock(std::string s) : SharedNode(0), text(std::move(s)) {}
  std::string text;
};
struct CapsuleBlock : SharedNode {
  explicit CapsuleBlock(std::shared_ptr<const void> p) : SharedNode(0), payload(std::move(p)) {}
  std::shared_ptr<const void> payload;
};

// A collection's payload, its elements built first if it is a document's container.
const ElementsBlock& elements_of(const SharedNode* block) {
  const auto* b = static_cast<const ElementsBlock*>(block);
  if (b->tag == ElementsBlock::kDocument) build_document_elements(*b);
  return *b;
}

const Elements& no_elements() {
  static const Elements e;
  return e;
}
const std::string& no_string() {
  static const std::string s;
  return s;
}
const std::shared_ptr<const void>& no_payload() {
  static const std::shared_ptr<const void> p;
  return p;
}

// Charges the budget for a collection about to be stored, and returns its weight.
// Each also tells whether an element is marked or holds a mark (the new value's inner mark).
uint64_t charge_collection(const std::vector<Value>& elements, bool& marked) {
  uint64_t w = Value::kBaseWeight;
  for (const Value& e : elements) {
    w = saturating_add(w, e.weight());
    marked |= e.has_sensitive_deep();
  }
  charge_values(elements.size());
  charge_bytes(w);
  return w;
}

uint64_t charge_collection(const std::vector<Value::Attribute>& attributes, bool& marked) {
  uint64_t w = Value::kBaseWeight;
  for (const auto& [k, e] : attributes) {
    w = saturating_add(w, saturating_add(k.size(), e.weight()));
    marked |= e.has_sensitive_deep();
  }
  charge_values(attributes.size());
  charge_bytes(w);
  return w;
}

uint64_t charge_collection(const std::vector<std::string>& names, const std::vector<Value>& values, bool& marked) {
  uint64_t w = Value::kBaseWeight;
  for (size_t i = 0; i < values.size(); ++i) {
    w = saturating_add(w, saturating_add(names[i].size(), values[i].weight()));
    marked |= values[i].has_sensitive_deep();
  }
  charge_values(values.size());
  charge_bytes(w);
  return w;
}

// Splits sorted attributes into their names and values.
void split(Attributes&& attributes, std::vector<std::string>* names, Elements& values) {
  if (names) names->reserve(attributes.size());
  values.reserve(attributes.size());
  for (auto& [k, v] : attributes) {
    if (names) names->push_back(std::move(k));
    values.push_back(std::move(v));
  }
}

Type first_concrete_type(const std::vector<Value>& elements) {
  for (const auto& e : elements)
    if (!e.type().is_dynamic()) return e.type();
  return Type::dynamic();
}

void sort_attributes(Attributes& attrs) {
  for (auto& a : attrs)
    if (!is_nfc(a.first)) a.first = normalize_nfc(a.first);
  if (!std::is_sorted(attrs.begin(), attrs.end(), [](const auto& x, const auto& y) { return x.first < y.first; }))
    std::stable_sort(attrs.begin(), attrs.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  // A repeated key keeps its last value (a Go map assignment).
  size_t out = 0;
  for (size_t i = 0; i < attrs.size(); ++i) {
    if (out > 0 && attrs[out - 1].first == attrs[i].first) {
      attrs[out - 1] = std::move(attrs[i]);
    } else {
      if (out != i) attrs[out] = std::move(attrs[i]);
      ++out;
    }
  }
  attrs.resize(out);
}

uint32_t crc32_ieee(std::string_view data) {
  static const auto table = [] {
    std::array<uint32_t, 256> t{};
    for (uint32_t i = 0; i < 256; ++i) {
      uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[i] = c;
    }
    return t;
  }();
  uint32_t crc = 0xFFFFFFFFu;
  for (unsigned char b : data) crc = table[(crc ^ b) & 0xFF] ^ (crc >> 8);
  return crc ^ 0xFFFFFFFFu;
}

void append_hash(const Value& v, std::string& buf) {
  if (!v.is_known()) {
    buf += '?';
    return;
  }
  if (v.is_null()) {
    buf += '~';
    return;
  }
  const Type& t = v.type();
  switch (t.kind()) {
    case TypeKind::Number: buf += v.as_number().text('g', 10); return;
    case TypeKind::Bool: buf += v.as_bool() ? 'T' : 'F'; return;
    case TypeKind::String: buf += util::go_quote(v.as_string()); return;
    case TypeKind::Map:
      buf += '{';
      for (const auto& [k, e] : v.attributes()) {
        buf += util::go_quote(k);
        buf += ':';
        append_hash(e, buf);
        buf += ';';
      }
      buf += '}';
      return;
    case TypeKind::List:
    case TypeKind::Set:
      buf += '[';
      for (const auto& e : v.elements()) {
        append_hash(e, buf);
        buf += ';';
      }
      buf += ']';
      return;
    case TypeKind::Object:
      buf += '<';
      for (const auto& [k, e] : v.attributes()) {
        append_hash(e, buf);
        buf += ';';
      }
      buf += '>';
      return;
    case TypeKind::Tuple:
      buf += '<';
      for (const auto& e : v.elements()) {
        append_hash(e, buf);
        buf += ';';
      }
      buf += '>';
      return;
    case TypeKind::Capsule: buf += "\xC2\xAB?\xC2\xBB"; return;
    case TypeKind::Dynamic: buf += '?'; return;
  }
}

// setRules.Less.
bool set_less(const Type& ety, const Value& a, const Value& b, const std::string& ha, const std::string& hb) {
  if (a.raw_equals(b)) return false;
  if (b.is_null() && !a.is_null()) return true;
  if (a.is_null()) return false;
  if (a.is_known() && !b.is_known()) return true;
  if (!a.is_known()) return false;
  switch (ety.kind()) {
    case TypeKind::String: return a.as_string() < b.as_string();
    case TypeKind::Bool: return b.as_bool() || !a.as_bool();
    case TypeKind::Number: return a.as_number().compare(b.as_number()) < 0;
    default: return ha < hb;
  }
}

// HasWhollyKnownType.
bool has_wholly_known_type(const Value& v) {
  if (v.is_null()) return true;
  if (!v.is_known() && v.type().is_dynamic()) return false;
  const Type& t = v.type();
  if (t.is_collection() || t.is_structural()) {
    if (!v.is_known()) return !t.has_dynamic_types();
    size_t n = v.length();
    for (size_t i = 0; i < n; ++i)
      if (!has_wholly_known_type(v.element_at(i))) return false;
  }
  return true;
}

bool set_has(const Value& set, const Value& v) {
  std::string h = set_hash_text(v);
  for (const auto& e : set.elements()) {
    if (set_hash_text(e) != h) continue;
    if (e.equals(v).is_true()) return true;
  }
  return false;
}

}  // namespace

std::string set_hash_text(const Value& v) {
  std::string buf;
  append_hash(v, buf);
  return buf;
}

// ---- Construction -------------------------------------------------------------------------------

Value Value::null(Type type) { return Value(std::move(type), State::Null); }
Value Value::unknown(Type type) { return Value(std::move(type), State::Unknown); }

Value Value::boolean(bool b) {
  Value v(Type::boolean(), State::Known);
  v.bool_ = b;
  return v;
}

Value Value::string(std::string_view s) {
  charge_bytes(s.size());
  return stored(Type::string(), new StringBlock(normalize_nfc(s)));
}

Value Value::string_nfc(std::string s) {
  charge_bytes(s.size());
  return stored(Type::string(), new StringBlock(std::move(s)));
}

Value Value::list(std::vector<Value> elements) {
  bool marked = false;
  uint64_t weight = charge_collection(elements, marked);
  Type type = Type::list(first_concrete_type(elements));
  return stored(std::move(type), new ElementsBlock(std::move(elements), weight), marked);
}

// Empty collections have no payload: elements() and attributes() answer for them.
Value Value::empty_list(Type element) { return Value(Type::list(std::move(element)), State::Known); }

Value Value::set(std::vector<Value> elements) {
  // cty.SetVal: a set holds no marks inside it; an element's marks, however deep, mark the set.
  bool sensitive = false;
  for (auto& e : elements) {
    if (!e.has_sensitive_deep()) continue;
    e = e.unmark_deep();
    sensitive = true;
  }
  if (sensitive) return set(std::move(elements)).mark_sensitive();
  uint64_t weight = charge_collection(elements, sensitive);
  Type ety = first_concrete_type(elements);
  // Buckets by hash, merging equivalent elements (set.Add), in bucket order.
  struct Entry {
    uint32_t crc;
    size_t order;
    std::string hash;
    Value value;
  };
  std::vector<Entry> entries;
  entries.reserve(elements.size());
  EqualIndex equal(elements.size());
  auto entry = [&](size_t i) -> const Value& { return entries[i].value; };
  for (auto& e : elements) {
    std::string h = set_hash_text(e);
    if (!equal.add_unless_present(h, e, entries.size(), entry)) continue;
    uint32_t crc = crc32_ieee(h);
    entries.push_back(Entry{crc, entries.size(), std::move(h), std::move(e)});
  }
  std::sort(entries.begin(), entries.end(),
            [](const Entry& a, const Entry& b) { return a.crc != b.crc ? a.crc < b.crc : a.order < b.order; });
  std::stable_sort(entries.begin(), entries.end(),
                   [&](const Entry& a, const Entry& b) { return set_less(ety, a.value, b.value, a.hash, b.hash); });
  Elements out;
  out.reserve(entries.size());
  for (auto& e : entries) out.push_back(std::move(e.value));
  return stored(Type::set(std::move(ety)), new ElementsBlock(std::move(out), weight));
}

Value Value::empty_set(Type element) { return Value(Type::set(std::move(element)), State::Known); }

Value Value::map(std::vector<Attribute> elements) {
  bool marked = false;
  uint64_t weight = charge_collection(elements, marked);
  sort_attributes(elements);
  Type ety = Type::dynamic();
  for (const auto& [k, e] : elements)
    if (!e.type().is_dynamic()) {
      ety = e.type();
      break;
    }
  std::vector<std::string> keys;
  Elements values;
  split(std::move(elements), &keys, values);
  return stored(Type::map(std::move(ety)), new MapBlock(std::move(keys), std::move(values), weight), marked);
}

Value Value::empty_map(Type element) { return Value(Type::map(std::move(element)), State::Known); }

Value Value::tuple(std::vector<Value> elements) {
  std::vector<Type> types;
  types.reserve(elements.size());
  for (const auto& e : elements) types.push_back(e.type());
  return tuple_typed(std::move(elements), Type::tuple(std::move(types)));
}

Value Value::object(std::vector<Attribute> attributes) {
  bool marked = false;
  uint64_t weight = charge_collection(attributes, marked);
  sort_attributes(attributes);
  std::vector<std::pair<std::string, Type>> types;
  types.reserve(attributes.size());
  for (const auto& [k, e] : attributes) types.emplace_back(k, e.type());
  Elements values;
  split(std::move(attributes), nullptr, values);
  return stored(Type::object_sorted(std::move(types)), new ElementsBlock(std::move(values), weight), marked);
}

Value Value::tuple_typed(std::vector<Value> elements, Type type) {
  bool marked = false;
  uint64_t weight = charge_collection(elements, marked);
  return stored(std::move(type), new ElementsBlock(std::move(elements), weight), marked);
}

Value Value::object_typed(std::vector<Attribute> attributes, Type type) {
  Elements values;
  split(std::move(attributes), nullptr, values);
  return object_values(std::move(values), std::move(type));
}

Value Value::object_values(std::vector<Value> values, Type type) {
  if (values.empty()) return Value(std::move(type), State::Known);
  bool marked = false;
  uint64_t weight = charge_collection(type.attribute_names(), values, marked);
  return stored(std::move(type), new ElementsBlock(std::move(values), weight), marked);
}

Value Value::stored(Type type, const SharedNode* block, bool inner_marked) {
  Value v(std::move(type), State::Known);
  v.block_ = block;
  v.owns_ = true;
  v.inner_sensitive_ = inner_marked;
  return v;
}

Value Value::capsule(Type type, std::shared_ptr<const void> payload) {
  return stored(std::move(type), new CapsuleBlock(std::move(payload)));
}

// The payload's kind follows from the type: a value's type never changes while it owns one.
void Value::destroy(const SharedNode* block) {
  switch (type_.kind()) {
    case TypeKind::Number: Number::destroy_big(block); return;
    case TypeKind::String: delete static_cast<const StringBlock*>(block); return;
    case TypeKind::List:
    case TypeKind::Set:
    case TypeKind::Tuple:
    case TypeKind::Object:
      if (block->tag == ElementsBlock::kDocument) {
        destroy_document_elements(static_cast<const ElementsBlock*>(block));
      } else {
        delete static_cast<const ElementsBlock*>(block);
      }
      return;
    case TypeKind::Map: delete static_cast<const MapBlock*>(block); return;
    case TypeKind::Capsule: delete static_cast<const CapsuleBlock*>(block); return;
    case TypeKind::Bool:
    case TypeKind::Dynamic: return;
  }
}

uint64_t Value::weight() const {
  if (!owns_) return kBaseWeight;
  switch (type_.kind()) {
    case TypeKind::String: return saturating_add(kBaseWeight, static_cast<const StringBlock*>(block_)->text.size());
    case TypeKind::List:
    case TypeKind::Set:
    case TypeKind::Tuple:
    case TypeKind::Map:
    case TypeKind::Object: return static_cast<const ElementsBlock*>(block_)->weight;
    case TypeKind::Number: return saturating_add(kBaseWeight, as_number().placing_zeros());
    default: return kBaseWeight;
  }
}

// ---- Access -------------------------------------------------------------------------------------

const std::string& Value::as_string() const {
  return owns_ && type_.is_string() ? static_cast<const StringBlock*>(block_)->text : no_string();
}

const std::vector<Value>& Value::elements() const {
  if (owns_ && (type_.is_list() || type_.is_set() || type_.is_tuple())) return elements_of(block_).elements;
  return no_elements();
}

Members Value::attributes() const {
  if (!owns_) return Members();
  if (type_.is_object()) {
    const Elements& values = elements_of(block_).elements;
    return Members(type_.attribute_names().data(), values.data(), values.size());
  }
  if (type_.is_map()) {
    const auto* b = static_cast<const MapBlock*>(block_);
    return Members(b->keys.data(), b->elements.data(), b->elements.size());
  }
  return Members();
}

std::vector<Value::Attribute> Members::to_vector() const {
  std::vector<Value::Attribute> out;
  out.reserve(size_);
  for (size_t i = 0; i < size_; ++i) out.emplace_back(names_[i], values_[i]);
  return out;
}

const std::shared_ptr<const void>& Value::capsule_payload() const {
  return owns_ && type_.is_capsule() ? static_cast<const CapsuleBlock*>(block_)->payload : no_payload();
}

const Value* Value::get(std::string_view key) const {
  Members attrs = attributes();
  size_t lo = 0, hi = attrs.size();
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (std::string_view(attrs[mid].first) < key) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  if (lo < attrs.size() && attrs[lo].first == key) return &attrs[lo].second;
  return nullptr;
}

size_t Value::length() const {
  // A tuple's or object's length is its type's: a document's (cty/json_document.h) need not be
  // built to be counted.
  if (owns_ && type_.is_tuple()) return type_.tuple_elements().size();
  if (owns_ && type_.is_object()) return type_.attributes().size();
  if (type_.is_map() || type_.is_object()) return attributes().size();
  return elements().size();
}

Value Value::element_key(size_t i) const {
  if (type_.is_map() || type_.is_object()) return Value::string_nfc(attributes()[i].first);
  if (type_.is_set()) return elements()[i];
  return Value::number(static_cast<int64_t>(i));
}

Value Value::member(size_t i) const {
  if (owns_ && (type_.is_tuple() || type_.is_object())) {
    const auto* b = static_cast<const ElementsBlock*>(block_);
    if (b->tag == ElementsBlock::kDocument) return document_member(*b, i);
  }
  return element_at(i);
}

const Value& Value::element_at(size_t i) const {
  if (type_.is_map() || type_.is_object()) return attributes()[i].second;
  return elements()[i];
}

bool Value::is_wholly_known() const {
  if (!is_known()) return false;
  if (is_null()) return true;
  if (type_.is_collection() || type_.is_structural()) {
    size_t n = length();
    for (size_t i = 0; i < n; ++i)
      if (!element_at(i).is_wholly_known()) return false;
  }
  return true;
}

// ---- Sensitivity ----------------------------------------------------------------------------------

namespace {

// unmark_deep's walk; `path` is the way down to `v` (only kept when paths are wanted).
Value unmark_walk(const Value& v, std::vector<Value>* path, std::vector<std::vector<Value>>* paths) {
  if (v.is_sensitive() && paths) paths->push_back(path ? *path : std::vector<Value>{});
  Value out = v.unmark();
  const Type& t = v.type();
  if (!v.is_known() || v.is_null() || !(t.is_collection() || t.is_structural())) return out;
  if (!out.has_sensitive_deep()) return out;  // nothing below to rebuild: keep sharing the storage
  size_t n = v.length();
  std::vector<Value> values;
  values.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    if (path) path->push_back(v.element_key(i));
    values.push_back(unmark_walk(v.element_at(i), path, paths));
    if (path) path->pop_back();
  }
  if (t.is_list()) return Value::list(std::move(values));
  if (t.is_set()) return Value::set(std::move(values));
  if (t.is_tuple()) return Value::tuple_typed(std::move(values), t);
  if (t.is_object()) return Value::object_values(std::move(values), t);
  std::vector<Value::Attribute> members;
  members.reserve(n);
  Members names = v.attributes();
  for (size_t i = 0; i < n; ++i) members.emplace_back(names[i].first, std::move(values[i]));
  return Value::map(std::move(members));
}

}  // namespace

Value Value::unmark_deep(std::vector<std::vector<Value>>* paths) const {
  if (!has_sensitive_deep()) return *this;
  std::vector<Value> path;
  return unmark_walk(*this, paths ? &path : nullptr, paths);
}

// ---- Equality -----------------------------------------------------------------------------------

Value Value::equals(const Value& other) const {
  const Value& a = *this;
  const Value& b = other;
  // Two known primitives of one type, the usual case (a for expression's condition), compare
  // by value: every check below would let them through to the same comparison.
  if (a.state_ == State::Known && b.state_ == State::Known && a.type_.is_primitive() && a.type_ == b.type_) {
    if (a.type_.is_number()) {
      // Exact integers of 64 bits or more are equal when their values are (Number::equals).
      if (a.num_rep_ == Number::Rep::Int && b.num_rep_ == Number::Rep::Int && a.prec_ >= Number::kIntPrecision &&
          b.prec_ >= Number::kIntPrecision)
        return boolean(a.small_ == b.small_);
      return boolean(a.as_number().equals(b.as_number()));
    }
    if (a.type_.is_bool()) return boolean(a.bool_ == b.bool_);
    return boolean(a.as_string() == b.as_string());
  }
  if (!a.is_known() && !b.is_known()) return unknown(Type::boolean());
  if (a.is_known() && !b.is_known()) {
    if (a.is_null() || b.type_.has_dynamic_types()) return unknown(Type::boolean());
    if (a.type_ != b.type_) return boolean(false);
    return unknown(Type::boolean());
  }
  if (b.is_known() && !a.is_known()) {
    if (b.is_null() || a.type_.has_dynamic_types()) return unknown(Type::boolean());
    if (b.type_ != a.type_) return boolean(false);
    return unknown(Type::boolean());
  }
  if (a.is_null() && b.is_null()) return boolean(true);
  if (a.is_null() || b.is_null()) return boolean(false);
  if (!has_wholly_known_type(a) || !has_wholly_known_type(b)) {
    if (a.type_.conformance_error(b.type_) && b.type_.conformance_error(a.type_)) return boolean(false);
    return unknown(Type::boolean());
  }
  if (a.type_ != b.type_) return boolean(false);
  switch (a.type_.kind()) {
    case TypeKind::Number: return boolean(a.as_number().equals(b.as_number()));
    case TypeKind::Bool: return boolean(a.bool_ == b.bool_);
    case TypeKind::String: return boolean(a.as_string() == b.as_string());
    case TypeKind::Object:
    case TypeKind::Tuple: {
      size_t n = a.length();
      for (size_t i = 0; i < n; ++i) {
        Value eq = a.element_at(i).equals(b.element_at(i));
        if (!eq.is_known()) return unknown(Type::boolean());
        if (!eq.as_bool()) return boolean(false);
      }
      return boolean(true);
    }
    case TypeKind::List: {
      if (a.length() != b.length()) return boolean(false);
      for (size_t i = 0; i < a.length(); ++i) {
        Value eq = a.elements()[i].equals(b.elements()[i]);
        if (!eq.is_known()) return unknown(Type::boolean());
        if (!eq.as_bool()) return boolean(false);
      }
      return boolean(true);
    }
    case TypeKind::Set: {
      bool equal = true;
      for (const auto& e : a.elements()) {
        if (!e.is_known()) return unknown(Type::boolean());
        if (!set_has(b, e)) equal = false;
      }
      for (const auto& e : b.elements()) {
        if (!e.is_known()) return unknown(Type::boolean());
        if (!set_has(a, e)) equal = false;
      }
      return boolean(equal);
    }
    case TypeKind::Map: {
      if (a.length() != b.length()) return boolean(false);
      Members x = a.attributes();
      Members y = b.attributes();
      for (size_t i = 0; i < x.size(); ++i) {
        if (x[i].first != y[i].first) return boolean(false);
        Value eq = x[i].second.equals(y[i].second);
        if (!eq.is_known()) return unknown(Type::boolean());
        if (!eq.as_bool()) return boolean(false);
      }
      return boolean(true);
    }
    case TypeKind::Capsule: return boolean(a.capsule_payload() == b.capsule_payload());
    case TypeKind::Dynamic: return unknown(Type::boolean());
  }
  return boolean(false);
}

bool Value::raw_equals(const Value& other) const {
  if (type_ != other.type_ || sensitive_ != other.sensitive_) return false;
  if (!is_known() && !other.is_known()) return true;
  if (is_known() != other.is_known()) return false;
  if (is_null() && other.is_null()) return true;
  if (is_null() != other.is_null()) return false;
  switch (type_.kind()) {
    case TypeKind::Dynamic: return true;
    case TypeKind::Number:
    case TypeKind::Bool:
    case TypeKind::String: return equals(other).is_true();
    case TypeKind::Object:
    case TypeKind::Map: {
      Members x = attributes();
      Members y = other.attributes();
      if (x.size() != y.size()) return false;
      for (size_t i = 0; i < x.size(); ++i)
        if (x[i].first != y[i].first || !x[i].second.raw_equals(y[i].second)) return false;
      return true;
    }
    case TypeKind::Tuple:
    case TypeKind::List:
    case TypeKind::Set: {
      const auto& x = elements();
      const auto& y = other.elements();
      if (x.size() != y.size()) return false;
      for (size_t i = 0; i < x.size(); ++i)
        if (!x[i].raw_equals(y[i])) return false;
      return true;
    }
    case TypeKind::Capsule: return capsule_payload() == other.capsule_payload();
  }
  return false;
}

// ---- GoString -----------------------------------------------------------------------------------

namespace {

// Go's %#v of a float64 (shortest 'g', exponent form from 1e21).
std::string go_float(const Number& n) {
  if (n.is_infinity()) return n.is_negative() ? "-Inf" : "+Inf";
  Number f = Number::from_double(n.to_double());
  std::string s = f.text('e', -1);
  // s is d[.ddd]e±XX; decide between %e and %f the way strconv 'g' with shortest does for %v.
  size_t epos = s.find('e');
  int exp = std::stoi(s.substr(epos + 1));
  if (exp < -4 || exp >= 21) return s;
  return f.text('f', -1);
}

}  // namespace

std::string Value::go_string() const {
  if (is_null()) return "cty.NullVal(" + type_.go_string() + ")";
  if (!is_known()) return type_.is_dynamic() ? "cty.DynamicVal" : "cty.UnknownVal(" + type_.go_string() + ")";
  switch (type_.kind()) {
    case TypeKind::Bool: return bool_ ? "cty.True" : "cty.False";
    case TypeKind::Number: {
      const Number n = as_number();
      if (!n.is_printable()) return "cty.MustParseNumberVal(" + util::go_quote(n.round_trip_scientific()) + ")";
      if (n.is_integer() && !n.is_infinity()) return "cty.NumberIntVal(" + n.text('g', -1) + ")";
      Number f = Number::from_double(n.to_double());
      if (n.is_infinity() || f.compare(n) == 0) return "cty.NumberFloatVal(" + go_float(n) + ")";
      return "cty.MustParseNumberVal(" + util::go_quote(n.to_string()) + ")";
    }
    case TypeKind::String: return "cty.StringVal(" + util::go_quote(as_string()) + ")";
    case TypeKind::List:
    case TypeKind::Set:
    case TypeKind::Tuple: {
      const auto& es = elements();
      const char* kind = type_.is_list() ? "List" : type_.is_set() ? "Set" : "Tuple";
      if (es.empty()) {
        if (type_.is_tuple()) return "cty.EmptyTupleVal";
        return std::string("cty.") + kind + "ValEmpty(" + type_.element().go_string() + ")";
      }
      std::string out = std::string("cty.") + kind + "Val([]cty.Value{";
      for (size_t i = 0; i < es.size(); ++i) {
        if (i) out += ", ";
        out += es[i].go_string();
      }
      return out + "})";
    }
    case TypeKind::Map:
    case TypeKind::Object: {
      Members as = attributes();
      if (as.empty()) {
        if (type_.is_object()) return "cty.EmptyObjectVal";
        return "cty.MapValEmpty(" + type_.element().go_string() + ")";
      }
      std::string out = type_.is_map() ? "cty.MapVal(map[string]cty.Value{" : "cty.ObjectVal(map[string]cty.Value{";
      for (size_t i = 0; i < as.size(); ++i) {
        if (i) out += ", ";
        out += util::go_quote(as[i].first) + ":" + as[i].second.go_string();
      }
      return out + "})";
    }
    case TypeKind::Capsule: return type_.capsule_name();
    case TypeKind::Dynamic: return "cty.DynamicVal";
  }
  return "cty.NilVal";
}

}  // namespace hcl::cty
