// SPDX-License-Identifier: Apache-2.0
// What a caller may choose about an evaluation: the variables, the function set, the limits that
// bound a hostile input, and which files functions may read. The defaults are safe for untrusted
// input: no file is read, functions depend on their arguments alone, and every limit is the one
// the `hcl` command line applies (docs/limits.md).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <hcl/value.h>

namespace hcl {

// The variables an expression sees (`var` in `var.region` names one of them).
using Variables = std::map<std::string, Value, std::less<>>;

// Whose function library expressions call (`hcl eval --dialect`). Hcl is HCL's standard library.
enum class Dialect : uint8_t { Hcl, Terraform, OpenTofu, Packer, Nomad };

// Bounds on one evaluation; past one the evaluation fails with "Evaluation too large".
struct Limits {
  uint64_t max_values = 4'000'000;                  // collection elements built (--max-eval-values)
  uint64_t max_memory_bytes = uint64_t{512} << 20;  // bytes of values built (--max-eval-memory)
  uint64_t max_seconds = 60;                        // wall-clock seconds, 0 for none (--max-eval-seconds)
};

// Nesting deeper than this (brackets, blocks, templates, JSON) is reported, not read; it is fixed
// so that no input can exhaust the stack.
inline constexpr uint32_t kMaxNestingDepth = 1000;

struct EvalOptions {
  Variables variables{};
  Dialect dialect = Dialect::Hcl;
  // Functions whose result changes from run to run (timestamp, uuid, bcrypt ...): off, so a
  // result depends on the input alone.
  bool impure_functions = false;
  // Directories file functions (file, fileset, templatefile ...) may read below; relative paths
  // resolve against the first. Empty: no file is read.
  std::vector<std::string> read_roots{};
  Limits limits{};
  // Sensitive values in the result keep their mark (Value::is_sensitive) unless this is set,
  // which removes every mark.
  bool show_sensitive = false;
};

// A value for a configuration's variables, as its tool takes them in order (later wins): an
// assignment `NAME=VALUE` (`-var`), or a variable definitions file (`-var-file`).
struct ConfigInput {
  enum class Kind : uint8_t { Assignment, File };
  Kind kind = Kind::Assignment;
  std::string text;
};

// `hcl eval --config`: a Terraform, OpenTofu, Packer or Nomad configuration evaluated as its tool
// does. Nothing comes from the process: its environment is read only as far as it is passed in.
struct ConfigOptions {
  // The dialect; when not given, the one the files' names say (`*.tf`, `*.pkr.hcl`, `*.nomad`).
  std::optional<Dialect> dialect{};
  std::vector<ConfigInput> inputs{};
  // NAME=VALUE entries the tool would find in its environment (TF_VAR_region=..., PKR_VAR_...).
  std::vector<std::string> environment{};
  // Directories file functions may read below besides the configuration's own and the working
  // directory; relative paths resolve against the configuration's directory.
  std::vector<std::string> read_roots{};
  Limits limits{};
  bool show_sensitive = false;  // as EvalOptions::show_sensitive
  // This expression's value in the configuration (`hcl eval --config DIR EXPR`) instead of the
  // whole configuration's: `{var, local, output}` for Terraform and OpenTofu, the blocks for Packer
  // and Nomad.
  std::optional<std::string> expression{};
};

// `hcl json`: the layout, and with `simplify` or variables the evaluation of what can be evaluated.
struct JsonOptions {
  bool pretty = true;     // four-space indentation as hcl2json; false: no whitespace (--compact)
  bool simplify = false;  // expressions that need no unknown value become their values (--simplify)
  bool strict = false;    // with evaluation: an expression that fails is an error (--strict)
  // The variables expressions see, by top-level name (`var` for `var.NAME`), as --vars/--var give
  // them; any variable turns evaluation on, as in `hcl json`.
  Variables variables{};
  std::vector<std::string> read_roots{};  // as EvalOptions::read_roots (--allow-read)
  Limits limits{};
};

// python-hcl2 8.x's shape (to_python_hcl2_json): its SerializationOptions of the same names.
struct PythonHcl2Options {
  bool with_comments = true;         // comments under "__comments__" and "__inline_comments__"
  bool explicit_blocks = true;       // each block body marked "__is_block__": true
  bool strip_string_quotes = false;  // strings and heredocs without their quotes
};

// `hcl fmt`: the canonical layout (hclfmt), or with `terraform` terraform fmt's rewrites as well.
struct FormatOptions {
  bool terraform = false;
};

}  // namespace hcl
