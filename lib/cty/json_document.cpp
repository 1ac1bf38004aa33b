// SPDX-License-Identifier: Apache-2.0
#include "cty/json_document.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>
#include <unordered_map>
#include <vector>

#include "cty/budget.h"
#include "cty/json_encoding.h"
#include "cty/unicode.h"
#include "cty/value_blocks.h"
#include "util/byte_runs.h"
#include "util/hash_key.h"
#include "util/json_bytes.h"
#include "util/limits.h"
#include "util/memory.h"

namespace hcl::cty {

namespace {

// The tape: one 32-bit word per string, number and literal (its offset in the text; the kind
// follows from its first byte), and three per container: the tape index past its subtree
// (marked, so that stepping over members needs no look at the text), its type (a tuple's number
// in `types`, an object's shape in `shapes`) and its weight (kBigWeight: see big_weights). A
// container's elements follow it in document order; an object's names are not kept (its shape
// has them, and says where each member goes). The tape is read again for every member an
// expression asks for, so it is kept small: a plan's is 0.46 of the text's size (five words a
// container made it 0.64).
constexpr uint32_t kContainerWords = 3;
constexpr uint32_t kContainer = 1u << 31, kObject = 1u << 30, kOffset = kObject - 1;
constexpr size_t kMaxText = kObject;  // offsets, and tape indices, fit below the marks
constexpr uint32_t kBigWeight = UINT32_MAX;

struct Document {
  // An object's member names as written: where each member goes when they are sorted by name
  // (the type's order).
  struct Names {
    std::vector<uint32_t> sorted_of_written;
    std::vector<uint32_t> written_of_sorted;
  };
  // An object's shape as written: its names and its type.
  struct Shape {
    uint32_t type;
    uint32_t names;
  };
  std::shared_ptr<const void> owner;  // holds the text's bytes (a string, or a mapped file)
  std::string_view text;
  std::vector<uint32_t> tape;
  std::vector<Type> types = {Type::dynamic(), Type::boolean(), Type::number(), Type::string()};
  std::vector<Names> names;
  std::vector<Shape> shapes;
  // The weights of the few containers whose weight does not fit their word (they hold at least
  // 2^32 / 64 values), by tape index; tests lower the bound to see them on small documents.
  std::unordered_map<uint32_t, uint64_t> big_weights;
  uint64_t big_weight = kBigWeight;

  uint32_t next(uint32_t at) const { return tape[at] & kContainer ? tape[at] & kOffset : at + 1; }
  uint32_t type(uint32_t at) const { return tape[at + 1]; }
  uint64_t weight(uint32_t at) const { return tape[at + 2] != kBigWeight ? tape[at + 2] : big_weights.at(at); }
};
enum : uint32_t { kDynamic, kBool, kNumber, kString };

// JSON's white space; most bytes are past ' ', so one comparison answers for them.
bool space(char c) { return static_cast<unsigned char>(c) <= ' ' && (c == ' ' || c == '\t' || c == '\r' || c == '\n'); }

bool hex(unsigned char c) { return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f'); }

// The end of the string whose opening quote is at `p` (past its closing quote), or 0 where the
// tokenizer would refuse it; `plain` says whether its body is its text (no escapes, only ASCII).
size_t string_end_scanned(std::string_view s, size_t p, bool& plain) {
  const size_t n = s.size();
  size_t i = p + 1;
  plain = true;
  while (true) {
    // A string's bytes that need no second look: those JSON writes as they are (below 0x80).
    i = util::run_end<util::is_plain_json<false>, HCL_SSE2_MASK(util::not_plain_json<false>)>(s.data(), i, n);
    if (i >= n) return 0;
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == '"') return i + 1;
    plain = false;
    if (c >= 0x80) {
      ++i;
    } else if (c != '\\' || i + 1 >= n) {
      return 0;
    } else if (s[i + 1] == 'u') {
      if (i + 6 > n) return 0;
      for (size_t k = i + 2; k < i + 6; ++k)
        if (!hex(static_cast<unsigned char>(s[k]))) return 0;
      i += 6;
    } else if (std::strchr("\"\\/bfnrt", s[i + 1]) && s[i + 1] != 0) {
      i += 2;
    } else {
      return 0;
    }
  }
}

// The same, answered without a call for the short plain strings most documents are made of: the
// first of the sixteen bytes after the opening quote that needs a second look is the closing one.
inline size_t string_end(std::string_view s, size_t p, bool& plain) {
#if defined(__SSE2__)
  if (p + 17 <= s.size()) {
    __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.data() + p + 1));
    if (unsigned stop = static_cast<unsigned>(_mm_movemask_epi8(util::not_plain_json<false>(v)))) {
      const size_t i = p + 1 + static_cast<size_t>(__builtin_ctz(stop));
      if (s[i] == '"') {
        plain = true;
        return i + 1;
      }
    }
  }
#endif
  return string_end_scanned(s, p, plain);
}

// memcmp(a, b, n) == 0 without a call for the short names most objects have: two overlapping
// loads from each end.
[[gnu::always_inline]] inline bool same_bytes(const char* a, const char* b, size_t n) {
  auto eq = [&](size_t at, auto word) {
    decltype(word) x, y;
    std::memcpy(&x, a + at, sizeof x);
    std::memcpy(&y, b + at, sizeof y);
    return x == y;
  };
  if (n >= 8 && n <= 16) return eq(0, uint64_t{}) && eq(n - 8, uint64_t{});
  if (n >= 4 && n < 8) return eq(0, uint32_t{}) && eq(n - 4, uint32_t{});
  if (n < 4) {
    for (size_t i = 0; i < n; ++i)
      if (a[i] != b[i]) return false;
    return true;
  }
  return std::memcmp(a, b, n) == 0;
}

// A string value's text as the full decoder makes it: unquoted, then NFC.
std::string string_text(std::string_view body, bool plain) {
  if (plain) return std::string(body);
  std::string out;
  json_unquote(body, out);
  return is_nfc(out) ? out : normalize_nfc(out);
}

// The fast pass. It fails (false) wherever it is not sure the full decoder would give the same
// value; the caller then runs that one. Its weights are plain sums (Value::weight saturates): a
// text below kMaxText bytes holds fewer than 2^30 values and names, so no sum reaches 2^40.
class Scanner {
 public:
  explicit Scanner(Document& doc) : doc_(doc), s_(doc.text) {}

  bool run() {
    if (s_.size() >= kMaxText) return false;
    // Room for a word per two bytes of text: more than most documents need (a plan needs one
    // per six), so the tape is seldom copied to grow. Room never written is never touched, so it
    // costs address space, not memory; if even that is refused, the tape grows as it goes.
    try {
      doc_.tape.reserve(s_.size() / 2 + 16);
      // Written from end to end: 2 MiB pages spare a page fault per 4 KiB (5,600 on a 34 MB plan).
      util::prefer_huge_pages(doc_.tape.data(), doc_.tape.capacity() * sizeof(uint32_t));
    } catch (const std::bad_alloc&) {}
    skip_space();
    Item root;
    if (!value(0, root, kNone)) return false;
    skip_space();
    return p_ == s_.size();
  }

 private:
  static constexpr uint32_t kNone = UINT32_MAX;
  // A scanned value's type and weight, and the object shape the next value in its place is
  // expected to have (see object()): an object's own, an array's last element's.
  struct Item {
    uint32_t type;
    uint64_t weight;
    uint32_t hint = kNone;
  };
  struct Member {
    uint32_t name;  // offset of the name's first byte
    uint32_t size;
    uint32_t type;
    uint32_t hint = kNone;
  };

  void skip_space() {
    while (p_ < s_.size() && space(s_[p_])) ++p_;
  }
  bool next_is(char c) const { return p_ < s_.size() && s_[p_] == c; }
  void push(size_t offset) { doc_.tape.push_back(static_cast<uint32_t>(offset)); }

  bool value(uint32_t depth, Item& out, uint32_t hint) {
    if (p_ >= s_.size()) return false;
    if (s_[p_] == '"') {  // the commonest kind first: a switch's jump is harder to predict
      bool plain;
      size_t end = string_end(s_, p_, plain);
      if (end == 0) return false;
      push(p_);
      size_t size = plain ? end - p_ - 2 : string_text(s_.substr(p_ + 1, end - p_ - 2), false).size();
      out = {kString, Value::kBaseWeight + size};
      p_ = end;
      return true;
    }
    switch (s_[p_]) {
      case '{': return object(depth, out, hint);
      case '[': return array(depth, out, hint);
      case 't': return literal("true", kBool, out);
      case 'f': return literal("false", kBool, out);
      case 'n': return literal("null", kDynamic, out);
      default: return number(out);
    }
  }

  bool literal(std::string_view word, uint32_t type, Item& out) {
    if (s_.size() - p_ < word.size() || !same_bytes(s_.data() + p_, word.data(), word.size())) return false;
    push(p_);
    p_ += word.size();
    out = {type, Value::kBaseWeight};
    return true;
  }

  // JSON's number grammar. Number::parse takes every such text without an exponent; one with
  // an exponent (1e999999999999 overflows) or very many digits is parsed here to be sure.
  bool number(Item& out) {
    auto digit = [&](size_t i) { return i < s_.size() && s_[i] >= '0' && s_[i] <= '9'; };
    size_t i = p_;
    if (s_[i] == '-') ++i;
    if (!digit(i)) return false;
    if (s_[i] == '0') {
      ++i;
    } else {
      while (digit(i)) ++i;
    }
    if (i < s_.size() && s_[i] == '.') {
      if (!digit(++i)) return false;
      while (digit(i)) ++i;
    }
    bool check = i - p_ > 64;
    if (i < s_.size() && (s_[i] == 'e' || s_[i] == 'E')) {
      ++i;
      if (i < s_.size() && (s_[i] == '+' || s_[i] == '-')) ++i;
      if (!digit(i)) return false;
      while (digit(i)) ++i;
      check = true;
    }
    uint64_t weight = Value::kBaseWeight;  // as Value::weight: a short text is within float64's range
    if (check) {
      std::optional<Number> n = Number::parse(s_.substr(p_, i - p_));
      if (!n) return false;
      weight += n->placing_zeros();
    }
    push(p_);
    p_ = i;
    out = {kNumber, weight};
    return true;
  }

  // Opens a container's words; close() fills them in.
  uint32_t open() {
    uint32_t at = static_cast<uint32_t>(doc_.tape.size());
    for (uint32_t i = 0; i < kContainerWords; ++i) push(0);
    doc_.tape[at] = kContainer | (s_[p_] == '{' ? kObject : 0);
    ++p_;
    skip_space();
    return at;
  }
  bool close(uint32_t at, uint32_t type, uint64_t weight) {
    ++p_;
    if (doc_.tape.size() > kOffset) return false;
    doc_.tape[at] |= static_cast<uint32_t>(doc_.tape.size());
    doc_.tape[at + 1] = type;
    if (weight >= doc_.big_weight) {
      doc_.big_weights.emplace(at, weight);
      weight = kBigWeight;
    }
    doc_.tape[at + 2] = static_cast<uint32_t>(weight);
    return true;
  }

  // Arrays and objects are scanned inside value(), so that the recursion is one function
  // (GCC otherwise chooses differently with each change, and each choice costs 2% or so).
  [[gnu::always_inline]] bool array(uint32_t depth, Item& out, uint32_t hint) {
    if (depth >= util::kMaxNestingDepth) return false;
    uint32_t at = open();
    const size_t first = element_types_.size();
    uint64_t weight = Value::kBaseWeight;
    if (!next_is(']')) {
      while (true) {
        Item e;
        if (!value(depth + 1, e, hint)) return false;
        hint = e.hint;  // an array's elements mostly share their shape
        element_types_.push_back(e.type);
        weight += e.weight;
        if (!separator(']')) return false;
        if (next_is(']')) break;
      }
    }
    out = {tuple_type(first), weight, hint};
    element_types_.resize(first);
    return close(at, out.type, weight);
  }

  // Objects in one place (an array's elements, or one member of objects of the same names)
  // mostly have the same shape. `hint` is the shape last seen in this place: while the names in
  // the text are its names, byte for byte, they need no scan of their own (the expected name has
  // no quote, backslash or control byte, so its copy is a whole string), and when its members'
  // types are the same too, the object's shape is known without a look-up.
  [[gnu::always_inline]] bool object(uint32_t depth, Item& out, uint32_t hint) {
    if (depth >= util::kMaxNestingDepth) return false;
    uint32_t at = open();
    const size_t first = members_.size();
    uint64_t weight = Value::kBaseWeight;
    const uint32_t expected = hint == kNone ? kNone : doc_.shapes[hint].names;
    bool as_expected = expected != kNone;
    // Where the expected names (and their values' expected shapes) are, and how many.
    const NameList want = as_expected ? names_[expected] : NameList{0, 0, 0};
    uint32_t count = 0;
    if (!next_is('}')) {
      while (true) {
        Member m;
        if (!(as_expected && count < want.count && expected_name(interned_members_[want.first + count], m))) {
          as_expected = false;
          // Property names the fast pass takes are their own NFC text: no escapes, only ASCII.
          bool plain;
          size_t end = next_is('"') ? string_end(s_, p_, plain) : 0;
          if (end == 0 || !plain) return false;
          m = Member{static_cast<uint32_t>(p_ + 1), static_cast<uint32_t>(end - p_ - 2), 0};
          p_ = end;
        }
        if (!colon()) return false;
        Item v;
        if (!value(depth + 1, v, as_expected ? hints_[want.hints + count] : kNone)) return false;
        m.type = v.type;
        m.hint = v.hint;
        members_.push_back(m);
        ++count;
        weight += m.size + v.weight;
        if (!separator('}')) return false;
        if (next_is('}')) break;
      }
    }
    as_expected = as_expected && count == want.count;
    uint32_t shape =
        as_expected && same_types(hint, first) ? hint : object_shape(first, as_expected ? expected : kNone);
    if (shape == kNone) return false;
    // What this object's members were is what the next object of these names expects.
    const uint32_t hints = names_[doc_.shapes[shape].names].hints;
    for (uint32_t i = 0; i < count; ++i) hints_[hints + i] = members_[first + i].hint;
    members_.resize(first);
    out = {doc_.shapes[shape].type, weight, shape};
    return close(at, shape, weight);
  }

  // Whether the text at p_ is the quoted name `e` (a member of the names expected).
  bool expected_name(const Member& e, Member& m) {
    const size_t end = p_ + e.size + 2;
    if (end > s_.size() || s_[p_] != '"' || s_[end - 1] != '"' ||
        !same_bytes(s_.data() + p_ + 1, s_.data() + e.name, e.size))
      return false;
    m = Member{static_cast<uint32_t>(p_ + 1), e.size, 0};
    p_ = end;
    return true;
  }

  bool same_types(uint32_t shape, size_t first) const {
    const uint32_t* types = shape_types_.data() + shape_first_[shape];
    for (size_t i = first; i < members_.size(); ++i)
      if (members_[i].type != *types++) return false;
    return true;
  }

  // Compact text (no space around colons and commas) is answered by one look at two bytes.
  static bool compact(char c) { return static_cast<unsigned char>(c) > ' '; }

  // Between a name and its value: a colon, with any space around it.
  bool colon() {
    if (p_ + 1 < s_.size() && s_[p_] == ':' && compact(s_[p_ + 1])) {
      ++p_;
      return true;
    }
    skip_space();
    if (!next_is(':')) return false;
    ++p_;
    skip_space();
    return true;
  }

  // After an element: a comma (and the space after it), or the closing bracket.
  bool separator(char close) {
    if (p_ + 1 < s_.size() && s_[p_] == ',' && compact(s_[p_ + 1]) && s_[p_ + 1] != close) {
      ++p_;
      return true;
    }
    skip_space();
    if (next_is(close)) return true;
    if (!next_is(',')) return false;
    ++p_;
    skip_space();
    return !next_is(close);  // a comma before the bracket is an error
  }

  // A tuple of the element types from element_types_[first]. Short tuples are interned by their
  // element types; a long one (a list of a million numbers) rarely repeats, and comparing it
  // would cost as much as building it, so it gets a type of its own.
  uint32_t tuple_type(size_t first) {
    static constexpr size_t kShapeElements = 64;
    const size_t count = element_types_.size() - first;
    auto make = [&] {
      std::vector<Type> types;
      types.reserve(count);
      for (size_t i = first; i < element_types_.size(); ++i) types.push_back(doc_.types[element_types_[i]]);
      return add_type(Type::tuple(std::move(types)));
    };
    if (count > kShapeElements) return make();
    return intern(
        Seq::Tuple, count,
        [&](size_t i) {
          return Member{0, 0, element_types_[first + i]};
        },
        make);
  }

  // The shape of the object whose members start at members_[first]: its names (`names`, or
  // looked up), then their types. A document repeats a few shapes many times; each is sorted
  // and checked for repeated names only the first time. Nothing for a repeated name (the full
  // decoder has cty's rule for those).
  uint32_t object_shape(size_t first, uint32_t names) {
    const size_t count = members_.size() - first;
    auto name = [&](uint32_t i) { return s_.substr(members_[first + i].name, members_[first + i].size); };
    if (names == kNone) {
      names = intern(
          Seq::Names, count,
          [&](size_t i) {
            return Member{members_[first + i].name, members_[first + i].size, 0};
          },
          [&] {
            Document::Names sh;
            sh.written_of_sorted.resize(count);
            for (uint32_t i = 0; i < count; ++i) sh.written_of_sorted[i] = i;
            std::sort(sh.written_of_sorted.begin(), sh.written_of_sorted.end(),
                      [&](uint32_t a, uint32_t b) { return name(a) < name(b); });
            sh.sorted_of_written.resize(count);
            for (uint32_t i = 0; i < count; ++i) {
              uint32_t w = sh.written_of_sorted[i];
              if (i > 0 && name(w) == name(sh.written_of_sorted[i - 1])) return kNone;
              sh.sorted_of_written[w] = i;
            }
            doc_.names.push_back(std::move(sh));
            // Their names are where intern() copies them next (this make interns nothing).
            names_.push_back(NameList{static_cast<uint32_t>(interned_members_.size()), static_cast<uint32_t>(count),
                                      static_cast<uint32_t>(hints_.size())});
            hints_.resize(hints_.size() + count, kNone);
            return static_cast<uint32_t>(doc_.names.size() - 1);
          });
      if (names == kNone) return kNone;
    }
    return shape_of(names, first);
  }

  // The shape of these names and the members' types from members_[first]. Most objects whose
  // names were expected differ from the expected shape only in a member's type (a list one
  // element longer, a null for a string), so shapes have a table of their own, keyed by the
  // names' id and the types alone: no text is read, and two types are mixed per step.
  uint32_t shape_of(uint32_t names, size_t first) {
    uint64_t h = mix(key_.seed ^ 0x5348415045ull, names);
    size_t i = first;
    for (; i + 1 < members_.size(); i += 2) h = mix(h, members_[i].type | uint64_t{members_[i + 1].type} << 32);
    if (i < members_.size()) h = mix(h, members_[i].type);
    const size_t mask = shape_slots_.size() - 1;
    for (size_t slot = first_slot(h) & mask; shape_slots_[slot] != 0; slot = (slot + 1) & mask) {
      const uint32_t id = shape_slots_[slot] - 1;
      if (shape_hash_[id] == h && doc_.shapes[id].names == names && same_types(id, first)) return id;
    }
    const size_t count = members_.size() - first;
    const Document::Names& sorted = doc_.names[names];
    auto member = [&](size_t k) { return members_[first + sorted.written_of_sorted[k]]; };
    uint32_t type = intern(Seq::Sorted, count, member, [&] {
      std::vector<std::pair<std::string, Type>> types;
      types.reserve(count);
      for (uint32_t w : sorted.written_of_sorted)
        types.emplace_back(s_.substr(members_[first + w].name, members_[first + w].size),
                           doc_.types[members_[first + w].type]);
      return add_type(Type::object_sorted(std::move(types)));
    });
    const uint32_t id = static_cast<uint32_t>(doc_.shapes.size());
    doc_.shapes.push_back(Document::Shape{type, names});
    shape_hash_.push_back(h);
    shape_first_.push_back(static_cast<uint32_t>(shape_types_.size()));
    for (size_t k = first; k < members_.size(); ++k) shape_types_.push_back(members_[k].type);
    if (shape_hash_.size() * 2 <= shape_slots_.size()) {
      place_shape(id);
    } else {
      shape_slots_.assign(shape_slots_.size() * 2, 0);
      for (uint32_t k = 0; k < shape_hash_.size(); ++k) place_shape(k);
    }
    return id;
  }

  void place_shape(uint32_t id) {
    const size_t mask = shape_slots_.size() - 1;
    size_t slot = first_slot(shape_hash_[id]) & mask;
    while (shape_slots_[slot] != 0) slot = (slot + 1) & mask;
    shape_slots_[slot] = id + 1;
  }

  uint32_t add_type(Type t) {
    doc_.types.push_back(std::move(t));
    return static_cast<uint32_t>(doc_.types.size() - 1);
  }

  // Sequences of members (a name -- empty for a tuple's elements -- and a type), interned: an
  // object's names as written (to its Names), its members sorted (to its type), a short tuple's
  // elements (to its type). Open addressing over a
  // hash of the members; a hit is checked member by member, names against the text of the
  // sequence's first occurrence.
  enum class Seq : uint8_t { Names, Sorted, Tuple };
  struct Interned {
    uint64_t hash;
    uint32_t first;  // in interned_members_
    uint32_t count;
    uint32_t id;
    Seq kind;
  };

  static uint64_t mix(uint64_t h, uint64_t v) {
    h = (h ^ v) * 0x9E3779B97F4A7C15ull;
    return h ^ (h >> 32);
  }
  // Where a hash's probe starts: its bits folded by a product (util::fold_product), whose high
  // half depends on every bit. mix's low bits depend only on low bits of what it mixes and on the bits
  // 32 above them, so a one-member object's names that differ only in their last bytes would
  // all start at a few slots (300,000 such objects took 1.2 s, against 0.1 s for other names).
  static uint64_t first_slot(uint64_t h) { return util::fold_product(h, 0x9E3779B97F4A7C15ull); }
  // A name's first and last eight bytes and its length tell names apart well enough for a hash.
  // Whole words are loaded (a short name's with the bytes after it masked off): a copy of a
  // name's own length cannot be read back as one word without a stall.
  uint64_t member_hash(uint64_t h, const Member& m) const {
    uint64_t head = 0, tail = 0;
    if (m.size == 0) {
      // no name, or the empty one
    } else if (m.name + 8 <= s_.size()) {
      std::memcpy(&head, s_.data() + m.name, 8);
      if (m.size < 8) head &= (uint64_t{1} << (8 * m.size)) - 1;
    } else {
      std::memcpy(&head, s_.data() + m.name, std::min<size_t>(m.size, 8));
    }
    if (m.size > 8) std::memcpy(&tail, s_.data() + m.name + m.size - 8, 8);
    // One step of the chain per member; the products are independent of it.
    return mix(h, head ^ tail * 0xC2B2AE3D27D4EB4Full ^ (uint64_t{m.size} << 32 | m.type) * 0x165667B19E3779F9ull);
  }

  // The id of the sequence at(0) .. at(count - 1) of `kind`: the one make() gave when it was
  // first seen (make may refuse with kNone, and is then asked again next time).
  template <class At, class Make>
  uint32_t intern(Seq kind, size_t count, At at, Make make) {
    // Started from the process's key: from a known start, each member's state could be computed
    // and the next member's name chosen to cancel it, so that thousands of distinct objects hash
    // alike and each new shape walks all of them (20,000 two-member objects made so took 1.1 s).
    uint64_t h = mix(static_cast<uint64_t>(kind) ^ key_.seed, count);
    for (size_t i = 0; i < count; ++i) h = member_hash(h, at(i));
    const size_t mask = slots_.size() - 1;
    for (size_t slot = first_slot(h) & mask; slots_[slot] != 0; slot = (slot + 1) & mask) {
      const Interned& e = interned_[slots_[slot] - 1];
      if (e.hash == h && e.kind == kind && e.count == count && same(e, at)) return e.id;
    }
    uint32_t id = make();  // may intern sequences of its own
    if (id == kNone) return kNone;
    interned_.push_back(
        Interned{h, static_cast<uint32_t>(interned_members_.size()), static_cast<uint32_t>(count), id, kind});
    for (size_t i = 0; i < count; ++i) interned_members_.push_back(at(i));
    if (interned_.size() * 2 <= slots_.size()) {
      place(static_cast<uint32_t>(interned_.size() - 1));
    } else {
      slots_.assign(slots_.size() * 2, 0);
      for (uint32_t k = 0; k < interned_.size(); ++k) place(k);
    }
    return id;
  }

  template <class At>
  bool same(const Interned& e, At at) const {
    for (uint32_t i = 0; i < e.count; ++i) {
      const Member a = at(i);
      const Member& b = interned_members_[e.first + i];
      if (a.size != b.size || a.type != b.type || !same_bytes(s_.data() + a.name, s_.data() + b.name, a.size))
        return false;
    }
    return true;
  }

  void place(uint32_t k) {
    const size_t mask = slots_.size() - 1;
    size_t slot = first_slot(interned_[k].hash) & mask;
    while (slots_[slot] != 0) slot = (slot + 1) & mask;
    slots_[slot] = k + 1;
  }

  // An interned Names' members (in interned_members_), and in hints_ the shape each member's
  // value last had.
  struct NameList {
    uint32_t first;
    uint32_t count;
    uint32_t hints;
  };

  Document& doc_;
  std::string_view s_;
  const util::HashKey& key_ = util::process_hash_key();
  size_t p_ = 0;
  std::vector<Member> members_;          // the open objects' members, innermost last
  std::vector<uint32_t> element_types_;  // the open arrays' element types, innermost last
  std::vector<Interned> interned_;
  std::vector<Member> interned_members_;
  std::vector<uint32_t> slots_ = std::vector<uint32_t>(64);  // 1 + an index in interned_; 0 is empty
  std::vector<NameList> names_;                              // by Names id
  std::vector<uint32_t> hints_;
  std::vector<uint64_t> shape_hash_;   // by shape id
  std::vector<uint32_t> shape_first_;  // by shape id: where its member types start in shape_types_
  std::vector<uint32_t> shape_types_;
  std::vector<uint32_t> shape_slots_ = std::vector<uint32_t>(64);  // 1 + a shape id; 0 is empty
};

// A document's container as a value's payload: until its elements are asked for, only where it
// is in the document.
struct DocumentBlock : ElementsBlock {
  DocumentBlock(std::shared_ptr<const Document> d, uint32_t a, uint64_t w)
      : ElementsBlock({}, w, kDocument), doc(std::move(d)), at(a) {}
  std::shared_ptr<const Document> doc;
  uint32_t at;
  mutable std::once_flag built;
  // For a tuple's elements asked for by position (Value::member): the last one's position and
  // tape index (position << 32 | index; 0 before the first), so that a loop steps from one to
  // the next, or kBuilt once `elements` holds them all.
  static constexpr uint64_t kBuilt = UINT64_MAX;
  mutable std::atomic<uint64_t> cursor{0};
};

}  // namespace

// Builds the values of a document: a friend of Value, so that a container's value can hold a
// DocumentBlock and an empty one none, as the decoder's values do.
class DocumentValues {
 public:
  // The value at tape index `at`. Its strings and numbers are made here, from the text; nothing
  // is charged to an evaluation's budget (see UnchargedWork).
  static Value make(const std::shared_ptr<const Document>& doc, uint32_t at) {
    std::string_view text = doc->text;
    const uint32_t word = doc->tape[at], offset = word & kOffset;
    if (word & kContainer) {
      bool object = word & kObject;
      const uint32_t id = doc->type(at);
      Type type = doc->types[object ? doc->shapes[id].type : id];
      if (doc->next(at) == at + kContainerWords) return Value(std::move(type), Value::State::Known);
      return Value::stored(std::move(type), new DocumentBlock(doc, at, doc->weight(at)));
    }
    switch (text[offset]) {
      case '"': {
        bool plain;
        size_t end = string_end(text, offset, plain);
        return Value::string_nfc(string_text(std::string_view(text).substr(offset + 1, end - offset - 2), plain));
      }
      case 't': return Value::boolean(true);
      case 'f': return Value::boolean(false);
      case 'n': return Value::null();
      default: {
        const char* p = text.data() + offset;
        const char* e = p + 1;
        const char* end = text.data() + text.size();
        while (e < end && !space(*e) && *e != ',' && *e != ']' && *e != '}') ++e;
        return Value::number(*Number::parse(std::string_view(p, static_cast<size_t>(e - p))));
      }
    }
  }

  static void build(const DocumentBlock& b) {
    if (b.cursor.load(std::memory_order_acquire) == DocumentBlock::kBuilt) return;
    std::call_once(b.built, [&] {
      UnchargedWork uncharged;
      const Document& doc = *b.doc;
      std::vector<Value>& out = const_cast<std::vector<Value>&>(b.elements);  // built once, here
      out.clear();  // a build that threw (out of memory) left some, and call_once tries again
      const uint32_t end = doc.next(b.at);
      uint32_t i = b.at + kContainerWords;
      if (!(doc.tape[b.at] & kObject)) {
        out.reserve(doc.types[doc.type(b.at)].tuple_elements().size());
        for (; i < end; i = doc.next(i)) out.push_back(make(b.doc, i));
      } else {
        const Document::Names& shape = doc.names[doc.shapes[doc.type(b.at)].names];
        out.resize(shape.sorted_of_written.size());
        for (uint32_t w = 0; i < end; ++w, i = doc.next(i)) out[shape.sorted_of_written[w]] = make(b.doc, i);
      }
      b.cursor.store(DocumentBlock::kBuilt, std::memory_order_release);
    });
  }

  // Finding a member in the text walks the members before it: for a big object, asked for
  // member after member, building it once costs less.
  static Value member(const DocumentBlock& b, size_t index) {
    static constexpr size_t kWalkMembers = 32;
    const Document& doc = *b.doc;
    if (doc.tape[b.at] & kObject) {
      const Document::Names& shape = doc.names[doc.shapes[doc.type(b.at)].names];
      if (shape.written_of_sorted.size() <= kWalkMembers) {
        uint32_t i = b.at + kContainerWords;
        for (uint32_t w = shape.written_of_sorted[index]; w > 0; --w) i = doc.next(i);
        UnchargedWork uncharged;
        return make(b.doc, i);
      }
    } else if (uint64_t c = b.cursor.load(std::memory_order_acquire); c != DocumentBlock::kBuilt) {
      // A loop over a tuple (a plan's hundred thousand resources) makes each element when it
      // comes to it, and drops it before the next: none is kept, so their memory is reused.
      uint32_t position = static_cast<uint32_t>(c >> 32), i = static_cast<uint32_t>(c);
      if (i == 0) i = b.at + kContainerWords;
      if (index >= position) {
        for (; position < index; ++position) i = doc.next(i);
        b.cursor.compare_exchange_strong(c, uint64_t{position} << 32 | i, std::memory_order_relaxed);
        UnchargedWork uncharged;
        return make(b.doc, i);
      }
      // Asked for an element before the last one: a second pass, for which the elements are
      // built once rather than made again on every pass.
    }
    build(b);
    return b.elements[index];
  }
};

namespace {

Expected<Value> document_value(std::shared_ptr<const void> owner, std::string_view text, uint64_t big_weight) {
  auto doc = std::make_shared<Document>();
  doc->owner = std::move(owner);
  doc->text = text;
  doc->big_weight = big_weight;
  if (!Scanner(*doc).run()) return json_to_value(doc->text);
  UnchargedWork uncharged;
  return DocumentValues::make(doc, 0);
}

}  // namespace

Expected<Value> json_document_to_value(std::shared_ptr<const void> owner, std::string_view text) {
  return document_value(std::move(owner), text, kBigWeight);
}

Expected<Value> json_document_to_value(std::string text, uint64_t big_weight) {
  auto held = std::make_shared<const std::string>(std::move(text));
  std::string_view view = *held;
  return document_value(std::move(held), view, std::min<uint64_t>(big_weight, kBigWeight));
}

bool json_document_scans(std::string text) {
  Document doc;
  doc.text = text;
  return Scanner(doc).run();
}

void build_document_elements(const ElementsBlock& block) {
  DocumentValues::build(static_cast<const DocumentBlock&>(block));
}

Value document_member(const ElementsBlock& block, size_t i) {
  return DocumentValues::member(static_cast<const DocumentBlock&>(block), i);
}

void destroy_document_elements(const ElementsBlock* block) { delete static_cast<const DocumentBlock*>(block); }

}  // namespace hcl::cty
