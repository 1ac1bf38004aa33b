// SPDX-License-Identifier: Apache-2.0
// Sequence functions over lists and tuples: concat, range, flatten, reverse, slice, chunklist,
// element, distinct, sort, compact (cty's stdlib sequence.go, collection.go and string.go), and
// Terraform's alltrue, anytrue and sum, which the reference lacks.
#include <algorithm>

#include "cty/equal_index.h"
#include "cty/gocty.h"
#include "funcs/library.h"
#include "funcs/shared.h"

namespace hcl::funcs {

using namespace cty;

namespace {

// ---- concat -------------------------------------------------------------------------------------

Function concat_function() {
  return Function{
      .name = "concat",
      .description =
          "Concatenates together all of the given lists or tuples into a single sequence, preserving the "
          "input order.",
      .params = {},
      .variadic = Param{.name = "seqs", .marks = ParamMarks::Shallow},
      .return_type = [](Args args) -> Result<Type> {
        if (args.empty()) return fail_call("at least one argument is required");
        // All lists with a common element type make a list; anything else a tuple.
        if (args[0].type().is_list()) {
          std::vector<Type> types;
          bool all_lists = true;
          for (const auto& a : args) {
            if (!a.type().is_list()) {
              all_lists = false;
              break;
            }
            types.push_back(a.type());
          }
          if (all_lists) {
            auto u = cty::unify(types, true);
            if (u.type) return *u.type;
          }
        }
        std::vector<Type> element_types;
        for (size_t i = 0; i < args.size(); ++i) {
          const Type& t = args[i].type();
          if (t.is_tuple()) {
            element_types.insert(element_types.end(), t.tuple_elements().begin(), t.tuple_elements().end());
          } else if (t.is_list()) {
            if (!args[i].is_known()) return Type::dynamic();
            element_types.insert(element_types.end(), args[i].length(), t.element());
          } else {
            return fail_arg(static_cast<int>(i), "all arguments must be lists or tuples; got " + t.friendly_name());
          }
        }
        return Type::tuple(std::move(element_types));
      },
      .impl = [](Args args, const Type& ret) -> Result<Value> {
        std::vector<Value> out;
        if (ret.is_list()) {
          for (size_t i = 0; i < args.size(); ++i) {
            auto l = cty::convert(args[i], ret);
            if (!l) return fail_arg(static_cast<int>(i), l.error());
            out.insert(out.end(), l->elements().begin(), l->elements().end());
          }
          return list_or_empty(std::move(out), ret.element());
        }
        for (const auto& a : args) out.insert(out.end(), a.elements().begin(), a.elements().end());
        return Value::tuple(std::move(out));
      },
  };
}

// ---- range --------------------------------------------------------------------------------------

Result<Value> range_values(Args args) {
  // cty's defaults are NumberIntVal constants (64-bit precision).
  Number start = Number::from_int(0), end, step = Number::from_int(1);
  switch (args.size()) {
    case 1:
      end = args[0].as_number();
      if (end.sign() < 0) step = Number::from_int(-1);
      break;
    case 2:
      start = args[0].as_number();
      end = args[1].as_number();
      if (end.compare(start) < 0) step = Number::from_int(-1);
      break;
    case 3:
      start = args[0].as_number();
      end = args[1].as_number();
      step = args[2].as_number();
      break;
    default: return fail_call("must have one, two, or three arguments");
  }
  // cty tests for a zero step by comparing Go structs, which never matches a given step: a
  // zero step runs into the length limit below instead (or yields nothing when start == end).
  bool down = step.sign() < 0;
  if (down) {
    if (end.compare(start) > 0) return fail_arg(1, "end must be less than start when step is negative");
  } else if (end.compare(start) < 0) {
    return fail_arg(1, "end must be greater than start when step is positive");
  }
  std::vector<Value> out;
  Number n = start;
  while (down ? n.compare(end) > 0 : n.compare(end) < 0) {
    if (out.size() >= 1024)
      return fail_call(
          "more than 1024 values were generated; either decrease the difference between start and end or use a "
          "smaller step");
    out.push_back(Value::number(n));
    auto next = add(n, step);
    if (!next) return fail_call("panic in function implementation: addition of infinities with opposite signs");
    n = *next;
  }
  return list_or_empty(std::move(out), Type::number());
}

Function range_function() {
  return Function{
      .name = "range",
      .description = "Returns a list of numbers spread evenly over a particular range.",
      .params = {},
      .variadic = Param{.name = "params", .type = Type::number()},
      .return_type = static_return(Type::list(Type::number())),
      .impl = [](Args args, const Type&) { return range_values(args); },
  };
}

// ---- flatten ------------------------------------------------------------------------------------

// Appends the leaves of a sequence, descending into nested lists, sets and tuples. False when
// something unknown leaves the result's shape open. A nested sequence's own mark, which no leaf
// carries, sets `*marked` (Terraform's flatten marks the whole result with it).
bool flatten_into(const Value& seq, std::vector<Value>& out, bool* marked = nullptr) {
  if (!seq.is_known()) return false;
  bool known = true;
  for (const auto& v : seq.elements()) {
    if (!v.is_known() && v.type().is_dynamic()) known = false;
    const Type& t = v.type();
    if (!v.is_null() && (t.is_list() || t.is_set() || t.is_tuple())) {
      if (!v.is_known()) {
        known = false;
        continue;
      }
      if (marked && v.is_sensitive()) *marked = true;
      std::vector<Value> inner;
      if (flatten_into(v, inner, marked)) {
        out.insert(out.end(), inner.begin(), inner.end());
      } else {
        known = false;
      }
    } else {
      out.push_back(v);
    }
  }
  return known;
}

Function flatten_function() {
  return Function{
      .name = "flatten",
      .description =
          "Transforms a list, set, or tuple value into a tuple by replacing any given elements that are "
          "themselves sequences with a flattened tuple of all of the nested elements concatenated "
          "together.",
      .params = {Param{.name = "list", .marks = ParamMarks::Shallow}},
      .return_type = [](Args args) -> Result<Type> {
        if (!args[0].is_wholly_known()) return Type::dynamic();
        const Type& t = args[0].type();
        if (!t.is_list() && !t.is_set() && !t.is_tuple()) return fail_call("can only flatten lists, sets and tuples");
        std::vector<Value> out;
        if (!flatten_into(args[0], out)) return Type::dynamic();
        std::vector<Type> types;
        for (const auto& v : out) types.push_back(v.type());
        return Type::tuple(std::move(types));
      },
      .impl = [](Args args, const Type& ret) -> Result<Value> {
        if (args[0].length() == 0) return Value::tuple({});
        std::vector<Value> out;
        bool marked = false;
        if (!flatten_into(args[0], out, &marked)) return Value::unknown(ret).marked_if(marked);
        return Value::tuple(std::move(out)).marked_if(marked);
      },
  };
}

// ---- reverse ------------------------------------------------------------------------------------

Function reverse_function() {
  return Function{
      .name = "reverse",
      .description = "Returns the given list with its elements in reverse order.",
      .params = {Param{.name = "list", .marks = ParamMarks::Shallow}},
      .return_type = [](Args args) -> Result<Type> {
        const Type& t = args[0].type();
        if (t.is_tuple()) {
          std::vector<Type> types(t.tuple_elements().rbegin(), t.tuple_elements().rend());
          return Type::tuple(std::move(types));
        }
        // Sets are accepted as the usual automatic conversion to a list would.
        if (t.is_list() || t.is_set()) return Type::list(t.element());
        return fail_arg(0, "can only reverse list or tuple values, not " + t.friendly_name());
      },
      .impl = [](Args args, const Type& ret) -> Result<Value> {
        std::vector<Value> out(args[0].elements().rbegin(), args[0].elements().rend());
        if (ret.is_tuple()) return Value::tuple(std::move(out));
        return list_or_empty(std::move(out), ret.element());
      },
  };
}

// ---- slice --------------------------------------------------------------------------------------

struct SliceIndexes {
  int64_t start = 0, end = 0;
  bool known = false;
};

Result<SliceIndexes> slice_indexes(Args args) {
  SliceIndexes s;
  const Value& list = args[0];
  bool length_known = list.type().is_tuple() || list.is_known();
  int64_t length = 0;
  if (list.type().is_tuple()) {
    length = static_cast<int64_t>(list.type().tuple_elements().size());
  } else if (length_known) {
    length = static_cast<int64_t>(list.length());
  }
  bool start_known = false, end_known = false;
  if (args[1].is_known()) {
    if (auto e = to_go_int(args[1].as_number(), s.start)) return fail_arg(1, "invalid start index: " + *e);
    if (s.start < 0) return fail_arg(1, "start index must not be less than zero");
    if (length_known && s.start > length)
      return fail_arg(1, "start index must not be greater than the length of the list");
    start_known = true;
  }
  if (args[2].is_known()) {
    if (auto e = to_go_int(args[2].as_number(), s.end)) return fail_arg(2, "invalid end index: " + *e);
    if (s.end < 0) return fail_arg(2, "end index must not be less than zero");
    if (length_known && s.end > length) return fail_arg(2, "end index must not be greater than the length of the list");
    end_known = true;
  }
  if (start_known && end_known && s.start > s.end) return fail_arg(1, "start index must not be greater than end index");
  s.known = start_known && end_known;
  return s;
}

Function slice_function() {
  return Function{
      .name = "slice",
      .description = "Extracts a subslice of the given list or tuple value.",
      .params = {Param{.name = "list", .marks = ParamMarks::Shallow},
                 Param{.name = "start_index", .type = Type::number()},
                 Param{.name = "end_index", .type = Type::number()}},
      .return_type = [](Args args) -> Result<Type> {
        const Type& t = args[0].type();
        if (t.is_set())
          return fail_arg(0,
                          "cannot slice a set, because its elements do not have indices; explicitly convert to a "
                          "list if the ordering of the result is not important");
        if (!t.is_list() && !t.is_tuple()) return fail_arg(0, "must be a list or tuple value");
        auto idx = slice_indexes(args);
        if (!idx) return fail(idx.error());
        if (t.is_list()) return t;
        if (!idx->known) return Type::dynamic();
        const auto& ts = t.tuple_elements();
        return Type::tuple(std::vector<Type>(ts.begin() + idx->start, ts.begin() + idx->end));
      },
      .impl = [](Args args, const Type& ret) -> Result<Value> {
        if (ret.is_dynamic()) return Value::dynamic();
        auto idx = slice_indexes(args);
        if (!idx) return fail(idx.error());
        const auto& es = args[0].elements();
        std::vector<Value> out(es.begin() + idx->start, es.begin() + idx->end);
        if (ret.is_tuple()) return Value::tuple(std::move(out));
        return list_or_empty(std::move(out), ret.element());
      },
  };
}

// ---- chunklist ----------------------------------------------------------------------------------

Function chunklist_function() {
  return Function{
      .name = "chunklist",
      .description = "Splits a single list into multiple lists where each has at most the given number of elements.",
      .params = {Param{.name = "list", .type = Type::list(Type::dynamic()), .marks = ParamMarks::Shallow},
                 Param{.name = "size", .type = Type::number()}},
      .return_type = [](Args args) -> Result<Type> { return Type::list(args[0].type()); },
      .impl = [](Args args, const Type& ret) -> Result<Value> {
        const Value& list = args[0];
        int64_t size;
        if (auto e = to_go_int(args[1].as_number(), size)) return fail_call("invalid size: " + *e);
        if (size < 0) return fail_call("the size argument must be positive");
        if (list.length() == 0) return Value::empty_list(ret.element());
        if (size == 0) return Value::list({list});
        std::vector<Value> out, chunk;
        const auto& es = list.elements();
        for (size_t i = 0; i < es.size(); ++i) {
          chunk.push_back(es[i]);
          if ((i + 1) % static_cast<uint64_t>(size) == 0 || i + 1 == es.size()) {
            out.push_back(Value::list(std::move(chunk)));
            chunk.clear();
          }
        }
        return Value::list(std::move(out));
      },
  };
}

// ---- element ------------------------------------------------------------------------------------

// element wraps around in both directions since cty 1.15.0: -1 is the last element.
size_t wrap_index(int64_t i, size_t size) {
  int64_t n = static_cast<int64_t>(size);
  int64_t r = i % n;
  return static_cast<size_t>(r < 0 ? r + n : r);
}

Function element_function() {
  static const std::string kEmpty = "cannot use element function with an empty list";
  return Function{
      .name = "element",
      .description =
          "Returns the element with the given index from the given list or tuple, applying the modulo "
          "operation to the given index if it's greater than the number of elements.",
      .params = {Param{.name = "list", .marks = ParamMarks::Shallow}, Param{.name = "index", .type = Type::number()}},
      .return_type = [](Args args) -> Result<Type> {
        const Value& index = args[1];
        const Type& t = args[0].type();
        if (t.is_list()) return t.element();
        if (t.is_tuple()) {
          if (!index.is_known()) return Type::dynamic();
          int64_t i;
          if (auto e = to_go_int(index.as_number(), i)) return fail_call("invalid index: " + *e);
          const auto& ts = t.tuple_elements();
          if (ts.empty()) return fail_call(kEmpty);
          return ts[wrap_index(i, ts.size())];
        }
        return fail_call("cannot read elements from " + t.friendly_name());
      },
      .impl = [](Args args, const Type&) -> Result<Value> {
        int64_t i;
        if (auto e = to_go_int(args[1].as_number(), i)) return fail_call("invalid index: " + *e);
        const auto& es = args[0].elements();
        if (es.empty()) return fail_call(kEmpty);
        return es[wrap_index(i, es.size())];
      },
  };
}

// ---- distinct, sort, compact --------------------------------------------------------------------

Function distinct_function() {
  return Function{
      .name = "distinct",
      .description = "Removes any duplicate values from the given list, preserving the order of remaining elements.",
      .params = {Param{.name = "list", .type = Type::list(Type::dynamic())}},
      .return_type = [](Args args) -> Result<Type> { return args[0].type(); },
      .impl = [](Args args, const Type& ret) -> Result<Value> {
        if (!args[0].is_wholly_known()) return Value::unknown(ret);
        // cty compares each element with every one kept before it, which took the reference
        // minutes for 20,000 strings.
        std::vector<Value> out;
        cty::EqualIndex kept;
        auto kept_value = [&](size_t i) -> const Value& { return out[i]; };
        for (const auto& v : args[0].elements())
          if (kept.add_unless_present(cty::set_hash_text(v), v, out.size(), kept_value)) out.push_back(v);
        return list_or_empty(std::move(out), ret.element());
      },
  };
}

Function sort_function() {
  return Function{
      .name = "sort",
      .description = "Applies a lexicographic sort to the elements of the given list.",
      .params = {Param{.name = "list", .type = Type::list(Type::string())}},
      .return_type = static_return(Type::list(Type::string())),
      .impl = [](Args args, const Type& ret) -> Result<Value> {
        const Value& list = args[0];
        if (!list.is_wholly_known()) return Value::unknown(ret);
        if (list.length() == 0) return list;
        std::vector<std::string> items;
        for (size_t i = 0; i < list.length(); ++i) {
          const Value& v = list.elements()[i];
          if (v.is_null())
            return fail_call("given list element " + std::to_string(i) + " is null; a null string cannot be sorted");
          items.push_back(v.as_string());
        }
        std::sort(items.begin(), items.end());
        std::vector<Value> out;
        for (auto& s : items) out.push_back(Value::string_nfc(std::move(s)));
        return Value::list(std::move(out));
      },
  };
}

Function compact_function() {
  return Function{
      .name = "compact",
      .description = "Removes all empty string elements from the given list of strings.",
      .params = {Param{.name = "list", .type = Type::list(Type::string())}},
      .return_type = static_return(Type::list(Type::string())),
      .impl = [](Args args, const Type& ret) -> Result<Value> {
        if (!args[0].is_wholly_known()) return Value::unknown(ret);
        std::vector<Value> out;
        for (const auto& v : args[0].elements())
          if (!v.is_null() && !v.as_string().empty()) out.push_back(v);
        return list_or_empty(std::move(out), Type::string());
      },
  };
}

// ---- alltrue, anytrue, sum ----------------------------------------------------------------------

// Terraform's alltrue and anytrue over a list of bools; nulls count as false.
Function all_or_any(std::string name, bool all) {
  return Function{
      .name = std::move(name),
      .description = all ? "Returns true if all elements in a given collection are true or \"true\"."
                         : "Returns true if any element in a given collection is true or \"true\".",
      .params = {Param{.name = "list", .type = Type::list(Type::boolean())}},
      .return_type = static_return(Type::boolean()),
      .impl = [all](Args args, const Type&) -> Result<Value> {
        bool unknown = false;
        for (const auto& v : args[0].elements()) {
          if (!v.is_known()) {
            if (all) return Value::unknown(Type::boolean());
            unknown = true;
            continue;
          }
          if (v.is_null()) {
            if (all) return Value::boolean(false);
            continue;
          }
          if (all && !v.as_bool()) return Value::boolean(false);
          if (!all && v.as_bool()) return Value::boolean(true);
        }
        if (unknown) return Value::unknown(Type::boolean());
        return Value::boolean(all);
      },
  };
}

// Terraform's sum: the numbers of a list, set or tuple added in order.
Function sum_function() {
  static const std::string kNotNumbers = "argument must be list, set, or tuple of number values";
  return Function{
      .name = "sum",
      .description = "Returns the total sum of the elements of the list.",
      .params = {Param{.name = "list"}},
      .return_type = static_return(Type::number()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        const Value& list = args[0];
        const Type& t = list.type();
        if (!t.is_collection() && !t.is_structural()) return fail_arg(0, "cannot sum noniterable");
        if (list.length() == 0) return fail_arg(0, "cannot sum an empty list");
        if (!t.is_list() && !t.is_set() && !t.is_tuple())
          return fail_arg(0, "argument must be list, set, or tuple. Received " + t.friendly_name());
        if (!list.is_wholly_known()) return Value::unknown(Type::number());
        std::optional<Number> total;
        for (const auto& e : list.elements()) {
          if (e.is_null()) return fail_arg(0, kNotNumbers);
          auto n = cty::convert(e, Type::number());
          if (!n) return fail_arg(0, kNotNumbers);
          if (!total) {
            total = n->as_number();
            continue;
          }
          auto s = add(*total, n->as_number());
          if (!s) return fail_call("can't compute sum of opposing infinities");
          total = *s;
        }
        return Value::number(*total);
      },
  };
}

}  // namespace

void add_sequence_functions(FunctionTable& table) {
  table.add(concat_function());
  table.add(range_function());
  table.add(flatten_function());
  table.add(reverse_function());
  table.add(slice_function());
  table.add(chunklist_function());
  table.add(element_function());
  table.add(distinct_function());
  table.add(sort_function());
  table.add(compact_function());
  table.add(all_or_any("alltrue", true));
  table.add(all_or_any("anytrue", false));
  table.add(sum_function());
}

}  // namespace hcl::funcs
