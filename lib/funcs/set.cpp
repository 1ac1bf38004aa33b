// SPDX-License-Identifier: Apache-2.0
// Set functions (cty's stdlib set.go and collection.go): setunion, setintersection,
// setsubtract, setproduct. Elements are converted to one unified element type before they are
// compared, so previously distinct values may merge (["1"] and [1] unify to strings).
#include "cty/budget.h"
#include "cty/equal_index.h"
#include "funcs/library.h"

namespace hcl::funcs {

using namespace cty;

namespace {

// A set's elements, for membership tests (cty's set lookup: same hash, then Equals).
class SetIndex {
 public:
  explicit SetIndex(const Value& set) : elements_(set.elements()), index_(elements_.size()) {
    for (size_t i = 0; i < elements_.size(); ++i)
      index_.add_unless_present(cty::set_hash_text(elements_[i]), elements_[i], i, Element{elements_});
  }
  bool has(const Value& v) const { return index_.contains(cty::set_hash_text(v), v, Element{elements_}); }

 private:
  struct Element {
    const std::vector<Value>& elements;
    const Value& operator()(size_t i) const { return elements[i]; }
  };
  const std::vector<Value>& elements_;
  cty::EqualIndex index_;
};

Value set_or_empty(std::vector<Value> elements, const Type& element) {
  if (elements.empty()) return Value::empty_set(element);
  return Value::set(std::move(elements));
}

Result<Type> set_operation_type(Args args) {
  std::vector<Type> types;
  for (const auto& a : args) {
    if (a.type().is_dynamic()) return Type::dynamic();
    const Type& ety = a.type().element();
    // Empty sets of unknown element type convert to any other set type.
    if (a.is_known() && a.length() == 0 && ety.is_dynamic()) continue;
    types.push_back(ety);
  }
  if (types.empty()) return Type::set(Type::dynamic());
  auto u = cty::unify(types, true);
  if (!u.type) return fail_call("given sets must all have compatible element types");
  return Type::set(*u.type);
}

enum class SetOp { Union, Intersection, Subtract };

Result<Value> set_operation(Args args, const Type& ret, SetOp op) {
  std::vector<Value> sets;
  for (size_t i = 0; i < args.size(); ++i) {
    auto s = cty::convert(args[i], ret);
    if (!s) return fail_arg(static_cast<int>(i), s.error());
    // Only a union can be computed with unknown elements: for the others, learning them could
    // change the result's length.
    if (op != SetOp::Union && !s->is_wholly_known()) return Value::unknown(ret);
    sets.push_back(std::move(*s));
  }
  std::vector<Value> out = sets[0].elements();
  for (size_t i = 1; i < sets.size(); ++i) {
    const Value& other = sets[i];
    if (op == SetOp::Union) {
      out.insert(out.end(), other.elements().begin(), other.elements().end());
      continue;
    }
    SetIndex index(other);
    std::vector<Value> kept;
    for (auto& e : out)
      if (index.has(e) == (op == SetOp::Intersection)) kept.push_back(std::move(e));
    out = std::move(kept);
  }
  return set_or_empty(std::move(out), ret.element());
}

Function set_function(std::string name, std::string description, SetOp op) {
  const Type set_of_any = Type::set(Type::dynamic());
  Function f{
      .name = std::move(name),
      .description = std::move(description),
      .params = {Param{.name = op == SetOp::Subtract ? "a" : "first_set", .type = set_of_any, .allow_dynamic = true}},
      .return_type = set_operation_type,
      .impl = [op](Args args, const Type& ret) { return set_operation(args, ret, op); },
  };
  if (op == SetOp::Subtract) {
    f.params.push_back(Param{.name = "b", .type = set_of_any, .allow_dynamic = true});
  } else {
    f.variadic = Param{.name = "other_sets", .type = set_of_any, .allow_dynamic = true};
  }
  return f;
}

// setproduct: the cartesian product, as a list of tuples when every argument is a list or
// tuple (keeping their order), otherwise as a set of tuples.
Function setproduct_function() {
  return Function{
      .name = "setproduct",
      .description = "Calculates the cartesian product of two or more sets.",
      .params = {},
      .variadic = Param{.name = "sets", .marks = ParamMarks::Shallow},
      .return_type = [](Args args) -> Result<Type> {
        if (args.size() < 2) return fail_call("at least two arguments are required");
        size_t lists = 0;
        std::vector<Type> element_types;
        for (size_t i = 0; i < args.size(); ++i) {
          const Type& t = args[i].type();
          if (t.is_set()) {
            element_types.push_back(t.element());
          } else if (t.is_list()) {
            element_types.push_back(t.element());
            ++lists;
          } else if (t.is_tuple()) {
            const auto& ts = t.tuple_elements();
            if (ts.empty()) {
              element_types.push_back(Type::dynamic());
            } else {
              auto u = cty::unify(ts, true);
              if (!u.type) return fail_arg(static_cast<int>(i), "all elements must be of the same type");
              element_types.push_back(*u.type);
            }
            ++lists;
          } else {
            return fail_arg(static_cast<int>(i), "a set or a list is required");
          }
        }
        Type tuple = Type::tuple(std::move(element_types));
        return lists == args.size() ? Type::list(tuple) : Type::set(tuple);
      },
      .impl = [](Args args, const Type& ret) -> Result<Value> {
        const Type& ety = ret.element();
        // Seven range(1024) make 2^70 rows: the count saturates instead of wrapping to 0, and the
        // rows are charged before any storage is reserved for them.
        uint64_t total = 1;
        for (const auto& a : args) total = cty::saturating_multiply(total, a.length());
        if (total == 0) return ret.is_list() ? Value::empty_list(ety) : Value::empty_set(ety);
        cty::charge_values(cty::saturating_multiply(total, args.size() + 1));
        cty::charge_bytes(cty::saturating_multiply(total, (args.size() + 1) * Value::kBaseWeight));
        const auto& sub_types = ety.tuple_elements();
        std::vector<size_t> at(args.size(), 0);
        std::vector<Value> product;
        product.reserve(total);
        for (uint64_t n = 0; n < total; ++n) {
          std::vector<Value> row;
          row.reserve(args.size());
          for (size_t j = 0; j < args.size(); ++j) {
            const Value& v = args[j].elements()[at[j]];
            if (v.type() == sub_types[j]) {
              row.push_back(v);
              continue;
            }
            auto c = cty::convert(v, sub_types[j]);
            if (!c) return fail_call("failed to convert an element to " + sub_types[j].friendly_name());
            row.push_back(std::move(*c));
          }
          product.push_back(Value::tuple(std::move(row)));
          for (size_t j = args.size(); j-- > 0;) {
            if (++at[j] < args[j].length()) break;
            at[j] = 0;
          }
        }
        return ret.is_list() ? Value::list(std::move(product)) : Value::set(std::move(product));
      },
  };
}

}  // namespace

void add_set_functions(FunctionTable& table) {
  table.add(set_function("setunion", "Returns the union of all given sets.", SetOp::Union));
  table.add(set_function("setintersection", "Returns the intersection of all given sets.", SetOp::Intersection));
  table.add(set_function("setsubtract", "Returns the relative complement of the two given sets.", SetOp::Subtract));
  table.add(setproduct_function());
}

}  // namespace hcl::funcs
