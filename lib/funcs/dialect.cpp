// SPDX-License-Identifier: Apache-2.0
// Each tool's function set, by name: the union of every family is built once per call and each
// dialect keeps the names its tool registers (Terraform's `terraform metadata functions`,
// OpenTofu's lang/functions.go, Packer's hcl2template/functions.go, Nomad's jobspec2). A name
// the library does not implement yet is skipped, so a set never offers a function that fails
// as unknown at call time.
#include "funcs/dialect.h"

#include <array>
#include <string_view>

#include "funcs/extras.h"

namespace hcl::funcs {

using namespace cty;

namespace {

// Terraform 1.11's built-ins; each is also callable as core::NAME.
constexpr std::string_view kTerraform =
    "abs abspath alltrue anytrue base64decode base64encode base64gzip base64sha256 base64sha512 "
    "basename bcrypt can ceil chomp chunklist cidrhost cidrnetmask cidrsubnet cidrsubnets coalesce "
    "coalescelist compact concat contains csvdecode dirname distinct element endswith ephemeralasnull "
    "file filebase64 filebase64sha256 filebase64sha512 fileexists filemd5 fileset filesha1 filesha256 "
    "filesha512 flatten floor format formatdate formatlist indent index issensitive join jsondecode "
    "jsonencode keys length log lookup lower matchkeys max md5 merge min nonsensitive one parseint "
    "pathexpand plantimestamp pow range regex regexall replace reverse rsadecrypt sensitive "
    "setintersection setproduct setsubtract setunion sha1 sha256 sha512 signum slice sort split "
    "startswith strcontains strrev substr sum templatefile templatestring textdecodebase64 "
    "textencodebase64 timeadd timecmp timestamp title tobool tolist tomap tonumber toset tostring "
    "transpose trim trimprefix trimspace trimsuffix try upper urlencode uuid uuidv5 values yamldecode "
    "yamlencode zipmap";

// OpenTofu's additions to Terraform's set.
constexpr std::string_view kOpenTofuExtra = "base64gunzip cidrcontains urldecode";

constexpr std::string_view kPacker =
    "abs abspath alltrue anytrue aws_secretsmanager aws_secretsmanager_raw basename base64decode "
    "base64encode base64gzip bcrypt can ceil chomp chunklist cidrhost cidrnetmask cidrsubnet "
    "cidrsubnets coalesce coalescelist compact concat consul_key contains convert csvdecode dirname "
    "distinct element endswith file filebase64 fileexists fileset flatten floor format formatdate "
    "formatlist indent index join jsondecode jsonencode keys legacy_isotime legacy_strftime length "
    "log lookup lower max md5 merge min parseint pathexpand pow range reverse replace regex regexall "
    "regex_replace rfc3339_parse rsadecrypt setintersection setproduct setunion sha1 sha256 sha512 "
    "signum slice sort split startswith strcontains strrev substr sum templatefile textdecodebase64 "
    "textencodebase64 timestamp timeadd title trim trimprefix trimspace trimsuffix try "
    "unix_timestamp_parse upper urlencode uuidv4 uuidv5 values vault yamldecode yamlencode zipmap";

constexpr std::string_view kNomad =
    "abs abspath base64decode base64encode basename bcrypt can ceil chomp chunklist cidrhost "
    "cidrnetmask cidrsubnet cidrsubnets coalesce coalescelist compact concat contains convert "
    "csvdecode dirname distinct element file filebase64 fileexists fileset flatten floor format "
    "formatdate formatlist indent index join jsondecode jsonencode keys length log lookup lower max "
    "md5 merge min parseint pathexpand pow range reverse replace regex_replace rsadecrypt "
    "setintersection setproduct setunion sha1 sha256 sha512 signum slice sort split strlen strrev "
    "substr timeadd title trim trimprefix trimspace trimsuffix try upper urlencode uuidv4 uuidv5 "
    "values yamldecode yamlencode zipmap";

// Functions whose result changes from run to run.
constexpr std::array<std::string_view, 7> kImpure = {"timestamp",     "uuid",           "uuidv4",         "bcrypt",
                                                     "plantimestamp", "legacy_isotime", "legacy_strftime"};

bool impure_name(std::string_view name) {
  if (name.starts_with("core::")) name.remove_prefix(6);
  for (auto n : kImpure)
    if (n == name) return true;
  return false;
}

// Every function any dialect offers.
FunctionTable everything(const FileAccess& access) {
  FunctionTable all = standard_functions();
  add_filesystem_functions(all, access);
  add_terraform_functions(all, access);
  add_opentofu_functions(all);
  add_regex_replace_function(all);
  add_rsadecrypt_function(all);
  add_packer_functions(all);
  add_packer_time_functions(all);
  add_nomad_functions(all);
  return all;
}

// `names` is space-separated.
void keep(FunctionTable& out, const FunctionTable& all, std::string_view names, bool core_too) {
  while (!names.empty()) {
    size_t space = names.find(' ');
    std::string_view name = names.substr(0, space);
    names.remove_prefix(space == std::string_view::npos ? names.size() : space + 1);
    const Function* f = all.find(name);
    if (!f) continue;
    out.add(*f);
    if (!core_too) continue;
    Function aliased = *f;
    aliased.name = "core::" + aliased.name;
    out.add(std::move(aliased));
  }
}

}  // namespace

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

cty::FunctionTable dialect_functions(Dialect dialect, const FileAccess& access, bool impure) {
  FunctionTable chosen;
  if (dialect == Dialect::Hcl) {
    chosen = standard_functions();
    add_filesystem_functions(chosen, access);
  } else {
    FunctionTable all = everything(access);
    switch (dialect) {
      case Dialect::Terraform: keep(chosen, all, kTerraform, true); break;
      case Dialect::OpenTofu:
        keep(chosen, all, kTerraform, true);
        keep(chosen, all, kOpenTofuExtra, true);
        add_provider_namespace(chosen);
        break;
      case Dialect::Packer: keep(chosen, all, kPacker, false); break;
      case Dialect::Nomad: keep(chosen, all, kNomad, false); break;
      case Dialect::Hcl: break;
    }
  }
  if (impure) return chosen;
  FunctionTable pure;
  for (auto name : chosen.names())
    if (!impure_name(name)) pure.add(*chosen.find(name));
  if (dialect == Dialect::OpenTofu) add_provider_namespace(pure);
  return pure;
}

cty::FunctionTable pure_functions(const FileAccess& access) { return dialect_functions(Dialect::Hcl, access, false); }

const cty::FunctionTable& pure_functions() {
  static const cty::FunctionTable table = pure_functions(FileAccess{});
  return table;
}

}  // namespace hcl::funcs
