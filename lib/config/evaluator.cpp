// SPDX-License-Identifier: Apache-2.0
#include "config/evaluator.h"

#include <fmt/format.h>

#include <filesystem>

#include "body/json_body.h"
#include "body/native.h"
#include "config/file_value.h"
#include "cty/convert.h"
#include "diag/error.h"
#include "eval/typeexpr.h"
#include "syntax/parser.h"
#include "util/limits.h"

namespace hcl::config {

namespace {

using cty::Value;

using diag::error;

bool terraform_like(Dialect d) { return d == Dialect::Terraform || d == Dialect::OpenTofu; }

// The prefix of the environment variables that set input variables.
std::string env_prefix(Dialect d) {
  switch (d) {
    case Dialect::Terraform:
    case Dialect::OpenTofu: return "TF_VAR_";
    case Dialect::Packer: return "PKR_VAR_";
    case Dialect::Nomad: return "NOMAD_VAR_";
    case Dialect::Hcl: break;
  }
  return "";
}

// A value given for a variable before it is converted: text from -var or the environment (read
// as the declaration's type asks), or a value from a file.
struct Given {
  bool text = false;
  std::string raw;
  Value value;
  std::string how;                     // "set using -var=\"name=...\"" (empty: declared at ...)
  std::optional<source::Range> range;  // where a file gave it
};

// As deep as nesting anywhere else may go.
constexpr size_t kMaxLocalDepth = util::kMaxNestingDepth;

enum class SlotState : uint8_t { Unvisited, InProgress, Done };
struct Slot {
  SlotState state = SlotState::Unvisited;
  Value value = Value::dynamic();
};

struct ParsedType {
  cty::Type type = cty::Type::dynamic();
  std::shared_ptr<const eval::TypeDefaults> defaults;
  bool literal = true;  // -var and environment values are strings, not expressions
  bool ok = true;
};

}  // namespace

Value mark_unknowns(const Value& v, bool show_sensitive) {
  if (v.is_sensitive()) return show_sensitive ? mark_unknowns(v.unmark(), true) : Value::string(kSensitiveText);
  if (!v.is_known()) return Value::string(kUnknownText);
  if (v.is_null() || (v.is_wholly_known() && !v.has_sensitive_deep())) return v;
  const cty::Type& t = v.type();
  if (t.is_list() || t.is_set() || t.is_tuple()) {
    std::vector<Value> items;
    for (const auto& e : v.elements()) items.push_back(mark_unknowns(e, show_sensitive));
    return Value::tuple(std::move(items));
  }
  if (t.is_map() || t.is_object()) {
    std::vector<Value::Attribute> attrs;
    for (const auto& [k, e] : v.attributes()) attrs.emplace_back(std::string(k), mark_unknowns(e, show_sensitive));
    return Value::object(std::move(attrs));
  }
  return v;
}

struct Evaluator::State {
  const Configuration& config;
  EvaluatorOptions options;
  eval::Scope base;
  std::map<std::string, Given> given;
  std::map<std::string, Slot> vars, locals;
  std::map<std::string, ParsedType> types;
  diag::Diagnostics diags;  // of what was evaluated so far, each once
  std::vector<std::shared_ptr<const source::SourceFile>> sources;
  std::vector<std::string> stack;  // locals being evaluated, for reporting a cycle
  size_t validating = 0;           // variables whose validation rules are being evaluated

  State(const Configuration& c, EvaluatorOptions o) : config(c), options(std::move(o)) {
    sources = config.sources;
    make_base();
    collect_given();
  }

  // ---- named values -----------------------------------------------------------------------------

  static Value unknown_objects(const std::set<std::string>& names) {
    std::vector<Value::Attribute> attrs;
    for (const auto& n : names) attrs.emplace_back(n, Value::dynamic());
    return Value::object(std::move(attrs));
  }
  static Value unknown_objects(const std::map<std::string, std::set<std::string>>& by_type) {
    std::vector<Value::Attribute> attrs;
    for (const auto& [t, names] : by_type) attrs.emplace_back(t, unknown_objects(names));
    return Value::object(std::move(attrs));
  }

  std::string environment(const std::string& name) const {
    for (const auto& e : options.environment)
      if (e.size() > name.size() && e.compare(0, name.size(), name) == 0 && e[name.size()] == '=')
        return e.substr(name.size() + 1);
    return "";
  }

  void make_base() {
    base.set_limits(options.limits);
    base.set_functions([d = config.dialect, access = options.access] { return funcs::dialect_functions(d, access); });
    std::string dir = config.directory.empty() ? "." : config.directory;
    if (terraform_like(config.dialect)) {
      base.set("path", Value::object({{"module", Value::string(dir)},
                                      {"root", Value::string(dir)},
                                      {"cwd", Value::string(options.cwd)}}));
      std::string workspace = environment("TF_WORKSPACE");
      base.set("terraform", Value::object({{"workspace", Value::string(workspace.empty() ? "default" : workspace)}}));
      for (const auto& [type, names] : config.resources) base.set(type, unknown_objects(names));
      base.set("data", unknown_objects(config.data));
      base.set("ephemeral", unknown_objects(config.ephemeral));
      base.set("module", unknown_objects(config.modules));
      base.set("count", Value::object({{"index", Value::unknown(cty::Type::number())}}));
      base.set("each", Value::object({{"key", Value::unknown(cty::Type::string())}, {"value", Value::dynamic()}}));
      base.set("self", Value::dynamic());
    } else if (config.dialect == Dialect::Packer) {
      base.set("path", Value::object({{"root", Value::string(dir)}, {"cwd", Value::string(options.cwd)}}));
      base.set("packer", Value::object({{"version", Value::unknown(cty::Type::string())}}));
    }
  }

  // ---- given values, in precedence order --------------------------------------------------------

  void collect_given() {
    std::string prefix = env_prefix(config.dialect);
    for (const auto& e : options.environment) {
      size_t eq = e.find('=');
      if (prefix.empty() || eq == std::string::npos || e.compare(0, prefix.size(), prefix) != 0) continue;
      std::string name = e.substr(prefix.size(), eq - prefix.size());
      // The tools ignore environment variables for variables a configuration does not declare.
      if (!config.variables.count(name)) continue;
      given[name] = Given{true, e.substr(eq + 1), Value::dynamic(),
                          fmt::format("set using the {}{} environment variable", prefix, name), std::nullopt};
    }
    for (const auto& f : config.var_files) file(f, false);
    for (const auto& in : options.inputs) {
      if (in.kind == InputValue::Kind::File) {
        file(in.text, true);
        continue;
      }
      size_t eq = in.text.find('=');
      if (eq == std::string::npos || eq == 0) {
        diags.push_back(
            error("Invalid -var option",
                  fmt::format("The given -var option \"{}\" is not correctly specified. It must be a "
                              "variable name and value separated by an equals sign, like -var=\"key=value\".",
                              in.text),
                  std::nullopt));
        continue;
      }
      std::string name = in.text.substr(0, eq);
      if (!config.variables.count(name)) {
        diags.push_back(error("Value for undeclared variable",
                              fmt::format("A variable named \"{}\" was assigned on the command line, but the root "
                                          "module does not declare a variable of that name. To use this value, add a "
                                          "\"variable\" block to the configuration.",
                                          name),
                              std::nullopt));
        continue;
      }
      given[name] = Given{true, in.text.substr(eq + 1), Value::dynamic(),
                          fmt::format("set using -var=\"{}=...\"", name), std::nullopt};
    }
  }

  void file(const std::string& path, bool explicit_file) {
    // A variable file named on the command line is the disk's; the ones the tool reads by itself
    // are the configuration's directory's, given or not.
    for (auto& a : read_var_file(path, diags, sources, explicit_file ? nullptr : config.given.get())) {
      if (!config.variables.count(a.name)) {
        diags.push_back(diag::Diagnostic{
            diag::Severity::Warning, "Value for undeclared variable",
            fmt::format("The root module does not declare a variable named \"{}\" but a value was found in file "
                        "\"{}\". To use this value, add a \"variable\" block to the configuration.",
                        a.name, path),
            a.range, std::nullopt});
        continue;
      }
      given[a.name] = Given{false, "", a.value, "", a.range};
    }
  }

  // ---- variables --------------------------------------------------------------------------------

  ParsedType& type_of(const VariableDecl& d) {
    auto [it, added] = types.try_emplace(d.name);
    if (!added || !d.type) return it->second;
    ParsedType& pt = it->second;
    source::Range r = d.type->range();
    std::string text;
    if (r.filename.str().ends_with(".json")) {
      diag::Diagnostics ds;
      Value v = d.type->value(nullptr, ds);
      if (v.type().is_string() && v.is_known() && !v.is_null()) text = v.as_string();
      r.end = r.start;
    } else {
      for (const auto& s : sources)
        if (s->file_name() == r.filename) text = std::string(s->text().substr(r.start.byte, r.end.byte - r.start.byte));
    }
    auto src = std::make_shared<const source::SourceFile>(r.filename, text);
    syntax::ParseResult p = syntax::parse_expression(src);
    diag::Diagnostics ds = std::move(p.diagnostics);
    eval::TypeExprResult t;
    if (!diag::has_errors(ds) && p.tree) {
      t = eval::type_constraint_with_defaults(*p.tree, p.tree->root());
      diag::append(ds, std::move(t.diagnostics));
    }
    body::shift_ranges(ds, r.start);
    if (diag::has_errors(ds)) {
      pt.ok = false;
      diag::append(diags, std::move(ds));
      return pt;
    }
    pt.type = t.type;
    pt.defaults = t.defaults;
    pt.literal = t.type.is_primitive();
    return pt;
  }

  // A -var or environment value in the declaration's terms: a string for primitive and absent
  // types, else an expression (with neither variables nor functions), as terraform reads them.
  std::optional<Value> from_text(const std::string& name, const Given& g, const ParsedType& pt) {
    if (pt.literal) return Value::string(g.raw);
    auto src = std::make_shared<const source::SourceFile>(fmt::format("<value for var.{}>", name), g.raw);
    sources.push_back(src);
    syntax::ParseResult p = syntax::parse_expression(src);
    if (diag::has_errors(p.diagnostics) || !p.tree) {
      diag::append(diags, std::move(p.diagnostics));
      return std::nullopt;
    }
    eval::EvalResult r = eval::evaluate(*p.tree, p.tree->root(), eval::Scope::no_variables());
    bool failed = diag::has_errors(r.diagnostics);
    diag::append(diags, std::move(r.diagnostics));
    if (failed) return std::nullopt;
    return r.value;
  }

  Value variable(const std::string& name) {
    Slot& slot = vars[name];
    if (slot.state != SlotState::Unvisited) return slot.value;
    slot.state = SlotState::Done;
    auto found = config.variables.find(name);
    if (found == config.variables.end()) return slot.value;
    const VariableDecl& d = found->second;
    ParsedType& pt = type_of(d);
    if (!pt.ok) return slot.value;
    // A validation rule may need another variable, whose rules may need a third: bounded as locals are.
    if (validating >= kMaxLocalDepth) {
      diags.push_back(error(
          "Variables nest too deeply",
          fmt::format("var.{} is reached through a chain of more than {} validation rules.", name, kMaxLocalDepth),
          d.range));
      return slot.value;
    }
    std::string declared = fmt::format("declared at {}", body::range_string(d.range));
    std::optional<Value> v;
    std::string how;
    std::optional<source::Range> at = d.range;
    bool from_default = false;
    auto g = given.find(name);
    if (g != given.end()) {
      v = g->second.text ? from_text(name, g->second, pt) : g->second.value;
      how = g->second.how.empty() ? declared : g->second.how;
      if (g->second.range) at = g->second.range;
      if (!v) return slot.value;
    } else if (d.default_value) {
      diag::Diagnostics ds;
      v = d.default_value->value(nullptr, ds);
      bool failed = diag::has_errors(ds);
      diag::append(diags, std::move(ds));
      if (failed) return slot.value;
      from_default = true;
    } else {
      diags.push_back(error("No value for required variable",
                            fmt::format("The root module input variable \"{}\" is not set, and has no default value. "
                                        "Use a -var or -var-file command line argument to provide a value for this "
                                        "variable.",
                                        name),
                            d.range));
      return slot.value;
    }
    if (v->is_null() && !nullable(d)) {
      diag::Diagnostics ds;
      Value def = d.default_value && !from_default ? d.default_value->value(nullptr, ds) : Value::dynamic();
      if (d.default_value && !from_default && !def.is_null() && !diag::has_errors(ds)) {
        v = def;
        from_default = true;
      } else {
        diags.push_back(error("Required variable not set",
                              fmt::format("Unsuitable value for var.{} {}: required variable may not be set to null.",
                                          name, how.empty() ? declared : how),
                              at));
        return slot.value;
      }
    }
    Value applied = pt.defaults && !v->is_null() ? pt.defaults->apply(*v) : *v;
    auto converted = cty::convert(applied, pt.type);
    if (!converted) {
      if (from_default) {
        diags.push_back(error("Invalid default value for variable",
                              fmt::format("This default value is not compatible with the variable's type "
                                          "constraint: {}.",
                                          converted.error()),
                              d.default_value->range()));
      } else {
        diags.push_back(error("Invalid value for input variable",
                              fmt::format("Unsuitable value for var.{} {}: {}.", name, how, converted.error()), at));
      }
      return slot.value;
    }
    ++validating;
    bool valid = validate(d, *converted);
    --validating;
    if (!valid) return slot.value;
    // A variable declared sensitive marks its value, as Terraform does, wherever it is used.
    slot.value = std::move(*converted).marked_if(d.sensitive);
    return slot.value;
  }

  bool nullable(const VariableDecl& d) {
    if (!d.nullable) return true;
    diag::Diagnostics ds;
    Value v = d.nullable->value(nullptr, ds);
    diag::append(diags, std::move(ds));
    return !(v.type().is_bool() && v.is_known() && !v.is_null() && !v.is_true());
  }

  bool validate(const VariableDecl& d, const Value& value) {
    for (const Validation& rule : d.validations) {
      std::map<std::string, Value> self{{d.name, value}};
      eval::Scope s = scope_for(rule.condition->variables(), &self);
      diag::Diagnostics ds;
      Value ok = rule.condition->value(&s, ds);
      if (diag::has_errors(ds)) {
        diag::append(diags, std::move(ds));
        return false;
      }
      if (!ok.is_known() || ok.is_null()) continue;
      auto b = cty::convert(ok, cty::Type::boolean());
      if (!b) {
        diags.push_back(error("Invalid validation result",
                              "Invalid validation condition result value: " + b.error() + ".",
                              rule.condition->range()));
        return false;
      }
      if (b->is_true()) continue;
      eval::Scope ms = scope_for(rule.error_message->variables(), &self);
      Value msg = rule.error_message->value(&ms, ds);
      std::string text =
          msg.type().is_string() && msg.is_known() && !msg.is_null() ? msg.as_string() : "Invalid value for variable";
      diags.push_back(error(
          "Invalid value for variable",
          fmt::format("{}\n\nThis was checked by the validation rule at {}.", text, body::range_string(rule.range)),
          d.range));
      return false;
    }
    return true;
  }

  // ---- locals -----------------------------------------------------------------------------------

  Value local(const std::string& name) {
    Slot& slot = locals[name];
    if (slot.state == SlotState::Done) return slot.value;
    auto found = config.locals.find(name);
    if (found == config.locals.end() || !found->second.expr) return slot.value;
    if (slot.state == SlotState::InProgress) {
      std::string cycle;
      auto from = std::find(stack.begin(), stack.end(), name);
      for (auto it = from; it != stack.end(); ++it) cycle += (cycle.empty() ? "local." : ", local.") + *it;
      diags.push_back(error("Cycle in local values",
                            fmt::format("The local values refer to each other in a cycle: {}, local.{}.", cycle, name),
                            found->second.range));
      slot.state = SlotState::Done;
      return slot.value;
    }
    // Each local needed by another is evaluated inside it: a chain of them is a recursion, bounded
    // so that a hostile configuration cannot exhaust the stack.
    if (stack.size() >= kMaxLocalDepth) {
      diags.push_back(
          error("Local values nest too deeply",
                fmt::format("local.{} is reached through a chain of more than {} local values.", name, kMaxLocalDepth),
                found->second.range));
      slot.state = SlotState::Done;
      return slot.value;
    }
    slot.state = SlotState::InProgress;
    stack.push_back(name);
    eval::Scope s = scope_for(found->second.expr->variables());
    diag::Diagnostics ds;
    Value v = found->second.expr->value(&s, ds);
    stack.pop_back();
    Slot& after = locals[name];
    if (after.state == SlotState::Done) return after.value;  // a cycle through here was reported
    after.state = SlotState::Done;
    bool failed = diag::has_errors(ds);
    diag::append(diags, std::move(ds));
    if (!failed) after.value = std::move(v).marked_if(found->second.sensitive);  // Packer's `local "x"`
    return after.value;
  }

  // ---- scopes -----------------------------------------------------------------------------------

  // The base scope with the variables and locals the traversals name (all of them for a bare
  // `var` or `local`, or one indexed by an expression).
  eval::Scope scope_for(const std::vector<body::Traversal>& refs, const std::map<std::string, Value>* own = nullptr) {
    std::set<std::string> var_names, local_names;
    bool all_vars = false, all_locals = false;
    for (const auto& t : refs) {
      const std::string& root = t.root_name();
      if (root != "var" && root != "local") continue;
      bool all = root == "var" ? all_vars : all_locals;
      std::string name;
      if (t.steps.size() > 1) {
        const body::TraversalStep& step = t.steps[1];
        if (step.kind == body::TraversalStep::Kind::Attr) name = step.name;
        else if (step.key.type().is_string() && step.key.is_known() && !step.key.is_null()) name = step.key.as_string();
      }
      if (name.empty()) all = true;
      (root == "var" ? all_vars : all_locals) = all;
      (root == "var" ? var_names : local_names).insert(name);
      if (!name.empty()) undeclared(root, name, t);
    }
    if (all_vars)
      for (const auto& [n, _] : config.variables) var_names.insert(n);
    if (all_locals)
      for (const auto& [n, _] : config.locals) local_names.insert(n);
    std::vector<Value::Attribute> var_attrs, local_attrs;
    for (const auto& n : var_names) {
      // An undeclared name was reported; unknown here, so that it is reported once.
      if (!config.variables.count(n)) {
        if (!n.empty()) var_attrs.emplace_back(n, Value::dynamic());
        continue;
      }
      if (own && own->count(n)) var_attrs.emplace_back(n, own->at(n));
      else var_attrs.emplace_back(n, variable(n));
    }
    for (const auto& n : local_names)
      if (config.locals.count(n)) local_attrs.emplace_back(n, local(n));
      else if (!n.empty()) local_attrs.emplace_back(n, Value::dynamic());
    eval::Scope s = base;
    s.set("var", Value::object(std::move(var_attrs)));
    s.set("local", Value::object(std::move(local_attrs)));
    if (terraform_like(config.dialect)) undeclared_objects(refs, s);
    return s;
  }

  // terraform's errors for references to resources, data sources and module calls the module
  // does not declare; each then stands in the scope as unknown, so that it is reported once.
  void undeclared_objects(const std::vector<body::Traversal>& refs, eval::Scope& s) {
    static const std::set<std::string, std::less<>> named{"var", "local", "path", "terraform", "count", "each", "self"};
    std::map<std::string, std::set<std::string>> resources = config.resources, data = config.data,
                                                 ephemeral = config.ephemeral;
    std::set<std::string> modules = config.modules;
    bool added = false;
    for (const auto& t : refs) {
      const std::string& root = t.root_name();
      if (named.count(root)) continue;
      auto step = [&t](size_t i) -> std::string {
        if (t.steps.size() <= i) return "";
        const body::TraversalStep& st = t.steps[i];
        if (st.kind == body::TraversalStep::Kind::Attr) return st.name;
        if (st.key.type().is_string() && st.key.is_known() && !st.key.is_null()) return st.key.as_string();
        return "";
      };
      std::string detail;
      if (root == "data" || root == "ephemeral") {
        std::string type = step(1), name = step(2);
        auto& by_type = root == "data" ? data : ephemeral;
        if (type.empty() || name.empty() || !by_type[type].insert(name).second) continue;
        detail = fmt::format("A {} resource \"{}\" \"{}\" has not been declared in the root module.",
                             root == "data" ? "data" : "ephemeral", type, name);
      } else if (root == "module") {
        std::string name = step(1);
        if (name.empty() || !modules.insert(name).second) continue;
        diags.push_back(error("Reference to undeclared module",
                              fmt::format("No module call named \"{}\" is declared in the root module.", name),
                              t.source_range()));
        added = true;
        continue;
      } else {
        std::string name = step(1);
        if (name.empty() || !resources[root].insert(name).second) continue;
        detail = fmt::format("A managed resource \"{}\" \"{}\" has not been declared in the root module.", root, name);
      }
      diags.push_back(error("Reference to undeclared resource", detail, t.source_range()));
      added = true;
    }
    if (!added) return;
    for (const auto& [type, names] : resources) s.set(type, unknown_objects(names));
    s.set("data", unknown_objects(data));
    s.set("ephemeral", unknown_objects(ephemeral));
    s.set("module", unknown_objects(modules));
  }

  // terraform's errors for a reference to a variable or local the configuration does not declare.
  void undeclared(const std::string& root, const std::string& name, const body::Traversal& t) {
    if (root == "var" && !config.variables.count(name)) {
      diags.push_back(error("Reference to undeclared input variable",
                            fmt::format("An input variable with the name \"{}\" has not been declared. This variable "
                                        "can be declared with a variable \"{}\" {{}} block.",
                                        name, name),
                            t.source_range()));
    } else if (root == "local" && !config.locals.count(name)) {
      diags.push_back(error("Reference to undeclared local value",
                            fmt::format("A local value with the name \"{}\" has not been declared.", name),
                            t.source_range()));
    }
  }

  eval::Scope full_scope() {
    std::vector<body::Traversal> all(2);
    all[0].steps.push_back(body::TraversalStep{body::TraversalStep::Kind::Root, "var", Value::dynamic(), {}});
    all[1].steps.push_back(body::TraversalStep{body::TraversalStep::Kind::Root, "local", Value::dynamic(), {}});
    return scope_for(all);
  }
};

Evaluator::Evaluator(const Configuration& config, EvaluatorOptions options)
    : state_(std::make_unique<State>(config, std::move(options))) {}

Evaluator::~Evaluator() = default;

eval::RunResult Evaluator::expression(std::string text) {
  State& st = *state_;
  cty::EvalBudget budget(st.options.limits);
  auto src = std::make_shared<const source::SourceFile>("<expr>", text);
  syntax::ParseResult p = syntax::parse_expression(src);
  eval::RunResult r;
  if (diag::has_errors(p.diagnostics) || !p.tree) {
    r.sources.push_back(src);
    r.diagnostics = std::move(p.diagnostics);
    return r;
  }
  std::shared_ptr<const syntax::SyntaxTree> tree(std::move(p.tree));
  eval::Scope s = st.scope_for(body::native_variables(tree, tree->root()));
  std::map<std::string, Value> document;
  diag::Diagnostics document_diags;
  if (!terraform_like(st.config.dialect)) {
    // Packer's `source.TYPE.NAME` and the blocks of a Nomad job: the documents' blocks, by type
    // and labels, when the expression names them.
    bool needs = false;
    for (const auto& t : body::native_variables(tree, tree->root())) needs |= !s.find(t.root_name());
    if (needs) {
      eval::Scope full = st.full_scope();
      FileValueBuilder b(std::make_shared<const eval::Scope>(full), EvaluateOptions{false, false, true});
      for (const auto& d : st.config.documents) b.add(d);
      FileValue fv = b.finish();
      for (const auto& [k, v] : fv.variables)
        if (!s.find(k)) s.set(k, v);
      document_diags = std::move(fv.diagnostics);
    }
  }
  eval::RunOptions ro;
  ro.require_json = false;
  r = eval::run(std::move(text), s, ro);
  for (const auto& source : st.sources) r.sources.push_back(source);
  diag::Diagnostics all = std::move(st.diags);
  st.diags.clear();
  if (r.value && !r.value->is_wholly_known()) diag::append(all, std::move(document_diags));
  diag::append(all, std::move(r.diagnostics));
  r.diagnostics = std::move(all);
  if (diag::has_errors(r.diagnostics)) r.value.reset();
  return r;
}

eval::RunResult Evaluator::everything() {
  State& st = *state_;
  cty::EvalBudget budget(st.options.limits);
  eval::RunResult r;
  eval::Scope full = st.full_scope();
  if (terraform_like(st.config.dialect)) {
    std::vector<Value::Attribute> outputs;
    for (const auto& [name, o] : st.config.outputs) {
      if (!o.value) continue;
      eval::Scope s = st.scope_for(o.value->variables());
      diag::Diagnostics ds;
      Value v = o.value->value(&s, ds);
      diag::append(st.diags, std::move(ds));
      outputs.emplace_back(name, std::move(v).marked_if(o.sensitive));
    }
    // Unknown and sensitive parts stay as they are: the front end prints them (mark_unknowns).
    r.value = Value::object({{"var", full.find("var") ? *full.find("var") : Value::empty_object()},
                             {"local", full.find("local") ? *full.find("local") : Value::empty_object()},
                             {"output", Value::object(std::move(outputs))}});
  } else {
    FileValueBuilder b(std::make_shared<const eval::Scope>(full), EvaluateOptions{false, true, false});
    for (const auto& d : st.config.documents) b.add(d);
    FileValue fv = b.finish();
    diag::append(st.diags, std::move(fv.diagnostics));
    if (fv.document) r.value = std::move(fv.document);
  }
  r.sources = st.sources;
  r.diagnostics = std::move(st.diags);
  st.diags.clear();
  if (diag::has_errors(r.diagnostics)) r.value.reset();
  return r;
}

eval::Scope Evaluator::scope(diag::Diagnostics& diags) {
  State& st = *state_;
  cty::EvalBudget budget(st.options.limits);
  eval::Scope full = st.full_scope();
  diag::append(diags, std::move(st.diags));
  st.diags.clear();
  return full;
}

}  // namespace hcl::config
