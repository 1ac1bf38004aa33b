// SPDX-License-Identifier: Apache-2.0
// `hcl`: one executable, one subcommand per front end. This file is the command line: every
// subcommand's options (the only use of CLI11, see commands.h) and the parse; each subcommand's
// work lives in its own file.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <new>
#include <optional>

#include "app.h"
#include "commands.h"
#include "io/files.h"
#include "util/stack.h"
#include "util/text.h"

namespace {

// Each subcommand adds its options to the parser and returns the function that runs it, which
// first completes the options with what only the parse knows (which options were given, and in
// what order).
using Runner = std::function<int()>;

int usage_error(const std::string& command, const std::string& message, const std::string& suggestion);

// Calls f(name, dashes) for each name in CLI11's spelling of an option's names ("-r,--raw",
// "--sort{standard}", "paths"): the name without its dashes or default value, and how many
// dashes it had (0 for a positional).
template <typename F>
void each_option_name(std::string_view names, F f) {
  for (;;) {
    size_t comma = names.find(',');
    std::string_view name = names.substr(0, comma);
    name = name.substr(0, name.find('{'));
    while (!name.empty() && name.front() == ' ') name.remove_prefix(1);
    size_t dashes = 0;
    while (dashes < 2 && dashes < name.size() && name[dashes] == '-') ++dashes;
    f(name.substr(dashes), dashes);
    if (comma == std::string_view::npos) return;
    names.remove_prefix(comma + 1);
  }
}

// The option names a command line spells: each word before "--" that starts with '-' gives the
// name up to any '=', and a word with one dash also each of its characters (a cluster such as
// -rq, or -Vx=1). Taking more names than the command line uses costs a little time; taking fewer
// would lose an option, so every doubt counts as spelled.
class FlagWords {
 public:
  FlagWords(const std::vector<std::string>& args, size_t begin) {
    for (size_t i = begin; i < args.size() && args[i] != "--"; ++i) {
      const std::string& arg = args[i];
      if (arg.size() < 2 || arg[0] != '-') continue;
      bool one_dash = arg[1] != '-';
      std::string body = arg.substr(one_dash ? 1 : 2);
      names_.push_back(body.substr(0, body.find('=')));
      if (one_dash)
        for (char c : body) names_.emplace_back(1, c);
    }
  }

  // Help needs every option.
  bool help() const { return spelled_name("h") || spelled_name("help"); }

  // Whether one of CLI11's option names ("-r,--raw,--raw-output", "--sort{standard}") is spelled;
  // a positional name ("paths") always is.
  bool spelled(std::string_view names) const {
    bool found = false;
    each_option_name(names,
                     [&](std::string_view name, size_t dashes) { found = found || dashes == 0 || spelled_name(name); });
    return found;
  }

 private:
  bool spelled_name(std::string_view name) const {
    return std::find(names_.begin(), names_.end(), name) != names_.end();
  }
  std::vector<std::string> names_;
};

// A subcommand that hands CLI11 only the options its command line spells. CLI11 compares each
// option added with every one before it, and building all of eval's thirty options was most of
// the instructions of a short run such as `hcl eval '1 + 1'`. An option left out is remembered
// by its long names, for check_flags' suggestions, and is stood for by one hidden option that is
// never given, so that the code adding it reads the same. A command line the parse refuses, and
// help, get every option (run_main), so that messages and help never depend on what was left
// out. Options are added through a Command*, not a CLI::App*, to be left out.
class Command : public CLI::App {
 public:
  // words: the command line's; null for every option.
  Command(std::string description, std::string name, CLI::App* parent, const FlagWords* words)
      : CLI::App(std::move(description), std::move(name), parent), words_(words) {}

  template <typename... Args>
  CLI::Option* add_option(std::string names, Args&&... args) {
    if (!take(names)) return stand_in();
    return CLI::App::add_option(std::move(names), std::forward<Args>(args)...);
  }
  template <typename T, typename... Args>
  CLI::Option* add_option_function(std::string names, Args&&... args) {
    if (!take(names)) return stand_in();
    return CLI::App::add_option_function<T>(std::move(names), std::forward<Args>(args)...);
  }
  template <typename... Args>
  CLI::Option* add_flag(std::string names, Args&&... args) {
    if (!take(names)) return stand_in();
    return CLI::App::add_flag(std::move(names), std::forward<Args>(args)...);
  }
  template <typename... Args>
  CLI::Option* add_flag_callback(std::string names, Args&&... args) {
    if (!take(names)) return stand_in();
    return CLI::App::add_flag_callback(std::move(names), std::forward<Args>(args)...);
  }

  // The long names of the options left out.
  const std::vector<std::string>& left_out() const { return left_out_; }
  // The option that stands for them, if any (check_flags does not offer its name).
  const CLI::Option* stand_in_option() const { return stand_in_; }

 private:
  bool take(const std::string& names) {
    if (!words_ || words_->spelled(names)) return true;
    each_option_name(names, [&](std::string_view name, size_t dashes) {
      if (dashes == 2) left_out_.emplace_back(name);
    });
    return false;
  }
  CLI::Option* stand_in() {
    if (!stand_in_) stand_in_ = CLI::App::add_flag("--option-not-given")->group("");
    return stand_in_;
  }

  const FlagWords* words_;
  std::vector<std::string> left_out_;
  CLI::Option* stand_in_ = nullptr;
};

// A subcommand of app, given every option or those words spells.
Command* add_command(CLI::App& app, const FlagWords* words, std::string name, std::string description) {
  auto cmd = std::make_shared<Command>(std::move(description), std::move(name), &app, words);
  Command* raw = cmd.get();
  app.add_subcommand(std::move(cmd));
  return raw;
}

// a->excludes(b), where either may be the stand-in of options left out (which excluding
// itself, CLI11 refuses).
void excludes(CLI::Option* a, CLI::Option* b) {
  if (a != b) a->excludes(b);
}

// --ext, for the subcommands that look for files in directories.
void add_extensions_option(Command* cmd, std::vector<std::string>& extensions) {
  cmd->add_option(
         "--ext", extensions,
         "File name endings to look for in directories (repeatable; default .hcl .tf .tofu .tfvars .pkr.hcl .nomad)")
      ->delimiter(',')
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

// A size in bytes, or with a K, M or G suffix (powers of 1024).
std::optional<uint64_t> parse_size(const std::string& text) {
  size_t i = 0;
  uint64_t n = 0;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
    if (n > (UINT64_MAX - 9) / 10) return std::nullopt;
    n = n * 10 + static_cast<uint64_t>(text[i++] - '0');
  }
  if (i == 0) return std::nullopt;
  std::string unit = text.substr(i);
  int shift = unit.empty()                   ? 0
              : unit == "K" || unit == "KiB" ? 10
              : unit == "M" || unit == "MiB" ? 20
              : unit == "G" || unit == "GiB" ? 30
                                             : -1;
  if (shift < 0 || n == 0 || n > (UINT64_MAX >> shift)) return std::nullopt;
  return n << shift;
}

// --max-file-size, for every subcommand: the most bytes one input may hold (io::max_input_bytes).
void add_input_limit_option(Command* cmd) {
  hcl::io::name_input_limit_setting("--max-file-size");
  cmd->add_option_function<std::string>(
         "--max-file-size", [](const std::string& v) { hcl::io::set_max_input_bytes(*parse_size(v)); },
         "The largest input read, in bytes or with K, M or G (default 256M); a larger file or stream is an error")
      ->check(CLI::Validator(
          [](std::string& v) -> std::string {
            return parse_size(v) ? "" : "expected a size such as 1048576, 512K, 64M or 2G";
          },
          "SIZE"));
}

// --allow-read DIR, for the subcommands whose expressions may call file functions.
void add_allow_read_option(Command* cmd, std::vector<std::string>& dirs) {
  cmd->add_option("--allow-read", dirs,
                  "Let file functions (file, fileset, templatefile ...) also read under DIR (repeatable; by "
                  "default they read only under the working directory and the configuration's own)")
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

// --no-color: every subcommand takes it, as terraform's do.
void add_color_option(Command* cmd) {
  cmd->add_flag_callback(
      "--no-color", [] { hcl::app::disable_color(); },
      "Never colour diagnostics (nor when NO_COLOR is set, or output is not a terminal)");
}

// --require-files, for the subcommands that search paths: CI gates fail instead of passing on
// nothing when a path holds no file.
void add_require_files_option(Command* cmd, bool& require) {
  cmd->add_flag("--require-files", require,
                "An explicit path that holds no matching file is an error (by default a warning)");
}

// -r, --recursive: one rule for every subcommand that searches directories (io::find_files).
void add_recursive_option(Command* cmd, bool& recursive) {
  cmd->add_flag("-r,--recursive", recursive, "Also search subdirectories of the directories given (as terraform fmt)");
}

// --stdin-filename NAME: standard input, named for messages and for the style and syntax its name
// picks, as editors' formatters pass the buffer's file name.
CLI::Option* add_stdin_filename_option(Command* cmd) {
  return cmd
      ->add_option_function<std::string>(
          "--stdin-filename", [](const std::string& name) { hcl::app::set_stdin_name(name); },
          "Read standard input, as NAME: NAME in messages, and its name picks the style and syntax (main.tf: "
          "terraform fmt's)")
      ->type_name("NAME");
}

// Standard input named by --stdin-filename is the only input: a path beside it is a usage error.
bool stdin_filename_conflicts(const CLI::Option* stdin_filename, const std::vector<std::string>& paths) {
  if (stdin_filename->count() == 0) return false;
  return std::any_of(paths.begin(), paths.end(), [](const std::string& p) { return p != "-"; });
}

// --vars FILE.json and --var NAME=VALUE, for the subcommands that evaluate expressions.
struct VariableFlags {
  std::vector<std::string> files;
  std::vector<std::string> assignments;
  std::vector<std::string> var_files;
  CLI::Option* files_option = nullptr;
  CLI::Option* assignments_option = nullptr;
  CLI::Option* var_files_option = nullptr;
};

std::shared_ptr<VariableFlags> add_variable_options(Command* cmd) {
  auto v = std::make_shared<VariableFlags>();
  v->files_option =
      cmd->add_option("--vars", v->files, "JSON object file whose keys become variables (repeatable; - for stdin)")
          ->allow_extra_args(false)
          ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  v->assignments_option =
      cmd->add_option("--var", v->assignments, "One variable, NAME=VALUE: VALUE as JSON, else as a string (repeatable)")
          ->allow_extra_args(false)
          ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  v->var_files_option = cmd->add_option("--var-file", v->var_files,
                                        "Variable definitions file: attributes in HCL (.tfvars, .pkrvars.hcl) or in "
                                        "the JSON syntax (.json) (repeatable)")
                            ->allow_extra_args(false)
                            ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  return v;
}

// --max-eval-memory, --max-eval-values, --max-eval-seconds: the evaluation budget (docs/limits.md).
void add_limit_options(Command* cmd, hcl::cty::EvalLimits& limits) {
  const hcl::cty::EvalLimits defaults;
  limits.settings = {.values = "--max-eval-values", .memory = "--max-eval-memory", .seconds = "--max-eval-seconds"};
  cmd->add_option_function<uint64_t>(
      "--max-eval-memory", [&limits](uint64_t mib) { limits.max_bytes = hcl::cty::saturating_multiply(mib, 1 << 20); },
      "MiB of strings and collections one evaluation may build (default " + std::to_string(defaults.max_bytes >> 20) +
          ")");
  cmd->add_option("--max-eval-values", limits.max_values,
                  "Collection elements one evaluation may build (default " + std::to_string(defaults.max_values) + ")");
  cmd->add_option(
      "--max-eval-seconds", limits.max_seconds,
      "Seconds one evaluation may run, 0 for no limit (default " + std::to_string(defaults.max_seconds) + ")");
}

// Both flags' values in command-line order, so that later definitions win.
std::vector<hcl::app::VariableSource> variable_sources(const CLI::App* cmd, const VariableFlags& v) {
  using Kind = hcl::app::VariableSource::Kind;
  std::vector<hcl::app::VariableSource> out;
  size_t file_i = 0, var_i = 0, var_file_i = 0;
  for (const CLI::Option* o : cmd->parse_order()) {
    if (o == v.files_option && file_i < v.files.size()) out.push_back({Kind::File, v.files[file_i++]});
    if (o == v.var_files_option && var_file_i < v.var_files.size())
      out.push_back({Kind::VarFile, v.var_files[var_file_i++]});
    if (o == v.assignments_option && var_i < v.assignments.size())
      out.push_back({Kind::Assignment, v.assignments[var_i++]});
  }
  return out;
}

Runner add_validate(CLI::App& app, const FlagWords* words) {
  auto opt = std::make_shared<hcl::app::ValidateOptions>();
  Command* cmd = add_command(app, words, "validate", "Check the syntax of HCL files");
  add_input_limit_option(cmd);
  cmd->add_option("paths", opt->paths, "Files or directories (default: the current directory; - for stdin)");
  add_extensions_option(cmd, opt->extensions);
  add_recursive_option(cmd, opt->recursive);
  auto* stdin_name = add_stdin_filename_option(cmd);
  cmd->add_option("--format", opt->format,
                  "Output format: text, json (terraform validate -json's document), github (workflow "
                  "annotations) or sarif (SARIF 2.1.0, for code scanning)")
      ->check(CLI::IsMember({"text", "json", "github", "sarif"}));
  auto* json = cmd->add_flag("--json")->description("Same as --format json (terraform validate -json)");
  cmd->add_flag("-q,--quiet", opt->quiet, "Print nothing but diagnostics");
  add_require_files_option(cmd, opt->require_files);
  add_color_option(cmd);
  cmd->add_option("--syntax", opt->syntax, "Read files as hcl or json (default: json for names ending in .json)")
      ->check(CLI::IsMember({"hcl", "json"}));
  return [opt, stdin_name, json] {
    if (stdin_filename_conflicts(stdin_name, opt->paths))
      return usage_error("validate", "--stdin-filename takes no path", "");
    if (json->count() > 0) opt->format = "json";
    return hcl::app::run_validate(*opt);
  };
}

Runner add_fmt(CLI::App& app, const FlagWords* words) {
  auto opt = std::make_shared<hcl::app::FmtOptions>();
  Command* cmd =
      add_command(app, words, "fmt",
                  "Rewrite HCL files in the canonical style (hclwrite.Format; terraform fmt's for Terraform files)");
  add_input_limit_option(cmd);
  cmd->add_option("paths", opt->paths,
                  "Files or directories (default: the current directory; - reads standard input and writes "
                  "standard output)");
  // The negations are flags of their own: CLI11 would show "--list,--no-list{false}=1" in --help.
  cmd->add_flag("--list", opt->list, "List files whose formatting changed (the default; --list=false to turn off)");
  cmd->add_flag_callback(
      "--no-list", [opt] { opt->list = false; }, "The same as --list=false");
  cmd->add_flag("-w,--write", opt->write,
                "Write the result back to the files (the default; --write=false to turn off; -w as hclfmt)");
  cmd->add_flag_callback(
      "--no-write", [opt] { opt->write = false; }, "The same as --write=false");
  cmd->add_flag("--require-no-change", opt->require_no_change,
                "Exit 3 if any file's formatting changed, as hclfmt -require-no-change (files are still written)");
  cmd->add_flag("--diff", opt->diff, "Show a unified diff of the changes");
  cmd->add_flag("--check", opt->check,
                "Write nothing; exit 3 if any file is not formatted (and list them, unless --list=false)");
  add_recursive_option(cmd, opt->recursive);
  auto* stdin_name = add_stdin_filename_option(cmd);
  cmd->add_flag("-q,--quiet", opt->quiet,
                "Print no diagnostics for files that do not parse (validate reports them); the exit status still "
                "says so");
  auto* tf = cmd->add_flag("--terraform", opt->terraform,
                           "Apply terraform fmt's extra rewrites (default: on for .tf, .tofu, .tfvars, .tftest.hcl, "
                           ".tofutest.hcl and .tfmock.hcl files, and standard input so named by --stdin-filename)");
  auto* no_tf = cmd->add_flag_callback(
      "--no-terraform", [opt] { opt->terraform = false; }, "Never apply them");
  cmd->add_flag("--sort{standard}", opt->sort,
                "Also reorder items: variables and outputs by name, block contents in Terraform's style-guide "
                "order (--sort=all: every top-level block by type and labels as well)")
      ->check(CLI::IsMember({"standard", "all"}));
  add_extensions_option(cmd, opt->extensions);
  add_require_files_option(cmd, opt->require_files);
  add_color_option(cmd);
  cmd->add_option("--format", opt->format,
                  "Report format: text (listing, diffs and diagnostics as terraform fmt), json (one document "
                  "on stdout), github (workflow annotations) or sarif (SARIF 2.1.0, for code scanning)")
      ->check(CLI::IsMember({"text", "json", "github", "sarif"}));
  return [opt, tf, no_tf, stdin_name] {
    if (stdin_filename_conflicts(stdin_name, opt->paths))
      return usage_error("fmt", "--stdin-filename takes no path", "");
    opt->terraform_given = tf->count() + no_tf->count() > 0;
    return hcl::app::run_fmt(*opt);
  };
}

Runner add_eval(CLI::App& app, const FlagWords* words) {
  auto opt = std::make_shared<hcl::app::EvalOptions>();
  Command* cmd = add_command(app, words, "eval", "Evaluate an HCL expression with variables from JSON");
  add_input_limit_option(cmd);
  cmd->footer(
      "Prints the value as JSON. Exit status: 0 success, 1 syntax or evaluation error, 2 usage.\n"
      "Examples:\n"
      "  hcl eval 'upper(name)' --var name=web -r\n"
      "  hcl eval '[for s in subnets : s.cidr]' --vars vars.json --pretty\n"
      "  echo '{\"a\": 1}' | hcl eval 'a + 1' --vars -\n"
      "Put -- before an expression that starts with '-'.");
  auto* expression = cmd->add_option("expression", opt->expression, "The expression (- reads it from stdin)");
  auto* expression_flag = cmd->add_option("-e,--expression", opt->expression_flag, "The expression");
  auto* file = cmd->add_option(
      "--file", opt->file,
      "A configuration file (- for stdin): without EXPR, print the whole file's value (in hcl2json's shape); with "
      "EXPR, evaluate EXPR with the file's top level as variables. A file holding one expression is that "
      "expression. With --template, the template text");
  auto* config = cmd->add_option(
      "--config", opt->config,
      "A configuration (a directory, or one file) evaluated as its tool evaluates it: without EXPR, print its "
      "variables, locals and outputs (Terraform, OpenTofu) or its blocks (Packer, Nomad); with EXPR, evaluate EXPR "
      "with var., local. and the dialect's named values");
  cmd->add_flag("--keep-dynamic", opt->keep_dynamic,
                "With --file: keep dynamic blocks as ordinary blocks instead of expanding them");
  cmd->add_option("--syntax", opt->syntax, "With --file: read it as hcl or json (default: json for a .json name)");
  auto vars = add_variable_options(cmd);
  add_limit_options(cmd, opt->variables.limits);
  cmd->add_flag("--template", opt->template_mode, "Evaluate the input as template text (like a template file)");
  cmd->add_option("--chdir", opt->chdir,
                  "Base directory for file functions (file, fileset, templatefile ...); default the current one");
  add_allow_read_option(cmd, opt->allow_read);
  cmd->add_option("--type", opt->type, "Convert the result to a type constraint, e.g. 'map(object({port=number}))'");
  cmd->add_flag("-r,--raw,--raw-output", opt->raw,
                "Print strings without quotes, and a list of strings, numbers or bools one per line (as jq -r)");
  auto* eval_pretty = cmd->add_flag("--pretty", opt->pretty, "Indent JSON output");
  excludes(eval_pretty, cmd->add_flag("-c,--compact")->description("Print JSON on one line (the default; as jq -c)"));
  cmd->add_flag("--with-type", opt->with_type, "Print {\"value\": ..., \"type\": ...} with the value's cty type");
  cmd->add_option("--format", opt->format, "Output syntax: json (default) or hcl");
  cmd->add_flag("--show-sensitive", opt->show_sensitive,
                "Print sensitive values (hidden as (sensitive value) in HCL output, an error in JSON output)");
  cmd->add_flag("--functions", opt->functions, "List the functions expressions can call, with their signatures");
  cmd->add_option("--dialect", opt->dialect,
                  "Evaluate as this language does, with its functions: hcl (the standard library, the default), "
                  "terraform, opentofu, packer or nomad; with --config the default comes from the files' names")
      ->check(CLI::IsMember({"hcl", "terraform", "opentofu", "tofu", "packer", "nomad"}));
  add_color_option(cmd);
  return [opt, vars, cmd, expression, expression_flag, file, config] {
    opt->expression_given = expression->count() > 0;
    opt->expression_flag_given = expression_flag->count() > 0;
    opt->file_given = file->count() > 0;
    opt->config_given = config->count() > 0;
    opt->variables.sources = variable_sources(cmd, *vars);
    return hcl::app::run_eval(*opt);
  };
}

Runner add_json(CLI::App& app, const FlagWords* words) {
  auto opt = std::make_shared<hcl::app::JsonOptions>();
  Command* cmd = add_command(app, words, "json", "Convert HCL files to JSON, in the shape of hcl2json");
  add_input_limit_option(cmd);
  cmd->add_option("paths", opt->paths,
                  "Files or directories (default: the current directory; - for stdin). One file prints its object; "
                  "several, or a directory, print one object keyed by file path");
  add_extensions_option(cmd, opt->extensions);
  add_recursive_option(cmd, opt->recursive);
  auto* stdin_name = add_stdin_filename_option(cmd);
  auto* pretty = cmd->add_flag("--pretty", opt->pretty, "Indent by four spaces, as hcl2json (the default)");
  auto* compact = cmd->add_flag("-c,--compact", opt->compact, "Print each document on one line (as jq -c)");
  excludes(pretty, compact);
  cmd->add_flag("--merge", opt->merge,
                "Merge all files' bodies into one object, as hcl2json does with several files (an attribute set "
                "in two files is an error)");
  cmd->add_option("--config", opt->config,
                  "With --simplify: fold var. and local. references with the values of this configuration's variables "
                  "and locals (a directory or file, evaluated as its tool does)");
  cmd->add_flag("--simplify", opt->simplify,
                "Evaluate every expression that needs no variables (as hcl2json's -simplify), with the function "
                "library except timestamp and uuid");
  auto vars = add_variable_options(cmd);
  add_limit_options(cmd, opt->variables.limits);
  cmd->add_option("--syntax", opt->syntax,
                  "Read files as hcl or json (default: json for names ending in .json, which are normalised)")
      ->check(CLI::IsMember({"hcl", "json"}));
  cmd->add_flag("--strict", opt->strict,
                "With --simplify, --vars or --var: an expression that cannot be evaluated is an error instead of "
                "being written as \"${...}\"");
  add_allow_read_option(cmd, opt->allow_read);
  add_require_files_option(cmd, opt->require_files);
  add_color_option(cmd);
  return [opt, vars, cmd, stdin_name] {
    if (stdin_filename_conflicts(stdin_name, opt->paths))
      return usage_error("json", "--stdin-filename takes no path", "");
    opt->variables.sources = variable_sources(cmd, *vars);
    return hcl::app::run_json(*opt);
  };
}

Runner add_fromjson(CLI::App& app, const FlagWords* words) {
  auto opt = std::make_shared<hcl::app::FromJsonOptions>();
  Command* cmd = add_command(app, words, "fromjson", "Convert HCL's JSON syntax (or JSON values) to the native syntax");
  cmd->footer(
      "Examples:\n"
      "  hcl fromjson main.tf.json > main.tf\n"
      "  hcl json main.tf | hcl fromjson --dialect terraform -\n"
      "  hcl fromjson --write -r infra/      # every .json file, written beside it (x.tf.json -> x.tf)\n");
  add_input_limit_option(cmd);
  cmd->add_option("paths", opt->paths,
                  "A file, a directory (with --write) or - for stdin. Names choose the dialect: .tf.json terraform, "
                  ".pkr.json packer, .nomad.json nomad, .tfvars.json values");
  add_recursive_option(cmd, opt->recursive);
  auto* stdin_name = add_stdin_filename_option(cmd);
  auto* dialect = cmd->add_option("--dialect", opt->dialect,
                                  "Whose block types to know: terraform, opentofu, packer, nomad, or hcl (none: "
                                  "blocks are found by shape)");
  auto* spec = cmd->add_option("--spec", opt->spec, "An hcldec spec file whose block specs say which names are blocks");
  excludes(dialect, spec);
  cmd->add_option("--block", opt->blocks,
                  "A name to read as a block (no labels) where no schema says, when its value is an object or an "
                  "array of objects: a provider's nested block (repeatable, or comma-separated)")
      ->delimiter(',')
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  cmd->add_flag("--values", opt->values,
                "The input holds plain values (as .tfvars.json and --vars files): attributes, strings literal");
  auto* write = cmd->add_flag("-w,--write", opt->write, "Write each input beside it under its native name");
  cmd->add_flag("--force", opt->force, "With --write: replace native files that exist")->needs(write);
  add_color_option(cmd);
  return [opt, stdin_name] {
    if (stdin_filename_conflicts(stdin_name, opt->paths))
      return usage_error("fromjson", "--stdin-filename takes no path", "");
    return hcl::app::run_fromjson(*opt);
  };
}

Runner add_tokens(CLI::App& app, const FlagWords* words) {
  auto opt = std::make_shared<hcl::app::TokensOptions>();
  Command* cmd = add_command(app, words, "tokens", "Print the lexer's tokens as JSON (developer tool)");
  cmd->group("");  // hidden from the main help
  cmd->add_option("file", opt->path, "File to lex (- for stdin)")->required();
  cmd->add_flag("--template", opt->template_mode, "Lex as a standalone template");
  return [opt] { return hcl::app::run_tokens(*opt); };
}

Runner add_dec(CLI::App& app, const FlagWords* words) {
  auto opt = std::make_shared<hcl::app::DecOptions>();
  Command* cmd = add_command(app, words, "dec", "Decode HCL files into JSON by an hcldec spec (as hcldec)");
  add_input_limit_option(cmd);
  cmd->footer(
      "Compatible with hcldec: hclspecsuite can drive `hcl dec` through a wrapper script.\n"
      "Files ending in .json are read in the JSON syntax. Exit status: 0 success, 2 errors in the spec,\n"
      "the input or the decoding, 1 another failure.\n"
      "Example:\n"
      "  hcl dec --spec app.hcldec --vars '{\"env\": \"prod\"}' app.conf");
  cmd->add_option("files", opt->files, "Configuration files (- for standard input); several are merged");
  cmd->add_option("-s,--spec", opt->spec, "The spec file (required)");
  cmd->add_option("-o,--out", opt->out, "Write to this file instead of standard output");
  cmd->add_option("-V,--vars", opt->vars,
                  "Variables: a JSON object, or a file of attributes (JSON when it ends in .json) (repeatable)")
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  cmd->add_option("--diags", opt->diags, "Diagnostics format: json (default: text with snippets)");
  add_limit_options(cmd, opt->limits);
  cmd->add_flag("--var-refs", opt->var_refs, "Print the variables the input refers to (as JSON) instead of decoding");
  cmd->add_flag("--with-type", opt->with_type, "Wrap the result as {\"value\": ..., \"type\": ...}");
  cmd->add_flag("--keep-nulls", opt->keep_nulls, "Keep object properties whose value is null");
  cmd->add_flag("--expand-dynamic", opt->expand_dynamic,
                "Expand dynamic blocks before decoding (ext-dynblock), as Packer, Nomad and Terraform do");
  cmd->add_option("--syntax", opt->syntax, "Read the inputs as hcl or json (default: by file name, .json for JSON)");
  cmd->add_flag("-v,--version", opt->version, "Print the version and exit");
  add_color_option(cmd);
  return [opt] { return hcl::app::run_dec(*opt); };
}

Runner add_edit(CLI::App& app, const FlagWords* words) {
  auto opt = std::make_shared<hcl::app::EditOptions>();
  Command* cmd = add_command(app, words, "edit", "Change or query HCL files by address, keeping comments (as hcledit)");
  cmd->footer(
      "Words: [PATH...] OBJECT OPERATION ARGS... (PATH: files or directories, - for standard input;\n"
      "default the current directory)\n"
      "Operations (hcledit's):\n"
      "  attribute get ADDRESS [--with-comments]   attribute set ADDRESS VALUE\n"
      "  attribute append ADDRESS VALUE [--newline] attribute rm ADDRESS\n"
      "  attribute mv FROM TO                      attribute replace ADDRESS NAME VALUE\n"
      "  block list   block get ADDRESS   block rm ADDRESS   block mv FROM TO\n"
      "  block append PARENT CHILD [--newline]     block new ADDRESS [--newline]   body get ADDRESS\n"
      "An ADDRESS joins a block type, labels, nested block types and an attribute name with \".\"\n"
      "(\"\\.\" is a dot inside a label). VALUE is an HCL expression: '\"text\"', 'var.x', '[1, 2]'.\n"
      "Exit status: 0 done (also when the address names nothing, unless --require-match), 1 the\n"
      "operation failed (input that does not parse, a bad VALUE, an ambiguous address), 2 usage or I/O.\n"
      "Examples:\n"
      "  hcl edit -f main.tf attribute get module.vpc.version\n"
      "  hcl edit -u -r . attribute set module.vpc.version '\"5.1.0\"'");
  // The words are taken as they are: CLI11 would split a VALUE such as '[1, 2]' as a list.
  cmd->allow_extras();
  cmd->positionals_at_end(false);
  cmd->add_option("-f,--file", opt->files, "Input file (repeatable; - for standard input)")
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  cmd->add_flag("-u,--update", opt->update, "Write the result back to each file (atomically) instead of printing it");
  add_recursive_option(cmd, opt->recursive);
  add_extensions_option(cmd, opt->extensions);
  cmd->add_flag("--minimal", opt->minimal,
                "Keep every byte outside the edited item as it was (default: reformat the file as hcledit does)");
  cmd->add_flag("--require-match", opt->require_match,
                "Fail (exit 1) when the address names nothing (in any of the files)");
  cmd->add_flag("--newline", opt->newline, "append, block new: put an empty line before what is added");
  cmd->add_flag("--with-comments", opt->with_comments, "attribute get: keep the comments in and after the value");
  cmd->add_flag("--values", opt->values,
                "attribute list: also list the address of every object key and tuple element inside values");
  add_input_limit_option(cmd);
  add_color_option(cmd);
  return [opt, cmd] {
    opt->words = cmd->remaining();
    return hcl::app::run_edit(*opt);
  };
}

Runner add_lsp(CLI::App& app, const FlagWords* words) {
  auto opt = std::make_shared<hcl::app::LspOptions>();
  Command* cmd = add_command(app, words, "lsp", "Run the language server (LSP 3.17 over standard input/output)");
  cmd->footer(
      "Speaks JSON-RPC on standard input and output for an editor; see hcl-lsp(1) and docs/lsp.md.\n"
      "Exit status: 0 after the client's shutdown and exit, 1 when the input ends without them.");
  cmd->add_flag("--stdio", opt->stdio, "Use standard input and output (the default and only transport)");
  add_color_option(cmd);
  return [opt] { return hcl::app::run_lsp(*opt); };
}

struct Subcommand {
  const char* name;
  Runner (*add)(CLI::App&, const FlagWords*);
};
constexpr Subcommand kSubcommands[] = {
    {"validate", add_validate}, {"fmt", add_fmt},       {"eval", add_eval},
    {"json", add_json},         {"tokens", add_tokens}, {"dec", add_dec},
    {"edit", add_edit},         {"lsp", add_lsp},       {"fromjson", add_fromjson},
};

// Where a command line names its subcommand: its first argument that is not a flag (the root's
// flags take no value), or args.size().
size_t subcommand_position(const std::vector<std::string>& args) {
  for (size_t i = 0; i < args.size(); ++i)
    if (args[i].empty() || args[i][0] != '-') return i;
  return args.size();
}

const Subcommand* find_subcommand(const std::string& name) {
  for (const Subcommand& s : kSubcommands)
    if (name == s.name) return &s;
  return nullptr;
}

// Usage errors exit with 2, except fmt's, which exit with 1 as terraform fmt's do.
int usage_status(const std::string& command) {
  return command == "fmt" ? hcl::app::kFmtExitUsage : hcl::app::kExitUsage;
}

// The message quotes the command line (an unknown flag, a subcommand's name): a control character
// in it reaches the terminal escaped.
int usage_error(const std::string& command, const std::string& message, const std::string& suggestion) {
  std::string prefix = command.empty() ? "hcl" : "hcl " + command;
  std::fprintf(stderr, "%s: %s\n", prefix.c_str(), hcl::util::escape_controls(message).c_str());
  if (!suggestion.empty()) std::fprintf(stderr, "Did you mean %s?\n", hcl::util::escape_controls(suggestion).c_str());
  std::fprintf(stderr, "Run '%s --help' for usage.\n", prefix.c_str());
  return usage_status(command);
}

// Checks and respells the flags of one command's arguments, args[begin, end), before CLI11 sees
// them. Long flags may be spelled with one dash, as terraform's, hclfmt's and hcl2json's are
// (-check, -write=false, -require-no-change, -simplify). A flag the command does not know is
// reported as it was typed, with the nearest known flag: CLI11 would take -require-no-change for
// -r followed by more short flags. Returns a usage status, or -1 when the flags are fine.
int check_flags(const CLI::App* cmd, const std::string& command, std::vector<std::string>& args, size_t begin,
                size_t end) {
  // A subcommand's options left out of CLI11 cannot be on the command line, but are offered as
  // suggestions.
  const auto* sub = dynamic_cast<const Command*>(cmd);
  std::vector<std::string> longs;
  std::vector<std::pair<char, bool>> shorts;  // name, takes a value
  for (const CLI::Option* o : cmd->get_options()) {
    if (o->get_positional() || (sub && o == sub->stand_in_option())) continue;
    for (const auto& l : o->get_lnames()) longs.push_back(l);
    for (const auto& sn : o->get_snames()) shorts.emplace_back(sn[0], o->get_expected_min() > 0);
  }
  auto takes_value = [&](const std::string& name) {
    for (const CLI::Option* o : cmd->get_options())
      for (const auto& l : o->get_lnames())
        if (l == name) return o->get_expected_min() > 0;
    return false;
  };
  auto long_of = [&](char short_name) -> std::string {
    for (const CLI::Option* o : cmd->get_options())
      for (const auto& sn : o->get_snames())
        if (sn[0] == short_name && !o->get_lnames().empty()) return o->get_lnames()[0];
    return "";
  };
  auto unknown = [&](const std::string& arg, const std::string& name) {
    std::vector<std::string_view> candidates(longs.begin(), longs.end());
    if (sub) candidates.insert(candidates.end(), sub->left_out().begin(), sub->left_out().end());
    std::string_view near = hcl::util::name_suggestion(name, candidates);
    return usage_error(command, "unknown flag " + arg, near.empty() ? "" : "--" + std::string(near));
  };
  for (size_t i = begin; i < end; ++i) {
    std::string& arg = args[i];
    if (arg == "--") break;
    if (arg.size() < 2 || arg[0] != '-') continue;
    bool double_dash = arg[1] == '-';
    std::string body = arg.substr(double_dash ? 2 : 1);
    std::string name = body.substr(0, body.find('='));
    if (!double_dash && !std::isalpha(static_cast<unsigned char>(body[0]))) continue;  // -1, an expression
    if (std::find(longs.begin(), longs.end(), name) != longs.end()) {
      if (!double_dash && name.size() > 1) arg = "-" + arg;
      // The next argument is this flag's value, whatever it looks like (--vars -).
      if (body.size() == name.size() && takes_value(name)) ++i;
      continue;
    }
    if (double_dash) return unknown(arg, name);
    // -w=false, as Go's flag package spells a boolean: the long flag with the value.
    if (body.size() > 2 && body[1] == '=') {
      std::string long_name = long_of(body[0]);
      if (!long_name.empty()) {
        arg = "--" + long_name + body.substr(1);
        continue;
      }
    }
    // A cluster of short flags (-rq), the last of which may take the rest as its value (-Vx=1).
    bool value_follows = false;
    for (size_t k = 0; k < body.size(); ++k) {
      auto it = std::find_if(shorts.begin(), shorts.end(), [&](const auto& sh) { return sh.first == body[k]; });
      if (it == shorts.end()) return unknown(arg, name);
      if (it->second) {
        value_follows = k + 1 == body.size();
        break;
      }
    }
    if (value_follows) ++i;
  }
  return -1;
}

int print_version() {
  std::string text = hcl::app::version_text();
  return hcl::app::write_all(stdout, text) ? 0 : 1;
}

// Parses the command line with CLI11 and runs the subcommand it names. args: the arguments,
// the subcommand's name (if any) at `at`. words: the option names they spell, to give the named
// subcommand only those (Command), or null for every option. With words, a command line the
// parse refuses is not reported: the answer is nullopt, and the caller parses it again with
// every option, so that CLI11's message is the one the whole subcommand gives.
std::optional<int> parse_and_run(std::vector<std::string> args, size_t at, const FlagWords* words) {
  CLI::App app{"hcl: a fast, exact toolchain for HCL (HashiCorp Configuration Language)", "hcl"};
  // CLI11 ends the text with its own newline.
  app.set_version_flag(
      "-v,--version",
      [] {
        std::string text = hcl::app::version_text();
        text.pop_back();
        return text;
      },
      "Print the version, commit and build");
  app.add_flag_callback(
      "--no-color", [] { hcl::app::disable_color(); }, "Never colour diagnostics");
  app.require_subcommand(1);
  app.fallthrough(false);

  std::string name = at < args.size() ? args[at] : "";
  if (int status = check_flags(&app, "", args, 0, at); status >= 0) return status;
  if (name == "version") return print_version();
  const Subcommand* named = find_subcommand(name);
  if (!named && !name.empty() && name != "help") {
    std::vector<std::string_view> names{"help", "version"};
    for (const Subcommand& s : kSubcommands)
      if (std::strcmp(s.name, "tokens") != 0) names.push_back(s.name);
    std::string_view near = hcl::util::name_suggestion(name, names);
    return usage_error("", "unknown subcommand \"" + name + "\"", near.empty() ? "" : "\"" + std::string(near) + "\"");
  }

  // Only the named subcommand is built when there is one: building all of them costs more than
  // the rest of a short run such as `hcl eval '1 + 1'` (a third of a millisecond of allocations
  // and first-touched pages). Help, and command lines that name none, get them all.
  std::vector<std::pair<CLI::App*, Runner>> commands;
  for (const Subcommand& s : kSubcommands) {
    if (named && named != &s) continue;
    Runner r = s.add(app, named ? words : nullptr);
    commands.emplace_back(app.get_subcommand(s.name), std::move(r));
  }
  if (named) {
    int status = check_flags(app.get_subcommand(named->name), named->name, args, at + 1, args.size());
    if (status >= 0) return status;
  }

  // `hcl help [SUBCOMMAND]`. (`hcl version` was answered above.)
  std::string help_topic;
  CLI::App* help = app.add_subcommand("help", "Show help for hcl or one of its subcommands");
  help->add_option("subcommand", help_topic, "Subcommand to describe");

  // Set once the subcommands exist, which would otherwise inherit it.
  app.footer(
      "Also:\n"
      "  version                     Print the version (as --version)\n"
      "Exit statuses: one table for every subcommand, in hcl(1).");

  std::reverse(args.begin(), args.end());
  try {
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    if (words) return std::nullopt;
    int code = app.exit(e);
    if (code == 0) return 0;
    return usage_status(named ? named->name : "");
  }
  if (help->parsed()) {
    if (help_topic.empty()) {
      // app.help() would describe the selected subcommand (help itself); format the root.
      std::cout << app.get_formatter()->make_help(&app, "hcl", CLI::AppFormatMode::Normal);
      return 0;
    }
    for (auto& [sub, runner] : commands) {
      if (sub->get_name() == help_topic) {
        std::cout << sub->help("hcl");
        return 0;
      }
    }
    std::vector<std::string_view> names;
    for (const Subcommand& s : kSubcommands) names.push_back(s.name);
    std::string_view near = hcl::util::name_suggestion(help_topic, names);
    return usage_error("help", "unknown subcommand \"" + help_topic + "\"",
                       near.empty() ? "" : "\"" + std::string(near) + "\"");
  }
  for (auto& [sub, runner] : commands) {
    if (sub->parsed()) return runner();
  }
  std::cerr << app.help();
  return hcl::app::kExitUsage;
}

int run_main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  size_t at = subcommand_position(args);
  // Root flags before the subcommand: -version as hclfmt and hcl2json spell it.
  for (size_t i = 0; i < at; ++i)
    if (args[i] == "-version") args[i] = "--version";
  // The subcommand gets the options its words spell, unless they ask for help.
  FlagWords words(args, at + 1);
  if (!words.help())
    if (std::optional<int> status = parse_and_run(args, at, &words)) return *status;
  return *parse_and_run(std::move(args), at, nullptr);
}

}  // namespace

int main(int argc, char** argv) {
  // Deeply nested input (within the parser's nesting limit) recurses in parsing, evaluation and
  // conversion: run on a large stack (util/stack.h).
  int status = hcl::util::run_with_stack([&] {
    try {
      return run_main(argc, argv);
    } catch (const std::bad_alloc&) {
      // A memory limit (ulimit -v, strict overcommit) refused an allocation. Unwinding to here
      // freed what the run held, so this can still be said; uncaught, the C++ runtime would abort
      // with a core dump and a message about an exception. A file being rewritten was not
      // touched: files are replaced only once written whole (io/files.h).
      std::fflush(stdout);
      std::fputs(
          "hcl: out of memory: the system refused more memory than this run had "
          "(a limit such as ulimit -v, or strict overcommit)\n",
          stderr);
      return hcl::app::kExitUsage;
    }
  });
  return hcl::app::finish_output(status);
}
