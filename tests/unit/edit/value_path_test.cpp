// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "edit/value_path.h"

using namespace hcl;

namespace {

std::string shown(const std::optional<std::vector<edit::Step>>& steps) {
  if (!steps) return "none";
  std::string out;
  for (const auto& s : *steps) out += s.index ? "[" + std::to_string(*s.index) + "]" : "<" + s.name + ">";
  return out;
}

}  // namespace

TEST_CASE("edit: value addresses take .KEY and [N] steps, a backslash making the next character literal") {
  CHECK(shown(edit::parse_value_address("locals.subnets[0].cidr")) == "<locals><subnets>[0]<cidr>");
  CHECK(shown(edit::parse_value_address("a.b[1][22]")) == "<a><b>[1][22]");
  CHECK(shown(edit::parse_value_address("t.tags.kubernetes\\.io/role")) == "<t><tags><kubernetes.io/role>");
  CHECK(shown(edit::parse_value_address("a.b\\[0]")) == "<a><b[0]>");
  CHECK(shown(edit::parse_value_address("a.b[x]")) == "none");
  CHECK(shown(edit::parse_value_address("a.b[]")) == "none");
  CHECK(shown(edit::parse_value_address("a.b[0")) == "none");
  CHECK(shown(edit::parse_value_address("a.b[0]c")) == "none");
  CHECK(shown(edit::parse_value_address("a.b[99999999999999999999]")) == "none");
}
