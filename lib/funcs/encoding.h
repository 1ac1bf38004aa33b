// SPDX-License-Identifier: Apache-2.0
// Encodings shared by several function families.
#pragma once

#include <string>

#include "cty/expected.h"
#include "cty/value.h"

namespace hcl::funcs {

// cty's json.Marshal of a value with its own type (jsonencode, format's %#v): like
// cty::value_to_json, but strings are quoted as Go's json.Marshal quotes them, with <, > and &
// escaped. The error is cty's message ("cannot serialize infinity as JSON").
cty::Expected<std::string> json_encode(const cty::Value& v);

// Standard base64 with padding (RFC 4648 section 4).
std::string base64_encode(std::string_view bytes);

// base64.StdEncoding.DecodeString: padding required, line breaks skipped; the error is the
// offset of the first corrupt byte.
cty::Expected<std::string, size_t> base64_decode(std::string_view src);

}  // namespace hcl::funcs
