// SPDX-License-Identifier: Apache-2.0
// `hcl json [PATH...]`: HCL files as JSON, in the shape of hcl2json.
//
// One file (or "-" for stdin) prints that file's object. Several paths, or a directory (scanned
// recursively for the HCL extensions, as validate does), print one object keyed by file path;
// --merge merges all bodies into one object instead, as hcl2json does with several files.
// Output is indented by four spaces like hcl2json's (byte for byte, plus a final newline);
// --compact prints one line.
//
// Exit status: 0 success; 1 a file does not parse or has no JSON form (its diagnostics go to
// stderr and nothing is printed for it; with --merge nothing is printed at all); 2 usage or I/O
// error.
#include <unistd.h>

#include <filesystem>

#include "app.h"
#include "commands.h"
#include "funcs/library.h"
#include "funcs/registry.h"
#include "io/files.h"
#include "util/text.h"
#include "json/convert.h"
#include "json/evaluate.h"
#include "json/syntax_convert.h"
#include "syntax/parser.h"
#include "util/parallel.h"

namespace hcl::app {

namespace {


struct FileJob {
  std::string name;
  std::string io_error;
  std::shared_ptr<source::SourceFile> source;
  std::unique_ptr<syntax::SyntaxTree> tree;
  diag::Diagnostics diagnostics;  // parse and conversion
  std::string text;         // this file's JSON (not with --merge)
  bool ok = false;
};

}  // namespace

int run_json(const JsonOptions& opt) {
  std::vector<std::string> exts = opt.extensions.empty() ? io::default_extensions() : opt.extensions;
  for (auto& e : exts)
    if (!e.empty() && e[0] != '.') e = "." + e;
  bool find_failed = false;
  std::vector<io::FoundFile> files =
      find_inputs({"json", opt.paths, exts, true, true, opt.require_files}, find_failed);
  // A single file named on the command line (or standard input) prints its own object; anything
  // else is keyed.
  bool keyed = !opt.merge && !(opt.paths.size() <= 1 && files.size() == 1 && files[0].explicit_arg && !find_failed);

  json::Options conv;
  conv.pretty = !opt.compact;
  std::shared_ptr<eval::Scope> scope;  // set when expressions are evaluated
  bool color = color_on_stderr();

  // --simplify, --vars, --var: evaluate what can be evaluated (variables and pure functions).
  if (opt.simplify || opt.variables.any()) {
    bool stdin_path = std::any_of(files.begin(), files.end(), [](const io::FoundFile& f) { return f.path == "-"; });
    bool stdin_read = false;
    StdinReader read_stdin = [&](std::string& error) -> std::optional<std::string> {
      if (stdin_path || stdin_read) {
        error = "standard input is already used";
        return std::nullopt;
      }
      stdin_read = true;
      io::ReadResult r = io::read_file("-");
      if (!r.error.empty()) {
        error = r.error;
        return std::nullopt;
      }
      return std::move(r.content);
    };
    // File functions read under the working directory, the directories named (or holding the
    // files named) and each --allow-read.
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
    scope = std::make_shared<eval::Scope>();
    scope->set_functions([access] { return json::pure_functions(access); });
    if (auto error = load_variables(opt.variables, *scope, read_stdin)) {
      std::fprintf(stderr, "hcl json: %s\n", error->c_str());
      return 2;
    }
    conv.evaluator = json::make_evaluator(scope);
    conv.strict = opt.strict;
  } else if (opt.strict) {
    std::fprintf(stderr, "hcl json: --strict goes with --simplify, --vars or --var\n");
    return 2;
  }

  std::vector<FileJob> jobs(files.size());
  util::parallel_for(files.size(), [&](size_t i) {
    FileJob& job = jobs[i];
    const std::string& path = files[i].path;
    job.name = display_name(path);
    io::ReadResult content = read_input(path);
    if (!content.error.empty()) {
      job.io_error = job.name + ": " + content.error;
      return;
    }
    job.source = std::make_shared<source::SourceFile>(job.name, std::move(content.content));
    // A file in the JSON syntax (a .json name, or --syntax json) is normalised into this layout.
    if (opt.syntax.empty() ? jsonsyntax::is_json_filename(path) : opt.syntax == "json") {
      jsonsyntax::ParseResult jp = jsonsyntax::parse_file(job.source);
      job.diagnostics = std::move(jp.diagnostics);
      if (diag::has_errors(job.diagnostics)) return;
      if (opt.merge) {
        job.diagnostics.push_back(diag::Diagnostic{diag::Severity::Error, "Cannot merge a file in the JSON syntax",
                                             "--merge combines files in the native syntax only.", std::nullopt,
                                             std::nullopt});
        return;
      }
      json::ConvertResult cr = json::convert_json_syntax(jp.document, conv, scope, keyed ? 1 : 0);
      diag::append(job.diagnostics, std::move(cr.diagnostics));
      job.ok = cr.ok;
      job.text = std::move(cr.text);
      return;
    }
    syntax::ParseResult parsed = syntax::parse_config(job.source);
    job.diagnostics = std::move(parsed.diagnostics);
    if (diag::has_errors(job.diagnostics)) return;
    job.tree = std::move(parsed.tree);
    if (opt.merge) {
      job.ok = true;
      return;
    }
    job.text.reserve(json::output_size_hint(job.source->size(), conv.pretty));
    json::Writer w(job.text, conv.pretty, 4, keyed ? 1 : 0);
    json::BodyRef ref{job.tree.get(), job.tree->root()};
    job.ok = json::write_body(w, std::span<const json::BodyRef>(&ref, 1), conv, job.diagnostics);
    if (!job.ok) job.text = std::string();
    job.tree.reset();
  });

  int status = find_failed ? 2 : 0;
  bool failed = false;
  for (auto& job : jobs) {
    if (!job.io_error.empty()) {
      std::fprintf(stderr, "hcl json: %s\n", job.io_error.c_str());
      status = 2;
      continue;
    }
    write_all(stderr, render_diagnostics(job.diagnostics, job.source.get(), DiagFormat::Text, color));
    if (!job.ok) failed = true;
  }
  if (failed && status == 0) status = 1;
  // A run that failed before reading any file prints nothing, rather than an empty object.
  if (status != 0 && std::none_of(jobs.begin(), jobs.end(), [](const FileJob& j) { return j.source != nullptr; }))
    return status;

  // Each document is written as soon as it is known, without copying the files' texts together.
  bool written = true;
  auto put = [&](std::string_view text) { written = written && write_all(stdout, text); };
  if (opt.merge) {
    if (status != 0) return status;
    std::vector<json::BodyRef> bodies;
    for (auto& job : jobs) bodies.push_back(json::BodyRef{job.tree.get(), job.tree->root()});
    size_t total = 0;
    for (auto& job : jobs) total += job.source->size();
    std::string out;
    out.reserve(json::output_size_hint(total, conv.pretty));
    diag::Diagnostics diags;
    json::Writer w(out, conv.pretty);
    if (!json::write_body(w, bodies, conv, diags)) {
      for (auto& d : diags) {
        const source::SourceFile* src = nullptr;
        for (auto& job : jobs)
          if (d.subject && job.source && job.source->name() == d.subject->filename) src = job.source.get();
        write_all(stderr, render_diagnostics(diag::Diagnostics{d}, src, DiagFormat::Text, color));
      }
      return 1;
    }
    out.push_back('\n');
    put(out);
  } else if (keyed) {
    // {"path": <document>, ...} laid out as the writer would: documents were written one level in.
    bool first = true;
    put("{");
    for (auto& job : jobs) {
      if (!job.ok) continue;
      std::string key = first ? "" : ",";
      if (conv.pretty) key += "\n    ";
      json::append_quoted(key, job.name);
      key += conv.pretty ? ": " : ":";
      put(key);
      put(job.text);
      first = false;
    }
    put(first || !conv.pretty ? "}\n" : "\n}\n");
  } else {
    if (jobs.empty() || !jobs[0].ok) return status;
    jobs[0].text.push_back('\n');
    put(jobs[0].text);
  }
  if (!written || std::fflush(stdout) != 0) {
    std::fprintf(stderr, "hcl json: cannot write the output\n");
    return 2;
  }
  return status;
}

}  // namespace hcl::app
