// SPDX-License-Identifier: Apache-2.0
// What a body may hold, as far as turning the JSON syntax into the native syntax needs to know:
// which property names are blocks (and how many labels they take), which are attributes whose
// strings are expression source (Terraform's `depends_on`, `provider`, `when` ...), and whether
// names the schema does not list are told apart by their shape (a provider's or a plugin's
// bodies, which no dialect describes).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "dec/spec.h"
#include "funcs/dialect.h"

namespace hcl::fromjson {

struct Schema;

struct BlockType {
  uint32_t labels = 0;
  std::shared_ptr<const Schema> body;
};

enum class AttrMode : uint8_t {
  Template,    // strings are templates ("${...}"), as the JSON syntax reads them
  Expression,  // strings are an expression's source ("aws_instance.web"), as Terraform reads these
  Literal,     // strings are literal text (`default` of a Terraform variable, a .tfvars.json value)
};

struct Schema {
  std::map<std::string, BlockType, std::less<>> blocks;
  std::map<std::string, AttrMode, std::less<>> attributes;  // only those that are not templates
  // Names the schema does not list are read by their shape: an array of objects is blocks,
  // anything else an attribute (and the choice is reported).
  bool open = false;
  // The schema of blocks found by shape in an open body (null: open, knowing nothing).
  const Schema* shape_body = nullptr;

  const BlockType* block(std::string_view name) const;
  AttrMode attribute(std::string_view name) const;
};

// The schema of a dialect's configuration files; Hcl has none (every body is open).
std::shared_ptr<const Schema> dialect_schema(funcs::Dialect dialect);

// The schema an hcldec spec reads: its block specs, with their label counts and nested specs.
std::shared_ptr<const Schema> spec_schema(const dec::Spec& root);

// A schema written compactly (the dialects' tables): `name:N{...}` a block with N labels and
// the body between the braces, `name!` an attribute of expression source, `name$` a literal
// attribute, `*` an open body; entries separated by spaces or commas.
std::shared_ptr<const Schema> parse_schema(std::string_view text);

}  // namespace hcl::fromjson
