// SPDX-License-Identifier: Apache-2.0
// Uses the installed library: parses a configuration, walks its structure, reports diagnostics.
// Prints "attributes=N blocks=M diagnostics=K" for the file named on the command line.
#include <hcl/ast/ast.h>
#include <hcl/io/files.h>
#include <hcl/syntax/parser.h>

#include <cstdio>
#include <memory>

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  auto content = hcl::io::read_file(argv[1]);
  if (!content.error.empty()) return 2;
  auto source = std::make_shared<hcl::source::SourceFile>(argv[1], std::move(content.content));
  auto parsed = hcl::syntax::parse_config(source);
  int attributes = 0, blocks = 0;
  for (auto item : hcl::ast::body_items(*parsed.tree, parsed.tree->root())) {
    if (parsed.tree->node(item).kind == hcl::syntax::NodeKind::Attribute) ++attributes;
    if (parsed.tree->node(item).kind == hcl::syntax::NodeKind::Block) ++blocks;
  }
  std::printf("attributes=%d blocks=%d diagnostics=%zu\n", attributes, blocks, parsed.diagnostics.size());
  return parsed.diagnostics.empty() ? 0 : 1;
}
