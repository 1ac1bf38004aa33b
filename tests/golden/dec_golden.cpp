// SPDX-License-Identifier: Apache-2.0
// testdata/dec: <case>.hcldec is a spec; each input beside it (<case>.hcl, <case>.json,
// <case>.hcl.json) is decoded by it as `hcl dec --spec=<case>.hcldec --diags=json --with-type
// INPUT` would, and <case>.expected holds one section per input: the exit status, then the
// output or the diagnostics (one per line, sorted: the reference's order is Go's random map
// order). <case>.args, when present, replaces the default options (one per line; a line that
// does not start with "-" names an input, and all such inputs are decoded together, merged).
// Expected files come from the reference's hcldec (tests/tools/make_golden.py dec), except under
// departures/, where they are reviewed by hand.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "dec/decode.h"
#include "golden.h"

namespace {

namespace fs = std::filesystem;

std::string where(const hcl::diag::Diagnostic& d) {
  if (!d.subject) return "-";
  const hcl::source::Range& r = *d.subject;
  return r.filename.str() + ":" + std::to_string(r.start.line) + ":" + std::to_string(r.start.column) + "-" +
         std::to_string(r.end.line) + ":" + std::to_string(r.end.column) + "@" + std::to_string(r.start.byte) + "-" +
         std::to_string(r.end.byte);
}

std::string one_line(std::string s) {
  std::replace(s.begin(), s.end(), '\n', ' ');
  return s;
}

std::string section(const fs::path& dir, const std::string& spec, const std::vector<std::string>& inputs,
                    const std::vector<std::string>& options) {
  hcl::dec::RunRequest req;
  req.spec_path = spec;
  req.inputs = inputs;
  for (size_t i = 0; i < options.size(); ++i) {
    const std::string& o = options[i];
    if (o == "--with-type") req.with_type = true;
    else if (o == "--keep-nulls") req.keep_nulls = true;
    else if (o == "--var-refs") req.var_refs = true;
    else if (o == "--expand-dynamic") req.expand_dynamic = true;
    else if (o.rfind("--vars=", 0) == 0) req.vars.push_back(o.substr(7));
    else if (o.rfind("--syntax=", 0) == 0) req.syntax = o.substr(9);
  }
  req.read = [&](const std::string& path) { return hcl::golden::read_file(dir / path); };
  hcl::dec::RunResult r = hcl::dec::run(req);
  std::string out = "exit " + std::to_string(r.status) + "\n";
  if (r.status == 0) {
    // The reference prints no warnings on success; hcl does (departures/ shows them).
    out += r.output;
    for (const auto& d : r.diagnostics)
      out += "warning " + where(d) + " " + one_line(d.summary) + " | " + one_line(d.detail) + "\n";
    return out;
  }
  if (r.status == 1) return out + "Error: " + r.error + "\n";
  std::vector<std::string> lines;
  for (const auto& d : r.diagnostics)
    lines.push_back(std::string(d.severity == hcl::diag::Severity::Error ? "error" : "warning") + " " + where(d) + " " +
                    one_line(d.summary) + " | " + one_line(d.detail) + "\n");
  std::sort(lines.begin(), lines.end());
  for (const auto& l : lines) out += l;
  return out;
}

std::string run_case(const std::string& path, const std::string&) {
  fs::path p(path);
  fs::path dir = p.parent_path();
  std::string spec = p.filename().string();
  std::string stem = spec.substr(0, spec.size() - std::string(".hcldec").size());
  std::vector<std::string> options = {"--with-type"};
  std::vector<std::string> listed;
  if (auto args = hcl::golden::read_file(dir / (stem + ".args"))) {
    options.clear();
    std::istringstream in(*args);
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty()) continue;
      if (line[0] == '-') options.push_back(line);
      else listed.push_back(line);
    }
  }
  std::string out;
  if (!listed.empty()) {
    out += "==";
    for (const auto& i : listed) out += " " + i;
    out += "\n" + section(dir, spec, listed, options);
    return out;
  }
  std::vector<std::string> inputs;
  for (const char* suffix : {".hcl", ".json", ".hcl.json"})
    if (fs::exists(dir / (stem + suffix))) inputs.push_back(stem + suffix);
  for (const auto& input : inputs) out += "== " + input + "\n" + section(dir, spec, {input}, options);
  return out;
}

HCL_GOLDEN_FEATURE("dec", ".hcldec", ".expected", run_case);

}  // namespace
