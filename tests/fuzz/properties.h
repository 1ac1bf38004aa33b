// SPDX-License-Identifier: Apache-2.0
// Properties every input must satisfy, shared by the fuzz targets (which abort on a violation)
// and the unit tests (which replay kept findings from tests/fuzz/regressions/). Each returns an
// empty string, or what went wrong.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <functional>

#include "body/native.h"
#include "config/file_value.h"
#include "cty/json_encoding.h"
#include "dec/decode.h"
#include "edit/edit.h"
#include "eval/eval.h"
#include "eval/run_expression.h"
#include "format/format.h"
#include "funcs/dialect.h"
#include "funcs/library.h"
#include "json/evaluator.h"
#include "json/hcl2json.h"
#include "lex/lexer.h"
#include "pipeline/pipeline.h"
#include "syntax/parser.h"

namespace hcl::fuzz {

// Tokens tile the input in both lexer modes: only spaces, tabs or a leading byte-order mark between
// tokens, and the final Eof at the very end.
inline std::string lexer_properties(std::string_view src) {
  for (auto mode : {lex::LexMode::Config, lex::LexMode::Template}) {
    auto toks = lex::lex_all(src, mode);
    uint32_t at = 0;
    for (const auto& t : toks) {
      if (t.start < at || t.end < t.start || t.end > src.size()) return "token out of order or bounds";
      for (uint32_t i = at; i < t.start; ++i) {
        bool bom = i < 3 && src.size() >= 3 && src.substr(0, 3) == "\xef\xbb\xbf";
        if (!bom && src[i] != ' ' && src[i] != '\t') return "non-blank byte outside every token";
      }
      at = t.end;
    }
    if (toks.empty() || toks.back().kind != lex::TokenKind::Eof || at != src.size())
      return "tokens do not reach the end";
  }
  return {};
}

inline std::string tree_properties(const syntax::SyntaxTree& tree, const std::string& text) {
  if (tree.print() != text) return "printing the tree does not give back the input";
  const auto& nodes = tree.nodes();
  const auto ntok = tree.tokens().size();
  for (size_t i = 0; i < nodes.size(); ++i) {
    const auto& n = nodes[i];
    if (n.subtree_size == 0 || n.subtree_size > i + 1) return "bad subtree size";
    if (n.first_token >= ntok || n.last_token >= ntok || n.main_token >= ntok) return "token index out of range";
    if (n.first_token > n.last_token) return "reversed token range";
    for (auto c : tree.children(static_cast<syntax::NodeId>(i)))
      if (c >= i || c + nodes[c].subtree_size < i + 1 - n.subtree_size) return "child outside its parent";
  }
  return {};
}

// The parser never crashes; its tree is lossless and well formed; checking without a tree reports
// the same diagnostics as building one.
inline std::string parser_properties(const std::string& text) {
  auto src = std::make_shared<source::SourceFile>("fuzz.hcl", text);
  for (auto parse : {syntax::parse_config, syntax::parse_expression, syntax::parse_template}) {
    auto full = parse(src, {});
    if (auto e = tree_properties(*full.tree, text); !e.empty()) return e;
    syntax::ParseOptions light;
    light.build_tree = false;
    auto checked = parse(src, light);
    if (full.diagnostics.size() != checked.diagnostics.size()) return "streaming parse reports different diagnostics";
    for (size_t i = 0; i < full.diagnostics.size(); ++i)
      if (full.diagnostics[i].summary != checked.diagnostics[i].summary ||
          full.diagnostics[i].subject != checked.diagnostics[i].subject)
        return "streaming parse reports different diagnostics";
  }
  return {};
}

// Whether `b` is `a` with only the blank space between a's tokens changed: a's token texts appear
// in b in order, separated by nothing but spaces and tabs. (Re-lexing b is not the same test: the
// reference's spacing can join tokens, e.g. `0. 1` formats as `0.1`, one number.)
inline bool only_respaced(std::string_view a, std::string_view b) {
  size_t at = 0;
  for (const lex::Token& t : lex::lex_all(a)) {
    std::string_view text = t.text(a);
    // Template text may itself start with blanks, so try the token where we are first.
    if (b.substr(at, text.size()) != text) {
      while (at < b.size() && (b[at] == ' ' || b[at] == '\t')) ++at;
      if (b.substr(at, text.size()) != text) return false;
    }
    at += text.size();
  }
  while (at < b.size() && (b[at] == ' ' || b[at] == '\t')) ++at;
  return at == b.size();
}

// The formatter never crashes on any input; on valid input its output parses, keeps every token,
// and is final (formatting it again changes nothing), in both styles.
inline std::string format_properties(const std::string& text) {
  format::format_source(text);  // any input, as hclwrite.Format takes any tokens
  auto src = std::make_shared<source::SourceFile>("fuzz.hcl", text);
  for (auto style : {format::Style::Canonical, format::Style::Terraform}) {
    format::FormatOptions opt;
    opt.style = style;
    auto once = pipeline::file_format({.source = src}, opt);
    if (!once.ok) return {};  // invalid input is refused, and that is tested elsewhere
    std::string out = once.changed ? once.output : text;
    auto again_src = std::make_shared<source::SourceFile>("fuzz.hcl", out);
    auto again = pipeline::file_format({.source = again_src}, opt);
    if (!again.ok) return "formatted output does not parse";
    if (again.changed) return "formatting is not idempotent";
    if (style == format::Style::Canonical && !only_respaced(text, out))
      return "formatting changed more than blank space";
  }
  return {};
}

// Whether `s` is one JSON value by RFC 8259's grammar. (nlohmann's parser refuses numbers beyond
// a double's range, which are valid JSON and which cty writes.)
inline bool valid_json(std::string_view s) {
  size_t i = 0;
  auto ws = [&] {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) ++i;
  };
  auto digits = [&] {
    size_t b = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    return i > b;
  };
  std::function<bool(int)> value = [&](int depth) -> bool {
    if (depth > 10000) return false;
    ws();
    if (i >= s.size()) return false;
    char c = s[i];
    if (c == '{' || c == '[') {
      char close = c == '{' ? '}' : ']';
      ++i;
      ws();
      if (i < s.size() && s[i] == close) return ++i, true;
      for (;;) {
        if (c == '{') {
          ws();
          if (i >= s.size() || s[i] != '"' || !value(depth + 1)) return false;
          ws();
          if (i >= s.size() || s[i++] != ':') return false;
        }
        if (!value(depth + 1)) return false;
        ws();
        if (i >= s.size()) return false;
        if (s[i] == close) return ++i, true;
        if (s[i++] != ',') return false;
      }
    }
    if (c == '"') {
      for (++i; i < s.size(); ++i) {
        unsigned char d = static_cast<unsigned char>(s[i]);
        if (d == '"') return ++i, true;
        if (d < 0x20) return false;
        if (d == '\\') {
          if (++i >= s.size()) return false;
          if (s[i] == 'u') {
            for (int k = 0; k < 4; ++k)
              if (++i >= s.size() || !std::isxdigit(static_cast<unsigned char>(s[i]))) return false;
          } else if (std::string_view("\"\\/bfnrt").find(s[i]) == std::string_view::npos) {
            return false;
          }
        }
      }
      return false;
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
      if (c == '-') ++i;
      if (i < s.size() && s[i] == '0') ++i;
      else if (!digits()) return false;
      if (i < s.size() && s[i] == '.') {
        ++i;
        if (!digits()) return false;
      }
      if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
        if (!digits()) return false;
      }
      return true;
    }
    for (std::string_view word : {"true", "false", "null"})
      if (s.substr(i, word.size()) == word) return i += word.size(), true;
    return false;
  };
  if (!value(0)) return false;
  ws();
  return i == s.size();
}

// The evaluator never crashes on any expression with any JSON variables: it gives a value (whose
// JSON encoding, where it has one, is valid JSON) or error diagnostics, within its budget. The
// input is the expression, optionally followed by a NUL byte and a JSON object of variables.
inline std::string eval_properties(const std::string& input) {
  static const cty::FunctionTable functions = funcs::standard_functions();
  std::string expr = input, vars_text = R"({"xs":[3,1,2],"m":{"a":"x","b":null},"n":1.5,"s":"web","t":true})";
  if (size_t nul = input.find('\0'); nul != std::string::npos) {
    expr = input.substr(0, nul);
    vars_text = input.substr(nul + 1);
  }
  eval::Scope scope(&functions);
  if (auto vars = cty::json_to_value(vars_text); vars && vars->type().is_object() && !vars->is_null())
    for (const auto& [k, v] : vars->attributes()) scope.set(k, v);
  for (bool tmpl : {false, true}) {
    eval::RunOptions opt;
    opt.template_mode = tmpl;
    auto r = eval::run(expr, scope, opt);
    if (!r.value && !diag::has_errors(r.diagnostics)) return "no value and no error";
    if (r.value && r.value->is_wholly_known()) {
      if (auto j = cty::value_to_json(*r.value)) {
        if (!valid_json(*j)) return "value_to_json wrote invalid JSON";
      }
    }
  }
  return {};
}

// The JSON `hcl json` makes of a file item by item while it parses it (json::FileDocument): items
// handed over `item_batch` nodes at a time, a root tuple's elements `tuple_batch` nodes at a time
// (not under a strict evaluator, as `hcl json` does), written `base_level` levels in; or the
// first diagnostic's summary and detail after "ERROR: " (pipeline::file_json).
inline std::string json_by_items(const std::shared_ptr<source::SourceFile>& src, const json::Options& opt,
                                 uint32_t item_batch = 8, uint32_t tuple_batch = 4, size_t base_level = 0) {
  pipeline::JsonRequest request{.input = {src}, .options = opt, .base_level = base_level};
  request.item_batch = item_batch;
  request.tuple_batch = tuple_batch;
  pipeline::JsonDocument doc = pipeline::file_json(request);
  if (!doc.ok()) return "ERROR: " + doc.diagnostics().at(0).summary + ": " + doc.diagnostics().at(0).detail;
  return doc.text();
}

// The file's value as `hcl eval --file` makes it, in the same hcl2json shape: evaluated a piece at
// a time while it is parsed (pipeline::file_value), it is the whole tree's, variables and
// diagnostics included. `tree`: the file parsed whole, without errors.
inline std::string file_value_properties(const std::shared_ptr<source::SourceFile>& src,
                                         std::shared_ptr<const syntax::SyntaxTree> tree) {
  auto scope = std::make_shared<eval::Scope>(&funcs::pure_functions());
  auto describe = [](const config::FileValue& v) {
    std::string out = "no document";
    if (v.document) {
      auto json = cty::value_to_json(*v.document);
      out = json ? *json : "no JSON: " + json.error();
    }
    for (const auto& d : v.diagnostics)
      out += "\n" + d.summary + (d.subject ? " at " + std::to_string(d.subject->start.byte) : "");
    for (const auto& [name, value] : v.variables) out += "\n" + name + " = " + value.go_string();
    return out;
  };
  const std::string whole = describe(config::evaluate_file(body::native_body(std::move(tree)), scope));
  // The pipeline makes the document and the variables in two runs, as `hcl eval --file` asks.
  pipeline::ValueRequest request{.input = {src}, .item_batch = 8};
  pipeline::FileValue document = pipeline::file_value(request, scope);
  request.for_expression = true;
  pipeline::FileValue variables = pipeline::file_value(request, scope);
  config::FileValue pieces;
  pieces.document = std::move(document.result.value);
  pieces.diagnostics = std::move(document.result.diagnostics);
  pieces.variables = std::move(variables.variables);
  if (describe(pieces) != whole) return "evaluated in pieces the file's value differs from the whole tree's";
  return {};
}

// Converting any valid file to JSON gives valid JSON, with and without evaluation, and the same
// JSON (or the same first error) made from the whole tree and item by item; so does the file's
// value (file_value_properties).
inline std::string json_properties(const std::string& text) {
  auto src = std::make_shared<source::SourceFile>("fuzz.hcl", text);
  auto parsed = syntax::parse_config(src);
  if (diag::has_errors(parsed.diagnostics)) return {};
  for (int mode = 0; mode < 3; ++mode) {  // plain, --simplify, --simplify --strict
    json::Options opt;
    if (mode > 0) opt.evaluator = json::make_evaluator(std::make_shared<eval::Scope>(&funcs::pure_functions()));
    opt.strict = mode == 2;
    auto r = json::convert_file(*parsed.tree, opt);
    if (r.ok && !valid_json(r.text)) return "conversion wrote invalid JSON";
    if (!r.ok && !diag::has_errors(r.diagnostics)) return "conversion failed without an error";
    std::string whole = r.ok ? r.text : "ERROR: " + r.diagnostics.at(0).summary + ": " + r.diagnostics.at(0).detail;
    if (json_by_items(src, opt) != whole) return "item by item the JSON differs from the whole tree's";
  }
  return file_value_properties(src, std::move(parsed.tree));
}

// The standard functions under a budget small enough for a fuzzer's memory limit.
inline eval::Scope small_budget_scope() {
  static const cty::FunctionTable functions = funcs::standard_functions();
  eval::Scope scope(&functions);
  cty::EvalLimits limits;
  limits.max_values = 100'000;
  limits.max_bytes = 16 << 20;
  limits.max_seconds = 10;
  scope.set_limits(limits);
  return scope;
}

// The most characters a number's JSON may take: digits for a binary exponent of 2^22 (2^22 *
// log10(2) < 1,262,613), the 512-bit mantissa's decimals, a sign and a point.
inline constexpr size_t kMaxNumberText = 1'262'613 + 160;

// The characters of JSON text that belong to numbers (outside strings), and the longest number.
inline std::pair<size_t, size_t> json_number_text(std::string_view j) {
  size_t total = 0, longest = 0, run = 0;
  bool in_string = false;
  for (size_t i = 0; i < j.size(); ++i) {
    char c = j[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
      continue;
    }
    bool number_char = (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
    if (number_char) {
      ++run;
      continue;
    }
    total += run;
    longest = std::max(longest, run);
    run = 0;
    if (c == '"') in_string = true;
  }
  total += run;
  longest = std::max(longest, run);
  return {total, longest};
}

// The evaluator's functions under a small budget: every expression ends with a value or an error
// (never a crash, an exception or runaway memory), and a known result's JSON is no larger than
// its weight allows, so printing is bounded by what the budget let the evaluation build.
inline std::string functions_properties(const std::string& expr) {
  eval::Scope scope = small_budget_scope();
  scope.set("s", cty::Value::string(expr));
  auto started = std::chrono::steady_clock::now();
  auto r = eval::run(expr, scope, {});
  // The time limit holds whatever the functions do (a digest of a big file, a huge number
  // printed, parseint of many digits): past it by more than a few seconds is a finding, even when
  // the evaluation ends well inside the fuzzer's own timeout.
  auto took = std::chrono::steady_clock::now() - started;
  if (took > std::chrono::seconds(scope.limits().max_seconds + 5)) return "the evaluation ran past its time limit";
  if (!r.value && !diag::has_errors(r.diagnostics)) return "no value and no error";
  if (r.value && r.value->is_wholly_known()) {
    if (auto j = cty::value_to_json(*r.value)) {
      if (!valid_json(*j)) return "value_to_json wrote invalid JSON";
      // JSON escapes a byte in at most six (\u00XX); a value's weight counts each byte once.
      // Numbers are the exception: a few bytes of MPFR may write out as many digits as the
      // printable bound allows (binary exponent within +-2^22, about 1.27 million digits), so
      // their text is bounded on its own and left out of the comparison.
      auto [number_chars, longest_number] = json_number_text(*j);
      if (longest_number > kMaxNumberText) return "a number's JSON outgrows the printable bound";
      if (j->size() - number_chars > 6 * r.value->weight()) return "the result's JSON outgrows its weight";
    }
  }
  return {};
}

// The JSON decoder of --vars and jsondecode: a document decodes or is refused with a message, and
// what it decodes to encodes back to JSON that decodes to an equal value.
inline std::string vars_properties(const std::string& text) {
  auto v = cty::json_to_value(text);
  if (!v) return v.error().empty() ? "refused without a message" : "";
  auto j = cty::value_to_json(*v);
  if (!j) return {};  // a number too long to write out
  if (!valid_json(*j)) return "value_to_json wrote invalid JSON";
  auto again = cty::json_to_value(*j);
  if (!again) return "its own encoding does not decode: " + again.error();
  if (!again->equals(*v).is_true() && !again->raw_equals(*v)) return "decoding its own encoding changes the value";
  return {};
}

// yamldecode under a small budget (alias bombs, deep nesting, every scalar form): a value or an
// error, then yamlencode of the value works or fails with an error.
inline std::string yaml_properties(const std::string& text) {
  eval::Scope scope = small_budget_scope();
  scope.set("y", cty::Value::string(text));
  for (const char* expr : {"yamldecode(y)", "yamlencode(yamldecode(y))"}) {
    auto r = eval::run(expr, scope, {});
    if (!r.value && !diag::has_errors(r.diagnostics)) return std::string(expr) + ": no value and no error";
  }
  return {};
}

// hcledit's operations on any file, addressed at the file's own attributes and blocks: each
// succeeds or fails with an error; an edit reports a change exactly when its output differs, names
// what it changed or changes nothing; and laid out minimally, it changes no byte outside the
// lines of the item it edits.
inline std::string edit_properties(const std::string& text) {
  auto source = std::make_shared<const source::SourceFile>("fuzz.tf", text);
  diag::Diagnostics diags;
  std::unique_ptr<edit::Document> doc = edit::Document::open(source, diags);
  if (!doc) return {};
  const syntax::SyntaxTree& tree = doc->tree();
  // An item's lines: from the start of the line of its lead comments through the newline that
  // ends it.
  auto span_of = [&](const edit::Item& item) {
    uint32_t last = item.last > item.first ? item.last - 1 : item.first;
    size_t line = text.rfind('\n', tree.token(item.first).start);
    line = tree.token(item.first).start == 0 || line == std::string::npos ? 0 : line + 1;
    return std::pair<size_t, size_t>{line, tree.token(last).end};
  };
  struct Target {
    std::string address;
    bool is_block;
    std::pair<size_t, size_t> span;
  };
  std::vector<Target> targets;
  auto escaped = [](std::string_view name) { return edit::block_address(name, {}); };
  for (const edit::Item& item : doc->items(doc->root())) {
    if (targets.size() >= 8) break;
    if (!item.is_block) {
      targets.push_back({escaped(doc->name(item)), false, span_of(item)});
      continue;
    }
    std::string address = edit::block_address(doc->name(item), doc->labels(item));
    // block list's form of an address escapes only dots: a label holding a backslash cannot be
    // named by it (docs/edit.md), and the address may name another block.
    std::vector<std::string> path{std::string(doc->name(item))};
    for (std::string& label : doc->labels(item)) path.push_back(std::move(label));
    if (edit::parse_address(address) != path) continue;
    targets.push_back({address, true, span_of(item)});
    for (const edit::Item& inner : doc->items(doc->body_of(item)))
      if (!inner.is_block) {
        targets.push_back({address + "." + escaped(doc->name(inner)), false, span_of(inner)});
        break;
      }
  }
  using edit::Operation;
  auto request = [](Operation op, std::string address, std::string target = {}, std::string value = {}) {
    edit::Request r;
    r.op = op;
    r.address = std::move(address);
    r.target = std::move(target);
    r.value = std::move(value);
    r.with_comments = true;
    return r;
  };
  for (const Target& t : targets) {
    std::vector<edit::Request> requests;
    if (t.is_block) {
      for (Operation op : {Operation::BlockGet, Operation::BodyGet, Operation::BlockRm})
        requests.push_back(request(op, t.address));
      requests.push_back(request(Operation::BlockMv, t.address, "fuzz_moved.x"));
      requests.push_back(request(Operation::BlockAppend, t.address, "fuzz_child"));
    } else {
      requests.push_back(request(Operation::AttributeGet, t.address));
      requests.push_back(request(Operation::AttributeSet, t.address, "", "\"fuzz\""));
      requests.push_back(request(Operation::AttributeRm, t.address));
      std::string moved = t.address.substr(0, t.address.rfind('.') + 1) + "fuzz_moved";
      if (t.address.rfind('.') == std::string::npos) moved = "fuzz_moved";
      requests.push_back(request(Operation::AttributeMv, t.address, moved));
      requests.push_back(request(Operation::AttributeAppend, t.address + "_fuzz", "", "1"));
    }
    for (edit::Request req : requests)
      for (edit::Layout layout : {edit::Layout::Hclwrite, edit::Layout::Minimal}) {
        req.layout = layout;
        edit::Result r = edit::run(source, req);
        if (!r.ok) {
          if (!diag::has_errors(r.diagnostics)) return "an edit failed without an error";
          continue;
        }
        if (!r.is_file) continue;
        if (r.changed != (r.output != text)) return "an edit's changed flag is wrong";
        // Laid out as hcledit prints, a file may change without a match (hcledit's block rm tidies
        // blank lines, and a file holding tabs comes out formatted): only the minimal layout must
        // then leave it as it was.
        if (r.matches == 0 && r.changed && layout == edit::Layout::Minimal)
          return "an edit that named nothing changed the file: op " + std::to_string(int(req.op)) + " " + req.address;
        bool in_place = req.op != Operation::AttributeAppend && req.op != Operation::BlockAppend;
        if (layout != edit::Layout::Minimal || !in_place || !r.changed) continue;
        // The bytes that differ lie within the edited item's lines (when the address named
        // only this item: an earlier item of the same name would be the one edited).
        if (r.matches != 1) continue;
        // output = text[0, first) + anything + text[second, end)
        std::string_view in = text, out = r.output;
        auto [first, second] = t.span;
        size_t kept_after = in.size() - second;
        if (out.size() < first + kept_after || out.substr(0, first) != in.substr(0, first) ||
            out.substr(out.size() - kept_after) != in.substr(second))
          return "a minimal edit changed bytes outside the item it edits: op " + std::to_string(int(req.op)) + " " +
                 t.address + " [" + std::to_string(first) + "," + std::to_string(second) + ")";
      }
  }
  return {};
}

// hcldec on any spec and any configuration (the input is the spec, a NUL byte, then the
// configuration), with and without dynamic blocks expanded, under a small budget: a document of
// valid JSON, or errors that say why, or a failure with a message; never a crash.
inline std::string dec_properties(const std::string& input) {
  size_t nul = input.find('\0');
  std::string spec = input.substr(0, nul), config = nul == std::string::npos ? "" : input.substr(nul + 1);
  for (bool expand : {false, true}) {
    dec::RunRequest req;
    req.spec_path = "fuzz.hcldec";
    req.inputs = {"fuzz.hcl"};
    req.expand_dynamic = expand;
    req.var_refs = expand;
    req.limits.max_values = 100'000;
    req.limits.max_bytes = uint64_t{16} << 20;
    req.limits.max_seconds = 20;
    req.read = [&](const std::string& path) -> std::optional<std::string> {
      if (path == "fuzz.hcldec") return spec;
      if (path == "fuzz.hcl") return config;
      return std::nullopt;
    };
    dec::RunResult r = dec::run(req);
    switch (r.status) {
      case 0:
        if (r.output.empty() || r.output.back() != '\n' ||
            !valid_json(std::string_view(r.output).substr(0, r.output.size() - 1)))
          return "dec wrote invalid JSON";
        break;
      case 2:
        if (!diag::has_errors(r.diagnostics)) return "dec failed without an error";
        break;
      case 1:
        if (r.error.empty()) return "dec failed without a message";
        break;
      default: return "dec returned status " + std::to_string(r.status);
    }
  }
  return {};
}

}  // namespace hcl::fuzz
