// SPDX-License-Identifier: Apache-2.0
// `hcl tokens FILE`: the lexer's tokens as JSON, in the same shape as the reference oracle's
// `tokens` command. A developer tool for checking token boundaries against the reference.
#include <nlohmann/json.hpp>

#include "app.h"
#include "commands.h"
#include "io/files.h"
#include "lex/lexer.h"
#include "util/text.h"

namespace hcl::app {

int run_tokens(const TokensOptions& opt) {
  io::ReadResult content = io::read_file(opt.path);
  if (!content.error.empty()) {
    std::fprintf(stderr, "hcl tokens: %s: %s\n", util::escape_controls(opt.path).c_str(), content.error.c_str());
    return kExitUsage;
  }
  source::SourceFile file(display_name(opt.path), std::move(content.content));
  auto tokens = lex::lex_all(file.text(), opt.template_mode ? lex::LexMode::Template : lex::LexMode::Config);
  // Columns are counted token by token, as the reference counts them (the parser registers its
  // tokens the same way).
  for (const auto& t : tokens) file.add_token(t.start, t.end);
  auto pos = [](const source::Pos& p) {
    return nlohmann::json{{"line", p.line}, {"column", p.column}, {"byte", p.byte}};
  };
  // Written a token at a time: the whole array as one JSON value took 8.6 GB for a 20 MB line.
  std::string out = "[";
  for (size_t i = 0; i < tokens.size(); ++i) {
    const auto& t = tokens[i];
    source::Range r = file.range(t.start, t.end);
    nlohmann::json token{{"type", std::string(lex::token_kind_name(t.kind))},
                         {"bytes", std::string(t.text(file.text()))},
                         {"start", pos(r.start)},
                         {"end", pos(r.end)}};
    if (i > 0) out += ',';
    out += token.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    if (out.size() >= (1u << 16)) {
      write_all(stdout, out);
      out.clear();
    }
  }
  out += "]\n";
  write_all(stdout, out);
  return kExitOk;
}

}  // namespace hcl::app
