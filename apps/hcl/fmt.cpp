// SPDX-License-Identifier: Apache-2.0
// `hcl fmt [PATH...]`: rewrite configuration files in the canonical style, with the command-line
// conventions of `terraform fmt` (internal/command/fmt.go), which CI scripts already use.
// Exit status: 0 success, 1 usage error, 2 syntax or I/O error in some file, 3 --check found
// files that are not formatted.
#include <atomic>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>

#include "app.h"
#include "commands.h"
#include "edit/sort.h"
#include "format/diff.h"
#include "format/format.h"
#include "io/files.h"
#include "pipeline/pipeline.h"
#include "util/parallel.h"
#include "util/text.h"

namespace hcl::app {

namespace {

// What one file contributes to the output, printed in input order once it is complete.
struct FileOutcome {
  std::string out;   // standard output: listed name or diff
  std::string body;  // then the formatted text, when it is printed and differs from the input
  std::shared_ptr<const source::SourceFile> unchanged;  // or the input itself, printed as it is
  std::string err;                                      // standard error: diagnostics and failures
  bool failed = false;
  bool changed = false;
  // For --format json and github.
  std::string name;
  diag::Diagnostics diagnostics;
  std::shared_ptr<const source::SourceFile> source;
  uint32_t first_changed_line = 0;
};

// The first line where the formatted text differs from the original (1-based).
uint32_t first_difference_line(std::string_view a, std::string_view b) {
  size_t n = std::min(a.size(), b.size()), i = 0;
  while (i < n && a[i] == b[i]) ++i;
  uint32_t line = 1;
  for (size_t k = 0; k < i; ++k)
    if (a[k] == '\n') ++line;
  return line;
}

struct FileFormatter {
  const FmtOptions& opt;
  bool list, write, diff, print;  // effective behaviour
  bool color = false;
  DiagFormat format = DiagFormat::Text;

  std::optional<edit::SortMode> sort_mode() const {
    if (opt.sort.empty()) return std::nullopt;
    return opt.sort == "all" ? edit::SortMode::All : edit::SortMode::Standard;
  }

  FileOutcome process(const std::string& path) const {
    FileOutcome r;
    bool stdin_input = path == "-";
    std::string name = display_name(path);
    r.name = name;
    std::optional<io::FileStamp> stamp;
    if (!stdin_input && write) stamp = io::file_stamp(path);
    io::ReadResult content = read_input(path, write ? InputUse::MayRewrite : InputUse::ReadOnly);
    if (!content.error.empty()) {
      r.err = "hcl fmt: cannot read " + util::escape_controls(name) + ": " + content.error + "\n";
      r.failed = true;
      return r;
    }
    auto source = input_source(name, std::move(content));
    format::FormatOptions fo;
    bool tf = opt.terraform_given ? opt.terraform : format::terraform_file(style_name(path));
    fo.style = tf ? format::Style::Terraform : format::Style::Canonical;
    // Reports name the first changed line, which needs the formatted text even with --check.
    fo.need_output = write || diff || print || format != DiagFormat::Text;
    std::string_view original = source->text();
    format::FormatResult result = pipeline::file_format({.source = source}, fo, sort_mode());
    if (!result.ok) {
      // --quiet leaves them to validate, which a pre-commit set-up runs as well.
      if (format == DiagFormat::Text && !opt.quiet)
        r.err = render_diagnostics(result.diagnostics, source.get(), DiagFormat::Text, color);
      r.diagnostics = std::move(result.diagnostics);
      r.source = source;
      r.failed = true;
      return r;
    }
    r.changed = result.changed;
    if (r.changed && format != DiagFormat::Text) r.first_changed_line = first_difference_line(original, result.output);
    if (r.changed) {
      if (list) r.out += util::escape_controls(name) + "\n";
      if (write && !stdin_input) {
        if (auto e = io::replace_file(path, result.output, stamp ? &*stamp : nullptr)) {
          r.err += "hcl fmt: cannot write " + util::escape_controls(name) + ": " + *e + "\n";
          r.failed = true;
        }
      }
      if (diff)
        r.out += format::unified_diff(original, result.output, "old/" + util::escape_controls(name),
                                      "new/" + util::escape_controls(name));
    }
    if (print) {
      if (r.changed) r.body = std::move(result.output);
      else r.unchanged = source;
    }
    return r;
  }
};

// A changed file as a report's finding, at its first changed line; an error when the run is a
// check. Only a file that was written is said to have been rewritten.
diag::Diagnostic change_diagnostic(const FileOutcome& o, bool check, bool written) {
  diag::Diagnostic d;
  d.severity = check ? diag::Severity::Error : diag::Severity::Warning;
  d.summary = check || !written ? "File is not formatted" : "File was reformatted";
  d.detail = check || !written ? "Run `hcl fmt " + o.name + "` to rewrite it in the canonical style."
                               : o.name + " was rewritten in the canonical style.";
  source::Range r;
  r.filename = o.name;
  r.start = r.end = source::Pos{o.first_changed_line, 1, 0};
  d.subject = r;
  return d;
}

// The machine-readable reports (--format json, sarif, github) of a run: GitHub annotations are
// printed file by file, the JSON and SARIF documents once all files are done.
class Reports {
 public:
  Reports(DiagFormat format, bool check, bool written) : format_(format), check_(check), written_(written) {}

  // Adds a file's outcome; false when standard output cannot be written.
  bool add(FileOutcome& o) {
    diag::SourceLookup lookup = [&](const std::string& n) -> const source::SourceFile* {
      return o.source && o.source->name() == n ? o.source.get() : nullptr;
    };
    error_count_ += o.diagnostics.size();
    if (format_ == DiagFormat::Json) {
      diag::ContextLookup context = context_lookup(o.source.get());
      for (const auto& d : o.diagnostics) diags_.push_back(diag::diagnostic_json(d, lookup, context));
      if (o.diagnostics.empty() && o.err.empty())
        files_.push_back({{"path", o.name},
                          {"formatted", !o.changed},
                          {"written", o.changed && written_},
                          {"first_changed_line",
                           o.changed ? nlohmann::ordered_json(o.first_changed_line) : nlohmann::ordered_json()}});
      return true;
    }
    diag::Diagnostics diags = std::move(o.diagnostics);
    if (o.changed) diags.push_back(change_diagnostic(o, check_, written_));
    if (format_ == DiagFormat::Sarif) {
      for (auto& d : diags) sarif_.push_back({std::move(d), o.changed && &d == &diags.back() ? "unformatted" : ""});
      return true;
    }
    std::string lines;
    for (const auto& d : diags) lines += diag::render_github(d);
    return write_all(stdout, lines);
  }

  // Prints the JSON or SARIF document; false when standard output cannot be written.
  bool finish(bool failed) const {
    if (format_ == DiagFormat::Json) {
      size_t unformatted = 0;
      for (const auto& f : files_) unformatted += f["formatted"].get<bool>() ? 0 : 1;
      nlohmann::ordered_json doc = {{"format_version", "1.0"},
                                    {"formatted", unformatted == 0 && error_count_ == 0 && !failed},
                                    {"unformatted_count", unformatted},
                                    {"error_count", error_count_},
                                    {"files", files_},
                                    {"diagnostics", diags_}};
      return write_all(stdout, doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
    }
    if (format_ == DiagFormat::Sarif) return write_all(stdout, sarif_document(sarif_));
    return true;
  }

 private:
  DiagFormat format_;
  bool check_, written_;
  nlohmann::ordered_json files_ = nlohmann::ordered_json::array();
  nlohmann::ordered_json diags_ = nlohmann::ordered_json::array();
  std::vector<diag::SarifResult> sarif_;
  size_t error_count_ = 0;
};

}  // namespace

int run_fmt(const FmtOptions& opt) {
  if (std::find(opt.paths.begin(), opt.paths.end(), "-") != opt.paths.end() && opt.paths.size() > 1) {
    std::fprintf(stderr, "hcl fmt: \"-\" (standard input) cannot be combined with other paths\n");
    return kFmtExitUsage;
  }
  InputRequest request("fmt", opt.paths, opt.extensions);
  request.recursive = opt.recursive;
  request.require_files = opt.require_files;
  bool failed = false;
  std::vector<io::FoundFile> found = find_inputs(request, failed);
  bool has_stdin = found.size() == 1 && found[0].path == "-";

  // terraform fmt: standard input is never listed or written; --check lists (to decide the exit
  // status) but never writes, and shows the list only when listing was not turned off.
  FileFormatter runner{opt, opt.list, opt.write, opt.diff, false};
  if (has_stdin) runner.list = runner.write = false;
  bool show_list = runner.list;
  if (opt.check) {
    runner.list = true;
    runner.write = false;
  }
  runner.print = !runner.list && !runner.write && !runner.diff;
  runner.color = color_on_stderr();
  // Machine-readable reports replace the listing and printing on standard output.
  runner.format = parse_diag_format(opt.format);
  bool report = runner.format != DiagFormat::Text;
  if (report) {
    runner.diff = false;
    runner.print = false;
  }
  Reports reports{runner.format, opt.check || opt.require_no_change, runner.write};

  std::vector<std::string> files;
  for (auto& f : found) files.push_back(std::move(f.path));

  // A file reached by two names (a link beside its target, or named twice) is formatted once:
  // in parallel the second rewrite would race the first. terraform fmt, going one by one, finds
  // it formatted the second time and does not list it either.
  if (runner.write) {
    std::set<std::pair<uint64_t, uint64_t>> seen;
    std::erase_if(files, [&](const std::string& f) {
      auto st = f == "-" ? std::nullopt : io::file_stamp(f);
      return st && !seen.insert({st->device, st->inode}).second;
    });
  }

  if (runner.write) io::remove_temporary_files_on_signals();

  // Files are formatted in parallel; their output is printed in input order as soon as all
  // files before them are done, so memory stays bounded by what is in flight.
  std::vector<FileOutcome> outcomes(files.size());
  std::vector<char> done(files.size(), 0);
  std::mutex mu;
  size_t next = 0;
  bool any_changed = false, output_failed = false;
  auto flush = [&] {
    while (next < files.size() && done[next]) {
      FileOutcome& o = outcomes[next];
      if (!o.err.empty()) write_all(stderr, o.err);
      if (report) {
        if (!reports.add(o)) output_failed = true;
      } else if (!opt.check || show_list) {
        if (!write_all(stdout, o.out)) output_failed = true;
        if (!write_all(stdout, o.body)) output_failed = true;
        if (o.unchanged && !write_all(stdout, o.unchanged->text())) output_failed = true;
      }
      failed |= o.failed;
      any_changed |= o.changed;
      o = FileOutcome{};
      ++next;
    }
  };
  util::parallel_for(files.size(), [&](size_t i) {
    FileOutcome o = runner.process(files[i]);
    std::lock_guard<std::mutex> lock(mu);
    outcomes[i] = std::move(o);
    done[i] = 1;
    flush();
  });
  if (!reports.finish(failed)) output_failed = true;
  if (std::fflush(stdout) != 0) output_failed = true;
  if (output_failed) {
    std::fprintf(stderr, "hcl fmt: cannot write to standard output\n");
    return kFmtExitError;
  }
  if (failed) return kFmtExitError;
  if ((opt.check || opt.require_no_change) && any_changed) return kFmtExitUnformatted;
  return kExitOk;
}

}  // namespace hcl::app
