// SPDX-License-Identifier: Apache-2.0
#include "variables.h"

#include "config/loader.h"
#include "cty/budget.h"
#include "cty/json_document.h"
#include "cty/json_encoding.h"
#include "io/files.h"

namespace hcl::app {

std::optional<std::string> load_variables(const VariableOptions& v, eval::Scope& scope, const StdinReader& read_stdin,
                                          bool json_only) {
  scope.set_limits(v.limits);
  cty::limit_run_seconds(v.limits.max_seconds);
  for (const VariableSource& source : v.sources) {
    if (source.kind == VariableSource::Kind::VarFile) {
      diag::Diagnostics diags;
      std::vector<std::shared_ptr<const source::SourceFile>> sources;
      auto values = config::read_var_file(source.text, diags, sources);
      for (const auto& d : diags)
        if (d.severity == diag::Severity::Error)
          return (d.subject ? body::range_string(*d.subject) : source.text) + ": " + d.summary +
                 (d.detail.empty() ? "" : ": " + d.detail);
      for (auto& a : values) scope.set(a.name, std::move(a.value));
      continue;
    }
    if (source.kind == VariableSource::Kind::File) {
      const std::string& path = source.text;
      io::ReadResult input;
      if (path == "-") {
        auto t = read_stdin();
        if (!t) return "<stdin>: " + t.error();
        input.content = std::move(*t);
      } else {
        input = io::read_file(path, io::kMapFrom);
        if (!input.error.empty()) return path + ": " + input.error;
      }
      std::string shown = path == "-" ? "<stdin>" : path;
      auto value = input.mapping ? cty::json_document_to_value(std::move(input.mapping), input.mapped)
                                 : cty::json_document_to_value(std::move(input.content));
      // A --vars file is JSON; HCL variable files (.tfvars) go to --var-file.
      if (!value)
        return shown + ": " + value.error() +
               " (--vars reads a JSON object; use --var-file for an HCL or .tfvars file)";
      if (!value->type().is_object() || value->is_null()) return shown + ": the top level must be a JSON object";
      for (const auto& [k, e] : value->attributes()) scope.set(k, e);
    } else {
      const std::string& kv = source.text;
      size_t eq = kv.find('=');
      if (eq == std::string::npos || eq == 0) return "--var wants NAME=VALUE, got \"" + kv + "\"";
      std::string text = kv.substr(eq + 1);
      auto value = cty::json_to_value(text);
      if (!value && json_only) return "--var " + kv.substr(0, eq) + ": " + value.error();
      scope.set(kv.substr(0, eq), value ? *value : cty::Value::string(text));
    }
  }
  return std::nullopt;
}

}  // namespace hcl::app
