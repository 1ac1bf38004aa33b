// SPDX-License-Identifier: Apache-2.0
// `hcl eval [EXPR]`: evaluate one HCL expression (or, with --template, template text) with
// variables from JSON, and print the result for shell pipelines.
// Exit status: 0 success, 1 syntax or evaluation error (diagnostics on stderr), 2 usage or I/O.
#include <fmt/format.h>

#include <filesystem>

#include "app.h"
#include "commands.h"
#include "config/evaluator.h"
#include "cty/json_encoding.h"
#include "cty/print.h"
#include "eval/eval.h"
#include "eval/run_expression.h"
#include "eval_file.h"
#include "funcs/dialect.h"
#include "funcs/library.h"
#include "io/files.h"
#include "pipeline/pipeline.h"
#include "util/text.h"

namespace hcl::app {

namespace {

using cty::Value;

// Messages quote file names and flags as given: a control character in one reaches the terminal
// escaped.
int usage(const std::string& message) {
  std::fprintf(stderr, "hcl eval: %s\n", util::escape_controls(message).c_str());
  return kExitUsage;
}

// Standard input, read at most once.
struct Stdin {
  bool used = false;
  cty::Expected<std::string> read() {
    if (used) return cty::unexpected("standard input can be read only once");
    used = true;
    io::ReadResult r = io::read_file("-");
    if (!r.error.empty()) return cty::unexpected(std::move(r.error));
    return std::move(r.content);
  }
  // A file's text, or standard input's for "-"; the error names which.
  cty::Expected<std::string> read(const std::string& path) {
    if (path == "-") {
      auto t = read();
      if (!t) return cty::unexpected("<stdin>: " + t.error());
      return t;
    }
    io::ReadResult r = io::read_file(path);
    if (!r.error.empty()) return cty::unexpected(path + ": " + r.error);
    return std::move(r.content);
  }
};

struct Output {
  const EvalOptions& opt;
  std::vector<std::shared_ptr<const source::SourceFile>> sources;

  std::string finish(std::string json) const { return (opt.pretty ? cty::json_indent(json) : json) + "\n"; }

  // Diagnostics: the oracle's document on stdout, or text with snippets on stderr.
  int fail(const diag::Diagnostics& diags) const {
    if (opt.format == "oracle") {
      write_all(stdout, finish("{\"diagnostics\":" + eval::diagnostics_to_json(diags) + "}"));
      return kExitFailed;
    }
    diag::SourceLookup lookup = [this](const std::string& name) -> const source::SourceFile* {
      for (const auto& s : sources)
        if (s->name() == name) return s.get();
      return nullptr;
    };
    write_all(stderr, render_diagnostics(diags, lookup, DiagFormat::Text, color_on_stderr()));
    return diag::has_errors(diags) ? kExitFailed : kExitOk;
  }
};

// What file functions may read: the working directory, --chdir, the directory of --file, and
// each --allow-read.
funcs::FileAccess file_access(const EvalOptions& opt) {
  funcs::FileAccess access;
  if (!opt.chdir.empty()) {
    access.base = opt.chdir;
    access.roots.push_back(opt.chdir);
  }
  if (opt.file_given && opt.file != "-") {
    std::string dir = std::filesystem::path(opt.file).parent_path().string();
    access.roots.push_back(dir.empty() ? "." : dir);
  }
  for (const auto& dir : opt.allow_read) access.roots.push_back(dir);
  return access;
}

int list_functions(funcs::Dialect dialect, const funcs::FileAccess& access) {
  cty::FunctionTable table = funcs::dialect_functions(dialect, access);
  std::string out;
  for (auto name : table.names()) out += cty::signature(*table.find(name)) + "\n";
  write_all(stdout, out);
  return kExitOk;
}

// The value, or the diagnostics, in the format asked for.
int print_result(const EvalOptions& opt, eval::RunResult& result, bool document) {
  Output out{opt, result.sources};
  if (!result.value) return out.fail(result.diagnostics);
  const Value& value = *result.value;
  const diag::Diagnostics& warnings = result.diagnostics;

  // Only the HCL form can show a sensitive value hidden.
  if (opt.format != "hcl" && !opt.show_sensitive) {
    if (auto e = eval::sensitive_json_error(value)) return out.fail({std::move(*e)});
  }
  if (opt.format == "oracle") {
    // The oracle's `body` prints the document itself.
    write_all(stdout, out.finish(document ? *cty::value_to_json(value) : eval::oracle_document(result)));
    return kExitOk;
  }
  if (!warnings.empty()) out.fail(warnings);
  if (opt.format == "hcl") {
    write_all(stdout, cty::value_to_hcl(value, opt.show_sensitive) + "\n");
    return kExitOk;
  }
  std::string json = *cty::value_to_json(value);
  if (opt.with_type) {
    write_all(stdout, out.finish("{\"value\":" + json + ",\"type\":" + cty::type_to_json(value.type()) + "}"));
    return kExitOk;
  }
  if (opt.raw) {
    const cty::Type& t = value.type();
    if (t.is_string() && !value.is_null()) {
      write_all(stdout, value.as_string() + "\n");
      return kExitOk;
    }
    // As jq -r: a list of scalars one per line, strings without quotes (a known null reads null).
    if ((t.is_list() || t.is_set() || t.is_tuple()) && !value.is_null()) {
      bool all_scalars = true;
      for (const auto& e : value.elements()) all_scalars &= e.type().is_primitive();
      if (all_scalars) {
        std::string lines;
        for (const auto& e : value.elements())
          lines += (e.type().is_string() && !e.is_null() ? e.as_string() : *cty::value_to_json(e)) + "\n";
        write_all(stdout, lines);
        return kExitOk;
      }
    }
  }
  write_all(stdout, out.finish(json));
  return kExitOk;
}

}  // namespace

int run_eval(EvalOptions& opt) {
  // The dialect given, or with --config the one its files' names say, or the generic one.
  std::optional<funcs::Dialect> dialect = !opt.dialect.empty() ? funcs::parse_dialect(opt.dialect)
                                          : opt.config_given   ? config::detect_dialect(opt.config)
                                                               : funcs::Dialect::Hcl;
  if (!dialect) return usage("--dialect must be hcl, terraform, opentofu, packer or nomad");
  if (opt.functions) return list_functions(*dialect, file_access(opt));
  if (opt.format != "json" && opt.format != "hcl" && opt.format != "oracle")
    return usage("--format must be json or hcl");
  if (opt.raw && opt.format == "hcl") return usage("--raw and --format hcl cannot be combined");
  if (opt.config_given) {
    if (opt.file_given) return usage("give --config or --file, not both");
    if (opt.template_mode) return usage("--template and --config cannot be combined");
    if (*dialect == funcs::Dialect::Hcl) {
      // The generic dialect is --file's evaluation.
      std::error_code ec;
      if (std::filesystem::is_directory(opt.config, ec))
        return usage("--config " + opt.config + ": the hcl dialect evaluates one file, not a directory");
      opt.file = opt.config;
      opt.file_given = true;
      opt.config_given = false;
    }
  }

  // --file names a configuration (evaluated whole, or giving EXPR its variables), or with
  // --template a template file.
  bool config_file = opt.file_given && !opt.template_mode;
  int sources = (opt.expression_given) + (opt.expression_flag_given) + (opt.file_given && !config_file);
  if (sources == 0 && !config_file && !opt.config_given)
    return usage("an expression is required (EXPR, -e EXPR, --file FILE, or - for stdin)");
  if (sources > 1) return usage("give the expression only once (EXPR, -e EXPR or --file FILE)");
  std::optional<Syntax> syntax = parse_syntax(opt.syntax);
  if (!syntax) return usage("--syntax must be hcl or json");

  Stdin in;
  std::string text, filename = opt.template_mode ? "<template>" : "<expr>";
  std::string file_text, file_name;
  if (config_file) {
    file_name = display_name(opt.file);
    auto t = in.read(opt.file);
    if (!t) return usage(t.error());
    file_text = std::move(*t);
  }
  if (opt.file_given && !config_file) {
    auto t = in.read(opt.file);
    if (!t) return usage(t.error());
    text = std::move(*t);
    if (opt.file != "-") filename = opt.file;
  } else if (opt.expression_flag_given) {
    text = opt.expression_flag;
  } else if (opt.expression == "-") {
    auto t = in.read("-");
    if (!t) return usage(t.error());
    text = std::move(*t);
  } else {
    text = opt.expression;
  }

  if (opt.config_given) {
    ConfigRun run = evaluate_config(opt, *dialect, sources > 0 ? &text : nullptr);
    if (run.usage) return usage(*run.usage);
    if (run.result.value) run.result.value = config::mark_unknowns(*run.result.value, opt.show_sensitive);
    return print_result(opt, run.result, false);
  }

  // Variables, in command-line order: later definitions win.
  if (!opt.chdir.empty()) {
    std::error_code ec;
    if (!std::filesystem::is_directory(opt.chdir, ec)) return usage("--chdir " + opt.chdir + ": not a directory");
  }
  // The variables may be a large document's values: freeing them one by one at exit would cost
  // about as much as decoding them did, so the scope lives until the process ends. A global keeps
  // it reachable (no leak checker reports it); a second run in one process replaces it.
  static eval::Scope* kept_scope = nullptr;
  delete kept_scope;
  kept_scope = new eval::Scope;
  eval::Scope& scope = *kept_scope;
  scope.set_functions([access = file_access(opt), d = *dialect] { return funcs::dialect_functions(d, access); });
  // Outside a configuration, `var.` and `local.` mean nothing: say how to get them (the oracle's
  // format keeps the reference's words).
  if (opt.format != "oracle") scope.set_unknown_variable_hint(config::outside_configuration_hint);
  StdinReader read_stdin = [&] { return in.read(); };
  if (auto e = load_variables(opt.variables, scope, read_stdin, opt.format == "oracle")) return usage(*e);

  eval::RunOptions ro;
  ro.template_mode = opt.template_mode;
  ro.type = opt.type;
  ro.filename = filename;
  ro.require_json = opt.format != "hcl";
  std::optional<pipeline::FileValue> file;
  if (config_file) {
    pipeline::ValueRequest request;
    bool json = reads_json(*syntax, file_name);
    request.input = {std::make_shared<const source::SourceFile>(file_name, std::move(file_text)), json};
    request.keep_dynamic = opt.keep_dynamic;
    request.for_expression = sources > 0;
    if (request.for_expression) request.only_names = pipeline::expression_roots(text, opt.template_mode);
    request.accept_expression = true;
    request.type = opt.type;
    file = pipeline::file_value(request, std::make_shared<const eval::Scope>(scope));
    if (file->kind == pipeline::FileValue::Kind::Failed)
      return Output{opt, file->result.sources}.fail(file->result.diagnostics);
    if (file->kind == pipeline::FileValue::Kind::Expression) {
      text = request.input.source->text();
      ro.filename = file_name;
      file.reset();
    }
  }
  bool document = file && file->kind == pipeline::FileValue::Kind::Document;
  eval::RunResult result = document ? std::move(file->result)
                           : file   ? pipeline::run_with_file(std::move(text), ro, scope, *file)
                                    : eval::run(std::move(text), scope, ro);
  return print_result(opt, result, document);
}

}  // namespace hcl::app
