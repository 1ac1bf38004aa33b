// SPDX-License-Identifier: Apache-2.0
// Diagnostics for people and for machines: Terraform-style text with a source snippet, the JSON
// of `terraform validate -json`, and GitHub Actions workflow annotations.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <string>

#include "diag/diagnostic.h"
#include "source/source_file.h"

namespace hcl::diag {

// What a subject is "in" (a block header such as `resource "aws_instance" "web"`, found by a
// stage that knows the syntax: ast::context_string), or "".
using ContextLookup = std::function<std::string(const source::Range& subject)>;

struct TextStyle {
  bool color = false;
  unsigned width = 0;               // wrap details to this width; 0 leaves them as they are
  ContextLookup context = nullptr;  // "on main.tf line 5, in locals:"; none: "on main.tf line 5:"
};

// Finds the source of a diagnostic's file for its snippet, or null.
using SourceLookup = std::function<const source::SourceFile*(const std::string& filename)>;

std::string render_text(const Diagnostic& diag, const SourceLookup& sources, const TextStyle& style);

// One diagnostic as `terraform validate -json` prints it, with its snippet when the source is known.
// `context` fills the snippet's "context", as terraform does.
nlohmann::ordered_json diagnostic_json(const Diagnostic& diag, const SourceLookup& sources,
                                       const ContextLookup& context = nullptr);

// A GitHub Actions workflow command (::error file=...,line=...::message).
std::string render_github(const Diagnostic& diag);

// At most this many diagnostics are reported for one file, whatever made them (the parser's
// default ParseOptions::max_diagnostics, and every front end's output); the rest are counted in
// one "Too many errors".
inline constexpr size_t kMaxFileDiagnostics = 1000;
// The diagnostic that stands for `dropped` more not reported.
Diagnostic too_many_errors(uint64_t dropped);

// Whether to colour output on this stream: a terminal, and NO_COLOR unset.
bool use_color(int fd);

}  // namespace hcl::diag
