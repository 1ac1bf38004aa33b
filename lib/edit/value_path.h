// SPDX-License-Identifier: Apache-2.0
// Addresses that continue past an attribute into its value: an object key (`.Name`) or a tuple
// element (`[0]`), as many as the value nests (`locals.subnets[0].cidr`). `attribute get`, `set`,
// `rm` and `append` work on the item found, on the lossless tree: only its bytes change
// (docs/edit.md gives the grammar).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "edit/edit.h"

namespace hcl::edit {

// One step of an address: a name (block type, label, attribute name or object key) or an index.
struct Step {
  std::string name;
  std::optional<uint64_t> index;
};

// Parses an address with `[N]` steps. A backslash makes the next character literal ("\." and "\["
// inside a name). Nothing when the text is not such an address (an unclosed "[", a non-digit
// inside it).
std::optional<std::vector<Step>> parse_value_address(std::string_view text);

// What an operation inside a value did.
struct ValueOutcome {
  size_t matches = 0;
  std::string output;                       // attribute get: the value as written, and a newline
  std::optional<diag::Diagnostic> failure;  // the operation failed: nothing was changed
};

// Runs `request` (attribute get, set, rm or append; `value` already checked) when its address
// reaches into a value; nothing when the address is one of an attribute or a block, or names no
// attribute at all: the plain operation handles those as hcledit does.
std::optional<ValueOutcome> run_in_value(Document& doc, const Request& request, const std::string& value);

// Every attribute's address (`attribute list`), in source order; with `values`, then after each
// attribute the address of every object key and tuple element inside its value.
std::string attribute_list(const Document& doc, bool values);

}  // namespace hcl::edit
