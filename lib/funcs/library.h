// SPDX-License-Identifier: Apache-2.0
// The function library: every family's functions in one table, as `hcl eval` and the other
// front ends offer them. Each family lives in lib/funcs/<family>.cpp and adds its functions
// with one add_<family>_functions call here.
#pragma once

#include <string>
#include <vector>

#include "cty/function.h"

namespace hcl::funcs {

// Declared here too, so that a file that also sees the public hcl::Value (lib/api) finds this one.
using cty::Value;

// Language machinery: try, can (ext-tryfunc) and convert (ext-typeexpr).
void add_lang_functions(cty::FunctionTable& table);
// tostring, tonumber, tobool, tolist, toset, tomap.
void add_conversion_functions(cty::FunctionTable& table);
// Strings: upper, lower ...
void add_string_functions(cty::FunctionTable& table);
// regex, regexall, replace.
void add_regex_functions(cty::FunctionTable& table);
// format, formatlist.
void add_format_functions(cty::FunctionTable& table);
// jsonencode, jsondecode, csvdecode, base64encode, base64decode, urlencode, textencodebase64, textdecodebase64.
void add_encoding_functions(cty::FunctionTable& table);
// md5, sha1, sha256, sha512, base64sha256, base64sha512, uuid, uuidv5.
void add_hashing_functions(cty::FunctionTable& table);
// formatdate, timeadd, timecmp, timestamp.
void add_datetime_functions(cty::FunctionTable& table);
// yamldecode, yamlencode.
void add_yaml_functions(cty::FunctionTable& table);
// Collections: length ...
void add_collection_functions(cty::FunctionTable& table);
// Numbers: max, min ...
void add_numeric_functions(cty::FunctionTable& table);
// Sequences: concat, range, flatten, slice, sort ...
void add_sequence_functions(cty::FunctionTable& table);
// Sets: setunion, setintersection, setsubtract, setproduct.
void add_set_functions(cty::FunctionTable& table);
// IP networks: cidrhost, cidrnetmask, cidrsubnet, cidrsubnets.
void add_network_functions(cty::FunctionTable& table);
// Terraform's sensitivity functions: sensitive, nonsensitive, issensitive.
void add_sensitivity_functions(cty::FunctionTable& table);
// What the file functions may read. Configurations may come from anyone (a pull request in CI),
// so by default they read only under the roots, after every symbolic link is resolved: an
// absolute path, a `..` or a link that leads elsewhere is refused with a message that names
// --allow-read. (Terraform confines nothing.)
struct FileAccess {
  std::string base = ".";               // relative paths resolve against it
  std::vector<std::string> roots{"."};  // directories reads may reach, with everything below them
  bool confined = true;                 // false: anywhere, as Terraform
};

// Files, as `access` allows: file, fileset, templatefile ...
void add_filesystem_functions(cty::FunctionTable& table, const FileAccess& access = {});
// Renders `text` (called `name` in messages) as a template with the variables of `vars` (a map or
// object), the standard functions and file functions confined by `access`, templatefile refused
// inside: what templatefile and templatestring share. Errors about `vars` name argument 1.
cty::Result<Value> render_template(const std::string& name, const std::string& text, const Value& vars,
                                   const FileAccess& access);
// Files as Terraform reads them: relative paths against a base directory, reads anywhere.
void add_filesystem_functions(cty::FunctionTable& table, const std::string& base_directory);

// Every function above.
cty::FunctionTable standard_functions();

// A parameter of type string, as most functions' are.
inline cty::Param string_param(std::string name) {
  return cty::Param{.name = std::move(name), .type = cty::Type::string()};
}

}  // namespace hcl::funcs
