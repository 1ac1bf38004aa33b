// SPDX-License-Identifier: Apache-2.0
// `hcl validate [PATH...]`: syntax-check configuration files.
// Exit status: 0 all valid, 1 a syntax error in some file, 2 usage or I/O error.
#include <nlohmann/json.hpp>

#include "app.h"
#include "commands.h"
#include "io/files.h"
#include "jsonsyntax/reader.h"
#include "syntax/parser.h"
#include "util/parallel.h"
#include "util/text.h"

namespace hcl::app {

namespace {

struct FileResult {
  std::string name;
  std::string io_error;
  std::string rendered;  // text or github output for this file
  nlohmann::ordered_json json_diags = nlohmann::ordered_json::array();
  diag::Diagnostics diagnostics;  // for SARIF
  size_t errors = 0;
  size_t warnings = 0;
};

}  // namespace

int run_validate(const ValidateOptions& opt) {
  DiagFormat format = parse_diag_format(opt.format);
  std::optional<Syntax> syntax = parse_syntax(opt.syntax);
  if (!syntax) {
    std::fprintf(stderr, "hcl validate: --syntax must be hcl or json\n");
    return kExitUsage;
  }
  InputRequest request("validate", opt.paths, opt.extensions);
  // Directories are also searched for files in the JSON syntax (main.tf.json, app.pkr.json ...).
  request.default_extra = {".tf.json", ".tofu.json", ".tfvars.json", ".pkr.json", ".hcl.json", ".nomad.json"};
  request.require_files = opt.require_files;
  request.recursive = opt.recursive;
  bool find_failed = false;
  std::vector<io::FoundFile> files = find_inputs(request, find_failed);

  bool color = format == DiagFormat::Text && color_on_stderr();
  std::vector<FileResult> results(files.size());
  util::parallel_for(files.size(), [&](size_t i) {
    FileResult& r = results[i];
    const std::string& path = files[i].path;
    r.name = display_name(path);
    io::ReadResult content = read_input(path);
    if (!content.error.empty()) {
      r.io_error = util::escape_controls(r.name) + ": " + content.error;
      return;
    }
    auto source = input_source(r.name, std::move(content));
    syntax::ParseResult parsed;
    if (reads_json(*syntax, style_name(path))) {
      parsed.diagnostics = jsonsyntax::parse_file(source).diagnostics;
    } else {
      syntax::ParseOptions po;
      po.build_tree = false;
      parsed = syntax::parse_config(source, po);
    }
    for (const auto& d : parsed.diagnostics) (d.severity == diag::Severity::Error ? r.errors : r.warnings)++;
    if (format == DiagFormat::Json) {
      diag::SourceLookup lookup = [&](const std::string& n) -> const source::SourceFile* {
        return n == source->name() ? source.get() : nullptr;
      };
      diag::ContextLookup context = context_lookup(source.get());
      for (const auto& d : parsed.diagnostics) r.json_diags.push_back(diag::diagnostic_json(d, lookup, context));
    } else if (format == DiagFormat::Sarif) {
      r.diagnostics = std::move(parsed.diagnostics);
    } else {
      r.rendered = render_diagnostics(parsed.diagnostics, source.get(), format, color);
    }
  });

  size_t errors = 0, warnings = 0, io_errors = find_failed ? 1 : 0, invalid_files = 0;
  nlohmann::ordered_json all = nlohmann::ordered_json::array();
  std::vector<diag::SarifResult> sarif;
  for (const auto& r : results) {
    if (!r.io_error.empty()) {
      ++io_errors;
      std::fprintf(stderr, "hcl validate: %s\n", r.io_error.c_str());
      continue;
    }
    errors += r.errors;
    warnings += r.warnings;
    if (r.errors) ++invalid_files;
    if (format == DiagFormat::Json) {
      for (const auto& d : r.json_diags) all.push_back(d);
    } else if (format == DiagFormat::Sarif) {
      for (const auto& d : r.diagnostics) sarif.push_back({d, ""});
    } else {
      write_all(format == DiagFormat::Github ? stdout : stderr, r.rendered);
    }
  }
  if (format == DiagFormat::Json) {
    nlohmann::ordered_json doc = {{"format_version", "1.0"},
                                  {"valid", errors == 0 && io_errors == 0},
                                  {"error_count", errors},
                                  {"warning_count", warnings},
                                  {"diagnostics", all}};
    write_all(stdout, doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
  } else if (format == DiagFormat::Sarif) {
    write_all(stdout, sarif_document(sarif));
  } else if (!opt.quiet && format == DiagFormat::Text) {
    size_t n = results.size();
    if (n == 0 && io_errors == 0) {
      // Nothing was checked: not a success to report (find_inputs warned about a named path).
      std::printf("No files to validate.\n");
    } else if (errors == 0 && io_errors == 0) {
      std::printf("Success! %zu file%s valid.\n", n, n == 1 ? " is" : "s are");
    } else if (errors) {
      std::printf("%zu error%s in %zu of %zu file%s.\n", errors, errors == 1 ? "" : "s", invalid_files, n,
                  n == 1 ? "" : "s");
    }
  }
  if (io_errors) return kExitUsage;
  return errors ? kExitFailed : kExitOk;
}

}  // namespace hcl::app
