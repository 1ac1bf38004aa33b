// SPDX-License-Identifier: Apache-2.0
// The block scanners of lex/scan.h against the byte loops they replace, and the chunked lexer
// against the one-token-at-a-time one.
#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "lex/lexer.h"
#include "lex/scan.h"

#ifdef __linux__
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace scan = hcl::lex::scan;
namespace detail = hcl::lex::scan::scan_detail;

namespace {

// The two token arrays agree token by token (the caller says which text with INFO).
void require_same_tokens(const std::vector<hcl::lex::Token>& got, const std::vector<hcl::lex::Token>& want) {
  REQUIRE(got.size() == want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    CHECK(got[i].start == want[i].start);
    CHECK(got[i].end == want[i].end);
    CHECK(got[i].kind == want[i].kind);
  }
}

// Where a test's text is placed: by default in a buffer of its exact size (so a sanitizer build
// catches any read past the end); PageEnd places it where an unreadable page begins.
struct Placement {
  virtual ~Placement() = default;
  virtual char* place(const std::string& text) {
    buf.reset(new char[text.empty() ? 1 : text.size()]);
    std::copy(text.begin(), text.end(), buf.get());
    return buf.get();
  }
  std::unique_ptr<char[]> buf;
};

#ifdef __linux__
// The text ends where the next page is unreadable, so reading past its end ends the process,
// sanitizer or not.
struct PageEnd : Placement {
  PageEnd() {
    page = sysconf(_SC_PAGESIZE);
    map = static_cast<char*>(mmap(nullptr, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
    REQUIRE(map != MAP_FAILED);
    REQUIRE(mprotect(map + page, page, PROT_NONE) == 0);
  }
  ~PageEnd() override { munmap(map, 2 * page); }
  char* place(const std::string& text) override {
    char* at = map + page - text.size();
    std::copy(text.begin(), text.end(), at);
    return at;
  }
  long page;
  char* map;
};
#endif

// Texts of every length up to three blocks and a bit, filled mostly with bytes of the class being
// scanned and sometimes with one that stops it, bytes from 0x80 up among them.
template <typename Fast, typename Plain>
void agree(const std::string& members, Fast fast, Plain plain, Placement&& placement = Placement()) {
  std::mt19937 rng(42);
  const std::string stoppers = std::string("$%\"\\\r\n \t{}=.#/_-aZ09") + "\x80\xC3\xA9\xFF" + std::string(1, '\0');
  for (uint32_t len = 0; len <= 52; ++len) {
    for (int round = 0; round < 40; ++round) {
      // Early rounds stop rarely, so long runs reach block boundaries; later ones stop often.
      unsigned stop_one_in = round < 20 ? 40 : 4;
      std::string text(len, '\0');
      for (uint32_t i = 0; i < len; ++i) {
        text[i] = rng() % stop_one_in == 0 ? stoppers[rng() % stoppers.size()] : members[rng() % members.size()];
      }
      const char* buf = placement.place(text);
      for (uint32_t p = 0; p <= len; ++p) {
        INFO("len " << len << " from " << p << " text " << text);
        REQUIRE(fast(buf, p, len) == plain(buf, p, len));
      }
    }
  }
}

std::string all_bytes(bool (*in)(unsigned char)) {
  std::string out;
  for (int c = 0; c < 256; ++c)
    if (in(static_cast<unsigned char>(c))) out += static_cast<char>(c);
  return out;
}

}  // namespace

TEST_CASE("block scanners stop exactly where the byte loops stop") {
  SUBCASE("blanks") { agree(" \t", scan::blanks_end, detail::plain_blanks); }
  SUBCASE("identifier bytes") { agree(all_bytes(detail::is_ident_byte), scan::ident_end, detail::plain_ident); }
  SUBCASE("decimal digits") { agree(all_bytes(detail::is_digit), scan::digits_end, detail::plain_digits); }
  SUBCASE("quoted text") { agree(all_bytes(detail::is_quoted_text), scan::quoted_text_end, detail::plain_quoted); }
  SUBCASE("template text") {
    agree(all_bytes(detail::is_template_text), scan::template_text_end, detail::plain_template);
  }
  SUBCASE("text without sigils") {
    agree(all_bytes(detail::is_sigil_free), scan::sigil_free_end, detail::plain_sigil_free);
  }
  SUBCASE("text without escapes") {
    agree(all_bytes(detail::is_escape_free), scan::escape_free_end, detail::plain_escape_free);
  }
  SUBCASE("non-ASCII bytes anywhere") {
    auto plain = [](const char* s, uint32_t p, uint32_t end) {
      for (; p < end; ++p)
        if (static_cast<unsigned char>(s[p]) >= 0x80) return true;
      return false;
    };
    agree("abc \n", scan::has_non_ascii, plain);
  }
}

#ifdef __linux__
TEST_CASE("block scanners never read past the end of the text") {
  SUBCASE("blanks") { agree(" \t", scan::blanks_end, detail::plain_blanks, PageEnd()); }
  SUBCASE("identifier bytes") {
    agree(all_bytes(detail::is_ident_byte), scan::ident_end, detail::plain_ident, PageEnd());
  }
  SUBCASE("decimal digits") { agree(all_bytes(detail::is_digit), scan::digits_end, detail::plain_digits, PageEnd()); }
  SUBCASE("quoted text") {
    agree(all_bytes(detail::is_quoted_text), scan::quoted_text_end, detail::plain_quoted, PageEnd());
  }
  SUBCASE("template text") {
    agree(all_bytes(detail::is_template_text), scan::template_text_end, detail::plain_template, PageEnd());
  }
}

TEST_CASE("the lexer never reads past the end of the text") {
  // Every prefix of texts that hold each kind of run, so that each token in turn ends where the
  // text does, right before an unreadable page: the tokens are those of the same text elsewhere.
  const std::string texts[] = {
      "name_with_dashes-and_more_than_sixteen = 1234567890123456789.5e10 \"plain quoted text of some length\"",
      "x = <<EOT\n  heredoc text long enough to cross a block ${v} %{ if c }y%{ endif }\nEOT\n",
      "k = \"caf\xC3\xA9 \\n ${a}\" # comment\n  \t  \"\" 12 \xC3\xA9t\xC3\xA9",
  };
  PageEnd page;
  for (const std::string& text : texts) {
    for (size_t len = 0; len <= text.size(); ++len) {
      std::string prefix = text.substr(0, len);
      std::vector<hcl::lex::Token> want = hcl::lex::lex_all(prefix);
      std::vector<hcl::lex::Token> got = hcl::lex::lex_all(std::string_view(page.place(prefix), len));
      INFO(prefix);
      require_same_tokens(got, want);
    }
  }
}
#endif

TEST_CASE("the byte classes are the lexer's") {
  // Every byte the fast identifier scan accepts continues an ASCII name, and no other does.
  for (int c = 0; c < 256; ++c) {
    auto b = static_cast<unsigned char>(c);
    bool name = (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9') || b == '_' || b == '-';
    CHECK(detail::is_ident_byte(b) == name);
  }
}

TEST_CASE("lexing in chunks gives the tokens of lexing one at a time") {
  const std::string texts[] = {
      "a = 1\nb = \"x${y}z\" # c\n",
      "x = <<-EOT\n  hi ${a} %{ if b }c%{ endif }\n  EOT\ny = [1, 2.5e3, \"\\u00e9\\n\"]\n",
      "p = \"unterminated\n",
      "q = <<EOT\nno end",
      "r = \"caf\xC3\xA9 \xFF bad\" /* block */ s.t[*].u ~}",
      // Blank runs of every length and mix, at the start, between tokens and at the end.
      " \ta\t= \t 1  +\t\t\t2                  \n\t\t  b=c \t",
      // Heredocs closed one after another, at the end of the input and inside an interpolation.
      "x = <<EOT\nEOT\ny = <<-A\n  ${<<B\n  B\nB\n}\n  A",
      // A line end the scanner cannot take: the rest of the input is one token, then Eof.
      "z = <<EOT\nab$\r\rc\nEOT\n",
      // Plain quoted strings, whose literal and closing quote come after the opening one.
      "a = [\"x\", \"\", \"yy\"]\"z\" \"open",
  };
  for (const std::string& text : texts) {
    hcl::lex::Lexer one(text);
    std::vector<hcl::lex::Token> expected;
    for (;;) {
      expected.push_back(one.next());
      if (expected.back().kind == hcl::lex::TokenKind::Eof) break;
    }
    for (size_t chunk : {1, 2, 3, 7, 4096}) {
      hcl::lex::Lexer lexer(text);
      std::vector<hcl::lex::Token> got;
      for (;;) {
        std::vector<hcl::lex::Token> part(chunk);
        size_t n = lexer.fill(part.data(), chunk);
        got.insert(got.end(), part.begin(), part.begin() + static_cast<long>(n));
        if (n < chunk || got.back().kind == hcl::lex::TokenKind::Eof) break;
      }
      INFO(text << " in chunks of " << chunk);
      require_same_tokens(got, expected);
    }
  }
}

TEST_CASE("next and fill may take turns, in either mode") {
  // Both go on from where the other stopped: fill keeps the position in a register and leaves
  // it for the next call only at the end of its chunk.
  const std::pair<const char*, hcl::lex::LexMode> texts[] = {
      {"a = [\"x\", 1.5, {b = c}] # d\ne = <<EOT\n  ${f}\nEOT\ng = \"h${i}\"\n", hcl::lex::LexMode::Config},
      {"text ${a} %{ if b }c%{ endif }\nmore $${d}\r\n", hcl::lex::LexMode::Template},
  };
  for (const auto& [text, mode] : texts) {
    hcl::lex::Lexer one(text, mode);
    std::vector<hcl::lex::Token> expected;
    for (;;) {
      expected.push_back(one.next());
      if (expected.back().kind == hcl::lex::TokenKind::Eof) break;
    }
    hcl::lex::Lexer lexer(text, mode);
    std::vector<hcl::lex::Token> got;
    for (int turn = 0; got.empty() || got.back().kind != hcl::lex::TokenKind::Eof; ++turn) {
      if (turn % 2 == 0) {
        got.push_back(lexer.next());
      } else {
        hcl::lex::Token part[3];
        got.insert(got.end(), part, part + lexer.fill(part, 3));
      }
    }
    INFO(text);
    require_same_tokens(got, expected);
  }
}

TEST_CASE("the lexer counts the tokens that exist only to be reported") {
  // The parser looks for these kinds only in chunks where the count grew.
  const std::string texts[] = {
      "a = 1\n",
      "a = b & c | d ^ e ~ f; 'g' `h` \xFF \x01 \xE2\x80\x9C \"x\ny\" ~}\n",
      "x = <<EOT\n\xFF ${a & b}\nEOT\n",
      "q = \"\\q \xC3\"",
  };
  for (const std::string& text : texts) {
    hcl::lex::Lexer lexer(text);
    uint64_t expected = 0;
    for (;;) {
      hcl::lex::Token t = lexer.next();
      if (t.kind >= hcl::lex::TokenKind::BitwiseAnd) ++expected;
      if (t.kind == hcl::lex::TokenKind::Eof) break;
    }
    INFO(text);
    CHECK(lexer.reported_kinds() == expected);
  }
  CHECK(hcl::lex::Lexer("a & b ; c").reported_kinds() == 0);  // nothing lexed yet
}
