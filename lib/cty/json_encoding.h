// SPDX-License-Identifier: Apache-2.0
// Values and types as JSON, the way go-cty's json package and Go's encoding/json write them,
// and JSON documents decoded into values the way cty does without a schema (objects become
// objects, arrays tuples, numbers keep every digit).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cty/expected.h"
#include "cty/type.h"
#include "cty/value.h"

namespace hcl::cty {

// cty's JSON encoding of a value (ctyjson.Marshal with the value's own type): numbers as
// Text('f', -1), map and object keys sorted, sets in set order. Fails with cty's message for
// values JSON cannot hold ("cannot serialize infinity as JSON", "value is not known").
struct ValueJsonOptions {
  // Leave out object and map properties whose value is null (hcldec re-encodes its output so).
  bool drop_null_attributes = false;
  // Escape < > & in strings as Go's json.Marshal does (hcldec's output), which cty's encoding
  // does not.
  bool escape_html = false;
  // Encoding inside an evaluation (jsonencode, format's %v): a number too large to write out
  // stops the evaluation as the budget's "Evaluation too large", as printing it anywhere else in
  // an evaluation does; outside one the caller gets the reason as the error.
  bool in_evaluation = false;
};
Expected<std::string> value_to_json(const Value& v, const ValueJsonOptions& options = {});

// cty's JSON encoding of a type: "string", ["list","number"], ["object",{"a":"bool"}] ...
std::string type_to_json(const Type& t);

// A JSON string literal as Go's encoder writes it with HTML escaping off: \" \\ \n \r \t,
// other control characters as \u00XX, U+2028/U+2029 escaped, invalid UTF-8 as \ufffd.
std::string json_quote(std::string_view s);

// Re-indents compact JSON text the way Go's json.Indent does (two spaces, "key": value).
std::string json_indent(std::string_view compact);

// A JSON document as encoding/json's Decoder.Token reads it, kept as a tree (object members in
// order, repeats included) so that cty's two passes (ImpliedType, then Unmarshal) can be
// reproduced.
struct JsonMember;
struct JsonNode {
  enum class Kind : uint8_t { Null, Bool, Number, String, Array, Object } kind = Kind::Null;
  bool boolean = false;
  std::string text;  // number text or decoded string
  std::vector<JsonNode> items;
  // Not std::pair: a pair cannot hold the still-incomplete JsonNode (clang rejects it).
  std::vector<JsonMember> members;
};
struct JsonMember {
  std::string first;
  JsonNode second;
};

// The document's tree, or encoding/json's message for the first problem. Nesting deeper than the
// parsers' limit (util/limits.h) is refused, so that nothing built from a
// document recurses deeper than a configuration can.
Expected<JsonNode> parse_json_document(std::string_view text);
// json.ImpliedType: objects become objects, arrays tuples, null the dynamic pseudo-type; a repeated
// property name whose values imply different types is an error (cty 1.16.2).
Expected<Type> json_implied_type(const JsonNode& n);
// json.Unmarshal of a node into a type (the implied type fails only when repeated object names
// disagree).
Expected<Value> json_unmarshal(const JsonNode& n, const Type& t);

// Decodes a JSON document into a value (ctyjson.ImpliedType + Unmarshal), as jsondecode does.
Expected<Value> json_to_value(std::string_view text);

}  // namespace hcl::cty
