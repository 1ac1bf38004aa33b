// SPDX-License-Identifier: Apache-2.0
// The sensitivity mark on values: what keeps it, what moves it, and what the call machinery and
// conversions do with it.
#include <doctest/doctest.h>

#include <type_traits>
#include <vector>

#include "cty/convert.h"
#include "cty/function.h"
#include "cty/value.h"
#include "short_values.h"

using hcl::cty::Args;
using hcl::cty::Function;
using hcl::cty::Param;
using hcl::cty::Result;
using hcl::cty::Type;
using hcl::cty::Value;

namespace {

using hcl::cty::testing::n;
using hcl::cty::testing::s;

// Returns its argument, whose marks it takes as `marks` says.
Function echo(hcl::cty::ParamMarks marks) {
  return Function{
      .name = "echo",
      .params = {Param{.name = "v", .type = Type::dynamic(), .marks = marks}},
      .return_type = [](Args args) -> Result<Type> { return args[0].type(); },
      .impl = [](Args args, const Type&) -> Result<Value> { return args[0]; },
  };
}

}  // namespace

TEST_CASE("the mark costs no space and survives copies and moves") {
  static_assert(sizeof(Value) == 24);
  static_assert(std::is_nothrow_copy_constructible_v<Value>);
  Value a = s("secret").mark_sensitive();
  CHECK(a.is_sensitive());
  CHECK(a.as_string() == "secret");  // accessors read through the mark
  Value b = a;
  CHECK(b.is_sensitive());
  Value c = std::move(b);
  CHECK(c.is_sensitive());
  CHECK_FALSE(b.is_sensitive());  // NOLINT(bugprone-use-after-move): a moved-from value is plain
  CHECK_FALSE(c.unmark().is_sensitive());
  CHECK(c.unmark().as_string() == "secret");
  CHECK(n(1).mark_sensitive().as_number().to_int64() == 1);
  CHECK(Value::boolean(true).mark_sensitive().is_true());
  CHECK(Value::null(Type::string()).mark_sensitive().is_null());
  CHECK(Value::unknown(Type::string()).mark_sensitive().is_sensitive());
  CHECK(n(1).marked_if(false).is_sensitive() == false);
  CHECK(n(1).marked_if(true).is_sensitive());
}

TEST_CASE("marks are shallow: a collection of marked elements is not itself marked") {
  Value l = Value::list({s("a").mark_sensitive(), s("b")});
  CHECK_FALSE(l.is_sensitive());
  CHECK(l.has_sensitive_deep());
  CHECK(l.elements()[0].is_sensitive());
  CHECK_FALSE(l.elements()[1].is_sensitive());
  Value o = Value::object({{"x", Value::tuple({l})}, {"y", n(1)}});
  CHECK(o.has_sensitive_deep());
  CHECK_FALSE(Value::object({{"y", n(1)}}).has_sensitive_deep());
  // A marked collection hides nothing below it from has_sensitive_deep either.
  CHECK(Value::list({n(1)}).mark_sensitive().has_sensitive_deep());
  // Unmarking the collection leaves the elements' marks.
  CHECK(l.mark_sensitive().unmark().has_sensitive_deep());
}

TEST_CASE("unmark_deep removes every mark and tells where they were") {
  Value v = Value::object({{"a", s("x").mark_sensitive()},
                           {"b", Value::list({n(1), n(2).mark_sensitive()})},
                           {"c", Value::map({{"k", Value::boolean(true).mark_sensitive()}})}})
                .mark_sensitive();
  std::vector<std::vector<Value>> paths;
  Value u = v.unmark_deep(&paths);
  CHECK_FALSE(u.has_sensitive_deep());
  CHECK(u.get("a")->as_string() == "x");
  CHECK(u.get("b")->elements()[1].as_number().to_int64() == 2);
  CHECK(u.get("c")->get("k")->is_true());
  REQUIRE(paths.size() == 4);
  CHECK(paths[0].empty());
  REQUIRE(paths[1].size() == 1);
  CHECK(paths[1][0].as_string() == "a");
  REQUIRE(paths[2].size() == 2);
  CHECK(paths[2][0].as_string() == "b");
  CHECK(paths[2][1].as_number().to_int64() == 1);
  REQUIRE(paths[3].size() == 2);
  CHECK(paths[3][1].as_string() == "k");
  // Without marks the value comes back as it was, sharing its storage.
  Value plain = Value::list({n(1)});
  CHECK(plain.unmark_deep().raw_equals(plain));
}

TEST_CASE("a set holds no marks: its elements' marks move to the set") {
  Value set = Value::set({s("a").mark_sensitive(), s("b")});
  CHECK(set.is_sensitive());
  for (const auto& e : set.elements()) CHECK_FALSE(e.has_sensitive_deep());
  Value nested = Value::set({Value::object({{"k", n(1).mark_sensitive()}})});
  CHECK(nested.is_sensitive());
  CHECK_FALSE(nested.elements()[0].has_sensitive_deep());
  CHECK_FALSE(Value::set({s("a")}).is_sensitive());
}

TEST_CASE("raw equality sees the mark; equals compares the values") {
  CHECK_FALSE(n(1).mark_sensitive().raw_equals(n(1)));
  CHECK(n(1).mark_sensitive().raw_equals(n(1).mark_sensitive()));
  CHECK(n(1).mark_sensitive().equals(n(1)).is_true());
}

TEST_CASE("conversion keeps marks at every depth") {
  auto c = hcl::cty::convert(n(1).mark_sensitive(), Type::string());
  REQUIRE(c);
  CHECK(c->is_sensitive());
  CHECK(c->as_string() == "1");
  auto l = hcl::cty::convert(Value::tuple({n(1).mark_sensitive(), n(2)}), Type::list(Type::string()));
  REQUIRE(l);
  CHECK_FALSE(l->is_sensitive());
  CHECK(l->elements()[0].is_sensitive());
  CHECK_FALSE(l->elements()[1].is_sensitive());
  auto nul = hcl::cty::convert(Value::null(Type::number()).mark_sensitive(), Type::string());
  REQUIRE(nul);
  CHECK(nul->is_sensitive());
  auto set = hcl::cty::convert(Value::tuple({s("a").mark_sensitive()}), Type::set(Type::string()));
  REQUIRE(set);
  CHECK(set->is_sensitive());
}

TEST_CASE("the call machinery unmarks arguments and marks the result") {
  Function plain = echo(hcl::cty::ParamMarks::Remove);
  auto r = hcl::cty::call(plain, std::vector<Value>{Value::list({s("a").mark_sensitive()})});
  REQUIRE(r);
  CHECK(r->is_sensitive());
  CHECK_FALSE(r->elements()[0].is_sensitive());  // the function saw no mark
  auto u = hcl::cty::call(plain, std::vector<Value>{Value::unknown(Type::string()).mark_sensitive()});
  REQUIRE(u);
  CHECK_FALSE(u->is_known());
  CHECK(u->is_sensitive());
  auto clean = hcl::cty::call(plain, std::vector<Value>{s("a")});
  REQUIRE(clean);
  CHECK_FALSE(clean->is_sensitive());
  // A parameter that allows marks sees them and decides itself.
  Value inner = Value::list({s("a").mark_sensitive()});
  auto m = hcl::cty::call(echo(hcl::cty::ParamMarks::Allow), std::vector<Value>{inner.mark_sensitive()});
  REQUIRE(m);
  CHECK(m->is_sensitive());
  CHECK(m->elements()[0].is_sensitive());
  // A shallow one loses only its own mark to the result: elements keep theirs.
  auto sh = hcl::cty::call(echo(hcl::cty::ParamMarks::Shallow), std::vector<Value>{inner});
  REQUIRE(sh);
  CHECK_FALSE(sh->is_sensitive());
  CHECK(sh->elements()[0].is_sensitive());
  auto sh2 =
      hcl::cty::call(echo(hcl::cty::ParamMarks::Shallow), std::vector<Value>{Value::list({s("b")}).mark_sensitive()});
  REQUIRE(sh2);
  CHECK(sh2->is_sensitive());
}
