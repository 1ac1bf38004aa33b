// SPDX-License-Identifier: Apache-2.0
// `hcl eval [EXPR]`: evaluate one HCL expression (or, with --template, template text) with
// variables from JSON, and print the result for shell pipelines.
// Exit status: 0 success, 1 syntax or evaluation error (diagnostics on stderr), 2 usage or I/O.
#include <fmt/format.h>

#include <filesystem>

#include "app.h"
#include "commands.h"
#include "eval/eval.h"
#include "eval/json.h"
#include "eval/print.h"
#include "eval/run.h"
#include "funcs/library.h"
#include "io/files.h"
#include "eval_file.h"

namespace hcl::app {

namespace {

using eval::Value;


int usage(const std::string& message) {
  std::fprintf(stderr, "hcl eval: %s\n", message.c_str());
  return 2;
}

// Standard input, read at most once.
struct Stdin {
  bool used = false;
  std::optional<std::string> read(std::string& error) {
    if (used) {
      error = "standard input can be read only once";
      return std::nullopt;
    }
    used = true;
    io::ReadResult r = io::read_file("-");
    if (!r.error.empty()) {
      error = r.error;
      return std::nullopt;
    }
    return std::move(r.content);
  }
};

struct Output {
  const EvalOptions& opt;
  std::vector<std::shared_ptr<const source::SourceFile>> sources;

  std::string finish(std::string json) const { return (opt.pretty ? eval::json_indent(json) : json) + "\n"; }

  // Diagnostics: the oracle's document on stdout, or text with snippets on stderr.
  int fail(const diag::Diagnostics& diags) const {
    if (opt.format == "oracle") {
      write_all(stdout, finish("{\"diagnostics\":" + eval::diagnostics_to_json(diags) + "}"));
      return 1;
    }
    diag::SourceLookup lookup = [this](const std::string& name) -> const source::SourceFile* {
      for (const auto& s : sources)
        if (s->name() == name) return s.get();
      return nullptr;
    };
    bool color = color_on_stderr();
    std::string text;
    for (const auto& d : diags) text += diag::render_text(d, lookup, diag::TextStyle{color, 0});
    write_all(stderr, text);
    return diag::has_errors(diags) ? 1 : 0;
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

int list_functions() {
  funcs::FunctionTable table = funcs::standard_functions();
  std::string out;
  for (auto name : table.names()) out += funcs::signature(*table.find(name)) + "\n";
  write_all(stdout, out);
  return 0;
}

}  // namespace

int run_eval(EvalOptions& opt) {
  if (opt.functions) return list_functions();
  if (opt.format != "json" && opt.format != "hcl" && opt.format != "oracle")
    return usage("--format must be json or hcl");
  if (opt.raw && opt.format == "hcl") return usage("--raw and --format hcl cannot be combined");

  // --file names a configuration (evaluated whole, or giving EXPR its variables), or with
  // --template a template file.
  bool config_file = opt.file_given && !opt.template_mode;
  int sources = (opt.expression_given) + (opt.expression_flag_given) +
                (opt.file_given && !config_file);
  if (sources == 0 && !config_file) return usage("an expression is required (EXPR, -e EXPR, --file FILE, or - for stdin)");
  if (sources > 1) return usage("give the expression only once (EXPR, -e EXPR or --file FILE)");
  if (!opt.syntax.empty() && opt.syntax != "hcl" && opt.syntax != "json") return usage("--syntax must be hcl or json");

  Stdin in;
  std::string error;
  std::string text, filename = opt.template_mode ? "<template>" : "<expr>";
  std::string file_text, file_name;
  if (config_file) {
    file_name = display_name(opt.file);
    auto t = opt.file == "-" ? in.read(error) : std::optional<std::string>();
    if (opt.file == "-" && !t) return usage("<stdin>: " + error);
    if (opt.file != "-") {
      io::ReadResult r = io::read_file(opt.file);
      if (!r.error.empty()) return usage(opt.file + ": " + r.error);
      t = std::move(r.content);
    }
    file_text = std::move(*t);
  }
  if (opt.file_given && !config_file) {
    if (opt.file == "-") {
      auto t = in.read(error);
      if (!t) return usage("<stdin>: " + error);
      text = std::move(*t);
    } else {
      io::ReadResult r = io::read_file(opt.file);
      if (!r.error.empty()) return usage(opt.file + ": " + r.error);
      text = std::move(r.content);
      filename = opt.file;
    }
  } else if (opt.expression_flag_given) {
    text = opt.expression_flag;
  } else if (opt.expression == "-") {
    auto t = in.read(error);
    if (!t) return usage("<stdin>: " + error);
    text = std::move(*t);
  } else {
    text = opt.expression;
  }

  // Variables, in command-line order: later definitions win.
  if (!opt.chdir.empty()) {
    std::error_code ec;
    if (!std::filesystem::is_directory(opt.chdir, ec)) return usage("--chdir " + opt.chdir + ": not a directory");
  }
  eval::Scope scope;
  scope.set_functions([access = file_access(opt)] {
    funcs::FunctionTable functions = funcs::standard_functions();
    funcs::add_filesystem_functions(functions, access);
    return functions;
  });
  StdinReader read_stdin = [&](std::string& e) { return in.read(e); };
  if (auto e = load_variables(opt.variables, scope, read_stdin, opt.format == "oracle")) return usage(*e);

  eval::RunOptions ro;
  ro.template_mode = opt.template_mode;
  ro.type = opt.type;
  ro.filename = filename;
  ro.require_json = opt.format != "hcl";
  std::optional<FileEvaluation> file;
  if (config_file) {
    FileRequest fr{file_name, std::move(file_text), opt.syntax, opt.keep_dynamic, sources > 0, opt.type, &text};
    file = evaluate_config_file(fr, scope);
    if (file->kind == FileEvaluation::Kind::Failed) return Output{opt, file->result.sources}.fail(file->result.diagnostics);
    if (file->kind == FileEvaluation::Kind::Expression) {
      ro.filename = file_name;
      file.reset();
    }
  }
  bool document = file && file->kind == FileEvaluation::Kind::Document;
  eval::RunResult result = document ? std::move(file->result)
                           : file   ? run_with_file(std::move(text), ro, scope, *file)
                                    : eval::run(std::move(text), scope, ro);
  Output out{opt, result.sources};
  if (!result.value) return out.fail(result.diagnostics);
  const Value& value = *result.value;
  const diag::Diagnostics& warnings = result.diagnostics;

  if (opt.format == "oracle") {
    // The oracle's `body` prints the document itself.
    write_all(stdout, out.finish(document ? *eval::value_to_json(value) : eval::oracle_document(result)));
    return 0;
  }
  if (!warnings.empty()) out.fail(warnings);
  if (opt.format == "hcl") {
    write_all(stdout, eval::value_to_hcl(value) + "\n");
    return 0;
  }
  std::string json = *eval::value_to_json(value);
  if (opt.with_type) {
    write_all(stdout, out.finish("{\"value\":" + json + ",\"type\":" + eval::type_to_json(value.type()) + "}"));
    return 0;
  }
  if (opt.raw) {
    const eval::Type& t = value.type();
    if (t.is_string() && !value.is_null()) {
      write_all(stdout, value.as_string() + "\n");
      return 0;
    }
    if ((t.is_list() || t.is_set() || t.is_tuple()) && !value.is_null()) {
      bool all_strings = true;
      for (const auto& e : value.elements()) all_strings &= e.type().is_string() && !e.is_null();
      if (all_strings) {
        std::string lines;
        for (const auto& e : value.elements()) lines += e.as_string() + "\n";
        write_all(stdout, lines);
        return 0;
      }
    }
  }
  write_all(stdout, out.finish(json));
  return 0;
}

}  // namespace hcl::app
