// SPDX-License-Identifier: Apache-2.0
// cty values: a type plus either "null", "unknown" or a known payload. Values are immutable and
// cheap to copy (collections share their storage). A value is 24 bytes: its type (one pointer),
// and a bool, a number's inline fields (cty/number.h) or one counted pointer to its shared
// payload (a string's text, a collection's elements, a big number, a capsule's object).
//
// Collections keep cty's iteration order, which is also the order of every output:
//  - list and tuple: as built;
//  - map and object: keys sorted bytewise;
//  - set: cty's set order (elements bucketed by the CRC-32 of their hash text, then stably
//    sorted: strings and numbers by value, false before true, other elements by hash text;
//    unknowns, then nulls, last). Equal elements are merged when the set is built.
//
// Strings are normalised to NFC when they become values, as cty.StringVal does.
//
// A value may carry Terraform's sensitivity mark (cty's marks, of which only this one exists
// here): a bit beside the payload, so marking costs neither size nor copies. The mark is shallow,
// as in cty: a list with one marked element is not itself marked, and every accessor reads a
// marked value's payload as an unmarked one's. Whoever derives a value from others carries the
// marks over (cty/function.h's call machinery for functions, the evaluator for expressions,
// convert for conversions); a set cannot hold marked elements, so their marks move to the set.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cty/number.h"
#include "cty/type.h"

namespace hcl::cty {

class Members;

class Value {
 public:
  using Attribute = std::pair<std::string, Value>;

  // cty.DynamicVal: an unknown value of unknown type.
  Value() noexcept : small_(0) {}
  Value(const Value& o) noexcept : type_(o.type_) {
    copy_payload(o);
    if (owns_) retain(block_);
  }
  Value(Value&& o) noexcept : type_(std::move(o.type_)) {
    copy_payload(o);
    o.owns_ = false;
    o.sensitive_ = false;
    o.inner_sensitive_ = false;
    o.state_ = State::Unknown;
  }
  Value& operator=(const Value& o) noexcept {
    if (this != &o) *this = Value(o);
    return *this;
  }
  Value& operator=(Value&& o) noexcept {
    if (this == &o) return *this;
    drop();
    type_ = std::move(o.type_);
    copy_payload(o);
    o.owns_ = false;
    o.sensitive_ = false;
    o.inner_sensitive_ = false;
    o.state_ = State::Unknown;
    return *this;
  }
  ~Value() { drop(); }

  static Value null(Type type = Type::dynamic());
  static Value unknown(Type type = Type::dynamic());
  static Value dynamic() { return Value(); }

  static Value boolean(bool b);
  static Value number(Number n) {
    Value v(Type::number(), State::Known);
    v.prec_ = n.prec_;
    v.num_rep_ = n.rep_;
    v.scale_ = n.scale_;
    if (n.big()) {
      v.block_ = n.big_;  // the number's reference becomes the value's
      v.owns_ = true;
      n.rep_ = Number::Rep::Int;
    } else {
      v.small_ = n.small_;
    }
    return v;
  }
  static Value number(int64_t n) { return number(Number::from_int(n)); }
  // NFC-normalised copy of `s`.
  static Value string(std::string_view s);
  // `s` is already NFC (from another string value, or ASCII): no normalisation pass.
  static Value string_nfc(std::string s);

  // Lists, sets and maps take the type of their first element whose type is not dynamic; the
  // caller guarantees the others agree (cty.ListVal panics otherwise; use convert/unify).
  static Value list(std::vector<Value> elements);  // not empty
  static Value empty_list(Type element);
  static Value set(std::vector<Value> elements);  // not empty; merges equal elements
  static Value empty_set(Type element);
  static Value map(std::vector<Attribute> elements);  // not empty; keys NFC-normalised
  static Value empty_map(Type element);
  static Value tuple(std::vector<Value> elements);
  // Attribute names are NFC-normalised and sorted; a repeated name keeps its last value.
  static Value object(std::vector<Attribute> attributes);
  // Builders that trust their caller for the type, so a decoder can share one type between many
  // values of the same shape instead of building a fresh one per value: `type` must be the tuple
  // of the elements' types, or the object of the attributes' names and types; the attributes
  // must be NFC, sorted bytewise and unique.
  static Value tuple_typed(std::vector<Value> elements, Type type);
  static Value object_typed(std::vector<Attribute> attributes, Type type);
  // The same with only the values, in the order of `type`'s attributes.
  static Value object_values(std::vector<Value> values, Type type);
  static Value empty_object() { return object({}); }
  // An opaque value of a capsule type (see Type::capsule).
  static Value capsule(Type type, std::shared_ptr<const void> payload);

  const Type& type() const { return type_; }
  bool is_null() const { return state_ == State::Null; }
  bool is_known() const { return state_ != State::Unknown; }
  // Known all the way down (nulls count as known).
  bool is_wholly_known() const;

  // Sensitivity (Terraform's "sensitive" mark). Marks are shallow: see the file comment.
  bool is_sensitive() const { return sensitive_; }
  Value mark_sensitive() const& {
    Value v(*this);
    v.sensitive_ = true;
    return v;
  }
  Value mark_sensitive() && {
    sensitive_ = true;
    return std::move(*this);
  }
  // Marked when `sensitive`, else unchanged: the usual way to pass an operand's mark on.
  Value marked_if(bool sensitive) && {
    sensitive_ = sensitive_ || sensitive;
    return std::move(*this);
  }
  // Without its own mark (the elements keep theirs).
  Value unmark() const& {
    Value v(*this);
    v.sensitive_ = false;
    return v;
  }
  Value unmark() && {
    sensitive_ = false;
    return std::move(*this);
  }
  // This value or anything inside it is marked (cty's ContainsMarked). A collection learns
  // whether its elements hold marks when it is built, so this does not walk them.
  bool has_sensitive_deep() const { return sensitive_ || inner_sensitive_; }
  // cty's UnmarkDeepWithPaths: the value with every mark removed, all the way down; `paths`, when
  // given, receives the path of each mark removed (the element keys from this value down, as
  // element_key gives them; an empty path for this value's own mark).
  Value unmark_deep(std::vector<std::vector<Value>>* paths = nullptr) const;

  // Payload accessors: only for known, non-null values of the matching type.
  bool as_bool() const { return bool_; }
  Number as_number() const {
    Number n;
    if (state_ != State::Known || !type_.is_number()) return n;
    n.prec_ = prec_;
    n.rep_ = num_rep_;
    n.scale_ = scale_;
    if (num_rep_ == Number::Rep::Big) {
      n.big_ = block_;
      retain(block_);
    } else {
      n.small_ = small_;
    }
    return n;
  }
  const std::string& as_string() const;
  // list, set, tuple: the elements in order.
  const std::vector<Value>& elements() const;
  // map, object: (key, value) pairs sorted by key.
  Members attributes() const;
  // map or object element, or null when absent.
  const Value* get(std::string_view key) const;
  // Number of elements of a collection or structural value (known, non-null).
  size_t length() const;
  const std::shared_ptr<const void>& capsule_payload() const;
  template <class T>
  const T& capsule_as() const {
    return *static_cast<const T*>(capsule_payload().get());
  }

  // The key cty pairs with element i when iterating (an index number for lists and tuples,
  // the element itself for sets, the key string for maps and objects).
  Value element_key(size_t i) const;
  // The value at iteration position i (elements()[i] or attributes()[i].second).
  const Value& element_at(size_t i) const;
  // The same by value. A container of a JSON document decoded for --vars (cty/json_document.h)
  // builds its members on first use, and element_at and the other accessors above keep them;
  // this one builds only the member asked for where it can (one attribute of an object, a
  // tuple's elements one after another), so that `r.change.after.size` in a `for` over a hundred
  // thousand resources builds four values for each and keeps none.
  Value member(size_t i) const;

  // cty's Value.Equals: true, false, or an unknown bool.
  Value equals(const Value& other) const;
  // cty's RawEquals: identical type, state and content.
  bool raw_equals(const Value& other) const;
  // True for a known true bool (the caller checked the type).
  bool is_true() const { return state_ == State::Known && bool_; }

  // cty's GoString (cty.StringVal("a"), cty.NumberIntVal(1) ...), as the reference's messages
  // quote values.
  std::string go_string() const;

  // About the bytes this value takes written out in full: storage shared between elements is
  // counted at every use, as printing, encoding or converting the value would repeat it. The
  // evaluation budget (cty/budget.h) charges it when a collection is built. Saturates.
  uint64_t weight() const;
  static constexpr uint64_t kBaseWeight = 64;

 private:
  friend class DocumentValues;  // builds a JSON document's values (json_document.cpp)
  enum class State : uint8_t { Unknown, Null, Known };
  Value(Type t, State s) : type_(std::move(t)), small_(0), state_(s) {}
  // A known value of `type` over its payload (see value.cpp), taking the caller's reference.
  static Value stored(Type type, const SharedNode* block, bool inner_marked = false);
  void copy_payload(const Value& o) {
    small_ = o.small_;  // or block_: the union's eight bytes either way
    prec_ = o.prec_;
    num_rep_ = o.num_rep_;
    scale_ = o.scale_;
    state_ = o.state_;
    owns_ = o.owns_;
    bool_ = o.bool_;
    sensitive_ = o.sensitive_;
    inner_sensitive_ = o.inner_sensitive_;
  }
  void drop() {
    if (owns_ && release_last(block_)) destroy(block_);
  }
  void destroy(const SharedNode* block);

  Type type_;
  union {
    int64_t small_;            // a number held inline (Number::small_)
    const SharedNode* block_;  // when owns_: the shared payload
  };
  uint32_t prec_ = 0;  // a number's precision
  Number::Rep num_rep_ = Number::Rep::Int;
  int8_t scale_ = 0;
  State state_ = State::Unknown;
  bool owns_ : 1 = false;
  bool bool_ : 1 = false;
  bool sensitive_ : 1 = false;
  bool inner_sensitive_ : 1 = false;  // an element, however deep, is marked
};

static_assert(sizeof(Value) == 24, "a value is three words: see the file comment");

// A map's or object's members, (name, value) pairs sorted by name, as a view over the value:
// an object's names are its type's attribute names (shared by every value of the type), a map
// keeps its keys beside its elements. Valid while the value it came from lives.
class Members {
 public:
  struct Member {
    const std::string& first;
    const Value& second;
  };
  class iterator {
   public:
    using iterator_category = std::random_access_iterator_tag;
    using value_type = Member;
    using difference_type = std::ptrdiff_t;
    using reference = Member;
    using pointer = void;
    iterator() = default;
    iterator(const std::string* n, const Value* v) : n_(n), v_(v) {}
    Member operator*() const { return {*n_, *v_}; }
    Member operator[](difference_type i) const { return {n_[i], v_[i]}; }
    iterator& operator++() {
      ++n_;
      ++v_;
      return *this;
    }
    iterator operator++(int) {
      iterator t = *this;
      ++*this;
      return t;
    }
    iterator& operator--() {
      --n_;
      --v_;
      return *this;
    }
    iterator& operator+=(difference_type d) {
      n_ += d;
      v_ += d;
      return *this;
    }
    iterator operator+(difference_type d) const { return iterator(n_ + d, v_ + d); }
    iterator operator-(difference_type d) const { return iterator(n_ - d, v_ - d); }
    difference_type operator-(const iterator& o) const { return n_ - o.n_; }
    bool operator==(const iterator& o) const { return n_ == o.n_; }
    bool operator!=(const iterator& o) const { return n_ != o.n_; }

   private:
    const std::string* n_ = nullptr;
    const Value* v_ = nullptr;
  };

  Members() = default;
  Members(const std::string* names, const Value* values, size_t size) : names_(names), values_(values), size_(size) {}
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Member operator[](size_t i) const { return {names_[i], values_[i]}; }
  iterator begin() const { return iterator(names_, values_); }
  iterator end() const { return iterator(names_ + size_, values_ + size_); }
  // A copy as (name, value) pairs, to change and build a new value from.
  std::vector<std::pair<std::string, Value>> to_vector() const;

 private:
  const std::string* names_ = nullptr;
  const Value* values_ = nullptr;
  size_t size_ = 0;
};

// The bytes cty hashes a value by when it is a set element.
std::string set_hash_text(const Value& v);

}  // namespace hcl::cty
