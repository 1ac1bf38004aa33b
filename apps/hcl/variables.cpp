#include "variables.h"

#include "eval/json.h"
#include "io/files.h"

namespace hcl::app {

void add_variable_options(CLI::App* cmd, VariableOptions& v) {
  v.files_option = cmd->add_option("--vars", v.files,
                                   "JSON object file whose keys become variables (repeatable; - for stdin)")
                       ->allow_extra_args(false)
                       ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  v.assignments_option = cmd->add_option("--var", v.assignments,
                                         "One variable, NAME=VALUE: VALUE as JSON, else as a string (repeatable)")
                             ->allow_extra_args(false)
                             ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

std::optional<std::string> load_variables(const CLI::App* cmd, const VariableOptions& v, eval::Scope& scope,
                                          const StdinReader& read_stdin, bool json_only) {
  size_t file_i = 0, var_i = 0;
  for (const CLI::Option* o : cmd->parse_order()) {
    if (o == v.files_option && file_i < v.files.size()) {
      const std::string& path = v.files[file_i++];
      std::string content, error;
      if (path == "-") {
        auto t = read_stdin(error);
        if (!t) return "<stdin>: " + error;
        content = std::move(*t);
      } else {
        io::ReadResult r = io::read_file(path);
        if (!r.error.empty()) return path + ": " + r.error;
        content = std::move(r.content);
      }
      std::string shown = path == "-" ? "<stdin>" : path;
      auto value = eval::json_to_value(content);
      if (!value) return shown + ": " + value.error();
      if (!value->type().is_object() || value->is_null()) return shown + ": the top level must be a JSON object";
      for (const auto& [k, e] : value->attributes()) scope.set(k, e);
    } else if (o == v.assignments_option && var_i < v.assignments.size()) {
      const std::string& kv = v.assignments[var_i++];
      size_t eq = kv.find('=');
      if (eq == std::string::npos || eq == 0) return "--var wants NAME=VALUE, got \"" + kv + "\"";
      std::string text = kv.substr(eq + 1);
      auto value = eval::json_to_value(text);
      if (!value && json_only) return "--var " + kv.substr(0, eq) + ": " + value.error();
      scope.set(kv.substr(0, eq), value ? *value : eval::Value::string(text));
    }
  }
  return std::nullopt;
}

}  // namespace hcl::app
