// SPDX-License-Identifier: Apache-2.0
// `hcl dec --spec SPEC.hcldec [FILE...]`: decode configuration files by an hcldec spec into JSON,
// with the options and output of the reference's hcldec (cmd/hcldec), so that upstream's
// implementation-agnostic spec suite (hclspecsuite) can drive hcl through a tiny wrapper.
//
// Exit status (as hcldec): 0 success; 2 the spec, an input or the decoding has errors
// (diagnostics on stderr, as text or with --diags=json as JSON), or a usage error; 1 any other
// failure ("Error: ..."), such as a value with no JSON form or an unwritable --out file.
#include "app.h"
#include "commands.h"
#include "cty/budget.h"
#include "dec/decode.h"
#include "dec/output.h"
#include "io/files.h"
#include "util/text.h"

#ifndef HCL_VERSION
#define HCL_VERSION "0.0.0"
#endif

namespace hcl::app {

namespace {

int error_exit(const std::string& message) {
  std::fprintf(stderr, "Error: %s\n\n", util::escape_controls(message).c_str());
  return kDecExitFailure;
}

// --out: the whole document or nothing (io::write_output). Returns an error, or nothing.
std::optional<std::string> write_output(const std::string& path, const std::string& text) {
  if (path.empty()) {
    if (!write_all(stdout, text) || std::fflush(stdout) != 0) return "cannot write the output";
    return std::nullopt;
  }
  io::remove_temporary_files_on_signals();
  if (auto e = io::write_output(path, text)) return "can't open " + path + " for writing: " + *e;
  return std::nullopt;
}

}  // namespace

int run_dec(const DecOptions& opt) {
  if (opt.version) {
    std::printf("hcl %s\n", HCL_VERSION);
    return kExitOk;
  }
  bool json_diags = false;
  if (opt.diags == "json") {
    json_diags = true;
  } else if (!opt.diags.empty()) {
    std::fprintf(stderr, "Invalid diagnostics format \"%s\": only \"json\" is supported.\n", opt.diags.c_str());
    return kDecExitErrors;
  }
  // dec::RunRequest takes the name itself ("", "hcl" or "json"), once it is known to be one.
  if (!parse_syntax(opt.syntax)) {
    std::fprintf(stderr, "hcl dec: --syntax must be hcl or json\n");
    return kDecExitErrors;
  }
  if (opt.spec.empty()) return error_exit("the --spec=... argument is required");
  // Standard input only when named: a job's open pipe must not be waited on.
  if (opt.files.empty()) {
    std::fprintf(stderr, "hcl dec: name the input files (- for standard input)\n");
    return kDecExitErrors;
  }

  dec::RunRequest req;
  req.spec_path = opt.spec;
  req.vars = opt.vars;
  req.inputs = opt.files;
  req.syntax = opt.syntax;
  req.var_refs = opt.var_refs;
  req.with_type = opt.with_type;
  req.keep_nulls = opt.keep_nulls;
  req.expand_dynamic = opt.expand_dynamic;
  req.limits = opt.limits;
  cty::limit_run_seconds(opt.limits.max_seconds);
  req.read = [](const std::string& path) -> std::optional<std::string> {
    io::ReadResult r = io::read_file(path);
    if (!r.error.empty()) return std::nullopt;
    return std::move(r.content);
  };
  dec::RunResult r = dec::run(req);

  // Diagnostics: errors stop the run; warnings do not (the reference drops them, hcl shows them).
  if (!r.diagnostics.empty()) {
    if (json_diags) {
      write_all(stderr, dec::diagnostics_document(r.diagnostics) + "\n");
    } else {
      diag::SourceLookup lookup = [&](const std::string& name) { return r.source(name); };
      write_all(stderr, render_diagnostics(r.diagnostics, lookup, DiagFormat::Text, color_on_stderr()));
    }
  }
  if (r.status == kDecExitFailure) return error_exit(r.error);
  if (r.status != kExitOk) return r.status;
  if (auto error = write_output(opt.out, r.output)) return error_exit(*error);
  return kExitOk;
}

}  // namespace hcl::app
