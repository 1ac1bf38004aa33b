// SPDX-License-Identifier: Apache-2.0
// cty's type system: the primitive types string, number and bool; list, set and map of one
// element type; tuple [T...] and object {name: T}; the dynamic pseudo-type ("any" in type
// constraints); and capsule types, opaque values that only functions understand (the type
// constraint and expression closure arguments of convert, try and can).
//
// Types are immutable and cheap to copy: a type is one pointer to a node, constant for the
// primitive types and the dynamic pseudo-type, shared and counted for compound types. Object attribute names are kept
// sorted bytewise, as cty iterates them. Object types in type constraints may mark attributes optional (ext-typeexpr's
// optional()); values never have such types.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cty/shared.h"

namespace hcl::cty {

enum class TypeKind : uint8_t { Dynamic, Bool, Number, String, List, Set, Map, Tuple, Object, Capsule };

struct TypeAttribute;

class Type {
  struct Node;

 public:
  // The dynamic pseudo-type.
  Type() noexcept : node_(&kPrimitives[0]) {}
  Type(const Type& o) noexcept : node_(o.node_) { retain(node_); }
  Type(Type&& o) noexcept : node_(o.node_) { o.node_ = &kPrimitives[0]; }
  Type& operator=(const Type& o) noexcept {
    retain(o.node_);
    drop();
    node_ = o.node_;
    return *this;
  }
  Type& operator=(Type&& o) noexcept {
    std::swap(node_, o.node_);
    return *this;
  }
  ~Type() { drop(); }

  static Type dynamic() { return Type(); }
  static Type boolean() { return Type(&kPrimitives[1]); }
  static Type number() { return Type(&kPrimitives[2]); }
  static Type string() { return Type(&kPrimitives[3]); }
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

  TypeKind kind() const { return static_cast<TypeKind>(node_->tag); }
  bool is_dynamic() const { return kind() == TypeKind::Dynamic; }
  bool is_primitive() const {
    return kind() == TypeKind::Bool || kind() == TypeKind::Number || kind() == TypeKind::String;
  }
  bool is_bool() const { return kind() == TypeKind::Bool; }
  bool is_number() const { return kind() == TypeKind::Number; }
  bool is_string() const { return kind() == TypeKind::String; }
  bool is_list() const { return kind() == TypeKind::List; }
  bool is_set() const { return kind() == TypeKind::Set; }
  bool is_map() const { return kind() == TypeKind::Map; }
  bool is_tuple() const { return kind() == TypeKind::Tuple; }
  bool is_object() const { return kind() == TypeKind::Object; }
  bool is_capsule() const { return kind() == TypeKind::Capsule; }
  bool is_collection() const { return is_list() || is_set() || is_map(); }
  bool is_structural() const { return is_tuple() || is_object(); }

  // list, set, map: the element type.
  const Type& element() const;
  // tuple: the element types.
  const std::vector<Type>& tuple_elements() const;
  // object: attributes sorted by name.
  using Attribute = TypeAttribute;
  const std::vector<Attribute>& attributes() const;
  // object: the attributes' names in the same order.
  const std::vector<std::string>& attribute_names() const;
  const Attribute* attribute(std::string_view name) const;
  bool has_optional_attributes() const;
  // capsule: its name.
  const std::string& capsule_name() const;

  // cty's Type.Equals: structural, optional markers included.
  friend bool operator==(const Type& a, const Type& b) { return a.node_ == b.node_ || equal_nodes(a, b); }
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
  // The dynamic pseudo-type, bool, number and string, in that order.
  static constinit const SharedNode kPrimitives[4];
  // Takes the caller's reference to `n`.
  explicit Type(const SharedNode* n) : node_(n) {}
  static Type make(Node* n);
  // A type equal to make_new()'s, of `size` members: a recently made one that `same` accepts,
  // or the new one.
  template <class Same, class Make>
  static Type recent(size_t size, uint64_t key, Same same, Make make_new);
  const Node* node() const;  // compound and capsule types only
  void drop() {
    if (release_last(node_)) destroy(node_);
  }
  static void destroy(const SharedNode* n);
  static bool equal_nodes(const Type& a, const Type& b);
  std::string friendly(bool constraint) const;

  const SharedNode* node_;
};

// An object type's attribute.
struct TypeAttribute {
  std::string name;
  Type type;
  bool optional = false;
};

}  // namespace hcl::cty
