// SPDX-License-Identifier: Apache-2.0
// The languages written in HCL whose evaluation `hcl` knows, and the function set each offers.
// The generic dialect (`hcl`) is HCL with the standard library and no named values of its own;
// the others evaluate a configuration as their tool does (lib/config, docs/eval.md).
#pragma once

#include <optional>
#include <string_view>

#include "cty/function.h"
#include "funcs/library.h"

namespace hcl::funcs {

enum class Dialect { Hcl, Terraform, OpenTofu, Packer, Nomad };

// "hcl", "terraform", "opentofu" (or "tofu"), "packer", "nomad".
std::optional<Dialect> parse_dialect(std::string_view name);
std::string_view dialect_name(Dialect dialect);

// The functions a configuration of `dialect` may call, with file functions confined by `access`.
// Functions whose result changes from run to run (timestamp, uuid ...) are left out unless
// `impure`: `hcl json --simplify` folds expressions to constants, where they would be wrong.
cty::FunctionTable dialect_functions(Dialect dialect, const FileAccess& access, bool impure = true);

// The generic dialect's functions less the ones whose results change from run to run (timestamp,
// uuid): a call depends on its arguments alone. What `hcl json --simplify` folds expressions with
// (as hcl2json's -simplify offers only functions of the arguments) and the public interface's
// default; without `access`, the file functions read in the working directory.
const cty::FunctionTable& pure_functions();
cty::FunctionTable pure_functions(const FileAccess& access);

}  // namespace hcl::funcs
