// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "lex/lexer.h"

using hcl::lex::TokenKind;
using K = hcl::lex::TokenKind;

namespace {

struct Tok {
  K kind;
  std::string text;
};

std::vector<Tok> lex(std::string_view src, hcl::lex::LexMode mode = hcl::lex::LexMode::Config) {
  std::vector<Tok> out;
  for (const auto& t : hcl::lex::lex_all(src, mode)) out.push_back({t.kind, std::string(t.text(src))});
  return out;
}

std::string kinds(std::string_view src, hcl::lex::LexMode mode = hcl::lex::LexMode::Config) {
  std::string out;
  for (const auto& t : lex(src, mode)) {
    if (!out.empty()) out += ' ';
    out += std::string(hcl::lex::token_kind_name(t.kind)).substr(5);
    if (t.kind != K::Eof && t.kind != K::Newline) out += "(" + t.text + ")";
  }
  return out;
}

}  // namespace

TEST_CASE("every operator and delimiter") {
  CHECK(kinds("+ - * / % == != < <= > >= && || ! ? : = => . , ... ( ) [ ] { } ::") ==
        "Plus(+) Minus(-) Star(*) Slash(/) Percent(%) EqualOp(==) NotEqual(!=) LessThan(<) LessThanEq(<=) "
        "GreaterThan(>) GreaterThanEq(>=) And(&&) Or(||) Bang(!) Question(?) Colon(:) Equal(=) FatArrow(=>) Dot(.) "
        "Comma(,) Ellipsis(...) OParen(() CParen()) OBrack([) CBrack(]) OBrace({) CBrace(}) DoubleColon(::) EOF");
}

TEST_CASE("characters recognized only to report them") {
  CHECK(kinds("& | ~ ^ ; ` '") ==
        "BitwiseAnd(&) BitwiseOr(|) BitwiseNot(~) BitwiseXor(^) Semicolon(;) Backtick(`) Apostrophe(') EOF");
  CHECK(kinds("$ @ \\") == "Invalid($) Invalid(@) Invalid(\\) EOF");
  CHECK(kinds("\xff") == "BadUTF8(\xff) EOF");
  CHECK(kinds("\xe2\x80\x9c") == "Invalid(\xe2\x80\x9c) EOF");
  CHECK(kinds("a\rb") == "Ident(a) Invalid(\r) Ident(b) EOF");
}

TEST_CASE("numbers take digits, dots and exponents but never end with a dot") {
  CHECK(kinds("1 12.5 1e5 1E+5 1.5e-3 1.e5") ==
        "NumberLit(1) NumberLit(12.5) NumberLit(1e5) NumberLit(1E+5) NumberLit(1.5e-3) NumberLit(1.e5) EOF");
  CHECK(kinds("1.") == "NumberLit(1) Dot(.) EOF");
  CHECK(kinds("1..2") == "NumberLit(1..2) EOF");
  CHECK(kinds("1e") == "NumberLit(1) Ident(e) EOF");
  CHECK(kinds("1...") == "NumberLit(1) Ellipsis(...) EOF");
  CHECK(kinds("0x1") == "NumberLit(0) Ident(x1) EOF");
}

TEST_CASE("identifiers follow UAX #31 plus dashes") {
  CHECK(kinds("foo _bar a-b-1 caf\xc3\xa9 \xe4\xb8\xad\xe6\x96\x87") ==
        "Ident(foo) Ident(_bar) Ident(a-b-1) Ident(caf\xc3\xa9) Ident(\xe4\xb8\xad\xe6\x96\x87) EOF");
  CHECK(kinds("a\xcc\x81") == "Ident(a\xcc\x81) EOF");  // a combining mark continues an identifier
  CHECK(kinds("-a") == "Minus(-) Ident(a) EOF");
}

TEST_CASE("name characters are Unicode 9.0's, byte for byte as the reference's scanner takes them") {
  // U+1C80 (Unicode 9.0) is a letter; U+0860 (Unicode 10.0) is not one yet.
  CHECK(kinds("x\xe1\xb2\x80") == "Ident(x\xe1\xb2\x80) EOF");
  CHECK(kinds("x\xe0\xa1\xa0") == "Ident(x) Invalid(\xe0\xa1\xa0) EOF");
  // Its generated machine leaves the bytes after some lead bytes free: 0xC4 and any byte is a
  // letter (U+0100..U+017F, extended), a space or an "=" too, and so is 0xE5 and any two.
  CHECK(kinds("a\xc4 = 1") == "Ident(a\xc4 ) Equal(=) NumberLit(1) EOF");
  CHECK(kinds("a\xc4= 1") == "Ident(a\xc4=) NumberLit(1) EOF");
  CHECK(kinds("x = a\xe5"
              "ab") ==
        "Ident(x) Equal(=) Ident(a\xe5"
        "ab) EOF");
  CHECK(kinds("\xf0\xab\xf0\x9f\x87\xb7") == "Ident(\xf0\xab\xf0\x9f) BadUTF8(\x87) BadUTF8(\xb7) EOF");
  // A name may take a newline in, after such a byte.
  CHECK(kinds("a\xc4\n") == "Ident(a\xc4\n) EOF");
  // Not every lead byte: 0xC3 takes 0x80..0x96, 0x98..0xB6 and 0xB8..0xFF.
  CHECK(kinds("\xc3"
              "a") == "BadUTF8(\xc3) Ident(a) EOF");
  CHECK(kinds("\xc3\xff") == "Ident(\xc3\xff) EOF");
  // A name character cut off by the end of the text is not one.
  CHECK(kinds("a\xe5"
              "a") == "Ident(a) BadUTF8(\xe5) Ident(a) EOF");
}

TEST_CASE("comments and newlines") {
  CHECK(kinds("# c\na") == "Comment(# c\n) Ident(a) EOF");
  CHECK(kinds("// c\r\na") == "Comment(// c\r\n) Ident(a) EOF");
  CHECK(kinds("/* a\nb */c") == "Comment(/* a\nb */) Ident(c) EOF");
  CHECK(kinds("/* open") == "Slash(/) Star(*) Ident(open) EOF");
  CHECK(kinds("a\r\nb\n") == "Ident(a) Newline Ident(b) Newline EOF");
  CHECK(kinds("a\t=\t1") == "Ident(a) Equal(=) NumberLit(1) EOF");
}

TEST_CASE("quoted templates") {
  CHECK(kinds("\"a${b}c\"") ==
        "OQuote(\") QuotedLit(a) TemplateInterp(${) Ident(b) TemplateSeqEnd(}) QuotedLit(c) CQuote(\") EOF");
  CHECK(kinds("\"%{~ if x ~}\"") ==
        "OQuote(\") TemplateControl(%{~) Ident(if) Ident(x) TemplateSeqEnd(~}) CQuote(\") EOF");
  CHECK(kinds("\"\\\"\\n\\u00e9\"") == "OQuote(\") QuotedLit(\\\"\\n\\u00e9) CQuote(\") EOF");
  CHECK(kinds("\"$${x}%%{y}\"") ==
        "OQuote(\") QuotedLit($${) QuotedLit(x}) QuotedLit(%%{) QuotedLit(y}) CQuote(\") EOF");
  CHECK(kinds("\"$$ $\"") == "OQuote(\") QuotedLit($) QuotedLit($) QuotedLit( ) QuotedLit($) CQuote(\") EOF");
  CHECK(kinds("\"a\nb\"") == "OQuote(\") QuotedLit(a) QuotedNewline(\n) QuotedLit(b) CQuote(\") EOF");
  CHECK(kinds("\"\\\n\"") == "OQuote(\") Invalid(\\) QuotedNewline(\n) CQuote(\") EOF");
  CHECK(kinds("\"x$") == "OQuote(\") QuotedLit(x) Invalid($) EOF");
}

TEST_CASE("plain quoted strings are cut whole; any other goes on in the quoted state") {
  // A string of plain ASCII text up to its closing quote is cut at its opening quote, its
  // literal and quote handed out next; a stop byte anywhere sends it through the quoted state.
  CHECK(kinds("\"abc\"") == "OQuote(\") QuotedLit(abc) CQuote(\") EOF");
  CHECK(kinds("\"\"") == "OQuote(\") CQuote(\") EOF");
  CHECK(kinds("a = \"\" \"b\"\"\"\n") ==
        "Ident(a) Equal(=) OQuote(\") CQuote(\") OQuote(\") QuotedLit(b) CQuote(\") OQuote(\") CQuote(\") Newline EOF");
  CHECK(kinds("\"abc") == "OQuote(\") QuotedLit(abc) EOF");
  CHECK(kinds("\"") == "OQuote(\") EOF");
  CHECK(kinds("\"a\\\"b\"") == "OQuote(\") QuotedLit(a\\\"b) CQuote(\") EOF");
  CHECK(kinds("\"a%b\"") == "OQuote(\") QuotedLit(a) QuotedLit(%) QuotedLit(b) CQuote(\") EOF");
  CHECK(kinds("\"caf\xC3\xA9\"") == "OQuote(\") QuotedLit(caf\xC3\xA9) CQuote(\") EOF");
  CHECK(kinds("\"a\rb\"") == "OQuote(\") QuotedLit(a) QuotedNewline(\r) QuotedLit(b) CQuote(\") EOF");
  // Runs longer than a block, and strings inside interpolations, whose states come back after.
  std::string long_text(40, 'x');
  CHECK(kinds("\"" + long_text + "\"") == "OQuote(\") QuotedLit(" + long_text + ") CQuote(\") EOF");
  CHECK(
      kinds("\"${\"a\"}b\"") ==
      "OQuote(\") TemplateInterp(${) OQuote(\") QuotedLit(a) CQuote(\") TemplateSeqEnd(}) QuotedLit(b) CQuote(\") EOF");
  CHECK(kinds("<<EOT\n${\"a\"} ${\"\"}\nEOT\n") ==
        "OHeredoc(<<EOT\n) TemplateInterp(${) OQuote(\") QuotedLit(a) CQuote(\") TemplateSeqEnd(}) StringLit( ) "
        "TemplateInterp(${) OQuote(\") CQuote(\") TemplateSeqEnd(}) StringLit(\n) CHeredoc(EOT) Newline EOF");
  CHECK(kinds("{ a = \"b\" }") == "OBrace({) Ident(a) Equal(=) OQuote(\") QuotedLit(b) CQuote(\") CBrace(}) EOF");
}

TEST_CASE("numbers of every length, with and without fractions") {
  // The leading digits are skipped in blocks; a dot or exponent after them goes on a byte at a time.
  for (size_t n = 1; n <= 40; ++n) {
    std::string digits(n, '7');
    CAPTURE(n);
    CHECK(kinds(digits) == "NumberLit(" + digits + ") EOF");
    CHECK(kinds(digits + ",") == "NumberLit(" + digits + ") Comma(,) EOF");
    CHECK(kinds(digits + ".5e" + digits + "x") == "NumberLit(" + digits + ".5e" + digits + ") Ident(x) EOF");
    CHECK(kinds(digits + ".") == "NumberLit(" + digits + ") Dot(.) EOF");
  }
}

TEST_CASE("templates nest inside interpolations to any depth") {
  CHECK(kinds("\"${\"${\"${x}\"}\"}\"") ==
        "OQuote(\") TemplateInterp(${) OQuote(\") TemplateInterp(${) OQuote(\") TemplateInterp(${) Ident(x) "
        "TemplateSeqEnd(}) CQuote(\") TemplateSeqEnd(}) CQuote(\") TemplateSeqEnd(}) CQuote(\") EOF");
  CHECK(
      kinds("\"${ {a=1} }\"") ==
      "OQuote(\") TemplateInterp(${) OBrace({) Ident(a) Equal(=) NumberLit(1) CBrace(}) TemplateSeqEnd(}) CQuote(\") EOF");
}

TEST_CASE("heredocs") {
  CHECK(kinds("<<EOT\nhello ${x}\nEOT\n") ==
        "OHeredoc(<<EOT\n) StringLit(hello ) TemplateInterp(${) Ident(x) TemplateSeqEnd(}) StringLit(\n) "
        "CHeredoc(EOT) Newline EOF");
  CHECK(kinds("<<-EOT\r\n  a\r\n  EOT\r\n") == "OHeredoc(<<-EOT\r\n) StringLit(  a\r\n) CHeredoc(  EOT) Newline EOF");
  // A line with more than the marker is content; the marker must start a line.
  CHECK(kinds("<<EOT\nEOT x\n${y}EOT\nEOT\n") ==
        "OHeredoc(<<EOT\n) StringLit(EOT x\n) TemplateInterp(${) Ident(y) TemplateSeqEnd(}) StringLit(EOT\n) "
        "CHeredoc(EOT) Newline EOF");
  // The scanner's treatment of a lone sigil: it takes the next byte only before a line end.
  CHECK(kinds("<<EOT\n$y\n$yq\n$\nEOT\n") ==
        "OHeredoc(<<EOT\n) StringLit($y) StringLit(\n) StringLit($) StringLit(yq\n) StringLit($) StringLit(\n) "
        "CHeredoc(EOT) Newline EOF");
  CHECK(kinds("<<EOT\nab\rcd\nEOT\n") == "OHeredoc(<<EOT\n) StringLit(ab) Invalid(\rcd\nEOT\n) EOF");
  CHECK(kinds("<< EOT\n") == "LessThan(<) LessThan(<) Ident(EOT) Newline EOF");
}

TEST_CASE("bare templates") {
  using M = hcl::lex::LexMode;
  CHECK(kinds("a ${b}\nc\n", M::Template) ==
        "StringLit(a ) TemplateInterp(${) Ident(b) TemplateSeqEnd(}) StringLit(\n) StringLit(c\n) EOF");
  CHECK(kinds("50%", M::Template) == "StringLit(50) StringLit(%) EOF");
  CHECK(kinds("%{ if x }y%{ endif }", M::Template) ==
        "TemplateControl(%{) Ident(if) Ident(x) TemplateSeqEnd(}) StringLit(y) TemplateControl(%{) Ident(endif) "
        "TemplateSeqEnd(}) EOF");
}

TEST_CASE("a byte-order mark is skipped") {
  auto toks = hcl::lex::lex_all(
      "\xef\xbb\xbf"
      "a");
  REQUIRE(toks.size() == 2);
  CHECK(toks[0].start == 3);
  CHECK(toks[0].kind == K::Ident);
}

TEST_CASE("every byte belongs to a token or to blank space between tokens") {
  std::string src = "a = \"x${y}\" # c\n  b = <<EOT\n  z\nEOT\n\t\xff c\r\n";
  auto toks = hcl::lex::lex_all(src);
  uint32_t at = 0;
  for (const auto& t : toks) {
    for (uint32_t i = at; i < t.start; ++i) CHECK((src[i] == ' ' || src[i] == '\t'));
    at = t.end;
  }
  CHECK(at == src.size());
}

TEST_CASE("blanks of every shape between tokens, and at the end") {
  // A single space before a token is stepped over apart from longer runs of blanks: each shape
  // of run, next to each kind of token and at the end of the input, where Eof sits last.
  for (const char* blank : {" ", "  ", "\t", " \t", "\t ", "    "}) {
    std::string b = blank;
    INFO("blank [" << b << "]");
    CHECK(kinds("a" + b + "=" + b + "1" + b + "\n") == "Ident(a) Equal(=) NumberLit(1) Newline EOF");
    CHECK(kinds("f(" + b + "x," + b + "\"y\")" + b) ==
          "Ident(f) OParen(() Ident(x) Comma(,) OQuote(\") QuotedLit(y) "
          "CQuote(\") CParen()) EOF");
    CHECK(kinds("\"" + b + "${" + b + "a" + b + "}" + b + "\"") ==
          "OQuote(\") QuotedLit(" + b + ") TemplateInterp(${) Ident(a) TemplateSeqEnd(}) QuotedLit(" + b +
              ") CQuote(\") EOF");
    for (const std::string& src : {"a" + b, b, b + "a" + b, "a" + b + "#c" + b}) {
      auto toks = hcl::lex::lex_all(src);
      REQUIRE(!toks.empty());
      CHECK(toks.back().kind == K::Eof);
      CHECK(toks.back().start == src.size());
    }
  }
}
