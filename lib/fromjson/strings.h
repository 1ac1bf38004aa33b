// SPDX-License-Identifier: Apache-2.0
// JSON strings as native expressions (private to fromjson/).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "fromjson/schema.h"

namespace hcl::fromjson::detail {

// Where an expression is written: as an attribute's or an object's value (where a string of lines
// is a heredoc), a tuple's element (where a heredoc's closing line would split the tuple), or an
// object's key (which must be parenthesized to be an expression at all).
enum class Place : uint8_t { Value, Element, Key };

// The native text of a JSON string read as `mode` says; nothing with an `error` when the string is
// not a valid template (or, for expression source, not an expression).
std::optional<std::string> string_expression(std::string_view text, AttrMode mode, Place place, std::string& error);

// A quoted literal: the escapes of the native syntax, and "${" and "%{" doubled when `literal`
// (a template's own markup is kept otherwise).
std::string quote(std::string_view text, bool literal);

// Whether a name can be written bare, as an attribute or an object key.
bool bare_name(std::string_view name);

}  // namespace hcl::fromjson::detail
