// SPDX-License-Identifier: Apache-2.0
#include "cty/type.h"

#include <algorithm>
#include <array>
#include <memory>

#include "cty/unicode.h"
#include "util/text.h"

namespace hcl::cty {

struct Type::Node : SharedNode {
  explicit Node(TypeKind kind) : SharedNode(static_cast<uint8_t>(kind)) {}
  Type element;                       // list, set, map
  std::vector<Type> elements;         // tuple
  std::vector<Attribute> attributes;  // object, sorted by name
  std::vector<std::string> names;     // object: the attributes' names, which name its values' members
  bool any_optional = false;
  std::string capsule_name;
};

constinit const SharedNode Type::kPrimitives[4] = {
    SharedNode(static_cast<uint8_t>(TypeKind::Dynamic), SharedNode::kImmortal),
    SharedNode(static_cast<uint8_t>(TypeKind::Bool), SharedNode::kImmortal),
    SharedNode(static_cast<uint8_t>(TypeKind::Number), SharedNode::kImmortal),
    SharedNode(static_cast<uint8_t>(TypeKind::String), SharedNode::kImmortal),
};

Type Type::make(Node* n) { return Type(static_cast<const SharedNode*>(n)); }

const Type::Node* Type::node() const { return static_cast<const Node*>(node_); }

void Type::destroy(const SharedNode* n) { delete static_cast<const Node*>(n); }

Type Type::list(Type element) {
  auto* n = new Node(TypeKind::List);
  n->element = std::move(element);
  return make(n);
}

Type Type::set(Type element) {
  auto* n = new Node(TypeKind::Set);
  n->element = std::move(element);
  return make(n);
}

Type Type::map(Type element) {
  auto* n = new Node(TypeKind::Map);
  n->element = std::move(element);
  return make(n);
}

// Types made one after another are mostly alike: the objects of a for expression's results, a
// file's blocks of one type, the one-element tuples that hold them. The last few small object and
// tuple types made on this thread are kept and handed out again when an equal one is asked for,
// so that a million alike values share one type instead of each holding its own (a node, and an
// object's names twice): 200,000 small blocks evaluated as a file held 58 MB of object types.
// Types are immutable, so sharing one is invisible. The slots are direct-mapped by a cheap key,
// so a miss costs a compare or two. A large type is not kept: it is seldom made twice, and
// keeping it would hold its memory after its values are gone. (Each instantiation, one for
// tuples and one for objects, has its own slots.)
template <class Same, class Make>
Type Type::recent(size_t size, uint64_t key, Same same, Make make_new) {
  static constexpr size_t kSlots = 8, kLargest = 64;
  if (size > kLargest) return make_new();
  thread_local std::array<Type, kSlots> slots;
  Type& slot = slots[key % kSlots];
  if (!slot.is_dynamic() && same(slot)) return slot;
  slot = make_new();
  return slot;
}

Type Type::tuple(std::vector<Type> elements) {
  const uint64_t key = elements.size() * 5 + (elements.empty() ? 0 : static_cast<uint64_t>(elements[0].kind()));
  auto same = [&](const Type& t) { return t.is_tuple() && t.node()->elements == elements; };
  auto make_new = [&] {
    auto* n = new Node(TypeKind::Tuple);
    n->elements = std::move(elements);
    return make(n);
  };
  return recent(elements.size(), key, same, make_new);
}

Type Type::object(std::vector<std::pair<std::string, Type>> attributes, const std::vector<std::string>& optional) {
  std::unique_ptr<Node> n(new Node(TypeKind::Object));
  n->attributes.reserve(attributes.size());
  for (auto& [name, type] : attributes) n->attributes.push_back(Attribute{normalize_nfc(name), std::move(type), false});
  std::stable_sort(n->attributes.begin(), n->attributes.end(),
                   [](const Attribute& a, const Attribute& b) { return a.name < b.name; });
  // A repeated name keeps the last type given, as a Go map would.
  std::vector<Attribute> unique;
  unique.reserve(n->attributes.size());
  for (auto& a : n->attributes) {
    if (!unique.empty() && unique.back().name == a.name) {
      unique.back() = std::move(a);
    } else {
      unique.push_back(std::move(a));
    }
  }
  n->attributes = std::move(unique);
  for (const auto& a : n->attributes) n->names.push_back(a.name);
  for (const auto& name : optional) {
    std::string norm = normalize_nfc(name);
    auto it = std::lower_bound(n->attributes.begin(), n->attributes.end(), norm,
                               [](const Attribute& a, const std::string& k) { return a.name < k; });
    if (it != n->attributes.end() && it->name == norm) {
      it->optional = true;
      n->any_optional = true;
    }
  }
  return make(n.release());
}

Type Type::object_sorted(std::vector<std::pair<std::string, Type>> attributes) {
  uint64_t key = attributes.size() * 3;
  if (!attributes.empty() && !attributes[0].first.empty())
    key += attributes[0].first.size() * 5 + static_cast<unsigned char>(attributes[0].first.back());
  auto same = [&](const Type& t) {
    if (!t.is_object() || t.node()->any_optional) return false;
    const auto& have = t.node()->attributes;
    if (have.size() != attributes.size()) return false;
    for (size_t i = 0; i < have.size(); ++i)
      if (have[i].name != attributes[i].first || !(have[i].type == attributes[i].second)) return false;
    return true;
  };
  auto make_new = [&] {
    auto* n = new Node(TypeKind::Object);
    n->attributes.reserve(attributes.size());
    n->names.reserve(attributes.size());
    for (auto& [name, type] : attributes) {
      n->names.push_back(name);
      n->attributes.push_back(Attribute{std::move(name), std::move(type), false});
    }
    return make(n);
  };
  return recent(attributes.size(), key, same, make_new);
}

Type Type::capsule(std::string name) {
  auto* n = new Node(TypeKind::Capsule);
  n->capsule_name = std::move(name);
  return make(n);
}

namespace {
const Type& dynamic_type() {
  static const Type t;
  return t;
}
const std::vector<Type>& no_types() {
  static const std::vector<Type> v;
  return v;
}
const std::vector<Type::Attribute>& no_attributes() {
  static const std::vector<Type::Attribute> v;
  return v;
}
const std::string& empty_string() {
  static const std::string s;
  return s;
}
}  // namespace

const Type& Type::element() const { return is_collection() ? node()->element : dynamic_type(); }
const std::vector<Type>& Type::tuple_elements() const { return is_tuple() ? node()->elements : no_types(); }
const std::vector<Type::Attribute>& Type::attributes() const {
  return is_object() ? node()->attributes : no_attributes();
}

const std::vector<std::string>& Type::attribute_names() const {
  static const std::vector<std::string> none;
  return is_object() ? node()->names : none;
}

const Type::Attribute* Type::attribute(std::string_view name) const {
  const auto& attrs = attributes();
  // Most objects have a few attributes: comparing lengths first finds one without ordering
  // compares (each a call to memcmp), which is what an attribute step over many objects costs.
  static constexpr size_t kScanAttributes = 16;
  if (attrs.size() <= kScanAttributes) {
    for (const Attribute& a : attrs)
      if (a.name.size() == name.size() && std::string_view(a.name) == name) return &a;
    return nullptr;
  }
  auto it = std::lower_bound(attrs.begin(), attrs.end(), name,
                             [](const Attribute& a, std::string_view k) { return a.name < k; });
  if (it != attrs.end() && it->name == name) return &*it;
  return nullptr;
}

bool Type::has_optional_attributes() const { return is_object() && node()->any_optional; }
const std::string& Type::capsule_name() const { return is_capsule() ? node()->capsule_name : empty_string(); }

bool Type::equal_nodes(const Type& a, const Type& b) {
  if (a.kind() != b.kind()) return false;
  switch (a.kind()) {
    case TypeKind::List:
    case TypeKind::Set:
    case TypeKind::Map: return a.node()->element == b.node()->element;
    case TypeKind::Tuple: return a.node()->elements == b.node()->elements;
    case TypeKind::Object: {
      const auto& x = a.node()->attributes;
      const auto& y = b.node()->attributes;
      if (x.size() != y.size()) return false;
      for (size_t i = 0; i < x.size(); ++i)
        if (x[i].name != y[i].name || x[i].optional != y[i].optional || !(x[i].type == y[i].type)) return false;
      return true;
    }
    case TypeKind::Capsule: return a.node()->capsule_name == b.node()->capsule_name;
    default: return true;
  }
}

bool Type::has_dynamic_types() const {
  switch (kind()) {
    case TypeKind::Dynamic: return true;
    case TypeKind::List:
    case TypeKind::Set:
    case TypeKind::Map: return node()->element.has_dynamic_types();
    case TypeKind::Tuple:
      for (const auto& t : node()->elements)
        if (t.has_dynamic_types()) return true;
      return false;
    case TypeKind::Object:
      for (const auto& a : node()->attributes)
        if (a.type.has_dynamic_types()) return true;
      return false;
    default: return false;
  }
}

Type Type::without_optional_attributes_deep() const {
  switch (kind()) {
    case TypeKind::List: return list(node()->element.without_optional_attributes_deep());
    case TypeKind::Set: return set(node()->element.without_optional_attributes_deep());
    case TypeKind::Map: return map(node()->element.without_optional_attributes_deep());
    case TypeKind::Tuple: {
      std::vector<Type> ts;
      ts.reserve(node()->elements.size());
      for (const auto& t : node()->elements) ts.push_back(t.without_optional_attributes_deep());
      return tuple(std::move(ts));
    }
    case TypeKind::Object: {
      std::vector<std::pair<std::string, Type>> attrs;
      attrs.reserve(node()->attributes.size());
      for (const auto& a : node()->attributes) attrs.emplace_back(a.name, a.type.without_optional_attributes_deep());
      return object_sorted(std::move(attrs));
    }
    default: return *this;
  }
}

std::string Type::friendly(bool constraint) const {
  switch (kind()) {
    case TypeKind::Dynamic: return constraint ? "any type" : "dynamic";
    case TypeKind::Bool: return "bool";
    case TypeKind::Number: return "number";
    case TypeKind::String: return "string";
    case TypeKind::List:
    case TypeKind::Set:
    case TypeKind::Map: {
      std::string elem =
          constraint && node()->element.is_dynamic() ? "any single type" : node()->element.friendly(constraint);
      const char* prefix = kind() == TypeKind::List ? "list of " : kind() == TypeKind::Set ? "set of " : "map of ";
      return prefix + elem;
    }
    case TypeKind::Tuple: return "tuple";
    case TypeKind::Object: return "object";
    case TypeKind::Capsule: return node()->capsule_name;
  }
  return "dynamic";
}

std::string Type::friendly_name() const { return friendly(false); }
std::string Type::friendly_name_for_constraint() const { return friendly(true); }

std::string Type::type_string() const {
  switch (kind()) {
    case TypeKind::Dynamic: return "any";
    case TypeKind::Bool: return "bool";
    case TypeKind::Number: return "number";
    case TypeKind::String: return "string";
    case TypeKind::List: return "list(" + node()->element.type_string() + ")";
    case TypeKind::Set: return "set(" + node()->element.type_string() + ")";
    case TypeKind::Map: return "map(" + node()->element.type_string() + ")";
    case TypeKind::Tuple: {
      std::string out = "tuple([";
      for (size_t i = 0; i < node()->elements.size(); ++i) {
        if (i) out += ',';
        out += node()->elements[i].type_string();
      }
      return out + "])";
    }
    case TypeKind::Object: {
      std::string out = "object({";
      for (size_t i = 0; i < node()->attributes.size(); ++i) {
        const auto& a = node()->attributes[i];
        if (i) out += ',';
        out += is_valid_identifier(a.name) ? a.name : util::go_quote(a.name);
        out += '=';
        std::string t = a.type.type_string();
        out += a.optional ? "optional(" + t + ")" : t;
      }
      return out + "})";
    }
    case TypeKind::Capsule: return node()->capsule_name;
  }
  return "any";
}

std::string Type::go_string() const {
  switch (kind()) {
    case TypeKind::Dynamic: return "cty.DynamicPseudoType";
    case TypeKind::Bool: return "cty.Bool";
    case TypeKind::Number: return "cty.Number";
    case TypeKind::String: return "cty.String";
    case TypeKind::List: return "cty.List(" + node()->element.go_string() + ")";
    case TypeKind::Set: return "cty.Set(" + node()->element.go_string() + ")";
    case TypeKind::Map: return "cty.Map(" + node()->element.go_string() + ")";
    case TypeKind::Tuple: {
      if (node()->elements.empty()) return "cty.EmptyTuple";
      std::string out = "cty.Tuple([]cty.Type{";
      for (size_t i = 0; i < node()->elements.size(); ++i) {
        if (i) out += ", ";
        out += node()->elements[i].go_string();
      }
      return out + "})";
    }
    case TypeKind::Object: {
      if (node()->attributes.empty()) return "cty.EmptyObject";
      std::string attrs = "map[string]cty.Type{";
      std::string opt = "[]string{";
      bool any_opt = false;
      for (size_t i = 0; i < node()->attributes.size(); ++i) {
        const auto& a = node()->attributes[i];
        if (i) attrs += ", ";
        attrs += util::go_quote(a.name) + ":" + a.type.go_string();
        if (a.optional) {
          if (any_opt) opt += ", ";
          opt += util::go_quote(a.name);
          any_opt = true;
        }
      }
      attrs += "}";
      if (any_opt) return "cty.ObjectWithOptionalAttrs(" + attrs + ", " + opt + "})";
      return "cty.Object(" + attrs + ")";
    }
    case TypeKind::Capsule: return node()->capsule_name;
  }
  return "cty.DynamicPseudoType";
}

std::optional<std::string> Type::conformance_error(const Type& want) const {
  if (want.is_dynamic() || *this == want) return std::nullopt;
  if (is_object() && want.is_object()) {
    for (const auto& a : attributes())
      if (!want.attribute(a.name)) return "unsupported attribute " + util::go_quote(a.name);
    for (const auto& a : want.attributes())
      if (!attribute(a.name)) return "missing required attribute " + util::go_quote(a.name);
    for (const auto& a : want.attributes())
      if (auto e = attribute(a.name)->type.conformance_error(a.type)) return e;
    return std::nullopt;
  }
  if (is_tuple() && want.is_tuple()) {
    const auto& g = tuple_elements();
    const auto& w = want.tuple_elements();
    if (g.size() != w.size())
      return std::to_string(w.size()) + " elements are required, but got " + std::to_string(g.size());
    for (size_t i = 0; i < g.size(); ++i)
      if (auto e = g[i].conformance_error(w[i])) return e;
    return std::nullopt;
  }
  if ((is_list() && want.is_list()) || (is_map() && want.is_map()) || (is_set() && want.is_set()))
    return element().conformance_error(want.element());
  return want.friendly_name() + " required, but received " + friendly_name();
}

}  // namespace hcl::cty
