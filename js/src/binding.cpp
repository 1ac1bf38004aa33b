// SPDX-License-Identifier: Apache-2.0
// The WebAssembly modules of the npm package hcl-toolchain: the public C++ API (<hcl/hcl.h>) as
// plain JavaScript data through embind; built twice (js/CMakeLists.txt), each binding what the
// JavaScript layer sends it: HCL_JS_MODULE_PARSE (hcl_parse.wasm, the library without the
// evaluator) everything but evaluation, HCL_JS_MODULE_EVAL (hcl_eval.wasm) evaluate and the
// conversion that evaluates. Every call hands back a fresh object of strings, numbers
// and arrays, never a C++ object, so the JavaScript layer (js/lib/core.cjs) owns the shapes users
// see and nothing needs freeing. Text comes in as UTF-8 bytes (the JavaScript layer encodes
// strings) and goes out as a view of memory (text_view); values cross as JSON, read and written
// by the library itself.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <hcl/hcl.h>

#include <optional>
#include <string>
#include <utility>

#if defined(HCL_JS_MODULE_PARSE) == defined(HCL_JS_MODULE_EVAL)
#error "build the binding as one module: HCL_JS_MODULE_PARSE or HCL_JS_MODULE_EVAL"
#endif

namespace {

using emscripten::val;

val position(const hcl::Position& p) {
  val o = val::object();
  o.set("line", p.line);
  o.set("column", p.column);
  o.set("byte", p.byte);
  return o;
}

val range(const std::optional<hcl::SourceRange>& r) {
  if (!r) return val::null();
  val o = val::object();
  o.set("filename", r->filename);
  o.set("start", position(r->start));
  o.set("end", position(r->end));
  return o;
}

// The names of `hcl validate --format json`: the subject is "range".
val diagnostics_array(const hcl::Diagnostics& diagnostics) {
  val out = val::array();
  for (const hcl::Diagnostic& d : diagnostics) {
    val o = val::object();
    o.set("severity", std::string(d.severity == hcl::Severity::Error ? "error" : "warning"));
    o.set("summary", d.summary);
    o.set("detail", d.detail);
    o.set("range", range(d.subject));
    o.set("context", range(d.context));
    out.call<void>("push", o);
  }
  return out;
}

// A call's text result as a view of the module's memory, which the JavaScript layer decodes at
// once with TextDecoder: embind's own std::string conversion walks every byte in JavaScript, a
// fifth of a conversion's time. The text lives until the next call replaces it, and the view is
// made last in a call, as growing the memory afterwards would detach it.
std::string held_text;
val text_view(std::string text) {
  held_text = std::move(text);
  return val(emscripten::typed_memory_view(held_text.size(), reinterpret_cast<const unsigned char*>(held_text.data())));
}

// {ok, diagnostics} plus the fields a call adds.
val outcome(bool ok, const hcl::Diagnostics& diagnostics) {
  val o = val::object();
  o.set("ok", ok);
  o.set("diagnostics", diagnostics_array(diagnostics));
  return o;
}

hcl::Syntax syntax_of(int syntax, const std::string& name) {
  if (syntax == 1) return hcl::Syntax::Native;
  if (syntax == 2) return hcl::Syntax::Json;
  return hcl::syntax_for(name);
}

hcl::Diagnostic error(std::string summary, std::string detail) {
  return hcl::Diagnostic{hcl::Severity::Error, std::move(summary), std::move(detail), std::nullopt, std::nullopt};
}

// Variables as a JSON object's members (the JavaScript layer stringifies them); "" is none.
std::optional<hcl::Variables> variables_of(const std::string& json, hcl::Diagnostics& diagnostics) {
  hcl::Variables out;
  if (json.empty()) return out;
  hcl::Result<hcl::Value> document = hcl::Value::from_json(json);
  if (!document) {
    diagnostics = document.diagnostics();
    return std::nullopt;
  }
  if (document->kind() != hcl::Kind::Object) {
    diagnostics.push_back(error("Invalid variables", "The variables must be an object whose keys are their names."));
    return std::nullopt;
  }
  for (const auto& [key, value] : document->entries()) out.insert_or_assign(key, value);
  return out;
}

// `hcl json`: {ok, json, diagnostics}; the diagnostics are the parse's when it failed, else the
// conversion's. A conversion without diagnostics, the common case, is the JSON text alone, as a
// view (text_view): the object and its properties cost each call a dozen crossings into
// JavaScript.
val to_json(std::string text, std::string name, int syntax, bool pretty, bool simplify, bool strict,
            const std::string& variables) {
  held_text = std::string();
  hcl::Diagnostics diagnostics;
  std::optional<hcl::Variables> vars = variables_of(variables, diagnostics);
  if (!vars) return outcome(false, diagnostics);
  hcl::Syntax kind = syntax_of(syntax, name);
  hcl::File file = hcl::File::parse(std::move(name), std::move(text), kind);
  if (!file.ok()) return outcome(false, file.diagnostics());
  hcl::JsonOptions options{.pretty = pretty, .simplify = simplify, .strict = strict, .variables = std::move(*vars)};
  hcl::Result<std::string> json = hcl::to_json(file, options);
  diagnostics = file.diagnostics();
  diagnostics.insert(diagnostics.end(), json.diagnostics().begin(), json.diagnostics().end());
  if (json && diagnostics.empty()) return text_view(std::move(*json));
  val o = outcome(json.ok(), diagnostics);
  if (json) o.set("json", *json);
  return o;
}

#ifdef HCL_JS_MODULE_PARSE
// The parse's diagnostics, each also rendered as `hcl validate` prints it.
val validate(std::string text, std::string name, int syntax) {
  hcl::Syntax kind = syntax_of(syntax, name);
  hcl::File file = hcl::File::parse(std::move(name), std::move(text), kind);
  val o = outcome(file.ok(), file.diagnostics());
  val rendered = val::array();
  for (const hcl::Diagnostic& d : file.diagnostics()) rendered.call<void>("push", file.render(d));
  o.set("rendered", rendered);
  return o;
}

// `hcl fmt`: {ok, text, changed, diagnostics}, the text as a view (text_view).
val format(std::string text, std::string name, bool terraform) {
  held_text = std::string();
  hcl::File file = hcl::File::parse(std::move(name), std::move(text), hcl::Syntax::Native);
  hcl::Result<hcl::Formatted> formatted = hcl::format_file(file, {.terraform = terraform});
  val o = outcome(formatted.ok(), formatted.diagnostics());
  if (formatted) {
    o.set("changed", formatted->changed);
    o.set("text", text_view(std::move(formatted->text)));
  }
  return o;
}

// One expression's syntax tree in @cdktf/hcl2json's shape: {ok, json, diagnostics}.
val expression_ast(std::string name, std::string expression) {
  hcl::Result<std::string> tree = hcl::expression_ast_json(std::move(name), std::move(expression));
  val o = outcome(tree.ok(), tree.diagnostics());
  if (tree) o.set("json", *tree);
  return o;
}
#endif

#ifdef HCL_JS_MODULE_EVAL
// The evaluator's settings by name, as `hcl eval --dialect` takes them.
std::optional<hcl::Dialect> dialect_of(const std::string& name) {
  if (name == "hcl") return hcl::Dialect::Hcl;
  if (name == "terraform") return hcl::Dialect::Terraform;
  if (name == "opentofu" || name == "tofu") return hcl::Dialect::OpenTofu;
  if (name == "packer") return hcl::Dialect::Packer;
  if (name == "nomad") return hcl::Dialect::Nomad;
  return std::nullopt;
}

// `hcl eval`: {ok, json, type, diagnostics}, the value and its type as cty's JSON. With
// `file_name` set, `source` is a whole file evaluated into one object; else one expression.
val evaluate(std::string source, const std::string& variables, std::string file_name, int syntax,
             const std::string& dialect, bool show_sensitive) {
  hcl::Diagnostics diagnostics;
  std::optional<hcl::Variables> vars = variables_of(variables, diagnostics);
  if (!vars) return outcome(false, diagnostics);
  std::optional<hcl::Dialect> chosen = dialect_of(dialect);
  if (!chosen) {
    return outcome(false,
                   {error("Invalid dialect",
                          "The dialect must be hcl, terraform, opentofu, packer or nomad, not \"" + dialect + "\".")});
  }
  hcl::EvalOptions options{.variables = std::move(*vars), .dialect = *chosen, .show_sensitive = show_sensitive};
  std::optional<hcl::Result<hcl::Value>> result;
  if (!file_name.empty()) {
    hcl::Syntax kind = syntax_of(syntax, file_name);
    hcl::File file = hcl::File::parse(std::move(file_name), std::move(source), kind);
    result.emplace(file.ok() ? hcl::evaluate(file, options) : hcl::Result<hcl::Value>::failure(file.diagnostics()));
  } else {
    result.emplace(hcl::evaluate(source, options));
  }
  diagnostics = result->diagnostics();
  if (!*result) return outcome(false, diagnostics);
  hcl::Result<std::string> json = (*result)->to_json();
  diagnostics.insert(diagnostics.end(), json.diagnostics().begin(), json.diagnostics().end());
  val o = outcome(json.ok(), diagnostics);
  if (json) {
    o.set("json", *json);
    o.set("type", (*result)->type_json());
  }
  return o;
}
#endif

std::string version() { return hcl::version(); }

}  // namespace

EMSCRIPTEN_BINDINGS(hcl) {
  emscripten::function("version", &version);
  emscripten::function("toJson", &to_json);
#ifdef HCL_JS_MODULE_PARSE
  emscripten::function("validate", &validate);
  emscripten::function("format", &format);
  emscripten::function("expressionAst", &expression_ast);
#endif
#ifdef HCL_JS_MODULE_EVAL
  emscripten::function("evaluate", &evaluate);
#endif
}
