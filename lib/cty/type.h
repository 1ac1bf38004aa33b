// SPDX-License-Identifier: Apache-2.0
// cty's type system: the primitive types string, number and bool; list, set and map of one
// element type; tuple [T...] and object {name: T}; the dynamic pseudo-type ("any" in type
// constraints); and capsule types, opaque values that only functions understand (the type
// constraint and expression closure arguments of convert, try and can).
//
// Types are immutable and cheap to copy: primitives are held inline, compound types share one
// node. Object attribute names are kept sorted bytewise, as cty iterates them. Object types in
// type constraints may mark attributes optional (ext-typeexpr's optional()); values never have
// such types.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hcl::cty {

enum class TypeKind : uint8_t { Dynamic, Bool, Number, String, List, Set, Map, Tuple, Object, Capsule };

struct TypeAttribute;

class Type {
 public:
  // The dynamic pseudo-type.
  Type() = default;

  static Type dynamic() { return Type(); }
  static Type boolean() { return Type(TypeKind::Bool); }
  static Type number() { return Type(TypeKind::Number); }
  static Type string() { return Type(TypeKind::String); }
  static Type list(Type element);
  static Type set(Type element);
  static Type map(Type element);
  static Type tuple(std::vector<Type> elements);
  // Attribute names are normalised to NFC and sorted; a repeated name keeps its last type.
  // Names in `optional` mark optional attributes (type constraints only).
  static Type object(std::vector<std::pair<std::string, Type>> attributes,
                     const std::vector<std::string>& optional = {});
  // Attributes already sorted bytewise and unique (no checks).
  static Type object_sorted(std::vector<std::pair<std::string, Type>> attributes);
  // An opaque type; two capsule types are the same when their names are.
  static Type capsule(std::string name);

  TypeKind kind() const { return kind_; }
  bool is_dynamic() const { return kind_ == TypeKind::Dynamic; }
  bool is_primitive() const {
    return kind_ == TypeKind::Bool || kind_ == TypeKind::Number || kind_ == TypeKind::String;
  }
  bool is_bool() const { return kind_ == TypeKind::Bool; }
  bool is_number() const { return kind_ == TypeKind::Number; }
  bool is_string() const { return kind_ == TypeKind::String; }
  bool is_list() const { return kind_ == TypeKind::List; }
  bool is_set() const { return kind_ == TypeKind::Set; }
  bool is_map() const { return kind_ == TypeKind::Map; }
  bool is_tuple() const { return kind_ == TypeKind::Tuple; }
  bool is_object() const { return kind_ == TypeKind::Object; }
  bool is_capsule() const { return kind_ == TypeKind::Capsule; }
  bool is_collection() const { return is_list() || is_set() || is_map(); }
  bool is_structural() const { return is_tuple() || is_object(); }

  // list, set, map: the element type.
  const Type& element() const;
  // tuple: the element types.
  const std::vector<Type>& tuple_elements() const;
  // object: attributes sorted by name.
  using Attribute = TypeAttribute;
  const std::vector<Attribute>& attributes() const;
  const Attribute* attribute(std::string_view name) const;
  bool has_optional_attributes() const;
  // capsule: its name.
  const std::string& capsule_name() const;

  // cty's Type.Equals: structural, optional markers included.
  friend bool operator==(const Type& a, const Type& b);
  friend bool operator!=(const Type& a, const Type& b) { return !(a == b); }

  // True if the dynamic pseudo-type appears anywhere in this type.
  bool has_dynamic_types() const;
  Type without_optional_attributes_deep() const;

  // cty's FriendlyName ("list of string", "object", "dynamic") and FriendlyNameForConstraint
  // ("any type", "list of any single type").
  std::string friendly_name() const;
  std::string friendly_name_for_constraint() const;
  // typeexpr.TypeString: "list(string)", "object({a=number})", "any".
  std::string type_string() const;
  // cty's GoString, as it appears in the reference's messages (cty.List(cty.String)).
  std::string go_string() const;

  // cty's TestConformance: the first reason `*this` does not conform to `want`, if any.
  std::optional<std::string> conformance_error(const Type& want) const;

 private:
  struct Node;
  explicit Type(TypeKind k) : kind_(k) {}
  Type(TypeKind k, std::shared_ptr<const Node> n) : kind_(k), node_(std::move(n)) {}
  std::string friendly(bool constraint) const;

  TypeKind kind_ = TypeKind::Dynamic;
  std::shared_ptr<const Node> node_;
};

// An object type's attribute.
struct TypeAttribute {
  std::string name;
  Type type;
  bool optional = false;
};

}  // namespace hcl::cty
