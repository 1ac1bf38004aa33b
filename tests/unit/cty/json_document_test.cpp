// SPDX-License-Identifier: Apache-2.0
// --vars documents decoded on first use (cty/json_document.h) against the full decoder: the same
// values, types and weights, the same errors word for word, members found in the text equal to
// members built, and no charge to an evaluation's budget for building what was decoded before it.
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "cty/budget.h"
#include "cty/json_document.h"
#include "cty/json_encoding.h"
#include "cty/value.h"

using hcl::cty::Value;

namespace {

// Every member of `lazy` asked for by value before anything built it, then as built, against
// the full decoder's `full`, down to `levels` levels: below them the comparison of the whole
// value has looked already, and on a document nested a thousand deep each level's comparison
// re-reads everything below it.
void check_members(const Value& lazy, const Value& full, int levels = 32) {
  REQUIRE(lazy.type() == full.type());
  if (lazy.is_null() || !(lazy.type().is_object() || lazy.type().is_tuple())) return;
  size_t n = full.length();
  for (size_t i = 0; i < n; ++i) {
    Value m = lazy.member(i);
    CHECK(m.raw_equals(full.element_at(i)));
    CHECK(m.weight() == full.element_at(i).weight());
    if (levels > 0) check_members(m, full.element_at(i), levels - 1);
  }
  REQUIRE(lazy.length() == n);
  for (size_t i = 0; i < n; ++i) CHECK(lazy.element_at(i).raw_equals(full.element_at(i)));
}

// `big_weight`: containers of at least this weight keep it aside, as those past 32 bits do.
void check_same(const std::string& text, uint64_t big_weight = UINT32_MAX) {
  CAPTURE(text);
  CAPTURE(big_weight);
  auto lazy = hcl::cty::json_document_to_value(text, big_weight);
  auto full = hcl::cty::json_to_value(text);
  REQUIRE(static_cast<bool>(lazy) == static_cast<bool>(full));
  if (!full) {
    CHECK(lazy.error() == full.error());
    return;
  }
  CHECK(lazy->weight() == full->weight());
  check_members(*lazy, *full);
  CHECK(lazy->raw_equals(*full));
  CHECK(lazy->go_string() == full->go_string());
  auto again = hcl::cty::json_document_to_value(text, big_weight);
  CHECK(again->raw_equals(*full));  // built wholly, without member() first
  CHECK(again->weight() == full->weight());
}

// A random document of nested objects and arrays, with names repeated across objects so that
// shapes repeat, strings with escapes and non-ASCII text, and numbers of every form.
struct Generator {
  std::mt19937 rng;
  int pick(int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); }
  std::string space() {
    static const char* spaces[] = {"", "", "", " ", "\n  ", "\t", "\r\n"};
    return spaces[pick(7)];
  }
  std::string string() {
    static const char* pieces[] = {
        "a",        "b",         "size",           "x y",     "\\n", "\\\"", "\\u00e9", "e\\u0301",
        "\xc3\xa9", "e\xcc\x81", "\\ud83d\\ude00", "\\ud800", "\\/", "\xff", "\\\\",    ""};
    std::string s = "\"";
    for (int i = pick(4); i > 0; --i) s += pieces[pick(16)];
    return s + "\"";
  }
  std::string number() {
    static const char* numbers[] = {"0",
                                    "-0",
                                    "1",
                                    "-17",
                                    "500",
                                    "501",
                                    "0.5",
                                    "-2.25",
                                    "1e3",
                                    "1E-2",
                                    "2.5e+10",
                                    "1e400",
                                    "123456789012345678901234567890",
                                    "9223372036854775808",
                                    "0.30000000000000004"};
    return numbers[pick(15)];
  }
  std::string value(int depth) {
    int k = pick(depth > 4 ? 5 : 8);
    switch (k) {
      case 0: return "null";
      case 1: return pick(2) ? "true" : "false";
      case 2: return number();
      case 3:
      case 4: return string();
      case 5:
      case 6: {
        static const char* names[] = {"a", "b", "c", "size", "after", "zz", "A", "a b"};
        std::string s = "{" + space();
        int n = pick(5);
        unsigned used = 0;
        for (int i = 0; i < n; ++i) {
          int name = pick(8);
          if (used & (1u << name)) continue;
          used |= 1u << name;
          if (s.size() > 1 + 4 && s.back() != ',') s += ",";
          s += std::string("\"") + names[name] + "\"" + space() + ":" + space() + value(depth + 1) + space() + ",";
        }
        if (s.back() == ',') s.pop_back();
        return s + "}";
      }
      default: {
        std::string s = "[" + space();
        int n = pick(6);
        for (int i = 0; i < n; ++i) s += (i ? "," + space() : "") + value(depth + 1);
        return s + space() + "]";
      }
    }
  }
};

}  // namespace

TEST_CASE("a document decoded on first use equals the full decoder's value") {
  for (const char* doc : {
           R"({})",
           R"([])",
           R"(null)",
           R"(1)",
           R"("x")",
           R"(true)",
           R"( {"a" : [ ] , "b":{ } } )",
           R"({"b": 1, "a": [1, "x", true, null, {"c": []}], "c": {"z": -0, "y": 0.1, "x": 1e400}})",
           R"([{"a": 1, "b": "x"}, {"b": "y", "a": 2}, {"a": null, "b": "z"}, {"a": 1, "b": [1]}])",
           R"([[1, 2], [3, 4], [5], [], [[]], [{}]])",
           R"({"s": "caf\u00e9 e\u0301 \ud83d\ude00 \ud800 \\ \" \n \/", "t": "e)"
           "\xcc\x81"
           R"( \xff"})",
           R"({"n": [9223372036854775807, 9223372036854775808, -9223372036854775808, 999999999999999999,
                     1000000000000000000, -0, 0, -0.0, 1.5e-7, 100000000000000000000000, 1E2, 0.30000000000000004]})",
       })
    check_same(doc);
}

TEST_CASE("what the fast pass is unsure of, the full decoder decides, with its messages") {
  for (const char* doc : {
           // Taken by the full decoder only: repeated, escaped and non-ASCII names, numbers out of
           // range, the data after a value that encoding/json's More lets through.
           R"({"k": 1, "k": 2})",
           R"({"k": 1, "k": "x"})",
           R"({"k": null, "k": 1})",
           R"({"e\u0301": 1, "\u00e9": 2})",
           R"({"\u0061": 1})",
           "{\"\xc3\xa9\": 1}",
           R"({"a": 1e99999999999999999999})",
           R"({"a": 1} ])",
           R"([1] })",
           // Errors of every kind.
           R"({"a": [1, 2)",
           R"({"a": 1,})",
           R"([1,])",
           R"([,1])",
           R"([1] 2)",
           R"({"a": tru})",
           R"({"a": nul})",
           R"({"a": falsey})",
           R"("\x")",
           R"("\u12")",
           R"("\u12g4")",
           "\"a\x01\"",
           "\"abc",
           R"({"a" 1})",
           R"({a: 1})",
           R"({"a": 1 "b": 2})",
           R"([01])",
           R"([-])",
           R"([1.])",
           R"([1.e5])",
           R"([1e])",
           R"([1e+])",
           R"([.5])",
           R"([+1])",
           R"([1x])",
           R"([truex])",
           "",
           " ",
           "[",
           "{",
           "]",
           "}",
           "\"",
           R"({"a": [1, 2]]})",
           R"([1}])",
       })
    check_same(doc);
  std::string deep(2000, '[');
  check_same(deep + std::string(2000, ']'));
  for (size_t depth : {999, 1000, 1001}) check_same(std::string(depth, '[') + std::string(depth, ']'));
}

TEST_CASE("the fast pass takes plain documents and leaves the doubtful ones") {
  CHECK(hcl::cty::json_document_scans(R"({"a": [1, 2.5, -3e2, "x\n\u00e9", true, null, {"b": {}}]})"));
  CHECK(hcl::cty::json_document_scans(R"({"s": "caf)"
                                      "\xc3\xa9"
                                      R"("})"));
  CHECK(!hcl::cty::json_document_scans(R"({"a": 1, "a": 1})"));
  CHECK(!hcl::cty::json_document_scans(R"({"\u0061": 1})"));
  CHECK(!hcl::cty::json_document_scans(R"({"a": 1} ])"));
  CHECK(!hcl::cty::json_document_scans(R"([1e99999999999999999999])"));
  CHECK(hcl::cty::json_document_scans(std::string(999, '[') + std::string(999, ']')));
  CHECK(!hcl::cty::json_document_scans(std::string(1001, '[') + std::string(1001, ']')));
}

TEST_CASE("generated documents decode alike, and so do their damaged copies") {
  Generator g{std::mt19937(16)};
  int scanned = 0;
  for (int i = 0; i < 400; ++i) {
    std::string doc = g.space() + g.value(0) + g.space();
    check_same(doc);
    scanned += hcl::cty::json_document_scans(doc);
    // One byte dropped, doubled or replaced: mostly errors, which must read the same.
    std::string damaged = doc;
    if (!damaged.empty()) {
      size_t at = g.rng() % damaged.size();
      switch (g.pick(3)) {
        case 0: damaged.erase(at, 1); break;
        case 1: damaged.insert(at, 1, damaged[at]); break;
        default: damaged[at] = "{}[],:\"\\0e-. x"[g.pick(15)]; break;
      }
    }
    check_same(damaged);
  }
  CHECK(scanned > 300);  // most take the fast pass: the generator writes no repeated names
}

// An array of `count` objects like a plan's resources: mostly the same names in the same order,
// with members whose types vary (a list's length, a null for a string, an object's members),
// sometimes a member more or less, in another order, or a name that shares a prefix with the
// expected one or is longer than the text left.
std::string similar_objects(std::mt19937& rng, int count) {
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  static const char* kPorts[] = {"[]", "[1]", "[1,2]", R"(["a"])"};
  std::string s = "[";
  for (int i = 0; i < count; ++i) {
    std::vector<std::string> members = {
        R"("address":"r.)" + std::to_string(i) + R"(")",
        std::string(R"("size":)") + (pick(4) ? std::to_string(pick(1000)) : "null"),
        std::string(R"("ports":)") + kPorts[pick(4)],
        std::string(R"("after":{"ami":)") + (pick(5) ? R"("x")" : "1") + (pick(4) ? "" : R"(,"tags":{"env":"p"})") +
            "}",
    };
    switch (pick(12)) {
      case 0: std::swap(members[0], members[1]); break;
      case 1: members.pop_back(); break;
      case 2: members.push_back(R"("extra":true)"); break;
      case 3: members[1] = R"("siz":1)"; break;
      case 4: members[1] = R"("sizes":1)"; break;
      case 5: members[0] = R"("addresses_and_more_of_them":"x")"; break;
      case 6: members[1] = R"("size":1)"; break;
      default: break;
    }
    s += i ? ",{" : "{";
    for (size_t k = 0; k < members.size(); ++k) s += (k ? "," : "") + members[k];
    s += "}";
  }
  return s + "]";
}

TEST_CASE("objects in one place take the shape of the one before them only where they have it") {
  for (const char* doc : {
           R"([{"a": 1, "b": "x"}, {"a": 2, "b": "y"}, {"a": "z", "b": "y"}, {"a": 2, "b": null}])",
           R"([{"a": 1}, {"ab": 1}, {"a": 1}, {"b": 1}, {"a": 1, "b": 1}, {}, {"a": 1}])",
           R"([{"ab": 1}, {"a": 1}, {"a": 1, "b": 2}, {"a": 1}, {"a": 1, "a": 2}])",
           R"([{"a": 1, "b": 2}, {"b": 2, "a": 1}, {"a": 1, "b": 2, "c": 3}, {"a": 1, "b": 2}])",
           R"([{"a": {"x": 1}}, {"a": {"x": "s"}}, {"a": {"x": 1, "y": 2}}, {"a": [{"x": 1}]}, {"a": {"x": 1}}])",
           R"([{"a": [{"x": 1}, {"x": 2}]}, {"a": [{"x": 3}, {"x": [4]}]}, {"a": [{"x": 5}]}])",
           R"([{"name": 1}, {"name)",
           R"([{"name": 1}, {"nam)",
           R"([{"name": 1}, {"name")",
           R"([{"name": 1}, {"name":)",
           R"([{"name": 1}, {"name": 2}, {"name": 3}])",
           R"([{"name": 1}, {"name" : 2}, {"name":3}, { "name" :4 }])",
           R"([{"name": 1}, {"name": 2, "name": 3}])",
       })
    check_same(doc);
  std::mt19937 rng(16);
  for (int round = 0; round < 40; ++round) {
    std::string doc = similar_objects(rng, 30);
    check_same(doc);
    CHECK(hcl::cty::json_document_scans(doc) == (doc.find(R"(\u0069)") == std::string::npos));
    std::string damaged = doc;
    damaged[rng() % damaged.size()] = "{}[],:\"\\0 x"[rng() % 11];
    check_same(damaged);
  }
}

TEST_CASE("a tuple's elements asked for by position, in order, again and out of order") {
  std::mt19937 rng(8);
  const std::string doc = similar_objects(rng, 12);
  auto full = hcl::cty::json_to_value(doc);
  REQUIRE(full);
  const size_t n = full->length();
  auto same_at = [&](const Value& lazy, size_t i) {
    CAPTURE(i);
    Value m = lazy.member(i);
    CHECK(m.raw_equals(full->element_at(i)));
    CHECK(m.weight() == full->element_at(i).weight());
  };
  auto lazy = hcl::cty::json_document_to_value(doc);
  REQUIRE(lazy);
  CHECK(lazy->length() == n);  // counted without building
  for (size_t i = 0; i < n; ++i) same_at(*lazy, i);
  for (size_t i = 0; i < n; ++i) same_at(*lazy, i);  // a second pass
  lazy = hcl::cty::json_document_to_value(doc);
  for (size_t i : {3, 3, 5, 4, 0, 11, 7}) same_at(*lazy, i);
  lazy = hcl::cty::json_document_to_value(doc);
  for (size_t i : {0, 2, 4}) same_at(*lazy, i);
  CHECK(lazy->element_at(6).raw_equals(full->element_at(6)));  // built now
  for (size_t i : {8, 1, 9}) same_at(*lazy, i);
  CHECK(lazy->raw_equals(*full));
}

TEST_CASE("weights that do not fit a container's word are kept aside") {
  Generator g{std::mt19937(32)};
  for (int i = 0; i < 100; ++i) {
    std::string doc = g.value(0);
    for (uint64_t big : {0, 64, 65, 200, 1000}) check_same(doc, big);
  }
  std::mt19937 rng(32);
  check_same(similar_objects(rng, 20), 300);
}

TEST_CASE("building a document's members is not charged to the evaluation that asks for them") {
  std::string doc = "{\"xs\": [";
  for (int i = 0; i < 1000; ++i) doc += (i ? ",\"" : "\"") + std::to_string(i) + "\"";
  doc += "]}";
  auto lazy = hcl::cty::json_document_to_value(doc);
  REQUIRE(lazy);
  auto full = hcl::cty::json_to_value(doc);
  hcl::cty::EvalLimits limits;
  limits.max_values = 10;
  limits.max_bytes = 1000;
  hcl::cty::EvalBudget budget(limits);
  hcl::cty::EvaluationInProgress evaluation;
  auto before = hcl::cty::budget_counts();
  const Value& xs = lazy->attributes()[0].second;
  CHECK(xs.elements().size() == 1000);
  CHECK(xs.elements()[999].as_string() == "999");
  auto after = hcl::cty::budget_counts();
  CHECK(after.values == before.values);
  CHECK(after.bytes == before.bytes);
  CHECK(xs.weight() == full->attributes()[0].second.weight());
}
