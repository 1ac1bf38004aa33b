// SPDX-License-Identifier: Apache-2.0
// A configuration read as its tool reads it: which files of a directory belong to it (Terraform's
// `*.tf` and `*.tf.json` with override files, OpenTofu's `.tofu` files over the `.tf` files of the
// same name, Packer's `*.pkr.hcl` and `*.pkr.json`, a Nomad job file), and the declarations the
// tool evaluates before anything else: input variables, local values, outputs, and the names of
// the objects only a run of the tool could know (resources, data sources, module calls).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "body/body.h"
#include "funcs/dialect.h"
#include "source/source_file.h"

namespace hcl::config {

using funcs::Dialect;

struct Validation {
  body::ExprPtr condition;
  body::ExprPtr error_message;
  source::Range range;  // the validation block
};

struct VariableDecl {
  std::string name;
  body::ExprPtr default_value;  // null: the variable is required
  body::ExprPtr type;           // null: any value, taken as a string from -var and the environment
  body::ExprPtr nullable;       // null: nullable
  bool sensitive = false;
  std::vector<Validation> validations;
  source::Range range;  // the declaration (`variable "name"`)
};

struct LocalDecl {
  std::string name;
  body::ExprPtr expr;
  bool sensitive = false;  // Packer's `local "name" { sensitive = true }`
  source::Range range;
};

struct OutputDecl {
  std::string name;
  body::ExprPtr value;
  bool sensitive = false;
  source::Range range;
};

// The files of a configuration's directory as the caller already holds them, by file name (the
// language server's: the files its confined walk found, with the editor's unsaved text). Given
// them, load reads nothing from the directory: their names are its listing and their texts the
// files' contents, variable files included.
struct GivenFiles {
  std::map<std::string, std::shared_ptr<const source::SourceFile>, std::less<>> files;
};

struct Configuration {
  Dialect dialect = Dialect::Hcl;
  std::string directory;               // where relative paths and var files are found
  std::vector<std::string> files;      // the configuration's files, in the order they were read
  std::vector<std::string> var_files;  // the files the tool reads values from by itself, in its order
  std::vector<std::shared_ptr<const source::SourceFile>> sources;
  std::map<std::string, VariableDecl> variables;
  std::map<std::string, LocalDecl> locals;
  std::map<std::string, OutputDecl> outputs;
  // Objects whose attributes only a run knows: managed resources by type and name, data sources
  // (under "data"), ephemeral resources (under "ephemeral") and module calls (under "module").
  std::map<std::string, std::set<std::string>> resources;
  std::map<std::string, std::set<std::string>> data, ephemeral;
  std::set<std::string> modules;
  // Packer and Nomad: each file's remaining blocks and attributes, the document a run prints.
  std::vector<body::BodyPtr> documents;
  diag::Diagnostics diagnostics;
  // The files given in place of the directory on disk (load's `given`), for the variable files.
  std::shared_ptr<const GivenFiles> given;
};

// The dialect of a file or directory by its names: `.tf`/`.tf.json` Terraform, `.tofu` OpenTofu,
// `.pkr.hcl`/`.pkr.json` Packer, `.nomad`/`.nomad.hcl` Nomad; anything else the generic dialect.
Dialect detect_dialect(const std::string& path);
// The same from a directory's file names.
Dialect detect_dialect(const std::vector<std::string>& names);

// For an expression evaluated outside any configuration: how to get a name the tools define
// (`var`, `local`, `path`, ...), said after "There is no variable named ...", or "".
std::string outside_configuration_hint(std::string_view root);

// Reads the configuration at `path` (a directory, or one file) in `dialect` (not Hcl); with
// `given`, from those files instead of the disk (`path` is then the directory or a file there).
Configuration load(const std::string& path, Dialect dialect, std::shared_ptr<const GivenFiles> given = nullptr);

// One value given for a variable, with where it came from.
struct AssignedValue {
  std::string name;
  cty::Value value;
  source::Range range;
};

// The attributes of a variable definitions file (`.tfvars`, `.pkrvars.hcl`, or the JSON syntax
// for a name ending in `.json`), evaluated with neither variables nor functions, as the tools read
// them. `sources` receives the file for rendering diagnostics. A file of `given` is taken from it.
std::vector<AssignedValue> read_var_file(const std::string& path, diag::Diagnostics& diags,
                                         std::vector<std::shared_ptr<const source::SourceFile>>& sources,
                                         const GivenFiles* given = nullptr);

}  // namespace hcl::config
