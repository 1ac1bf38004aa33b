// SPDX-License-Identifier: Apache-2.0
// The hcldec spec language (hcldec-spec-format.md): a `.hcldec` file whose one root block says
// how to decode configuration files (object, array, attr, block, block_list, block_set,
// block_map, block_attrs, literal, default, transform), plus `variables` blocks that predefine
// variables and `function` blocks that define functions the configuration can call. Read with
// the reference's rules and messages (cmd/hcldec/spec.go, gohcl, ext/userfunc).
#pragma once

#include <map>
#include <memory>
#include <string>

#include "cty/function.h"
#include "dec/spec.h"
#include "source/source_file.h"

namespace hcl::dec {

struct SpecFile {
  SpecPtr root;  // a null literal when the file has errors
  std::map<std::string, Value> variables;
  // The `function` blocks, callable from the configuration. Empty when there are none.
  std::shared_ptr<cty::FunctionTable> functions;
};

// Reads a spec file (native syntax). Errors leave a usable but meaningless root.
SpecFile load_spec(std::shared_ptr<const source::SourceFile> source, diag::Diagnostics& diags);

// The functions spec files may call (cty's versions: abs, coalesce, concat, hasindex, int,
// jsondecode, jsonencode, length, lower, max, min, reverse, strlen, substr, upper).
const cty::FunctionTable& spec_functions();

// A type expression evaluated as the reference's hcldec does (string, number, bool, any, list(T),
// set(T), map(T), tuple([T...]), object({name = T})).
Type eval_type_expr(const body::ExprPtr& expr, diag::Diagnostics& diags);

}  // namespace hcl::dec
