// SPDX-License-Identifier: Apache-2.0
// Small text helpers shared by several stages.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace hcl::util {

// Go's unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space.
// Go's quoting (strconv.Quote, QuoteRune, hclwrite's string literals) escapes everything else.
bool go_printable(char32_t cp);

// A string as hclwrite writes a quoted string literal (TokensForValue of cty.StringVal, then
// escapeQuotedStringLit): NFC first, as cty stores strings, then escaped as below. Labels that
// hcledit and terraform fmt write, and values printed as HCL, come out this way.
std::string hclwrite_quote(std::string_view s);

// The inside of such a literal, appended to out as escapeQuotedStringLit writes it: \n \r \t \"
// \\, characters Go cannot print as \uXXXX or \UXXXXXXXX, each invalid byte as U+FFFD, and, with
// `markup_literal`, "${" and "%{" doubled so that they stay text (the literal pieces of a
// template written as it is keep their own).
void append_hclwrite_escaped(std::string& out, std::string_view s, bool markup_literal);

// Go's %q / strconv.Quote: the reference quotes names this way inside its messages.
std::string go_quote(std::string_view s);

// Text from files made safe for a terminal and for line-based readers: control characters (C0
// except those in `keep`, DEL and C1) and invalid UTF-8 bytes become Go's %q escapes (\n, \x1b,
// \u009b, \xff); everything else, quotes included, stays as it is. No escape sequence from a
// file reaches the terminal, and no name or message can start a line of its own.
std::string escape_controls(std::string_view s, std::string_view keep = {});

// A path as the path of a URI (RFC 3986): everything but unreserved characters and "/" is
// percent-encoded. SARIF's artifact locations and the language server's file:// URIs use it.
std::string uri_encode_path(std::string_view path);

// Appends s as the inside of a JSON string literal (no quotes) the way Go's encoding/json writes
// it: \" \\ \n \r \t, other control characters as \u00XX, U+2028 and U+2029 escaped, each invalid
// UTF-8 byte as \ufffd; with `escape_html` (json.Marshal's default) also < > & as \u003c \u003e
// \u0026. hcl2json's output escapes HTML, cty's own encoding does not.
void append_json_escaped(std::string& out, std::string_view s, bool escape_html);
// The same as a whole JSON string literal, quotes included (Go's %q in format() is this too).
std::string json_quoted(std::string_view s, bool escape_html);

// Levenshtein distance counted in Unicode scalar values.
size_t edit_distance(std::string_view a, std::string_view b);

// The first candidate within edit distance 2 of `given` (the reference's "did you mean"), or "".
std::string_view name_suggestion(std::string_view given, const std::vector<std::string_view>& candidates);

}  // namespace hcl::util
