// SPDX-License-Identifier: Apache-2.0
#include "cty/convert.h"

#include <algorithm>

#include "util/text.h"

namespace hcl::cty {

namespace {

using Conv = Expected<Value>;

bool can_convert_known(const Type& in, const Type& out, bool unsafe);
Conv convert_known(const Value& v, const Type& out, bool unsafe);

// ---- Conversion existence (getConversionKnown) --------------------------------------------------

bool primitive_conversion(const Type& in, const Type& out, bool unsafe) {
  if (out.is_string() && (in.is_number() || in.is_bool())) return true;
  if (unsafe && in.is_string() && (out.is_number() || out.is_bool())) return true;
  return false;
}

// Element type a tuple converts to for list/set conversions, or nullopt (no conversion).
std::optional<Type> tuple_target_element(const Type& tuple, const Type& ety, bool unsafe) {
  const auto& etys = tuple.tuple_elements();
  Type target = ety;
  if (ety.is_dynamic()) {
    Unified u = unify(etys, unsafe);
    if (!u.type) return std::nullopt;
    target = *u.type;
    if (target.is_dynamic()) {
      for (const auto& t : etys)
        if (!t.is_dynamic()) return std::nullopt;
    }
  }
  for (const auto& t : etys) {
    if (t == target) continue;
    if (!can_convert(t, target, unsafe)) return std::nullopt;
  }
  return target;
}

std::vector<Type> attribute_types(const Type& obj) {
  std::vector<Type> out;
  out.reserve(obj.attributes().size());
  for (const auto& a : obj.attributes()) out.push_back(a.type);
  return out;
}

std::optional<Type> object_map_element(const Type& obj, const Type& ety, bool unsafe) {
  Type target = ety;
  if (ety.is_dynamic()) {
    Unified u = unify(attribute_types(obj), unsafe);
    if (!u.type) return std::nullopt;
    target = *u.type;
  }
  for (const auto& a : obj.attributes()) {
    if (a.type == target) continue;
    if (!can_convert(a.type, target, unsafe)) return std::nullopt;
  }
  return target;
}

bool can_convert_known(const Type& in, const Type& out, bool unsafe) {
  if (out.is_dynamic()) return true;
  if (unsafe && in.is_dynamic()) return true;
  if (in.is_primitive() && out.is_primitive()) return primitive_conversion(in, out, unsafe);
  if (out.is_object() && in.is_object()) {
    for (const auto& oa : out.attributes()) {
      const auto* ia = in.attribute(oa.name);
      if (!ia) {
        if (oa.optional) continue;
        return false;
      }
      if (ia->type == oa.type) continue;
      if (!can_convert(ia->type, oa.type, unsafe)) return false;
    }
    return true;
  }
  if (out.is_tuple() && in.is_tuple()) {
    const auto& i = in.tuple_elements();
    const auto& o = out.tuple_elements();
    if (i.size() != o.size()) return false;
    for (size_t k = 0; k < i.size(); ++k) {
      if (i[k] == o[k]) continue;
      if (!can_convert(i[k], o[k], unsafe)) return false;
    }
    return true;
  }
  if (out.is_list() && (in.is_list() || in.is_set())) {
    if (in.element() == out.element()) return true;
    return can_convert(in.element(), out.element(), unsafe);
  }
  if (out.is_set() && (in.is_list() || in.is_set())) {
    if (in.is_list() && !unsafe) return false;
    if (in.element() == out.element()) return true;
    return can_convert(in.element(), out.element(), unsafe);
  }
  if (out.is_map() && in.is_map()) return can_convert(in.element(), out.element(), unsafe);
  if (out.is_list() && in.is_tuple()) {
    if (in.tuple_elements().empty()) return true;
    return tuple_target_element(in, out.element(), unsafe).has_value();
  }
  if (out.is_set() && in.is_tuple()) {
    if (in.tuple_elements().empty()) return true;
    return tuple_target_element(in, out.element(), unsafe).has_value();
  }
  if (out.is_map() && in.is_object()) {
    if (in.attributes().empty()) return true;
    return object_map_element(in, out.element(), unsafe).has_value();
  }
  if (out.is_object() && in.is_map()) {
    if (!unsafe) return false;
    for (const auto& oa : out.attributes()) {
      if (oa.type == in.element()) continue;
      if (!can_convert(in.element(), oa.type, unsafe)) {
        if (oa.optional && unsafe) continue;
        return false;
      }
    }
    return true;
  }
  return false;
}

// ---- dynamicReplace: the type of a converted null or unknown ------------------------------------

Type dynamic_replace(const Type& in, const Type& out) {
  if (in.is_dynamic()) return out;
  if (out.is_dynamic()) return in;
  if (out.is_primitive() || out.is_capsule()) return out;
  if (out.is_map()) {
    Type elem = Type::dynamic();
    bool set = false;
    if (in.is_map()) {
      elem = dynamic_replace(in.element(), out.element());
      set = true;
    }
    if (in.is_object()) {
      Unified u = unify(attribute_types(in), true);
      elem = u.type ? dynamic_replace(*u.type, out.element()) : out.element();
      set = true;
    }
    (void)set;
    return Type::map(elem);
  }
  if (out.is_object()) {
    std::vector<std::pair<std::string, Type>> attrs;
    std::vector<std::string> optional;
    for (const auto& oa : out.attributes()) {
      if (oa.optional) optional.push_back(oa.name);
      if (in.is_map()) {
        attrs.emplace_back(oa.name, dynamic_replace(in.element(), oa.type));
      } else if (in.is_object()) {
        const auto* ia = in.attribute(oa.name);
        attrs.emplace_back(oa.name, ia ? dynamic_replace(ia->type, oa.type) : oa.type);
      }
    }
    return Type::object(std::move(attrs), optional);
  }
  if (out.is_set() || out.is_list()) {
    Type elem = Type::dynamic();
    if (in.is_set() || in.is_list()) elem = dynamic_replace(in.element(), out.element());
    if (in.is_tuple()) {
      Unified u = unify(in.tuple_elements(), true);
      elem = u.type ? dynamic_replace(*u.type, out.element()) : out.element();
    }
    return out.is_set() ? Type::set(elem) : Type::list(elem);
  }
  if (out.is_tuple()) {
    std::vector<Type> ts;
    const auto& o = out.tuple_elements();
    const auto& i = in.tuple_elements();
    for (size_t k = 0; k < o.size(); ++k) ts.push_back(dynamic_replace(k < i.size() ? i[k] : Type::dynamic(), o[k]));
    return Type::tuple(std::move(ts));
  }
  return out;
}

// ---- Running conversions ------------------------------------------------------------------------

Value null_without_optionals(const Value& v) {
  if (v.is_null()) return Value::null(v.type().without_optional_attributes_deep()).marked_if(v.is_sensitive());
  return v;
}

// cty.CanListVal / CanSetVal / CanMapVal: every element whose type is not dynamic agrees.
bool elements_agree(const std::vector<Value>& vals) {
  const Type* t = nullptr;
  for (const auto& v : vals) {
    if (v.type().is_dynamic()) continue;
    if (!t) {
      t = &v.type();
    } else if (!(*t == v.type())) {
      return false;
    }
  }
  return true;
}

bool attributes_agree(const std::vector<Value::Attribute>& vals) {
  const Type* t = nullptr;
  for (const auto& [k, v] : vals) {
    if (v.type().is_dynamic()) continue;
    if (!t) {
      t = &v.type();
    } else if (!(*t == v.type())) {
      return false;
    }
  }
  return true;
}

Expected<std::vector<Value>> unify_list_elements(std::vector<Value> elems, bool unsafe) {
  std::vector<Type> types;
  types.reserve(elems.size());
  for (const auto& e : elems) types.push_back(e.type());
  Unified u = unify(types, unsafe);
  if (!u.type) return unexpected("cannot find a common base type for all elements");
  for (auto& e : elems) {
    if (e.type() == *u.type) continue;
    auto c = apply_conversion(e, *u.type, unsafe);
    if (!c) return unexpected(c.error());
    e = std::move(*c);
  }
  return elems;
}

Expected<std::vector<Value::Attribute>> unify_map_elements(std::vector<Value::Attribute> elems, bool unsafe) {
  std::vector<Type> types;
  types.reserve(elems.size());
  for (const auto& [k, e] : elems) types.push_back(e.type());
  Unified u = unify(types, unsafe);
  if (!u.type) return unexpected("cannot find a common base type for all elements");
  for (auto& [k, e] : elems) {
    if (e.type() == *u.type) continue;
    auto c = apply_conversion(e, *u.type, unsafe);
    if (!c) return unexpected(c.error());
    e = std::move(*c);
  }
  return elems;
}

// ---- One conversion per pair of kinds (cty's conversion_primitive.go, conversion_object.go,
// conversion_tuple.go, conversion_collection.go); each gets a value of the kind its name says.

// cty's primitiveConversionsSafe and primitiveConversionsUnsafe.
Conv convert_primitive(const Value& v, const Type& out) {
  const Type& in = v.type();
  if (out.is_string()) {
    if (in.is_number()) return Value::string_nfc(v.as_number().to_string());
    if (in.is_bool()) return Value::string_nfc(v.as_bool() ? "true" : "false");
  }
  if (in.is_string() && out.is_number()) {
    auto n = Number::parse(v.as_string());
    if (!n) return unexpected("a number is required");
    return Value::number(std::move(*n));
  }
  if (in.is_string() && out.is_bool()) {
    const std::string& s = v.as_string();
    if (s == "true" || s == "1") return Value::boolean(true);
    if (s == "false" || s == "0") return Value::boolean(false);
    std::string lower = s;
    for (auto& c : lower)
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (lower == "true") return unexpected("a bool is required; to convert from string, use lowercase \"true\"");
    if (lower == "false") return unexpected("a bool is required; to convert from string, use lowercase \"false\"");
    return unexpected("a bool is required");
  }
  return unexpected(mismatch_message(in, out));
}

// cty's conversionObjectToObject: attributes the target lacks are dropped, absent optional ones
// become typed nulls.
Conv convert_object_to_object(const Value& v, const Type& in, const Type& out, bool unsafe) {
  std::vector<Value::Attribute> attrs;
  for (const auto& [name, ev] : v.attributes()) {
    const auto* oa = out.attribute(name);
    if (!oa) continue;
    Value cv = ev;
    if (!(ev.type() == oa->type)) {
      auto c = apply_conversion(ev, oa->type, unsafe);
      if (!c) return c;
      cv = std::move(*c);
    }
    attrs.emplace_back(name, null_without_optionals(cv));
  }
  for (const auto& oa : out.attributes()) {
    if (oa.optional && !v.get(oa.name))
      attrs.emplace_back(oa.name, Value::null(oa.type.without_optional_attributes_deep()));
  }
  return Value::object(std::move(attrs));
}

// cty's conversionTupleToTuple (the lengths agree: can_convert checked them).
Conv convert_tuple_to_tuple(const Value& v, const Type& in, const Type& out, bool unsafe) {
  const auto& o = out.tuple_elements();
  std::vector<Value> elems;
  elems.reserve(o.size());
  for (size_t i = 0; i < v.elements().size(); ++i) {
    const Value& ev = v.elements()[i];
    if (ev.type() == o[i]) {
      elems.push_back(ev);
      continue;
    }
    auto c = apply_conversion(ev, o[i], unsafe);
    if (!c) return c;
    elems.push_back(std::move(*c));
  }
  return Value::tuple(std::move(elems));
}

// cty's conversionCollectionToList and conversionCollectionToSet, from a list or a set.
Conv convert_collection_to_collection(const Value& v, const Type& in, const Type& out, bool unsafe) {
  const Type& oety = out.element();
  bool same = in.element() == oety;
  std::vector<Value> elems;
  elems.reserve(v.elements().size());
  for (const auto& ev : v.elements()) {
    Value cv = ev;
    if (!same) {
      auto c = apply_conversion(ev, oety, unsafe);
      if (!c) return c;
      cv = std::move(*c);
    }
    elems.push_back(null_without_optionals(cv));
  }
  if (elems.empty()) {
    Type ety = oety.is_dynamic() ? in.element() : oety.without_optional_attributes_deep();
    return out.is_list() ? Value::empty_list(ety) : Value::empty_set(ety);
  }
  if (!elements_agree(elems))
    return unexpected(out.is_list() ? "element types must all match for conversion to list"
                                    : "element types must all match for conversion to set");
  return out.is_list() ? Value::list(std::move(elems)) : Value::set(std::move(elems));
}

// cty's conversionCollectionToMap, from a map. Elements that are themselves collections or
// objects may convert to different types, so they are unified afterwards (as the reference
// does), always safely.
Conv convert_map_to_map(const Value& v, const Type& in, const Type& out, bool unsafe) {
  const Type& oety = out.element();
  std::vector<Value::Attribute> elems;
  elems.reserve(v.attributes().size());
  for (const auto& [k, ev] : v.attributes()) {
    auto c = apply_conversion(ev, oety, unsafe);
    if (!c) return c;
    elems.emplace_back(k, std::move(*c));
  }
  if (elems.empty()) return Value::empty_map(oety.is_dynamic() ? in.element() : oety);
  if (oety.is_collection() || oety.is_object()) {
    auto u = unify_map_elements(std::move(elems), false);
    if (!u) return unexpected(u.error());
    elems = std::move(*u);
  }
  if (!attributes_agree(elems)) return unexpected("element types must all match for conversion to map");
  return Value::map(std::move(elems));
}

// cty's conversionTupleToList and conversionTupleToSet: every element converts to one element
// type, chosen by unifying when the target's element type is dynamic.
Conv convert_tuple_to_sequence(const Value& v, const Type& in, const Type& out, bool unsafe) {
  if (in.tuple_elements().empty()) {
    Type ety = out.element().without_optional_attributes_deep();
    return out.is_list() ? Value::empty_list(ety) : Value::empty_set(ety);
  }
  auto target = tuple_target_element(in, out.element(), unsafe);
  if (!target) return unexpected(mismatch_message(in, out));
  std::vector<Value> elems;
  elems.reserve(v.elements().size());
  for (const auto& ev : v.elements()) {
    Value cv = ev;
    if (!(ev.type() == *target)) {
      auto c = apply_conversion(ev, *target, unsafe);
      if (!c) return c;
      cv = std::move(*c);
    }
    if (out.is_set()) cv = null_without_optionals(cv);
    elems.push_back(std::move(cv));
  }
  if (out.is_list()) {
    auto u = unify_list_elements(std::move(elems), unsafe);
    if (!u) return unexpected(u.error());
    elems = std::move(*u);
    if (!elements_agree(elems)) return unexpected("element types must all match for conversion to list");
    return Value::list(std::move(elems));
  }
  if (!elements_agree(elems)) return unexpected("element types must all match for conversion to set");
  return Value::set(std::move(elems));
}

// cty's conversionObjectToMap: the attributes become elements of one type, as for a tuple.
Conv convert_object_to_map(const Value& v, const Type& in, const Type& out, bool unsafe) {
  if (in.attributes().empty()) return Value::empty_map(out.element().without_optional_attributes_deep());
  auto target = object_map_element(in, out.element(), unsafe);
  if (!target) return unexpected(mismatch_message(in, out));
  std::vector<Value::Attribute> elems;
  elems.reserve(v.attributes().size());
  for (const auto& [k, ev] : v.attributes()) {
    Value cv = ev;
    if (!(ev.type() == *target)) {
      auto c = apply_conversion(ev, *target, unsafe);
      if (!c) return c;
      cv = std::move(*c);
    }
    elems.emplace_back(k, std::move(cv));
  }
  if (target->is_collection() || target->is_object()) {
    auto u = unify_map_elements(std::move(elems), unsafe);
    if (!u) return unexpected(u.error());
    elems = std::move(*u);
  }
  if (!attributes_agree(elems)) return unexpected("attribute types must all match for conversion to map");
  return Value::map(std::move(elems));
}

// cty's conversionMapToObject (only an unsafe conversion gets here: can_convert refuses it
// otherwise).
Conv convert_map_to_object(const Value& v, const Type& in, const Type& out, bool unsafe) {
  const Type& mety = in.element();
  std::vector<Value::Attribute> elems;
  for (const auto& [k, ev] : v.attributes()) {
    const auto* oa = out.attribute(k);
    if (!oa) continue;
    Value cv = ev;
    if (!(oa->type == mety)) {
      if (can_convert(mety, oa->type, unsafe)) {
        auto c = apply_conversion(ev, oa->type, unsafe);
        if (!c) return c;
        cv = std::move(*c);
      } else {
        return unexpected("map element type is incompatible with attribute " + util::go_quote(k) + ": " +
                          mismatch_message(ev.type(), oa->type));
      }
    }
    elems.emplace_back(k, null_without_optionals(cv));
  }
  for (const auto& oa : out.attributes()) {
    bool present = false;
    for (const auto& [k, e] : elems)
      if (k == oa.name) present = true;
    if (present) continue;
    if (oa.optional) {
      elems.emplace_back(oa.name, Value::null(oa.type));
    } else {
      return unexpected("map has no element for required attribute " + util::go_quote(oa.name));
    }
  }
  return Value::object(std::move(elems));
}

// A known, non-null value to the type can_convert_known accepted: cty's getConversionKnown
// picks a conversion by the pair of kinds, in this order, and so does this (a pair it does not
// list has no conversion, which can_convert_known has already refused).
Conv convert_known(const Value& v, const Type& out, bool unsafe) {
  const Type& in = v.type();
  if (out.is_dynamic()) return v;
  if (unsafe && in.is_dynamic()) return convert(v, out);
  if (in.is_primitive() && out.is_primitive()) return convert_primitive(v, out);

  if (out.is_object() && in.is_object()) return convert_object_to_object(v, in, out, unsafe);
  if (out.is_tuple() && in.is_tuple()) return convert_tuple_to_tuple(v, in, out, unsafe);
  if ((out.is_list() || out.is_set()) && (in.is_list() || in.is_set()))
    return convert_collection_to_collection(v, in, out, unsafe);
  if (out.is_map() && in.is_map()) return convert_map_to_map(v, in, out, unsafe);
  if ((out.is_list() || out.is_set()) && in.is_tuple()) return convert_tuple_to_sequence(v, in, out, unsafe);
  if (out.is_map() && in.is_object()) return convert_object_to_map(v, in, out, unsafe);
  if (out.is_object() && in.is_map()) return convert_map_to_object(v, in, out, unsafe);
  return unexpected(mismatch_message(in, out));
}

// ---- Type preference (compareTypes, sortTypes) --------------------------------------------------

int compare_types(Type a, Type b) {
  if (a.is_dynamic() || b.is_dynamic()) {
    if (!a.is_dynamic()) return -1;
    if (!b.is_dynamic()) return 1;
    return 0;
  }
  if (a.is_primitive() && b.is_primitive()) {
    if (a.is_string() || b.is_string()) {
      if (!a.is_string()) return 1;
      if (!b.is_string()) return -1;
      return 0;
    }
  }
  if ((a.is_list() && b.is_list()) || (a.is_set() && b.is_set()) || (a.is_map() && b.is_map()))
    return compare_types(a.element(), b.element());
  int swap = 1;
  if ((a.is_tuple() && b.is_list()) || (a.is_object() && b.is_map()) || (a.is_set() && b.is_tuple()) ||
      (a.is_set() && b.is_list())) {
    std::swap(a, b);
    swap = -1;
  }
  if (b.is_set() && (a.is_tuple() || a.is_list())) return -1 * swap;
  if (a.is_list() && b.is_tuple()) return -1 * swap;
  if (a.is_map() && b.is_object()) return -1 * swap;
  if (a.is_object() && b.is_object()) {
    const auto& x = a.attributes();
    const auto& y = b.attributes();
    if (x.size() != y.size()) return 0;
    bool a_super = false, b_super = false;
    for (const auto& at : x) {
      const auto* bt = b.attribute(at.name);
      if (!bt) return 0;
      int c = compare_types(at.type, bt->type);
      if (c < 0) a_super = true;
      if (c > 0) b_super = true;
    }
    if (a_super && b_super) return 0;
    if (a_super) return -1 * swap;
    if (b_super) return 1 * swap;
    return 0;
  }
  if (a.is_tuple() && b.is_tuple()) {
    const auto& x = a.tuple_elements();
    const auto& y = b.tuple_elements();
    if (x.size() != y.size()) return 0;
    bool a_super = false, b_super = false;
    for (size_t i = 0; i < x.size(); ++i) {
      int c = compare_types(x[i], y[i]);
      if (c < 0) a_super = true;
      if (c > 0) b_super = true;
    }
    if (a_super && b_super) return 0;
    if (a_super) return -1 * swap;
    if (b_super) return 1 * swap;
    return 0;
  }
  return 0;
}

// cty's sortTypes: the order in which unify tries the types as its result, most general first,
// by Kahn's algorithm over "more general than" edges between the types. cty compares every pair
// of the n types, so toset or distinct of 20,000 strings took seconds (the reference 5 s). Equal
// types compare alike with every other type and never with each other, so here each distinct
// type is compared once with each other and the n types are ordered as the pairwise walk orders
// them: a type's edges go to every type of the distinct types less general than its own, in
// index order, so all types of a distinct type become free together and join in index order.
struct TypeOrder {
  std::vector<size_t> order;       // the types' indexes, most preferred first (cycles left out)
  std::vector<uint32_t> class_of;  // each type's distinct type
  std::vector<size_t> first;       // each distinct type's first index
};

TypeOrder sort_types(const std::vector<Type>& tys) {
  const size_t n = tys.size();
  TypeOrder out;
  out.class_of.resize(n);
  std::vector<std::vector<size_t>> members;
  for (size_t i = 0, last = 0; i < n; ++i) {
    size_t c = !members.empty() && tys[out.first[last]] == tys[i] ? last : members.size();
    for (size_t d = 0; c == members.size() && d < members.size(); ++d)
      if (tys[out.first[d]] == tys[i]) c = d;
    if (c == members.size()) {
      members.emplace_back();
      out.first.push_back(i);
    }
    members[c].push_back(i);
    out.class_of[i] = static_cast<uint32_t>(c);
    last = c;
  }
  const size_t k = members.size();
  std::vector<std::vector<uint32_t>> less_general(k);
  std::vector<size_t> waiting(k, 0);  // edges into each of a distinct type's types not yet walked
  for (size_t c = 0; c + 1 < k; ++c) {
    for (size_t d = c + 1; d < k; ++d) {
      int cmp = compare_types(tys[out.first[c]], tys[out.first[d]]);
      if (cmp < 0) {
        less_general[c].push_back(static_cast<uint32_t>(d));
        waiting[d] += members[c].size();
      }
      if (cmp > 0) {
        less_general[d].push_back(static_cast<uint32_t>(c));
        waiting[c] += members[d].size();
      }
    }
  }
  std::vector<size_t>& order = out.order;
  order.reserve(n);
  for (size_t i = 0; i < n; ++i)
    if (waiting[out.class_of[i]] == 0) order.push_back(i);
  std::vector<uint32_t> freed;
  for (size_t q = 0; q < order.size(); ++q) {
    freed.clear();
    for (uint32_t d : less_general[out.class_of[order[q]]])
      if (--waiting[d] == 0) freed.push_back(d);
    const size_t from = order.size();
    for (uint32_t d : freed) order.insert(order.end(), members[d].begin(), members[d].end());
    if (freed.size() > 1) std::sort(order.begin() + static_cast<std::ptrdiff_t>(from), order.end());
  }
  return out;
}

// ---- Unification --------------------------------------------------------------------------------

Unified unify_all_as_dynamic() { return Unified{Type::dynamic(), true}; }

bool all_convert(const std::vector<Type>& types, const Type& to, bool unsafe) {
  for (const auto& t : types) {
    if (t == to) continue;
    if (!can_convert(t, to, unsafe)) return false;
  }
  return true;
}

Unified unify_collection_types(TypeKind kind, const std::vector<Type>& types, bool unsafe, bool has_dynamic) {
  if (has_dynamic) return unify_all_as_dynamic();
  std::vector<Type> etys;
  etys.reserve(types.size());
  for (const auto& t : types) etys.push_back(t.element());
  Unified u = unify(etys, unsafe);
  if (!u.type) return {};
  Type ret = kind == TypeKind::Map    ? Type::map(*u.type)
             : kind == TypeKind::List ? Type::list(*u.type)
                                      : Type::set(*u.type);
  if (!all_convert(types, ret, unsafe)) return {};
  return Unified{ret};
}

Unified unify_object_types_to_map(const std::vector<Type>& types, bool unsafe) {
  std::vector<Type> atys;
  for (const auto& t : types)
    for (const auto& a : t.attributes()) atys.push_back(a.type);
  Unified u = unify(atys, unsafe);
  if (!u.type) return {};
  Type ret = Type::map(*u.type);
  if (!all_convert(types, ret, unsafe)) return {};
  return Unified{ret};
}

Unified unify_tuple_types_to_list(const std::vector<Type>& types, bool unsafe) {
  std::vector<Type> etys;
  for (const auto& t : types)
    for (const auto& e : t.tuple_elements()) etys.push_back(e);
  Unified u = unify(etys, unsafe);
  if (!u.type) return {};
  Type ret = Type::list(*u.type);
  if (!all_convert(types, ret, unsafe)) return {};
  return Unified{ret};
}

Unified unify_object_types(const std::vector<Type>& types, bool unsafe, bool has_dynamic) {
  if (has_dynamic) return unify_all_as_dynamic();
  const auto& first = types[0].attributes();
  for (size_t i = 1; i < types.size(); ++i) {
    const auto& attrs = types[i].attributes();
    if (attrs.size() != first.size()) return unify_object_types_to_map(types, unsafe);
    for (const auto& a : attrs)
      if (!types[0].attribute(a.name)) return unify_object_types_to_map(types, unsafe);
  }
  std::vector<std::pair<std::string, Type>> ret;
  for (const auto& a : first) {
    std::vector<Type> across;
    for (const auto& t : types) across.push_back(t.attribute(a.name)->type);
    Unified u = unify(across, unsafe);
    if (!u.type) return {};
    ret.emplace_back(a.name, *u.type);
  }
  Type rt = Type::object_sorted(std::move(ret));
  if (!all_convert(types, rt, unsafe)) return unify_object_types_to_map(types, unsafe);
  return Unified{rt};
}

Unified unify_tuple_types(const std::vector<Type>& types, bool unsafe, bool has_dynamic) {
  if (has_dynamic) return unify_all_as_dynamic();
  size_t n = types[0].tuple_elements().size();
  for (size_t i = 1; i < types.size(); ++i)
    if (types[i].tuple_elements().size() != n) return unify_tuple_types_to_list(types, unsafe);
  std::vector<Type> ret;
  for (size_t k = 0; k < n; ++k) {
    std::vector<Type> across;
    for (const auto& t : types) across.push_back(t.tuple_elements()[k]);
    Unified u = unify(across, unsafe);
    if (!u.type) return {};
    ret.push_back(*u.type);
  }
  Type rt = Type::tuple(std::move(ret));
  if (!all_convert(types, rt, unsafe)) return unify_tuple_types_to_list(types, unsafe);
  return Unified{rt};
}

// cty's unifyTuplesAsList and unifyObjectsAsMaps: the structural types (`structural`) among
// `types` unified into one collection type (`to_collection`), which replaces each of them before
// the whole list is unified again; both results must be that kind of collection (`collection`).
Unified unify_structurals_as(const std::vector<Type>& types, bool unsafe, bool (Type::*structural)() const,
                             bool (Type::*collection)() const,
                             Unified (*to_collection)(const std::vector<Type>&, bool)) {
  std::vector<Type> structurals;
  for (const auto& t : types)
    if ((t.*structural)()) structurals.push_back(t);
  Unified ct = to_collection(structurals, unsafe);
  if (!ct.type || !((*ct.type).*collection)()) return {};
  std::vector<Type> replaced = types;
  for (auto& t : replaced)
    if ((t.*structural)()) t = *ct.type;
  Unified nt = unify(replaced, unsafe);
  if (!nt.type || !((*nt.type).*collection)()) return {};
  return nt;
}

Unified unify_tuples_as_list(const std::vector<Type>& types, bool unsafe) {
  return unify_structurals_as(types, unsafe, &Type::is_tuple, &Type::is_list, unify_tuple_types_to_list);
}

Unified unify_objects_as_maps(const std::vector<Type>& types, bool unsafe) {
  return unify_structurals_as(types, unsafe, &Type::is_object, &Type::is_map, unify_object_types_to_map);
}

}  // namespace

// ---- Public -------------------------------------------------------------------------------------

bool can_convert(const Type& in, const Type& out, bool unsafe) { return can_convert_known(in, out, unsafe); }

// Every conversion passes through here, the elements' own included, so a converted value keeps
// its marks at every depth (cty's conversions unmark, convert and mark again).
Expected<Value> apply_conversion(const Value& v, const Type& out, bool unsafe) {
  if (!can_convert_known(v.type(), out, unsafe)) return unexpected(mismatch_message(v.type(), out));
  if (out.is_dynamic()) return v;
  if (!v.is_known() || v.is_null()) {
    Type o = out.without_optional_attributes_deep();
    Type t = dynamic_replace(v.type(), o);
    return (v.is_known() ? Value::null(t) : Value::unknown(t)).marked_if(v.is_sensitive());
  }
  if (!v.is_sensitive()) return convert_known(v, out, unsafe);
  auto c = convert_known(v, out, unsafe);
  if (c) return std::move(*c).mark_sensitive();
  return c;
}

Expected<Value> convert(const Value& v, const Type& want) {
  if (v.type() == (want.has_optional_attributes() ? want.without_optional_attributes_deep() : want)) return v;
  if (!can_convert_known(v.type(), want, true)) return unexpected(mismatch_message(v.type(), want));
  return apply_conversion(v, want, true);
}

Expected<Value> convert_unified(const Value& v, const Unified& u, bool unsafe) {
  if (!u.type) return unexpected("no common type");
  if (u.all_dynamic) return Value::dynamic();
  if (v.type() == *u.type) return v;
  return apply_conversion(v, *u.type, unsafe);
}

Unified unify(const std::vector<Type>& types, bool unsafe) {
  if (types.empty()) return {};
  size_t map_ct = 0, list_ct = 0, set_ct = 0, object_ct = 0, tuple_ct = 0, dynamic_ct = 0;
  for (const auto& t : types) {
    if (t.is_map()) ++map_ct;
    else if (t.is_list()) ++list_ct;
    else if (t.is_set()) ++set_ct;
    else if (t.is_object()) ++object_ct;
    else if (t.is_tuple()) ++tuple_ct;
    else if (t.is_dynamic()) ++dynamic_ct;
  }
  size_t n = types.size();
  if (map_ct > 0 && map_ct + dynamic_ct == n) {
    return unify_collection_types(TypeKind::Map, types, unsafe, dynamic_ct > 0);
  } else if (map_ct > 0 && map_ct + object_ct + dynamic_ct == n) {
    Unified u = unify_objects_as_maps(types, unsafe);
    if (u.type && u.type->is_map()) return u;
  } else if (list_ct > 0 && list_ct + dynamic_ct == n) {
    return unify_collection_types(TypeKind::List, types, unsafe, dynamic_ct > 0);
  } else if (list_ct > 0 && list_ct + tuple_ct + dynamic_ct == n) {
    Unified u = unify_tuples_as_list(types, unsafe);
    if (u.type && u.type->is_list()) return u;
  } else if (set_ct > 0 && set_ct + dynamic_ct == n) {
    return unify_collection_types(TypeKind::Set, types, unsafe, dynamic_ct > 0);
  } else if (object_ct > 0 && object_ct + dynamic_ct == n) {
    return unify_object_types(types, unsafe, dynamic_ct > 0);
  } else if (tuple_ct > 0 && tuple_ct + dynamic_ct == n) {
    return unify_tuple_types(types, unsafe, dynamic_ct > 0);
  } else if (object_ct > 0 && tuple_ct > 0) {
    return {};
  }
  // The first type in order that every other converts to; equal types convert alike, so each
  // distinct type is tried, and tried against, once.
  const TypeOrder sorted = sort_types(types);
  std::vector<bool> tried(sorted.first.size(), false);
  for (size_t want : sorted.order) {
    const uint32_t wc = sorted.class_of[want];
    if (tried[wc]) continue;
    tried[wc] = true;
    const Type& wt = types[want];
    bool ok = true;
    for (size_t c = 0; c < sorted.first.size() && ok; ++c)
      if (c != wc && !can_convert(types[sorted.first[c]], wt, unsafe)) ok = false;
    if (ok) return Unified{wt};
  }
  return {};
}

// ---- Mismatch messages --------------------------------------------------------------------------

namespace {

std::string mismatch_objects(const Type& got, const Type& want) {
  std::vector<std::string> missing;
  std::string unsafe_mismatch, safe_mismatch;
  for (const auto& wa : want.attributes()) {
    const auto* ga = got.attribute(wa.name);
    if (!ga) {
      if (!wa.optional) missing.push_back(wa.name);
      continue;
    }
    if (ga->type == wa.type) continue;
    if (!unsafe_mismatch.empty()) continue;
    if (!can_convert(ga->type, wa.type, true))
      unsafe_mismatch = "attribute " + util::go_quote(wa.name) + ": " + mismatch_message(ga->type, wa.type);
    if (!safe_mismatch.empty()) continue;
    if (!can_convert(ga->type, wa.type, false))
      safe_mismatch = "attribute " + util::go_quote(wa.name) + ": " + mismatch_message(ga->type, wa.type);
  }
  if (!missing.empty()) {
    std::sort(missing.begin(), missing.end());
    if (missing.size() == 1) return "attribute " + util::go_quote(missing[0]) + " is required";
    if (missing.size() == 2)
      return "attributes " + util::go_quote(missing[0]) + " and " + util::go_quote(missing[1]) + " are required";
    std::string buf;
    for (size_t i = 0; i + 1 < missing.size(); ++i) buf += util::go_quote(missing[i]) + ", ";
    buf += "and " + util::go_quote(missing.back());
    return "attributes " + buf + " are required";
  }
  if (!unsafe_mismatch.empty()) return unsafe_mismatch;
  if (!safe_mismatch.empty()) return safe_mismatch;
  return "incorrect object attributes";
}

std::string mismatch_collections_from_structural(const Type& got, const Type& want) {
  if (want.is_list() && !got.is_tuple()) return want.friendly_name_for_constraint() + " required";
  if (want.is_set() && !got.is_tuple()) return want.friendly_name_for_constraint() + " required";
  if (want.is_map() && !got.is_object()) return want.friendly_name_for_constraint() + " required";
  const Type& wety = want.element();
  if (got.is_tuple()) {
    const auto& etys = got.tuple_elements();
    for (size_t i = 0; i < etys.size(); ++i) {
      if (etys[i] == wety) continue;
      if (can_convert(etys[i], wety, true)) continue;
      return "element " + std::to_string(i) + ": " + mismatch_message(etys[i], wety);
    }
    return "all elements must be " + wety.friendly_name_for_constraint();
  }
  if (got.is_object()) {
    for (const auto& a : got.attributes()) {
      if (a.type == wety) continue;
      if (can_convert(a.type, wety, true)) continue;
      return "element " + util::go_quote(a.name) + ": " + mismatch_message(a.type, wety);
    }
    return "all elements must be " + wety.friendly_name_for_constraint();
  }
  return want.friendly_name_for_constraint() + " required";
}

std::string mismatch_collections_from_collections(const Type& got, const Type& want) {
  if (want.is_list() && !(got.is_list() || got.is_set())) return want.friendly_name_for_constraint() + " required";
  if (want.is_set() && !(got.is_list() || got.is_set())) return want.friendly_name_for_constraint() + " required";
  if (want.is_map() && !got.is_map()) return want.friendly_name_for_constraint() + " required";
  const char* noun = want.is_list() ? "list element type" : want.is_set() ? "set element type" : "map element type";
  return std::string("incorrect ") + noun + ": " + mismatch_message(got.element(), want.element());
}

// cty 1.16.3 names the type it found only where that helps: not for string to number or bool,
// where the value rather than its type is usually what is wrong, nor for two collections whose
// wanted element type is inexact (readers blame the inexactness, not the collection kind).
bool likely_to_confuse(const Type& got, const Type& want) {
  if (got.is_primitive() != want.is_primitive()) return false;
  if (want.is_string()) return false;
  if ((want.is_bool() && got.is_number()) || (got.is_bool() && want.is_number())) return false;
  if (got.is_collection() && want.is_collection() && !got.element().has_dynamic_types() &&
      want.element().has_dynamic_types())
    return false;
  if (got.is_tuple() && want.is_object()) return false;
  return true;
}

}  // namespace

std::string mismatch_message(const Type& got, const Type& want) {
  if (got.is_object() && want.is_object()) return mismatch_objects(got, want);
  if (got.is_tuple() && want.is_list() && want.element().is_dynamic())
    return "all list elements must have the same type";
  if (got.is_tuple() && want.is_set() && want.element().is_dynamic()) return "all set elements must have the same type";
  if (got.is_object() && want.is_map() && want.element().is_dynamic())
    return "all map elements must have the same type";
  if ((got.is_tuple() || got.is_object()) && want.is_collection())
    return mismatch_collections_from_structural(got, want);
  if (got.is_collection() && want.is_collection()) return mismatch_collections_from_collections(got, want);
  if (!likely_to_confuse(got, want)) return want.friendly_name() + " required, but have " + got.friendly_name();
  return want.friendly_name_for_constraint() + " required";
}

}  // namespace hcl::cty
