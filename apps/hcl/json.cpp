// SPDX-License-Identifier: Apache-2.0
// `hcl json [PATH...]`: HCL files as JSON, in the shape of hcl2json.
//
// One file (or "-" for stdin) prints that file's object. Several paths, or a directory (searched
// as every subcommand does, io::find_files), print one object keyed by file path; --merge merges
// all bodies into one object instead, as hcl2json does with several files: a directory's
// configuration, without the variable values files found beside it (terraform.tfvars).
// Output is indented by four spaces like hcl2json's (byte for byte, plus a final newline);
// --compact prints one line.
//
// Exit status: 0 success; 1 a file does not parse or has no JSON form (its diagnostics go to
// stderr and nothing is printed for it; with --merge nothing is printed at all); 2 usage or I/O
// error.
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <functional>

#include "app.h"
#include "commands.h"
#include "cty/function.h"
#include "eval_file.h"
#include "funcs/dialect.h"
#include "funcs/library.h"
#include "io/files.h"
#include "json/evaluator.h"
#include "json/hcl2json.h"
#include "json/syntax_convert.h"
#include "jsonsyntax/reader.h"
#include "pipeline/pipeline.h"
#include "syntax/parser.h"
#include "util/parallel.h"
#include "util/text.h"

namespace hcl::app {

namespace {

struct FileJob {
  std::string name;
  std::string io_error;
  std::shared_ptr<source::SourceFile> source;
  std::unique_ptr<syntax::SyntaxTree> tree;  // with --merge, converted with the others at the end
  diag::Diagnostics diagnostics;             // parse and conversion
  // This file's JSON, made while it was parsed (not with --merge), written out by run_json;
  // keyed under its name, written out here (on this file's thread) into `text`.
  pipeline::JsonDocument document;
  std::string text;
  bool ok = false;
};

// What the conversion of every file shares: the writer's options, and with --simplify, --vars or
// --var the scope expressions are evaluated in.
struct Conversion {
  json::Options options;
  std::shared_ptr<eval::Scope> scope;  // set when expressions are evaluated
  Syntax syntax = Syntax::ByName;
  bool keyed = false;  // each document is written one level in, under its file's name
  bool merge = false;
  // Set when an expression met `var.` or `local.` while variables were given without --config.
  std::shared_ptr<std::atomic<bool>> config_names_met;
};

// File functions read under the working directory, the directories named (or holding the files
// named) and each --allow-read.
funcs::FileAccess file_access(const JsonOptions& opt) {
  funcs::FileAccess access;
  std::vector<std::string> paths = opt.paths.empty() ? std::vector<std::string>{"."} : opt.paths;
  for (const auto& p : paths) {
    std::error_code ec;
    if (p == "-" || std::filesystem::is_directory(p, ec)) {
      if (p != "-") access.roots.push_back(p);
      continue;
    }
    std::string dir = std::filesystem::path(p).parent_path().string();
    access.roots.push_back(dir.empty() ? "." : dir);
  }
  for (const auto& dir : opt.allow_read) access.roots.push_back(dir);
  return access;
}

// --simplify, --vars, --var: evaluate what can be evaluated (variables and pure functions).
// Returns a usage error, or nothing.
std::optional<std::string> prepare_evaluation(const JsonOptions& opt, const std::vector<io::FoundFile>& files,
                                              Conversion& conv) {
  if (!opt.config.empty() && !opt.simplify) return "--config goes with --simplify";
  if (!opt.simplify && !opt.variables.any()) {
    if (opt.strict) return "--strict goes with --simplify, --vars or --var";
    return std::nullopt;
  }
  bool stdin_path = std::any_of(files.begin(), files.end(), [](const io::FoundFile& f) { return f.path == "-"; });
  bool stdin_read = false;
  StdinReader read_stdin = [&]() -> cty::Expected<std::string> {
    if (stdin_path || stdin_read) return cty::unexpected("standard input is already used");
    stdin_read = true;
    io::ReadResult r = io::read_file("-");
    if (!r.error.empty()) return cty::unexpected(std::move(r.error));
    return std::move(r.content);
  };
  conv.scope = std::make_shared<eval::Scope>();
  conv.scope->set_functions([access = file_access(opt)] { return funcs::pure_functions(access); });
  if (!opt.config.empty()) {
    // The values come from the configuration: its variables take --var, --var-file and the
    // environment as its tool does.
    diag::Diagnostics diags;
    std::vector<std::shared_ptr<const source::SourceFile>> sources;
    conv.scope->set_limits(opt.variables.limits);
    if (auto error = config_scope(opt.config, opt.variables, *conv.scope, diags, sources)) return error;
    bool color = color_on_stderr();
    for (const auto& d : diags) {
      const source::SourceFile* src = nullptr;
      for (const auto& s : sources)
        if (d.subject && s->file_name() == d.subject->filename) src = s.get();
      write_all(stderr, render_diagnostics(diag::Diagnostics{d}, src, DiagFormat::Text, color));
    }
    if (diag::has_errors(diags)) return "--config " + opt.config + ": the configuration's values have errors";
  } else {
    if (auto error = load_variables(opt.variables, *conv.scope, read_stdin)) return error;
    // Without --config, `var.NAME` is no variable: whoever gave --var NAME=VALUE most likely
    // meant it to be, and would otherwise see the expression kept and exit 0 without a word.
    if (opt.variables.any()) {
      conv.config_names_met = std::make_shared<std::atomic<bool>>(false);
      conv.scope->set_unknown_variable_hint([met = conv.config_names_met](std::string_view root) {
        if (root == "var" || root == "local") met->store(true);
        return std::string();
      });
    }
  }
  conv.options.evaluator = json::make_evaluator(conv.scope);
  conv.options.strict = opt.strict;
  return std::nullopt;
}

// Reads and converts one file into its job (pipeline::file_json); with --merge only parses it,
// keeping the tree.
void convert_file(const Conversion& conv, const std::string& path, FileJob& job) {
  job.name = display_name(path);
  io::ReadResult content = read_input(path);
  if (!content.error.empty()) {
    job.io_error = util::escape_controls(job.name) + ": " + content.error;
    return;
  }
  job.source = input_source(job.name, std::move(content));
  bool json_syntax = reads_json(conv.syntax, style_name(path));
  if (!conv.merge) {
    job.document = pipeline::file_json(pipeline::JsonRequest{.input = {job.source, json_syntax},
                                                             .options = conv.options,
                                                             .scope = conv.scope,
                                                             .base_level = conv.keyed ? 1u : 0u});
    job.ok = job.document.ok();
    job.diagnostics = std::move(job.document.diagnostics());
    if (conv.keyed && job.ok) {
      job.text = job.document.text();
      job.document = {};
    }
    return;
  }
  // --merge: the bodies are converted together once every file is parsed.
  if (json_syntax) {
    jsonsyntax::ParseResult jp = jsonsyntax::parse_file(job.source);
    job.diagnostics = std::move(jp.diagnostics);
    if (diag::has_errors(job.diagnostics)) return;
    job.diagnostics.push_back(diag::Diagnostic{diag::Severity::Error, "Cannot merge a file in the JSON syntax",
                                               "--merge combines files in the native syntax only.", std::nullopt,
                                               std::nullopt});
    return;
  }
  syntax::ParseResult parsed = syntax::parse_config(job.source);
  job.diagnostics = std::move(parsed.diagnostics);
  if (diag::has_errors(job.diagnostics)) return;
  job.tree = std::move(parsed.tree);
  job.ok = true;
}

using Put = std::function<void(std::string_view)>;

// --merge: every body in one document. Returns the exit status.
int write_merged(const std::vector<FileJob>& jobs, const json::Options& options, bool color, const Put& put) {
  std::vector<json::BodyRef> bodies;
  for (auto& job : jobs) bodies.push_back(json::BodyRef{job.tree.get(), job.tree->root()});
  size_t total = 0;
  for (auto& job : jobs) total += job.source->size();
  std::string out;
  out.reserve(json::output_size_hint(total, options.pretty));
  diag::Diagnostics diags;
  json::Writer w(out, options.pretty);
  bool ok = json::write_body(w, bodies, options, diags);
  w.buffer();
  if (!ok) {
    for (auto& d : diags) {
      const source::SourceFile* src = nullptr;
      for (auto& job : jobs)
        if (d.subject && job.source && job.source->file_name() == d.subject->filename) src = job.source.get();
      write_all(stderr, render_diagnostics(diag::Diagnostics{d}, src, DiagFormat::Text, color));
    }
    return kExitFailed;
  }
  out.push_back('\n');
  put(out);
  return kExitOk;
}

// {"path": <document>, ...} laid out as the writer would: documents were written one level in.
void write_keyed(const std::vector<FileJob>& jobs, bool pretty, const Put& put) {
  bool first = true;
  put("{");
  for (auto& job : jobs) {
    if (!job.ok) continue;
    std::string key = first ? "" : ",";
    if (pretty) key += "\n    ";
    json::append_quoted(key, job.name);
    key += pretty ? ": " : ":";
    put(key);
    put(job.text);
    first = false;
  }
  put(first || !pretty ? "}\n" : "\n}\n");
}

}  // namespace

int run_json(const JsonOptions& opt) {
  InputRequest request("json", opt.paths, opt.extensions);
  request.recursive = opt.recursive;
  request.require_files = opt.require_files;
  bool find_failed = false;
  std::vector<io::FoundFile> files = find_inputs(request, find_failed);
  // Values of variables are not configuration: merged in, they would clash with or shadow it.
  if (opt.merge)
    std::erase_if(files, [](const io::FoundFile& f) {
      return !f.explicit_arg && (f.path.ends_with(".tfvars") || f.path.ends_with(".tfvars.json"));
    });

  Conversion conv;
  conv.options.pretty = !opt.compact;
  conv.syntax = parse_syntax(opt.syntax).value_or(Syntax::ByName);  // main.cpp allows hcl and json only
  conv.merge = opt.merge;
  // A single file named on the command line (or standard input) prints its own object; anything
  // else is keyed.
  conv.keyed = !opt.merge && !(opt.paths.size() <= 1 && files.size() == 1 && files[0].explicit_arg && !find_failed);
  if (auto error = prepare_evaluation(opt, files, conv)) {
    std::fprintf(stderr, "hcl json: %s\n", error->c_str());
    return kExitUsage;
  }

  std::vector<FileJob> jobs(files.size());
  util::parallel_for(files.size(), [&](size_t i) { convert_file(conv, files[i].path, jobs[i]); });

  bool color = color_on_stderr();
  int status = find_failed ? kExitUsage : kExitOk;
  bool failed = false;
  for (auto& job : jobs) {
    if (!job.io_error.empty()) {
      std::fprintf(stderr, "hcl json: %s\n", job.io_error.c_str());
      status = kExitUsage;
      continue;
    }
    write_all(stderr, render_diagnostics(job.diagnostics, job.source.get(), DiagFormat::Text, color));
    if (!job.ok) failed = true;
  }
  if (failed && status == kExitOk) status = kExitFailed;
  // A run that failed before reading any file prints nothing, rather than an empty object.
  if (status != kExitOk && std::none_of(jobs.begin(), jobs.end(), [](const FileJob& j) { return j.source != nullptr; }))
    return status;

  // Each document is written as soon as it is known, without copying the files' texts together.
  bool written = true;
  Put put = [&](std::string_view text) { written = written && write_all(stdout, text); };
  if (opt.merge) {
    if (status != kExitOk) return status;
    if (int merged = write_merged(jobs, conv.options, color, put); merged != kExitOk) return merged;
  } else if (conv.keyed) {
    write_keyed(jobs, conv.options.pretty, put);
  } else {
    if (jobs.empty() || !jobs[0].ok) return status;
    jobs[0].document.write(put);
    put("\n");
  }
  if (!written || std::fflush(stdout) != 0) {
    std::fprintf(stderr, "hcl json: cannot write the output\n");
    return kExitUsage;
  }
  if (conv.config_names_met && *conv.config_names_met)
    std::fprintf(stderr,
                 "hcl json: warning: var. and local. are kept as written: they belong to a configuration, given "
                 "with --config PATH (then --var NAME=VALUE sets var.NAME); without it --var NAME=VALUE sets a "
                 "top-level NAME\n");
  return status;
}

}  // namespace hcl::app
