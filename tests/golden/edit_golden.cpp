// SPDX-License-Identifier: Apache-2.0
// testdata/edit: <case>.edit -> <case>.out. A .edit file names its input file (first line, in the
// same folder), then holds one operation per line as a JSON array of `hcl edit` words, such as
// ["attribute", "set", "a.b", "\"v\""], optionally with "--newline", "--with-comments",
// "--minimal" or "--values". A line starting with "hcl " has a hand-reviewed expectation (--minimal, or where
// hcledit's output would not parse, see docs/edit.md); the others are hcledit's output through
// `hcl-oracle edit` (tests/tools/make_edit_golden.py). The .out file holds, for each operation,
// "=== " and the line, then the output, or "FAILED" when the operation fails.
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "edit/edit.h"
#include "golden.h"
#include "syntax/parser.h"

namespace {

struct OpSpec {
  const char* object;
  const char* name;
  hcl::edit::Operation op;
};

constexpr OpSpec kOps[] = {
    {"attribute", "get", hcl::edit::Operation::AttributeGet},
    {"attribute", "list", hcl::edit::Operation::AttributeList},
    {"attribute", "set", hcl::edit::Operation::AttributeSet},
    {"attribute", "append", hcl::edit::Operation::AttributeAppend},
    {"attribute", "rm", hcl::edit::Operation::AttributeRm},
    {"attribute", "mv", hcl::edit::Operation::AttributeMv},
    {"attribute", "replace", hcl::edit::Operation::AttributeReplace},
    {"block", "list", hcl::edit::Operation::BlockList},
    {"block", "get", hcl::edit::Operation::BlockGet},
    {"block", "rm", hcl::edit::Operation::BlockRm},
    {"block", "mv", hcl::edit::Operation::BlockMv},
    {"block", "append", hcl::edit::Operation::BlockAppend},
    {"block", "new", hcl::edit::Operation::BlockNew},
    {"body", "get", hcl::edit::Operation::BodyGet},
};

std::string run_line(const std::string& line, const std::string& name, const std::string& input) {
  std::string json = line.rfind("hcl ", 0) == 0 ? line.substr(4) : line;
  auto words = nlohmann::json::parse(json).get<std::vector<std::string>>();
  hcl::edit::Request req;
  std::vector<std::string> args;
  for (const auto& w : words) {
    if (w == "--newline") req.newline = true;
    else if (w == "--with-comments") req.with_comments = true;
    else if (w == "--minimal") req.layout = hcl::edit::Layout::Minimal;
    else if (w == "--values") req.values = true;
    else args.push_back(w);
  }
  const OpSpec* spec = nullptr;
  for (const auto& s : kOps)
    if (args.size() >= 2 && args[0] == s.object && args[1] == s.name) spec = &s;
  if (!spec) return "BAD OPERATION\n";
  req.op = spec->op;
  if (args.size() > 2) req.address = args[2];
  if (req.op == hcl::edit::Operation::AttributeSet || req.op == hcl::edit::Operation::AttributeAppend) {
    if (args.size() > 3) req.value = args[3];
  } else if (req.op == hcl::edit::Operation::AttributeReplace) {
    if (args.size() > 4) req.target = args[3], req.value = args[4];
  } else if (args.size() > 3) {
    req.target = args[3];
  }
  auto result = hcl::edit::run(std::make_shared<hcl::source::SourceFile>(name, input), req);
  if (!result.ok) return "FAILED\n";
  std::string out = result.output;
  if (result.is_file && result.changed) {
    // An edited file must parse (run() promises it) and, in hcledit's layout, be formatted.
    auto src = std::make_shared<hcl::source::SourceFile>(name, out);
    hcl::syntax::ParseOptions po;
    po.build_tree = false;
    if (hcl::diag::has_errors(hcl::syntax::parse_config(src, po).diagnostics)) out += "RESULT DOES NOT PARSE\n";
  }
  return out;
}

HCL_GOLDEN_FEATURE("edit", ".edit", ".out", [](const std::string& path, const std::string& content) {
  std::istringstream lines(content);
  std::string input_name, line, out;
  std::getline(lines, input_name);
  auto input_path = std::filesystem::path(path).parent_path() / input_name;
  if (!std::filesystem::exists(input_path)) return "MISSING INPUT " + input_name + "\n";
  std::string input = hcl::golden::read_text(input_path);
  while (std::getline(lines, line)) {
    if (line.empty() || line[0] == '#') continue;
    out += "=== " + line + "\n" + run_line(line, input_name, input);
  }
  return out;
});

}  // namespace
