// SPDX-License-Identifier: Apache-2.0
// What each subcommand takes, and the function that runs it. main.cpp fills these in from the
// command line: it is the only file that uses CLI11, because CLI11's header defines validator
// objects that every file including it constructs at start-up and destroys at exit.
#pragma once

#include <string>
#include <vector>

#include "variables.h"

namespace hcl::app {

struct ValidateOptions {
  std::vector<std::string> paths;
  std::vector<std::string> extensions;
  std::string format = "text";
  std::string syntax;
  bool quiet = false;
  bool require_files = false;
  bool recursive = false;
};
int run_validate(const ValidateOptions& opt);

struct FmtOptions {
  std::vector<std::string> paths;
  std::vector<std::string> extensions;
  bool list = true;
  bool write = true;
  bool diff = false;
  bool check = false;
  bool recursive = false;
  bool terraform = false;
  bool terraform_given = false;  // --terraform or --no-terraform was given
  bool require_no_change = false;
  bool require_files = false;
  bool quiet = false;  // no diagnostics for files that do not parse
  std::string format = "text";
  std::string sort;  // --sort: "standard" or "all"; empty: items keep their order
};
int run_fmt(const FmtOptions& opt);

struct EvalOptions {
  std::string expression;       // EXPR
  std::string expression_flag;  // -e EXPR
  std::string file;             // --file F
  bool expression_given = false;
  bool expression_flag_given = false;
  bool file_given = false;
  std::string config;  // --config PATH
  bool config_given = false;
  // --dialect: how --config is evaluated and whose functions expressions call (funcs::parse_dialect);
  // empty: from --config's file names, else hcl.
  std::string dialect;
  VariableOptions variables;
  std::string type;
  std::string chdir;
  std::vector<std::string> allow_read;  // more directories file functions may read
  std::string format = "json";
  std::string syntax;
  bool keep_dynamic = false;
  bool template_mode = false;
  bool raw = false;
  bool pretty = false;
  bool with_type = false;
  bool show_sensitive = false;  // print sensitive values instead of hiding them
  bool functions = false;
};
int run_eval(EvalOptions& opt);

struct JsonOptions {
  std::vector<std::string> paths;
  std::vector<std::string> extensions;
  bool pretty = false;
  bool compact = false;
  bool merge = false;
  bool simplify = false;
  bool strict = false;
  bool require_files = false;
  bool recursive = false;
  std::string syntax;
  std::string config;  // --config PATH: var. and local. from this configuration
  VariableOptions variables;
  std::vector<std::string> allow_read;  // more directories file functions may read
};
int run_json(const JsonOptions& opt);

struct FromJsonOptions {
  std::vector<std::string> paths;
  std::string dialect;              // funcs::parse_dialect; empty: by file name
  std::string spec;                 // an hcldec spec saying which names are blocks
  bool values = false;              // plain values (.tfvars.json, --vars files): attributes of literal values
  std::vector<std::string> blocks;  // --block NAME: blocks wherever no schema says
  bool write = false;
  bool force = false;
  bool recursive = false;
};
int run_fromjson(const FromJsonOptions& opt);

struct DecOptions {
  std::string spec;
  std::string out;
  std::string diags;
  std::string syntax;
  std::vector<std::string> vars;
  std::vector<std::string> files;
  bool var_refs = false;
  bool with_type = false;
  bool keep_nulls = false;
  bool expand_dynamic = false;
  bool version = false;
  cty::EvalLimits limits;
};
int run_dec(const DecOptions& opt);

struct EditOptions {
  std::vector<std::string> words;  // [PATH...] OBJECT OPERATION ARGS...
  std::vector<std::string> files;  // -f FILE
  std::vector<std::string> extensions;
  bool update = false;
  bool recursive = false;
  bool minimal = false;
  bool require_match = false;
  bool newline = false;
  bool with_comments = false;
  bool values = false;
};
int run_edit(const EditOptions& opt);

struct TokensOptions {
  std::string path;
  bool template_mode = false;
};
int run_tokens(const TokensOptions& opt);

struct LspOptions {
  bool stdio = false;  // --stdio, which editors' client libraries pass; stdio is the only transport
};
int run_lsp(const LspOptions& opt);

}  // namespace hcl::app
