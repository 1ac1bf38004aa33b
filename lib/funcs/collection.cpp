// SPDX-License-Identifier: Apache-2.0
// Collection functions over maps, objects and sequences: length, contains, index, keys,
// values, lookup, merge, zipmap, transpose, coalesce, coalescelist, one, matchkeys.
//
// cty's stdlib collection.go where the reference has the function; Terraform's own versions of
// length, lookup and coalesce (which differ from cty's) as the reference reproduces them; and
// Terraform's internal/lang/funcs for index, one, transpose and matchkeys, which the reference
// lacks.
#include <algorithm>
#include <map>

#include "cty/unicode.h"
#include "funcs/library.h"
#include "funcs/shared.h"
#include "util/text.h"

namespace hcl::funcs {

using namespace cty;

namespace {

// stdlib.Equal on two values (cty's Value.Equals): true, false or an unknown bool.
Value equal(const Value& a, const Value& b) { return a.equals(b); }

// ---- length -------------------------------------------------------------------------------------

// Terraform's length (cty's own rejects strings and structural values): the characters
// (grapheme clusters) of a string, or the elements of a collection or structural value.
Function length_function() {
  return Function{
      .name = "length",
      .description =
          "Returns the number of characters in a string, or of elements in a collection or structural value.",
      .params = {Param{.name = "value", .allow_dynamic = true, .marks = ParamMarks::Shallow}},
      .return_type = [](Args args) -> Result<Type> {
        const Type& t = args[0].type();
        if (t.is_string() || t.is_collection() || t.is_structural() || t.is_dynamic()) return Type::number();
        return fail_call("argument must be a string, a collection type, or a structural type");
      },
      .impl = [](Args args, const Type&) -> Result<Value> {
        const Value& v = args[0];
        const Type& t = v.type();
        if (t.is_string()) return Value::number(static_cast<int64_t>(cty::grapheme_length(v.as_string())));
        if (t.is_tuple()) return Value::number(static_cast<int64_t>(t.tuple_elements().size()));
        if (t.is_object()) return Value::number(static_cast<int64_t>(t.attributes().size()));
        if (!v.is_known()) return Value::unknown(Type::number());
        return Value::number(static_cast<int64_t>(v.length()));
      },
  };
}

// ---- contains, index ----------------------------------------------------------------------------

Function contains_function() {
  return Function{
      .name = "contains",
      .description = "Returns true if the given value is a value in the given list, tuple, or set, or false otherwise.",
      .params = {Param{.name = "list"}, Param{.name = "value"}},
      .return_type = static_return(Type::boolean()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        const Type& t = args[0].type();
        if (!t.is_list() && !t.is_tuple() && !t.is_set()) return fail_call("argument must be list, tuple, or set");
        if (args[0].length() == 0) return Value::boolean(false);
        bool unknown = false;
        for (const auto& e : args[0].elements()) {
          Value eq = equal(args[1], e);
          if (!eq.is_known()) {
            unknown = true;
            continue;
          }
          if (eq.is_true()) return Value::boolean(true);
        }
        if (unknown) return Value::unknown(Type::boolean());
        return Value::boolean(false);
      },
  };
}

// Terraform's index: the position of the first element equal to the value.
Function index_function() {
  return Function{
      .name = "index",
      .description = "Finds the element index for a given value in a list.",
      .params = {Param{.name = "list"}, Param{.name = "value"}},
      .return_type = static_return(Type::number()),
      .impl = [](Args args, const Type&) -> Result<Value> {
        const Type& t = args[0].type();
        if (!t.is_list() && !t.is_tuple()) return fail_call("argument must be a list or tuple");
        if (args[0].length() == 0) return fail_call("cannot search an empty list");
        const auto& elements = args[0].elements();
        for (size_t i = 0; i < elements.size(); ++i) {
          Value eq = equal(elements[i], args[1]);
          if (!eq.is_known()) return Value::unknown(Type::number());
          if (eq.is_true()) return Value::number(static_cast<int64_t>(i));
        }
        return fail_call("item not found");
      },
  };
}

// ---- keys, values -------------------------------------------------------------------------------

Function keys_function() {
  return Function{
      .name = "keys",
      .description = "Returns a list of the keys of the given map in lexicographical order.",
      .params = {Param{.name = "inputMap", .allow_unknown = true, .marks = ParamMarks::Shallow}},
      .return_type = [](Args args) -> Result<Type> {
        const Type& t = args[0].type();
        if (t.is_map()) return Type::list(Type::string());
        if (t.is_object()) return Type::tuple(std::vector<Type>(t.attributes().size(), Type::string()));
        return fail_arg(0, "must have map or object type");
      },
      .impl = [](Args args, const Type& ret) -> Result<Value> {
        const Value& m = args[0];
        std::vector<Value> keys;
        if (m.type().is_object()) {
          // The attribute names come from the type, so even an unknown object has known keys.
          for (const auto& a : m.type().attributes()) keys.push_back(Value::string_nfc(a.name));
          return Value::tuple(std::move(keys));
        }
        if (!m.is_known()) return Value::unknown(ret);
        for (const auto& [k, v] : m.attributes()) keys.push_back(Value::string_nfc(k));
        return list_or_empty(std::move(keys), Type::string());
      },
  };
}

Function values_function() {
  return Function{
      .name = "values",
      .description =
          "Returns the values of elements of a given map, or the values of attributes of a given object, "
          "in lexicographic order by key or attribute name.",
      .params = {Param{.name = "mapping", .marks = ParamMarks::Shallow}},
      .return_type = [](Args args) -> Result<Type> {
        const Type& t = args[0].type();
        if (t.is_map()) return Type::list(t.element());
        if (t.is_object()) {
          std::vector<Type> types;
          for (const auto& a : t.attributes()) types.push_back(a.type);
          return Type::tuple(std::move(types));
        }
        return fail_call("values() requires a map as the first argument");
      },
      .impl = [](Args args, const Type& ret) -> Result<Value> {
        std::vector<Value> values;
        for (const auto& [k, v] : args[0].attributes()) values.push_back(v);
        if (ret.is_tuple()) return Value::tuple(std::move(values));
        return list_or_empty(std::move(values), ret.element());
      },
  };
}

// ---- lookup -------------------------------------------------------------------------------------

// Terraform's lookup: the default is optional, and a missing key without one is an error.
Function lookup_function() {
  return Function{
      .name = "lookup",
      .description =
          "Returns the value of the element with the given key from the given map, or the default value "
          "if there is no such element.",
      .params = {Param{.name = "inputMap", .marks = ParamMarks::Shallow}, Param{.name = "key", .type = Type::string()}},
      // Terraform's lookup takes the default with its marks: they mark the result only when the
      // default is the result.
      .variadic = Param{.name = "default", .allow_null = true, .allow_dynamic = true, .marks = ParamMarks::Allow},
      .return_type = [](Args args) -> Result<Type> {
        if (args.size() > 3)
          return fail_call("lookup() takes two or three arguments, got " + std::to_string(args.size()));
        const Type& t = args[0].type();
        if (t.is_object()) {
          // Terraform's own guard (the reference's copy reads the key regardless).
          if (!args[1].is_known()) return Type::dynamic();
          const std::string& key = args[1].as_string();
          if (const auto* a = t.attribute(key)) return a->type;
          if (args.size() == 3) return args[2].type();
          return fail_arg(0, "the given object has no attribute " + util::go_quote(key));
        }
        if (t.is_map()) {
          if (args.size() == 3 && !cty::convert(args[2], t.element()))
            return fail_arg(2, "the default value must have the same type as the map elements");
          return t.element();
        }
        return fail_arg(0, "lookup() requires a map as the first argument");
      },
      .impl = [](Args args, const Type& ret) -> Result<Value> {
        const Value& m = args[0];
        const std::string& key = args[1].as_string();
        if (m.type().is_object()) {
          if (m.type().attribute(key)) return *m.get(key);
        } else if (const Value* v = m.get(key)) {
          return *v;
        }
        if (args.size() == 3) {
          auto d = cty::convert(args[2], ret);
          if (!d) return fail_call(d.error());
          return *d;
        }
        return fail_call("lookup failed to find key " + util::go_quote(key));
      },
  };
}

// ---- merge --------------------------------------------------------------------------------------

Function merge_function() {
  return Function{
      .name = "merge",
      .description =
          "Merges all of the elements from the given maps into a single map, or the attributes from "
          "given objects into a single object.",
      .params = {},
      .variadic = Param{.name = "maps", .allow_null = true, .allow_dynamic = true, .marks = ParamMarks::Shallow},
      .return_type = [](Args args) -> Result<Type> {
        if (args.empty()) return Type::object({});
        std::map<std::string, Type> attrs;
        Type first;
        bool matching = true, attrs_known = true;
        for (size_t i = 0; i < args.size(); ++i) {
          const Value& a = args[i];
          const Type& t = a.type();
          if (t.is_dynamic()) return Type::dynamic();
          if (!t.is_map() && !t.is_object())
            return fail_call("arguments must be maps or objects, got " + util::go_quote(t.friendly_name()));
          if (t.is_object() && !a.is_null()) {
            for (const auto& at : t.attributes()) attrs[at.name] = at.type;
          } else if (t.is_map() && !a.is_null()) {
            if (a.is_known()) {
              for (const auto& [k, v] : a.attributes()) attrs[k] = t.element();
            } else {
              attrs_known = false;
            }
          }
          if (i == 0) {
            first = t;
            continue;
          }
          if (t != first) matching = false;
        }
        if (matching) return first;
        if (!attrs_known) return Type::dynamic();
        return Type::object(std::vector<std::pair<std::string, Type>>(attrs.begin(), attrs.end()));
      },
      .impl = [](Args args, const Type& ret) -> Result<Value> {
        std::map<std::string, Value> out;
        for (const auto& a : args) {
          if (a.is_null()) continue;
          const Type& t = a.type();
          if (t.is_map() || t.is_object()) {
            for (const auto& [k, v] : a.attributes()) out.insert_or_assign(k, v);
            continue;
          }
          // Only reachable after a null of unknown type made the result type dynamic: cty then
          // iterates whatever it was given and reads each key as a string, panicking where that
          // fails (a set's keys are its elements, a sequence's are numbers).
          if (t.is_set()) {
            for (const auto& e : a.elements()) {
              if (!e.type().is_string()) return fail_call("panic in function implementation: not a string");
              if (e.is_null()) return fail_call("panic in function implementation: value is null");
              if (!e.is_known()) return fail_call("panic in function implementation: value is unknown");
              out.insert_or_assign(e.as_string(), e);
            }
          } else if (t.is_list() || t.is_tuple()) {
            if (a.length() > 0) return fail_call("panic in function implementation: not a string");
          } else {
            return fail_call("panic in function implementation: attempt to iterate on non-collection, non-tuple type");
          }
        }
        std::vector<Value::Attribute> attrs(out.begin(), out.end());
        if (ret.is_map()) {
          if (attrs.empty()) return Value::empty_map(ret.element());
          return Value::map(std::move(attrs));
        }
        return Value::object(std::move(attrs));
      },
  };
}

// ---- zipmap -------------------------------------------------------------------------------------

std::string count_mismatch(size_t keys, size_t values) {
  return "number of keys (" + std::to_string(keys) + ") does not match number of values (" + std::to_string(values) +
         ")";
}

Function zipmap_function() {
  return Function{
      .name = "zipmap",
      .description =
          "Constructs a map from a list of keys and a corresponding list of values, which must both be of "
          "the same length.",
      .params = {Param{.name = "keys", .type = Type::list(Type::string())},
                 Param{.name = "values", .marks = ParamMarks::Shallow}},
      .return_type = [](Args args) -> Result<Type> {
        const Value& keys = args[0];
        const Type& vt = args[1].type();
        if (vt.is_list()) return Type::map(vt.element());
        if (vt.is_tuple()) {
          if (!keys.is_wholly_known()) return Type::dynamic();
          const auto& ks = keys.elements();
          const auto& ts = vt.tuple_elements();
          if (ks.size() != ts.size()) return fail_call(count_mismatch(ks.size(), ts.size()));
          std::map<std::string, Type> attrs;
          for (size_t i = 0; i < ks.size(); ++i) {
            if (ks[i].is_null()) return fail_call("keys list has null value at index " + std::to_string(i));
            attrs.insert_or_assign(ks[i].as_string(), ts[i]);
          }
          return Type::object(std::vector<std::pair<std::string, Type>>(attrs.begin(), attrs.end()));
        }
        return fail_call("values argument must be a list or tuple value");
      },
      .impl = [](Args args, const Type& ret) -> Result<Value> {
        const Value& keys = args[0];
        const Value& values = args[1];
        if (!keys.is_wholly_known()) return Value::unknown(ret);
        if (keys.length() != values.length()) return fail_call(count_mismatch(keys.length(), values.length()));
        std::map<std::string, Value> out;
        for (size_t i = 0; i < keys.length(); ++i) {
          const Value& k = keys.elements()[i];
          // cty reads the key with AsString, which panics on null.
          if (k.is_null()) return fail_call("panic in function implementation: value is null");
          out.insert_or_assign(k.as_string(), values.elements()[i]);
        }
        std::vector<Value::Attribute> attrs(out.begin(), out.end());
        if (ret.is_map()) {
          if (attrs.empty()) return Value::empty_map(ret.element());
          return Value::map(std::move(attrs));
        }
        return Value::object(std::move(attrs));
      },
  };
}

// ---- transpose ----------------------------------------------------------------------------------

// Terraform's transpose: a map of lists of strings with keys and values swapped; each new list
// is sorted.
Function transpose_function() {
  const Type map_of_lists = Type::map(Type::list(Type::string()));
  return Function{
      .name = "transpose",
      .description =
          "Takes a map of lists of strings and swaps the keys and values to produce a new map of lists of "
          "strings.",
      .params = {Param{.name = "values", .type = map_of_lists}},
      .return_type = static_return(map_of_lists),
      .impl = [](Args args, const Type& ret) -> Result<Value> {
        const Value& in = args[0];
        if (!in.is_wholly_known()) return Value::unknown(ret);
        std::map<std::string, std::vector<std::string>> out;
        for (const auto& [key, list] : in.attributes()) {
          if (list.is_null()) return fail_call("panic in function implementation: value is null");
          for (const auto& v : list.elements()) {
            if (v.is_null()) return fail_call("panic in function implementation: value is null");
            out[v.as_string()].push_back(key);
          }
        }
        if (out.empty()) return Value::empty_map(Type::list(Type::string()));
        std::vector<Value::Attribute> attrs;
        for (auto& [k, keys] : out) {
          std::sort(keys.begin(), keys.end());
          std::vector<Value> items;
          for (auto& s : keys) items.push_back(Value::string_nfc(std::move(s)));
          attrs.emplace_back(k, Value::list(std::move(items)));
        }
        return Value::map(std::move(attrs));
      },
  };
}

// ---- coalesce, coalescelist ---------------------------------------------------------------------

// Terraform's coalesce: the first argument that is neither null nor an empty string.
Function coalesce_function() {
  return Function{
      .name = "coalesce",
      .description = "Returns the first of the given arguments that is neither null nor an empty string.",
      .params = {},
      .variadic = Param{.name = "vals", .allow_null = true, .allow_dynamic = true},
      .return_type = [](Args args) -> Result<Type> {
        std::vector<Type> types;
        for (const auto& a : args) types.push_back(a.type());
        auto u = cty::unify(types, true);
        if (!u.type) return fail_call("all arguments must have the same type");
        return *u.type;
      },
      .impl = [](Args args, const Type& ret) -> Result<Value> {
        for (const auto& a : args) {
          auto v = cty::convert(a, ret);
          if (!v) continue;  // cannot happen: the types unified
          if (v->is_null()) continue;
          if (ret.is_string() && v->is_known() && v->as_string().empty()) continue;
          return *v;
        }
        return fail_call("no non-null, non-empty-string arguments");
      },
  };
}

Function coalescelist_function() {
  return Function{
      .name = "coalescelist",
      .description = "Returns the first of the given sequences that has a length greater than zero.",
      .params = {},
      .variadic = Param{.name = "vals", .allow_null = true, .allow_unknown = true, .allow_dynamic = true},
      .return_type = [](Args args) -> Result<Type> {
        if (args.empty()) return fail_call("at least one argument is required");
        for (const auto& a : args) {
          if (!a.is_known()) return Type::dynamic();
          if (!a.type().is_list() && !a.type().is_tuple())
            return fail_call("coalescelist arguments must be lists or tuples");
        }
        for (size_t i = 1; i < args.size(); ++i)
          if (args[i].type() != args[0].type()) return Type::dynamic();
        return args[0].type();
      },
      .impl = [](Args args, const Type& ret) -> Result<Value> {
        for (const auto& a : args) {
          if (!a.is_known()) return Value::unknown(ret);
          if (a.is_null()) continue;
          if (a.length() > 0) return a;
        }
        return fail_call("no non-null arguments");
      },
  };
}

// ---- one ----------------------------------------------------------------------------------------

// Terraform's one: the only element of a collection of zero or one elements, or null.
Function one_function() {
  static const std::string kMessage = "must be a list, set, or tuple value with either zero or one elements";
  return Function{
      .name = "one",
      .description = "Returns either the first element of a one-element list, or null if given a zero-element list.",
      .params = {Param{.name = "list"}},
      .return_type = [](Args args) -> Result<Type> {
        const Type& t = args[0].type();
        if (t.is_list() || t.is_set()) return t.element();
        if (t.is_tuple()) {
          const auto& ts = t.tuple_elements();
          if (ts.empty()) return Type::dynamic();
          if (ts.size() == 1) return ts[0];
        }
        return fail_arg(0, kMessage);
      },
      .impl = [](Args args, const Type& ret) -> Result<Value> {
        const Value& v = args[0];
        if (v.length() == 0) return Value::null(ret);
        if (v.length() == 1) return v.elements()[0];
        return fail_arg(0, kMessage);
      },
  };
}

// ---- matchkeys ----------------------------------------------------------------------------------

// Terraform's matchkeys: the elements of values whose corresponding keys are in searchset.
Function matchkeys_function() {
  const Type list_of_any = Type::list(Type::dynamic());
  return Function{
      .name = "matchkeys",
      .description =
          "Constructs a new list by taking a subset of elements from one list whose indexes match the "
          "corresponding indexes of values in another list.",
      .params = {Param{.name = "values", .type = list_of_any}, Param{.name = "keys", .type = list_of_any},
                 Param{.name = "searchset", .type = list_of_any}},
      .return_type = [](Args args) -> Result<Type> {
        if (!cty::unify({args[1].type(), args[2].type()}, true).type)
          return fail_call("keys and searchset must be of the same type");
        return args[0].type();
      },
      .impl = [](Args args, const Type& ret) -> Result<Value> {
        const Value& values = args[0];
        if (values.length() != args[1].length()) return fail_call("length of keys and values should be equal");
        auto u = cty::unify({args[1].type(), args[2].type()}, true);
        auto keys = cty::convert_unified(args[1], u, true);
        auto search = cty::convert_unified(args[2], u, true);
        if (!keys || !search) return fail_call("keys and searchset must be of the same type");
        if (search->length() == 0) return Value::empty_list(ret.element());
        if (!values.is_wholly_known() || !keys->is_wholly_known()) return Value::unknown(ret);
        std::vector<Value> out;
        for (size_t i = 0; i < keys->length(); ++i) {
          for (const auto& s : search->elements()) {
            Value eq = equal(keys->elements()[i], s);
            if (!eq.is_known()) return Value::empty_list(ret.element());
            if (eq.is_true()) {
              out.push_back(values.elements()[i]);
              break;
            }
          }
        }
        return list_or_empty(std::move(out), ret.element());
      },
  };
}

}  // namespace

void add_collection_functions(FunctionTable& table) {
  table.add(length_function());
  table.add(contains_function());
  table.add(index_function());
  table.add(keys_function());
  table.add(values_function());
  table.add(lookup_function());
  table.add(merge_function());
  table.add(zipmap_function());
  table.add(transpose_function());
  table.add(coalesce_function());
  table.add(coalescelist_function());
  table.add(one_function());
  table.add(matchkeys_function());
}

}  // namespace hcl::funcs
