// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <vector>

#include "ast/ast.h"
#include "lex/lexer.h"
#include "syntax/parser.h"

namespace {

hcl::syntax::ParseResult config(const std::string& text, const hcl::syntax::ParseOptions& opt = {}) {
  return hcl::syntax::parse_config(std::make_shared<hcl::source::SourceFile>("test.hcl", text), opt);
}
hcl::syntax::ParseResult expr(const std::string& text) {
  return hcl::syntax::parse_expression(std::make_shared<hcl::source::SourceFile>("<expr>", text));
}

// The tree in a compact prefix notation, e.g. Binary(Literal,Literal).
std::string shape(const hcl::syntax::SyntaxTree& t, hcl::syntax::NodeId id) {
  std::string out(hcl::syntax::node_kind_name(t.node(id).kind));
  auto kids = t.children(id);
  if (!kids.empty()) {
    out += "(";
    for (size_t i = 0; i < kids.size(); ++i) out += (i ? "," : "") + shape(t, kids[i]);
    out += ")";
  }
  return out;
}

std::string expr_shape(const std::string& text) {
  auto r = expr(text);
  REQUIRE(r.diagnostics.empty());
  return shape(*r.tree, r.tree->root());
}

std::string first_error(const std::string& text) {
  auto r = config(text);
  if (r.diagnostics.empty()) return "";
  const auto& d = r.diagnostics[0];
  return std::to_string(d.subject->start.line) + ":" + std::to_string(d.subject->start.column) + " " + d.summary;
}

}  // namespace

TEST_CASE("operators bind by precedence and associate left") {
  CHECK(expr_shape("1 + 2 * 3") == "Binary(Literal,Binary(Literal,Literal))");
  CHECK(expr_shape("1 - 2 - 3") == "Binary(Binary(Literal,Literal),Literal)");
  CHECK(expr_shape("a || b && c == d") == "Binary(Variable,Binary(Variable,Binary(Variable,Variable)))");
  CHECK(expr_shape("-1 + 2") == "Binary(Unary(Literal),Literal)");
  CHECK(expr_shape("!a.b") == "Unary(GetAttr(Variable))");
  CHECK(expr_shape("a ? b : c ? d : e") == "Conditional(Variable,Variable,Conditional(Variable,Variable,Variable))");
  CHECK(expr_shape("(1 + 2) * 3") == "Binary(Parens(Binary(Literal,Literal)),Literal)");
}

TEST_CASE("traversals, splats and legacy indexes") {
  CHECK(expr_shape("a.b[0].c") == "GetAttr(Index(GetAttr(Variable),Literal))");
  CHECK(expr_shape("a.0") == "LegacyIndex(Variable)");
  CHECK(expr_shape("a[*].b.c") == "Splat(Variable,GetAttr(GetAttr(SplatItem)))");
  CHECK(expr_shape("a.*.b[0]") == "Index(Splat(Variable,GetAttr(SplatItem)),Literal)");
  CHECK(expr_shape("a[*]") == "Splat(Variable,SplatItem)");
}

TEST_CASE("collections, for expressions and calls") {
  CHECK(expr_shape("[1, 2,]") == "Tuple(Literal,Literal)");
  CHECK(
      expr_shape("{a = 1, (b) = 2, \"c\": 3}") ==
      "Object(ObjectItem(Variable,Literal),ObjectItem(Parens(Variable),Literal),ObjectItem(Template(TemplateLiteral),Literal))");
  CHECK(expr_shape("[for i, v in x : v if i > 0]") == "ForExpr(Name,Name,Variable,Variable,Binary(Variable,Literal))");
  CHECK(expr_shape("{for k, v in x : k => v...}") == "ForExpr(Name,Name,Variable,Variable,Variable)");
  CHECK(expr_shape("f(a, b...)") == "FunctionCall(Variable,Variable)");
  CHECK(expr_shape("provider::aws::arn_parse(x)") == "FunctionCall(Variable)");
  auto r = expr("provider::aws::arn_parse(x)");
  CHECK(hcl::ast::function_call(*r.tree, r.tree->root()).name == "provider::aws::arn_parse");
  auto call = expr("f(x) # trailing comment\n");
  auto fc = hcl::ast::function_call(*call.tree, call.tree->root());
  CHECK(fc.close_paren.start == 3);
  CHECK(expr_shape("[(for), foo]") == "Tuple(Parens(Variable),Variable)");
}

TEST_CASE("templates keep their parts in source order") {
  CHECK(
      expr_shape("\"a${b}%{if c}d%{else}e%{endif}\"") ==
      "Template(TemplateLiteral,TemplateInterp(Variable),TemplateIf(Variable),TemplateLiteral,TemplateElse,TemplateLiteral,TemplateEndIf)");
  CHECK(expr_shape("\"%{for k, v in m}${v}%{endfor}\"") ==
        "Template(TemplateFor(Name,Name,Variable),TemplateInterp(Variable),TemplateEndFor)");
  CHECK(expr_shape("\"\"") == "Template");
}

TEST_CASE("a template of one literal or none is parsed as one of several parts is") {
  // Such templates take a shorter path; their nodes, spans and depth are the general path's.
  auto spans = [](const std::string& text) {
    auto r = config(text);
    REQUIRE(r.diagnostics.empty());
    std::string out;
    for (hcl::syntax::NodeId id = 0; id < r.tree->nodes().size(); ++id) {
      auto s = r.tree->span(id);
      out += std::string(hcl::syntax::node_kind_name(r.tree->node(id).kind)) + "@" + std::to_string(s.start) + "-" +
             std::to_string(s.end) + " ";
    }
    return out;
  };
  CHECK(spans("a = \"x\"\n") == "TemplateLiteral@5-6 Template@4-7 Attribute@0-7 Body@0-8 ");
  CHECK(spans("a = \"\"\n") == "Template@4-6 Attribute@0-6 Body@0-7 ");
  CHECK(spans("a = <<EOT\nx\nEOT\n") == "TemplateLiteral@10-12 Template@4-15 Attribute@0-15 Body@0-16 ");
  CHECK(spans("a = <<EOT\nEOT\n") == "Template@4-13 Attribute@0-13 Body@0-14 ");
  CHECK(expr_shape("[\"x\", \"\", \"${\"y\"}\"]") ==
        "Tuple(Template(TemplateLiteral),Template,Template(TemplateInterp(Template(TemplateLiteral))))");
  // A template counts one level of nesting, whichever path parses it: "x$${y}" (three literals)
  // takes the general path.
  for (uint32_t limit = 1; limit < 8; ++limit) {
    hcl::syntax::ParseOptions opt;
    opt.max_depth = limit;
    auto deep = [&](const std::string& item) {
      auto r = config("a = [[" + item + "]]\n", opt);
      return r.diagnostics.empty()
                 ? std::string("ok")
                 : r.diagnostics[0].summary + " " + std::to_string(r.diagnostics[0].subject->start.byte);
    };
    INFO("limit " << limit);
    CHECK(deep("\"x\"") == deep("\"x$${y}\""));
    CHECK(deep("\"\"") == deep("\"x$${y}\""));
    CHECK(deep("<<EOT\nx\nEOT\n") == deep("<<EOT\nx\n$${y}\nEOT\n"));
  }
}

TEST_CASE("an operand of one token is parsed as any operand is") {
  // A number or name followed at once by what ends it takes a shorter path. A comment after it
  // sends the same operand down the general one: trees and diagnostics must not differ, at any
  // depth limit either.
  const char* operands[] = {"1", "1.5e3", "1.2.3", "x", "true", "null", "false", "x-y"};
  const char* contexts[] = {"a = [@]\n",      "a = [@, 2]\n",   "a = {k = @}\n",  "a = {k = @\n}\n",   "a = {@ = 1}\n",
                            "a = {@: 1}\n",   "a = f(@)\n",     "a = f(@, 1)\n",  "a = [@ + 1]\n",     "a = [@\n]\n",
                            "a = {k = @ }\n", "a = [(@), @]\n", "a = [@\n+ 1]\n", "a = {k = @\n+ 1}\n"};
  for (const char* context : contexts) {
    for (const char* operand : operands) {
      std::string fast = context, slow = context;
      for (size_t at; (at = fast.find('@')) != std::string::npos;) fast.replace(at, 1, operand);
      for (size_t at; (at = slow.find('@')) != std::string::npos;) slow.replace(at, 1, std::string(operand) + "/**/");
      for (uint32_t limit : {2u, 3u, 4u, 5u, 100u}) {
        hcl::syntax::ParseOptions opt;
        opt.max_depth = limit;
        auto a = config(fast, opt), b = config(slow, opt);
        INFO(fast << " at limit " << limit);
        CHECK(shape(*a.tree, a.tree->root()) == shape(*b.tree, b.tree->root()));
        REQUIRE(a.diagnostics.size() == b.diagnostics.size());
        for (size_t i = 0; i < a.diagnostics.size(); ++i) {
          CHECK(a.diagnostics[i].summary == b.diagnostics[i].summary);
          // Both point at the same token, which the comment may have moved.
          CHECK(a.diagnostics[i].subject->start.line == b.diagnostics[i].subject->start.line);
        }
      }
    }
  }
}

TEST_CASE("errors are reported where the reference reports them") {
  CHECK(first_error("a = 1 b = 2\n") == "1:7 Missing newline after argument");
  CHECK(first_error("a {\n") == "1:3 Unclosed configuration block");
  CHECK(first_error("a = [1 2]\n") == "1:8 Missing item separator");
  CHECK(first_error("a = \"${b\"\n") == "1:10 Invalid multi-line string");  // lexical errors come first
  CHECK(first_error("a = b[1 c\n") == "2:1 Missing close bracket on index");
  CHECK(first_error("a = provider::(x)\n") == "1:15 Missing function name");
}

TEST_CASE("several independent errors are reported in one file") {
  // After one syntax error the reference suppresses most others (recovery mode), but reports
  // lexical errors and redefinitions throughout.
  auto r = config("a = 1 ; b\nc = 1\nc = 2\nd = `x\n");
  REQUIRE(r.diagnostics.size() == 4);
  CHECK(r.diagnostics[0].summary == "Invalid character");
  CHECK(r.diagnostics[1].summary == "Invalid character");
  CHECK(r.diagnostics[2].summary == "Missing newline after argument");
  CHECK(r.diagnostics[3].summary == "Attribute redefined");
}

TEST_CASE("a bad escape is an error of the expression around it") {
  // Parentheses whose content failed skip to their closer without a word of their own; an
  // invalid escape is such a failure in the reference (hcl-oracle validate), also after an
  // earlier error has put the parser in recovery mode.
  auto summaries = [](const std::string& text) {
    std::string out;
    for (const auto& d : config(text).diagnostics) out += d.summary + "; ";
    return out;
  };
  CHECK(summaries("e\no=(\"\\e\"") == "Argument or block definition required; Invalid escape sequence; ");
  CHECK(summaries("e\no=(\"a\"") == "Argument or block definition required; Unbalanced parentheses; ");
  CHECK(summaries("o=(\"\\e\" + 1)\n") == "Invalid escape sequence; ");
}

TEST_CASE("a newline that a grapheme cluster takes in is no line break") {
  // The name is "b\xCD\n" (after 0xCD the reference's name machine takes any byte), and to
  // go-textseg "b\xCD\n" is one cluster, so the reference counts no line there: the string on
  // the third line of the text is on its second (hcl-oracle validate: 2:6, byte 13).
  CHECK(first_error("a = b\xCD\n\nc = \"\n") == "2:6 Invalid multi-line string");
  // The blanks after a token count one by one, even where go-textseg would take them into a
  // cluster with the token's last bytes ("\xEB  " is one): 1:6 in hcl-oracle validate.
  CHECK(first_error("\xE6\xEB   \xA0") == "1:6 Invalid character encoding");
  // After a character of its own, a newline is a line as ever.
  CHECK(first_error("a = b\xC3\xA9\n\nc = \"\n") == "3:6 Invalid multi-line string");
}

TEST_CASE("nesting beyond the limit is a diagnostic, not a crash") {
  std::string deep = "a = " + std::string(100000, '[') + std::string(100000, ']') + "\n";
  auto r = config(deep);
  REQUIRE(!r.diagnostics.empty());
  CHECK(r.diagnostics[0].summary == "Nesting too deep");
  CHECK(r.tree->print() == deep);
  std::string blocks;
  for (int i = 0; i < 50000; ++i) blocks += "b {\n";
  for (int i = 0; i < 50000; ++i) blocks += "}\n";
  auto rb = config(blocks, hcl::syntax::ParseOptions{false});
  REQUIRE(!rb.diagnostics.empty());
  CHECK(rb.diagnostics[0].summary == "Nesting too deep");
  std::string ok = "a = " + std::string(900, '(') + "1" + std::string(900, ')') + "\n";
  CHECK(config(ok).diagnostics.empty());
}

// read() relies on the peek after an abort: a special EOF at the last token read, whose reading
// changes nothing. An abort at every depth, the first before any token is read, still leaves a
// lossless tree, one "Nesting too deep", and the same diagnostics with and without a tree.
TEST_CASE("an aborted parse stops at its limit wherever that is, before any token too") {
  std::string text = "a = [1, {b = (2 + -3)}, \"x${y}\"]\nc \"l\" {\n  d = f(4)\n}\n";
  for (uint32_t limit = 0; limit < 7; ++limit) {
    CAPTURE(limit);
    hcl::syntax::ParseOptions opt;
    opt.max_depth = limit;
    auto tree = config(text, opt);
    REQUIRE(!tree.diagnostics.empty());
    CHECK(tree.diagnostics[0].summary == "Nesting too deep");
    CHECK(tree.diagnostics.size() == 1);
    CHECK(tree.tree->print() == text);
    // Every node covers tokens that exist, none past the end of the file.
    for (const auto& n : tree.tree->nodes()) {
      CHECK(n.first_token <= n.last_token);
      CHECK(n.last_token < tree.tree->tokens().size());
    }
    opt.build_tree = false;
    auto check = config(text, opt);
    REQUIRE(check.diagnostics.size() == tree.diagnostics.size());
    CHECK(check.diagnostics[0].subject == tree.diagnostics[0].subject);
  }
  hcl::syntax::ParseOptions deep_enough;
  deep_enough.max_depth = 7;
  CHECK(config(text, deep_enough).diagnostics.empty());
}

TEST_CASE("template directives count towards the nesting limit like brackets") {
  auto nest = [](int n, int brackets) {
    std::string s = "a = " + std::string(brackets, '[') + "\"";
    for (int i = 0; i < n; ++i) s += "%{for x in [1]}%{if true}";
    s += "x";
    for (int i = 0; i < n; ++i) s += "%{endif}%{endfor}";
    return s + "\"" + std::string(brackets, ']') + "\n";
  };
  auto deep = config(nest(5000, 0));
  REQUIRE(!deep.diagnostics.empty());
  CHECK(deep.diagnostics[0].summary == "Nesting too deep");
  CHECK(config(nest(450, 0)).diagnostics.empty());
  // Brackets around the template and directives inside it add up.
  auto mixed = config(nest(300, 450));
  REQUIRE(!mixed.diagnostics.empty());
  CHECK(mixed.diagnostics[0].summary == "Nesting too deep");
  // A closed directive gives its level back: siblings do not add up.
  std::string siblings = "a = \"";
  for (int i = 0; i < 5000; ++i) siblings += "%{if true}x%{endif}";
  CHECK(config(siblings + "\"\n").diagnostics.empty());
}

TEST_CASE("root_item hands over each item of the root body as a tree of its own, and no tree is kept") {
  std::string text = "# head\na = [1,\n  2]\nb \"l\" {\n  c = 3 # c\n}\n\n// mid\nd = \"${x}\"\n";
  std::vector<std::string> items, shapes;
  hcl::syntax::ParseOptions opt;
  opt.root_item = [&](const hcl::syntax::SyntaxTree& t) {
    items.emplace_back(t.node_text(t.root()));
    shapes.push_back(shape(t, t.root()));
  };
  auto r = config(text, opt);
  CHECK(r.diagnostics.empty());
  CHECK(r.tree == nullptr);
  CHECK(items == std::vector<std::string>{"a = [1,\n  2]", "b \"l\" {\n  c = 3 # c\n}", "d = \"${x}\""});
  auto whole = config(text);
  std::vector<std::string> whole_shapes;
  for (auto item : whole.tree->children(whole.tree->root())) whole_shapes.push_back(shape(*whole.tree, item));
  CHECK(shapes == whole_shapes);

  // The tokens of items handed over are dropped: the window stays small however long the file.
  std::string many;
  for (int i = 0; i < 20000; ++i) many += "a" + std::to_string(i) + " = [" + std::to_string(i) + "]\n";
  size_t count = 0, widest = 0;
  opt.root_item = [&](const hcl::syntax::SyntaxTree& t) {
    ++count;
    widest = std::max(widest, t.tokens().size());
    CHECK(t.node_text(t.root()) == "a" + std::to_string(count - 1) + " = [" + std::to_string(count - 1) + "]");
  };
  CHECK(config(many, opt).diagnostics.empty());
  CHECK(count == 20000);
  CHECK(widest < 10000);

  // Once the parse has reported an error nothing more is handed over; the diagnostics are the same.
  items.clear();
  opt.root_item = [&](const hcl::syntax::SyntaxTree& t) { items.emplace_back(t.node_text(t.root())); };
  std::string bad = "a = 1\nb = (\nc = 2\n";
  auto rb = config(bad, opt);
  CHECK(items == std::vector<std::string>{"a = 1"});
  auto wb = config(bad);
  REQUIRE(rb.diagnostics.size() == wb.diagnostics.size());
  for (size_t i = 0; i < rb.diagnostics.size(); ++i) CHECK(rb.diagnostics[i].summary == wb.diagnostics[i].summary);
}

TEST_CASE("root_item_batch hands over whole items together, the same items as one at a time") {
  std::string text = "a = 1\nb \"l\" {\n  c = [3]\n}\nd = [4, 5]\ne = \"${x}\"\nf {}\n";
  std::vector<std::string> alone, together;
  std::vector<size_t> sizes;
  hcl::syntax::ParseOptions opt;
  opt.root_item = [&](const hcl::syntax::SyntaxTree& t) { alone.emplace_back(t.node_text(t.root())); };
  CHECK(config(text, opt).diagnostics.empty());
  opt.root_item_batch = 4;
  opt.root_item = [&](const hcl::syntax::SyntaxTree& t) {
    // Whole items one after the other, the last node the last one's root.
    size_t n = 0;
    for (auto end = static_cast<hcl::syntax::NodeId>(t.nodes().size()); end > 0; ++n) {
      hcl::syntax::NodeId root = end - 1;
      together.insert(together.end() - static_cast<ptrdiff_t>(n), std::string(t.node_text(root)));
      end = root + 1 - t.node(root).subtree_size;
    }
    sizes.push_back(n);
  };
  auto r = config(text, opt);
  CHECK(r.diagnostics.empty());
  CHECK(r.tree == nullptr);
  CHECK(together == alone);
  CHECK(sizes.size() < alone.size());

  // Before a root tuple whose elements are streamed, the items held back go first, so that the
  // elements start their tree; the attribute follows with the next items.
  std::vector<std::string> elements;
  together.clear();
  sizes.clear();
  opt.root_tuple_batch = 1;
  opt.root_tuple_elements = [&](const hcl::syntax::SyntaxTree& t, std::string_view name, uint32_t open) {
    CHECK(text[open] == '[');
    elements.push_back(std::string(name) + ":" + std::string(t.node_text(t.root())));
  };
  CHECK(config(text, opt).diagnostics.empty());
  CHECK(elements == std::vector<std::string>{"d:4", "d:5"});
  CHECK(together.size() == alone.size());
  CHECK(together.back() == "f {}");

  // Once the parse has reported an error, nothing held back is handed over.
  together.clear();
  opt.root_tuple_elements = nullptr;
  opt.root_item_batch = 1000;
  auto bad = config("a = 1\nb = (\nc = 2\n", opt);
  CHECK(!bad.diagnostics.empty());
  CHECK(together.empty());
}

TEST_CASE("root_tuple_elements hands over the elements of a tuple that starts a root attribute's value") {
  std::string text =
      "x = 1\na = /* c */ [1, [2, 3],\n  {k = [4]}, # c\n]\nb {\n  t = [5]\n}\nc = [6] + [7]\nd = [for v in w : v]\ne = []\n";
  std::vector<std::string> elements, items;
  hcl::syntax::ParseOptions opt;
  opt.root_tuple_batch = 1;  // each element as soon as it is parsed
  opt.root_item = [&](const hcl::syntax::SyntaxTree& t) {
    // A tuple whose elements were handed over is left with none.
    auto value = t.first_child(t.root());
    if (t.node(value).kind == hcl::syntax::NodeKind::Tuple) items.push_back(std::to_string(t.node(value).subtree_size));
    else items.push_back("-");
  };
  opt.root_tuple_elements = [&](const hcl::syntax::SyntaxTree& t, std::string_view name, uint32_t open) {
    CHECK(text[open] == '[');
    elements.push_back(std::string(name) + ":" + std::string(t.node_text(t.root())));
  };
  auto r = config(text, opt);
  CHECK(r.diagnostics.empty());
  // Not inside blocks, not a tuple's nested tuples, not a for expression; an operand's are.
  CHECK(elements == std::vector<std::string>{"a:1", "a:[2, 3]", "a:{k = [4]}", "c:6"});
  CHECK(items == std::vector<std::string>{"-", "1", "-", "-", "-", "1"});

  // A file that is one long tuple, in batches of whole elements: the window stays small.
  std::string many = "a = [";
  for (int i = 0; i < 30000; ++i) many += "[" + std::to_string(i) + "], ";
  many += "]\n";
  opt.root_tuple_batch = 1000;
  size_t count = 0, widest = 0, most_nodes = 0, last = 0;
  opt.root_item = [&](const hcl::syntax::SyntaxTree& t) {
    last = t.node(t.first_child(t.root())).subtree_size - 1;
    most_nodes = std::max(most_nodes, t.nodes().size());
  };
  opt.root_tuple_elements = [&](const hcl::syntax::SyntaxTree& t, std::string_view, uint32_t) {
    // Each element is two nodes, the last one its root.
    REQUIRE(t.nodes().size() % 2 == 0);
    for (hcl::syntax::NodeId root = 1; root < t.nodes().size(); root += 2) {
      CHECK(t.node(root).subtree_size == 2);
      CHECK(t.node_text(root) == "[" + std::to_string(count++) + "]");
    }
    widest = std::max(widest, t.tokens().size());
    most_nodes = std::max(most_nodes, t.nodes().size());
  };
  CHECK(config(many, opt).diagnostics.empty());
  CHECK(count + last / 2 == 30000);
  CHECK(last / 2 < 500);
  CHECK(widest < 10000);
  CHECK(most_nodes <= 1001);
  opt.root_tuple_batch = 1;

  // Once the parse has reported an error nothing more is handed over.
  elements.clear();
  opt.root_tuple_elements = [&](const hcl::syntax::SyntaxTree& t, std::string_view, uint32_t) {
    elements.emplace_back(t.node_text(t.root()));
  };
  CHECK_FALSE(config("a = [1, 2, (, 4]\n", opt).diagnostics.empty());
  CHECK(elements == std::vector<std::string>{"1", "2"});
}

TEST_CASE("diagnostics per file are capped") {
  std::string many(100000, '$');
  auto r = config(many, hcl::syntax::ParseOptions{false});
  CHECK(r.diagnostics.size() <= 1001);
  CHECK(r.diagnostics.back().summary == "Too many errors");
}

TEST_CASE("a redefined argument is found in bodies of any size, and only in its own body") {
  for (int n : {2, 15, 16, 17, 40, 64, 65, 130, 3000}) {
    std::string text;
    for (int i = 0; i < n; ++i) {
      text.append("a").append(std::to_string(i)).append(" = 1\n");
      // A nested block between the definitions has names of its own, some the same.
      if (i == 1) text += "b {\n  a0 = 1\n  a1 = 2\n}\n";
    }
    text += "a1 = 3\n";
    auto r = config(text);
    INFO(n << " arguments");
    REQUIRE(r.diagnostics.size() == 1);
    CHECK(r.diagnostics[0].summary == "Attribute redefined");
    CHECK(r.diagnostics[0].subject->start.line == static_cast<uint32_t>(n + 5));
    CHECK(r.diagnostics[0].detail ==
          "The argument \"a1\" was already set at test.hcl:2,1-3. Each argument may be set "
          "only once.");
  }
}

TEST_CASE("in a body of thousands of arguments every repetition names the first definition") {
  // Names drawn with repeats, so that repetitions meet the index at every size it grows through.
  std::string text;
  std::map<std::string, int> first_line;
  std::vector<std::pair<int, int>> expected;  // (line, first line)
  uint32_t seed = 7;
  for (int line = 1; line <= 4000; ++line) {
    seed = seed * 1103515245u + 12345u;
    std::string name = "n" + std::to_string((seed >> 8) % 8000);
    text += name + " = " + std::to_string(line) + "\n";
    auto [it, fresh] = first_line.emplace(name, line);
    if (!fresh) expected.emplace_back(line, it->second);
  }
  REQUIRE(expected.size() > 100);
  REQUIRE(expected.size() < 1000);
  auto r = config(text);
  REQUIRE(r.diagnostics.size() == expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    CHECK(r.diagnostics[i].subject->start.line == static_cast<uint32_t>(expected[i].first));
    CHECK(r.diagnostics[i].detail.find("test.hcl:" + std::to_string(expected[i].second) + ",") != std::string::npos);
  }
}

TEST_CASE("a bad escape is found wherever it sits in a literal") {
  // Literals are checked for escapes in blocks of sixteen bytes, so the escape is placed at
  // every offset around the block boundaries, in a label, a quoted template and a heredoc, both
  // near the end of the text and with more text after it (a literal of up to sixteen bytes is
  // looked at in one block when sixteen bytes follow its start).
  const std::string more = "# " + std::string(20, '-') + "\n";
  for (int offset = 0; offset < 40; ++offset) {
    std::string pad(static_cast<size_t>(offset), 'x');
    for (const std::string& text :
         {"a = \"" + pad + "\\q\"\n", "b \"" + pad + "\\q\" {}\n", "c = \"" + pad + "\\q${d}\"\n",
          "a = \"" + pad + "\\q\"\n" + more, "b \"" + pad + "\\q\" {}\n" + more, "c = \"" + pad + "\\q${d}\"\n" + more,
          "c = \"" + pad + "\\q\"\n" + more, "c = \"${d}" + pad + "\\q\"\n" + more}) {
      INFO(text);
      auto r = config(text);
      REQUIRE(r.diagnostics.size() == 1);
      CHECK(r.diagnostics[0].summary == "Invalid escape sequence");
      CHECK(r.diagnostics[0].subject->start.byte == text.find('\\'));
    }
    // Only a backslash can start a bad escape: a good one, "$${" and "%%{" report nothing,
    // and a bad one after a good one is still found.
    for (const std::string& text :
         {"a = \"" + pad + "$${x} %%{y} \\n\\u00e9\"\n", "a = \"" + pad + "$${x} %%{y} \\n\\u00e9\"\n" + more}) {
      INFO(text);
      CHECK(config(text).diagnostics.empty());
    }
    // ... also after characters of more than one byte, which a block holds in part.
    for (const std::string& late :
         {"a = \"\\n" + pad + "\\q\"\n" + more, "a = \"\xC3\xA9" + pad + "\\q\"\n" + more,
          "a = \"" + pad + "\xE2\x82\xAC\\q\"\n" + more, "a = \"" + pad + "\xE2\x82\xAC\\q\""}) {
      INFO(late);
      auto l = config(late);
      REQUIRE(l.diagnostics.size() == 1);
      CHECK(l.diagnostics[0].subject->start.byte == late.rfind('\\'));
    }
    // In a heredoc only "$${" and "%%{" are escapes; a literal without them needs no decoding.
    auto h = config("c = <<EOT\n" + pad + "\\q $${x}\nEOT\n");
    CHECK(h.diagnostics.empty());
    auto h2 = config("c = <<EOT\n" + pad + "\\q $${x}\nEOT\n" + more);
    CHECK(h2.diagnostics.empty());
  }
}

TEST_CASE("validation streams tokens and reports exactly what the tree parse reports") {
  // Long enough for the token window to be refilled many times, with errors of every kind far
  // apart: lexical ones, syntax ones naming an earlier range, ones at the end of the file.
  std::string text;
  for (int i = 0; i < 4000; ++i) {
    std::string n = std::to_string(i);
    text.append("a").append(n).append(" = [1, 2, \"x${y}\"] # c\n");
    if (i % 997 == 0) text.append("b").append(n).append(" = \"caf\xC3\xA9\" ; `\n");
    if (i % 1499 == 0) text.append("a").append(n).append(" = x.* .y\n");
  }
  text += "t = \"%{ if a }b%{ endfor }\"\nz = {\n  k = 1 +\n";
  auto with_tree = config(text);
  auto streamed = config(text, hcl::syntax::ParseOptions{false});
  REQUIRE(with_tree.diagnostics.size() > 5);
  REQUIRE(streamed.diagnostics.size() == with_tree.diagnostics.size());
  for (size_t i = 0; i < streamed.diagnostics.size(); ++i) {
    const auto& a = with_tree.diagnostics[i];
    const auto& b = streamed.diagnostics[i];
    INFO(i << ": " << a.summary);
    CHECK(a.summary == b.summary);
    CHECK(a.detail == b.detail);
    CHECK(a.subject == b.subject);
    CHECK(a.context == b.context);
  }
}

TEST_CASE("runs of blank lines and comments between a body's items are read across window ends") {
  // Runs of every length of newlines, line comments and block comments (which do not end a
  // line), so that runs start and end at every place of the validation window's chunks, with
  // errors placed right after runs: the tree parse and the streamed parse must agree, and the
  // errors are where they are. A line comment closes the file without a newline.
  const char* lines[] = {"\n", "# c\n", "// d\n", "/* e */", "/* f */\n", "  \t\n"};
  std::string text;
  std::vector<size_t> errors;
  for (int i = 0; i < 3000; ++i) {
    for (int k = 0; k < i % 9; ++k) text += lines[(i + k) % 6];
    if (i % 701 == 700) {
      errors.push_back(text.size());
      text += "a1 = 2\n";  // redefined
    } else if (i == 2999) {
      errors.push_back(text.size());
      text += "= 3\n";  // no item starts with "="
    } else {
      text.append("a").append(std::to_string(i)).append(" = ").append(std::to_string(i)).append(" # t\n");
    }
    if (i % 500 == 0) text += "b {\n# c\n\n  x = 1 // d\n/* e */\n}\n";
  }
  text += "# end";
  auto with_tree = config(text);
  auto streamed = config(text, hcl::syntax::ParseOptions{false});
  REQUIRE(with_tree.diagnostics.size() == errors.size());
  REQUIRE(streamed.diagnostics.size() == errors.size());
  for (size_t i = 0; i < errors.size(); ++i) {
    INFO(i << ": " << with_tree.diagnostics[i].summary);
    CHECK(with_tree.diagnostics[i].subject->start.byte == errors[i]);
    CHECK(streamed.diagnostics[i].subject == with_tree.diagnostics[i].subject);
    CHECK(streamed.diagnostics[i].detail == with_tree.diagnostics[i].detail);
  }
  // The tree still covers every byte.
  CHECK(with_tree.tree->print() == text);
}

TEST_CASE("newlines count again, or stop counting, as brackets open and close") {
  // Brackets and parentheses ignore newlines, object constructors and bodies do not: at each
  // switch the next token is what a search with the new setting finds, a newline or line
  // comment that was skipped a moment before included.
  for (const char* text :
       {"x = {\n  a = [1]\n  b = 2\n}\n", "x = { a = [1] # c\n  b = 2 }\n", "x = { a = [1] /* c */\n  b = 2 }\n",
        "x = [{ a = 1\n  b = 2 }, {\n  c = 3\n}]\n", "x = {\n  a = (1\n  + 2)\n  b = f(1,\n  2)\n}\n",
        "x = [ # c\n  1, // d\n  2]\n", "x = { a = \"${[1,\n2]}\"\n b = 2 }\n",
        // Each construct hands back the setting it found: for expressions, index keys, template
        // directives and interpolations inside objects, and objects inside all of them.
        "x = {\n  a = [for v in y :\n  v]\n  b = {for k, v in y : k => {\n  c = v\n  }}\n  d = 2\n}\n",
        "x = {\n  a = y[\n  0]\n  b = \"%{ if y[\n0] }${ {\n  c = 1\n}.c }%{ endif }\"\n  d = 2\n}\n",
        "x = <<EOT\n%{ for v in [\n  1] }${(v +\n 1)}%{ endfor }\nEOT\ny = { a = 1\n  b = 2 }\n"}) {
    INFO(text);
    CHECK(config(text).diagnostics.empty());
    CHECK(config(text, hcl::syntax::ParseOptions{false}).diagnostics.empty());
  }
  CHECK(first_error("x = { a = [1] b = 2 }\n") == "1:15 Missing attribute separator");
  CHECK(first_error("x = [{ a = 1 }\n  2]\n") == "2:3 Missing item separator");
  CHECK(first_error("x = { a = [for v in y: v] b = 2 }\n") == "1:27 Missing attribute separator");
  CHECK(first_error("x = { a = \"${[1]}\" b = 2 }\n") == "1:20 Missing attribute separator");
}

TEST_CASE("number literals: the one-word look agrees with the reference's rule at every length") {
  // The reference rejects a number with two fraction points, a point in its exponent or two
  // exponents. Numbers of up to eight bytes are looked at as one word, so every arrangement of
  // points and exponents is tried at lengths around eight, at the end of the text (where fewer
  // than eight bytes follow the number's start) and before more text.
  const std::string marks[] = {"", ".", "e", "E", "e+", "E-"};
  size_t numbers = 0, bad = 0;
  for (int digits = 1; digits <= 9; ++digits) {
    for (const auto& m1 : marks) {
      for (const auto& m2 : marks) {
        for (int split = 1; split < digits; ++split) {
          std::string num = std::string(static_cast<size_t>(split), '1') + m1 + "2" + m2 +
                            std::string(static_cast<size_t>(digits - split), '3');
          bool dots = std::count(num.begin(), num.end(), '.') > 1;
          size_t e = num.find_first_of("eE");
          bool exps = e != std::string::npos && num.find_first_of("eE", e + 1) != std::string::npos;
          bool point_in_exp = e != std::string::npos && num.find('.', e) != std::string::npos;
          bool invalid = dots || exps || point_in_exp;
          for (const std::string& text : {"a = " + num, "a = " + num + "\nb = [1, 22, 333]\n"}) {
            INFO(text);
            auto r = config(text);
            REQUIRE(r.diagnostics.size() == (invalid ? 1u : 0u));
            if (invalid) CHECK(r.diagnostics[0].summary == "Invalid number literal");
          }
          ++numbers;
          bad += invalid;
        }
      }
    }
  }
  CHECK(numbers > 1000);
  CHECK(bad > 300);
}

TEST_CASE("the peeked token follows the window when its tokens move") {
  // Validation lexes 4,096 tokens at a time, and both a refill and handing over root items drop
  // the tokens already read, moving the rest to the front of the window. The peek points into
  // the window, so it must move with it: whichever token is peeked when they move (a line
  // comment read as a newline, a token after a skipped block comment, a plain one), the parse
  // goes on from it and finds the error at the end where it is.
  for (int fill = 2030; fill < 2060; ++fill) {
    std::string text;
    for (int i = 0; i < fill; ++i)
      text += (i % 2 ? "b" : "a") + std::to_string(i) + (i % 3 ? " = /* c */ 1\n" : " = 1 # c\n");
    text += "c = 3 d\n";
    INFO("fill " << fill);
    hcl::syntax::ParseOptions validate{false}, items{};
    size_t handed = 0;
    items.root_item = [&](const hcl::syntax::SyntaxTree&) { ++handed; };
    for (const auto& opt : {hcl::syntax::ParseOptions{}, validate, items}) {
      auto r = config(text, opt);
      REQUIRE(r.diagnostics.size() == 1);
      CHECK(r.diagnostics[0].summary == "Missing newline after argument");
      CHECK(r.diagnostics[0].subject->start.byte == text.rfind('d'));
    }
    CHECK(handed == static_cast<size_t>(fill));
  }
}

TEST_CASE("round trip: printing the tree gives back every testdata file byte for byte") {
  namespace fs = std::filesystem;
  size_t count = 0;
  std::vector<fs::path> roots{HCL_TESTDATA_DIR};
  // The conformance corpus too, when it is present beside the checkout.
  if (fs::exists(HCL_CORPUS_DIR "/real")) roots.emplace_back(HCL_CORPUS_DIR "/real");
  for (const auto& root : roots)
    for (const auto& e : fs::recursive_directory_iterator(root)) {
      if (!e.is_regular_file()) continue;
      std::ifstream f(e.path(), std::ios::binary);
      std::stringstream ss;
      ss << f.rdbuf();
      std::string text = ss.str();
      auto r = config(text);
      CHECK_MESSAGE(r.tree->print() == text, e.path().string());
      // Tokens tile the text: only blanks between them.
      uint32_t at = 0;
      for (const auto& t : r.tree->tokens()) {
        for (uint32_t i = at; i < t.start; ++i)
          if (!(i < r.tree->source().bom_length() || text[i] == ' ' || text[i] == '\t')) FAIL(e.path().string());
        at = t.end;
      }
      ++count;
    }
  CHECK(count > 50);
}

TEST_CASE("parse_expression says when a whole expression was followed by more text") {
  CHECK(expr("\"name\" = 1").trailing_text);
  CHECK(expr("a b").trailing_text);
  CHECK_FALSE(expr("1 + 2").trailing_text);
  CHECK_FALSE(expr("1 +").trailing_text);  // unfinished, not followed
  CHECK_FALSE(expr("upper(").trailing_text);
  CHECK_FALSE(config("a = 1\nb c").trailing_text);  // only expressions set it
}

TEST_CASE("on_tokens hands out every token once, in order, Eof last") {
  // Enough tokens for several batches; one text that parses, one with errors in the middle,
  // one whose parse stops early (nesting too deep), with and without a tree.
  std::string good;
  for (int i = 0; i < 4000; ++i) good += "r" + std::to_string(i) + " \"x\" {\n  a = [1, 2] # c\n}\n";
  size_t middle = good.find("}\n", good.size() / 2) + 2;
  std::string broken = good.substr(0, middle) + "a = = \n" + good.substr(middle);
  std::string deep = "a = " + std::string(5000, '[') + std::string(5000, ']') + "\n" + good;
  for (const std::string* text : {&good, &broken, &deep}) {
    for (bool tree : {false, true}) {
      std::vector<hcl::lex::Token> seen;
      bool failed = false;
      hcl::syntax::ParseOptions opt;
      opt.build_tree = tree;
      opt.on_tokens = [&](std::span<const hcl::lex::Token> batch, bool failed_so_far) {
        seen.insert(seen.end(), batch.begin(), batch.end());
        failed = failed_so_far;
      };
      config(*text, opt);
      CHECK(failed == (text != &good));  // told with the last batch at the latest
      auto all = hcl::lex::lex_all(*text);
      REQUIRE(seen.size() == all.size());
      bool same = true;
      for (size_t i = 0; i < all.size(); ++i)
        same = same && seen[i].kind == all[i].kind && seen[i].start == all[i].start && seen[i].end == all[i].end;
      CHECK(same);
    }
  }
}
