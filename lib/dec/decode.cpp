// SPDX-License-Identifier: Apache-2.0
#include "dec/decode.h"

#include <map>

#include "body/json_body.h"
#include "body/native.h"
#include "dec/output.h"
#include "dec/spec_file.h"
#include "dynblock/dynblock.h"
#include "jsonsyntax/reader.h"
#include "syntax/parser.h"
#include "util/text.h"

namespace hcl::dec {

const source::SourceFile* RunResult::source(const std::string& name) const {
  for (const auto& s : sources)
    if (s->name() == name) return s.get();
  return nullptr;
}

namespace {

diag::Diagnostic unreadable(const std::string& path, bool json) {
  if (json)
    return diag::Diagnostic{diag::Severity::Error, "Failed to open file",
                            "The file " + util::go_quote(path) + " could not be opened.", std::nullopt, std::nullopt};
  return diag::Diagnostic{diag::Severity::Error, "Failed to read file",
                          "The configuration file " + util::go_quote(path) + " could not be read.", std::nullopt,
                          std::nullopt};
}

// hclparse: a body from text, in the JSON syntax or the native one (null when the native text
// does not parse; a JSON document always gives a body).
body::BodyPtr parse_body(std::shared_ptr<const source::SourceFile> source, bool json, diag::Diagnostics& diags) {
  if (json) {
    jsonsyntax::ParseResult r = jsonsyntax::parse_file(source);
    diag::append(diags, std::move(r.diagnostics));
    return body::json_body(r.document);
  }
  syntax::ParseResult r = syntax::parse_config(source);
  diag::append(diags, std::move(r.diagnostics));
  if (!r.tree) return nullptr;
  return body::native_body(std::shared_ptr<const syntax::SyntaxTree>(std::move(r.tree)));
}

class Runner {
 public:
  explicit Runner(const RunRequest& req) : req_(req) {}

  RunResult run() {
    diag::Diagnostics& diags = result_.diagnostics;
    SpecFile spec;
    if (auto text = req_.read(req_.spec_path)) {
      auto source = std::make_shared<const source::SourceFile>(req_.spec_path, std::move(*text));
      result_.sources.push_back(source);
      spec = load_spec(source, diags);
    } else {
      diags.push_back(unreadable(req_.spec_path, false));
    }
    if (diag::has_errors(diags)) return fail();

    // The configuration's context: the spec's variables, overridden by --vars, and the spec's
    // functions. With no variables (or no functions) the reference's context has none at all,
    // which changes the errors ("Variables not allowed" rather than "Unknown variable").
    std::map<std::string, cty::Value> vars = spec.variables;
    for (size_t i = 0; i < req_.vars.size(); ++i) load_vars(req_.vars[i], i, vars);
    const cty::FunctionTable* functions = spec.functions && spec.functions->size() ? spec.functions.get() : nullptr;
    std::optional<eval::Scope> scope;
    if (!vars.empty()) {
      scope.emplace(functions);
      for (const auto& [k, v] : vars) scope->set(k, v);
    } else if (functions) {
      scope.emplace(eval::Scope::no_variables(functions));
    }
    body::Context ctx = scope ? &*scope : nullptr;

    std::vector<body::BodyPtr> bodies;
    if (req_.inputs.empty()) {
      auto text = req_.read("-");
      if (!text) {
        result_.status = 1;
        result_.error = "failed to read stdin";
        return std::move(result_);
      }
      auto source = std::make_shared<const source::SourceFile>("<stdin>", std::move(*text));
      result_.sources.push_back(source);
      diag::Diagnostics own;
      body::BodyPtr b = parse_body(source, req_.syntax == "json", own);
      bool failed = diag::has_errors(own);
      diag::append(diags, std::move(own));
      if (b && !failed) bodies.push_back(b);
    } else {
      for (const auto& path : req_.inputs) {
        bool json = req_.syntax.empty() ? jsonsyntax::is_json_filename(path) : req_.syntax == "json";
        if (auto b = parse_path(path, json)) bodies.push_back(b);
      }
    }
    if (diag::has_errors(diags)) return fail();
    body::BodyPtr input = bodies.size() == 1 ? bodies[0] : body::merge_bodies(bodies);
    if (req_.expand_dynamic) {
      dynblock::ScopePtr for_each = scope ? std::make_shared<const eval::Scope>(*scope) : nullptr;
      input = dynblock::expand(input, for_each);
    }

    if (req_.var_refs) {
      result_.output = variables_document(variables(input, *spec.root), ctx) + "\n";
      return std::move(result_);
    }
    cty::Value value = decode(input, *spec.root, ctx, diags);
    if (diag::has_errors(diags)) return fail();
    auto doc = value_document(value, OutputOptions{req_.with_type, req_.keep_nulls});
    if (!doc) {
      result_.status = 1;
      result_.error = doc.error();
      return std::move(result_);
    }
    result_.output = *doc + "\n";
    return std::move(result_);
  }

 private:
  RunResult fail() {
    result_.status = 2;
    return std::move(result_);
  }

  // A file named on the command line; each path is read and parsed once, as hclparse caches.
  body::BodyPtr parse_path(const std::string& path, bool json) {
    if (auto it = parsed_.find(path); it != parsed_.end()) return it->second;
    auto text = req_.read(path);
    if (!text) {
      result_.diagnostics.push_back(unreadable(path, json));
      return nullptr;
    }
    auto source = std::make_shared<const source::SourceFile>(path, std::move(*text));
    result_.sources.push_back(source);
    diag::Diagnostics own;
    body::BodyPtr b = parse_body(source, json, own);
    bool failed = diag::has_errors(own);
    diag::append(result_.diagnostics, std::move(own));
    if (failed) return nullptr;
    parsed_[path] = b;
    return b;
  }

  // --vars: a JSON object on the command line, or a file of attributes (JSON or native syntax),
  // whose values are read without a context.
  void load_vars(const std::string& arg, size_t index, std::map<std::string, cty::Value>& vars) {
    diag::Diagnostics& diags = result_.diagnostics;
    size_t first = arg.find_first_not_of(" \t\r\n");
    body::BodyPtr b;
    if (first != std::string::npos && arg[first] == '{') {
      auto source = std::make_shared<const source::SourceFile>("<vars argument " + std::to_string(index) + ">", arg);
      result_.sources.push_back(source);
      b = parse_body(source, true, diags);
    } else {
      bool json = jsonsyntax::is_json_filename(arg);
      auto text = req_.read(arg);
      if (!text) {
        diags.push_back(unreadable(arg, json));
        return;
      }
      auto source = std::make_shared<const source::SourceFile>(arg, std::move(*text));
      result_.sources.push_back(source);
      b = parse_body(source, json, diags);
    }
    if (!b) return;
    body::Attributes attrs = b->just_attributes(diags);
    for (const auto& a : attrs.items) vars[a.name] = a.expr->value(nullptr, diags);
  }

  const RunRequest& req_;
  RunResult result_;
  std::map<std::string, body::BodyPtr> parsed_;
};

}  // namespace

RunResult run(const RunRequest& request) {
  // The spec's, the variables' and the configuration's evaluations share one budget.
  cty::EvalBudget budget(request.limits);
  return Runner(request).run();
}

}  // namespace hcl::dec
