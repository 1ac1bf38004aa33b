// SPDX-License-Identifier: Apache-2.0
#include "funcs/dialect.h"

namespace hcl::funcs {

std::optional<Dialect> parse_dialect(std::string_view name) {
  if (name == "hcl") return Dialect::Hcl;
  if (name == "terraform") return Dialect::Terraform;
  if (name == "opentofu" || name == "tofu") return Dialect::OpenTofu;
  if (name == "packer") return Dialect::Packer;
  if (name == "nomad") return Dialect::Nomad;
  return std::nullopt;
}

std::string_view dialect_name(Dialect dialect) {
  switch (dialect) {
    case Dialect::Hcl: return "hcl";
    case Dialect::Terraform: return "terraform";
    case Dialect::OpenTofu: return "opentofu";
    case Dialect::Packer: return "packer";
    case Dialect::Nomad: return "nomad";
  }
  return "hcl";
}

cty::FunctionTable dialect_functions(Dialect, const FileAccess& access, bool impure) {
  cty::FunctionTable all = standard_functions();
  add_filesystem_functions(all, access);
  if (impure) return all;
  cty::FunctionTable pure;
  for (auto name : all.names())
    if (name != "timestamp" && name != "uuid") pure.add(*all.find(name));
  return pure;
}

}  // namespace hcl::funcs
