// SPDX-License-Identifier: Apache-2.0
#include "diag/sarif.h"

#include <map>

#include "util/text.h"

namespace hcl::diag {

namespace {

std::string rule_id_for(const SarifResult& r) {
  if (!r.rule_id.empty()) return r.rule_id;
  std::string id;
  for (char c : r.diagnostic.summary) {
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) id += c;
    else if (c >= 'A' && c <= 'Z') id += static_cast<char>(c - 'A' + 'a');
    else if (!id.empty() && id.back() != '-') id += '-';
  }
  while (!id.empty() && id.back() == '-') id.pop_back();
  return id.empty() ? "diagnostic" : id;
}

nlohmann::ordered_json region(const source::Range& r) {
  nlohmann::ordered_json region = {{"startLine", r.start.line}, {"startColumn", r.start.column}};
  // SARIF's end column is exclusive, as HCL's; an end before the start (never expected) is dropped.
  if (r.end.line > r.start.line || (r.end.line == r.start.line && r.end.column >= r.start.column)) {
    region["endLine"] = r.end.line;
    region["endColumn"] = r.end.column;
  }
  return region;
}

}  // namespace

nlohmann::ordered_json sarif_log(const SarifTool& tool, const std::vector<SarifResult>& results) {
  using json = nlohmann::ordered_json;
  std::map<std::string, size_t> rule_index;
  json rules = json::array();
  json out_results = json::array();
  for (const SarifResult& r : results) {
    const Diagnostic& d = r.diagnostic;
    std::string id = rule_id_for(r);
    auto [it, added] = rule_index.emplace(id, rule_index.size());
    if (added) rules.push_back({{"id", id}, {"shortDescription", {{"text", d.summary}}}});
    std::string text = d.detail.empty() ? d.summary : d.summary + ": " + d.detail;
    json result = {{"ruleId", id},
                   {"ruleIndex", it->second},
                   {"level", d.severity == Severity::Error ? "error" : "warning"},
                   {"message", {{"text", text}}}};
    if (d.subject) {
      result["locations"] =
          json::array({{{"physicalLocation",
                         {{"artifactLocation", {{"uri", util::uri_encode_path(d.subject->filename.str())}}},
                          {"region", region(*d.subject)}}}}});
    }
    out_results.push_back(std::move(result));
  }
  json driver = {{"name", tool.name}};
  if (!tool.version.empty()) driver["version"] = tool.version;
  if (!tool.information_uri.empty()) driver["informationUri"] = tool.information_uri;
  driver["rules"] = std::move(rules);
  return json{{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
              {"version", "2.1.0"},
              {"runs", json::array({{{"tool", {{"driver", std::move(driver)}}},
                                     {"columnKind", "unicodeCodePoints"},
                                     {"results", std::move(out_results)}}})}};
}

}  // namespace hcl::diag
