// The canonical layout, following the passes of hclwrite's format.go so that any difference from
// the reference can be traced to one of them:
//   1. split the tokens into lines, and each line into lead / assign / comment cells;
//   2. indent each line by the net bracket nesting of the lines before it;
//   3. space the tokens within each cell by a pairwise rule (space_after);
//   4. align the assign cells, then the comment cells, across runs of consecutive lines.
// Every token gets a count of spaces before it; the output is the tokens with those spaces. The
// one token never re-spaced is Eof, which keeps the blank space that ended the input.
#include "format/format.h"

#include <algorithm>
#include <cstring>
#include <thread>

#include "lex/lexer.h"
#include "source/source_file.h"
#include "syntax/parser.h"

namespace hcl::format {

namespace {

using K = TokenKind;

// Stands for "no token" (the reference's TokenNil): before the first token of a cell.
constexpr K kNil = static_cast<K>(255);
constexpr uint32_t kNone = UINT32_MAX;

inline int bracket_change(K k) {
  switch (k) {
    case K::OBrace: case K::OBrack: case K::OParen: case K::TemplateControl: case K::TemplateInterp:
      return 1;
    case K::CBrace: case K::CBrack: case K::CParen: case K::TemplateSeqEnd:
      return -1;
    default:
      return 0;
  }
}

// Whether a token ends its line: a newline, or a `#` / `//` comment, which holds its newline.
inline bool ends_line(const Token& t, const char* src) {
  return t.kind == K::Newline || (t.kind == K::Comment && t.end > t.start && src[t.end - 1] == '\n');
}

// The pairwise spacing rule (format.go's spaceAfterToken), case for case and in the same order,
// since earlier cases take precedence. `subject_is_in`: the subject is the identifier "in".
bool space_after(K subject, bool subject_is_in, K before, K after) {
  if (after == K::Newline || after == kNil) return false;
  if (subject == K::Ident && after == K::OParen) return false;  // a function call
  // Namespaced function names (provider::ns::fn, HCL 2.20) stay in one piece.
  if ((subject == K::Ident && after == K::DoubleColon) || (subject == K::DoubleColon && after == K::Ident)) return false;
  if (subject == K::Dot || after == K::Dot) return false;
  if (after == K::Comma || after == K::Ellipsis) return false;
  if (subject == K::Comma) return true;
  if (subject == K::QuotedLit || subject == K::StringLit || subject == K::OQuote || subject == K::OHeredoc ||
      after == K::QuotedLit || after == K::StringLit || after == K::CQuote || after == K::CHeredoc)
    return false;  // template text is never re-spaced
  if (subject_is_in && before == K::Ident) return true;  // [for x in [a]: x]
  if (after == K::OBrack && (subject == K::Ident || subject == K::NumberLit || bracket_change(subject) < 0))
    return false;  // an index
  if (subject == K::Bang) return false;
  if (subject == K::Minus) {
    // Negation when what precedes cannot end an operand.
    if (before == kNil) return false;  // at the start of a cell
    switch (before) {
      case K::OParen: case K::OBrace: case K::OBrack: case K::Equal: case K::Colon: case K::Comma: case K::Question:
      case K::Plus: case K::Star: case K::Slash: case K::Percent: case K::Minus:
      case K::EqualOp: case K::NotEqual: case K::GreaterThan: case K::GreaterThanEq: case K::LessThan:
      case K::LessThanEq:
      case K::And: case K::Or: case K::Bang:
        return false;
      default:
        return true;
    }
  }
  if (subject == K::OBrace || after == K::CBrace) return !(subject == K::OBrace && after == K::CBrace);
  if ((subject == K::TemplateInterp || subject == K::TemplateControl) && after == K::OBrace) return true;
  if (subject == K::CBrace && after == K::TemplateSeqEnd) return true;
  if (subject == K::TemplateSeqEnd && (after == K::TemplateInterp || after == K::TemplateControl)) return false;
  if (bracket_change(subject) > 0) return false;
  if (bracket_change(after) < 0) return false;
  return true;
}

// A line's cells as token index ranges. `assign` is absent when assign_begin == assign_end.
struct Line {
  uint32_t lead_begin, lead_end;
  uint32_t assign_begin, assign_end;
  uint32_t comment;  // token index, or kNone
};

// Columns a token's text occupies: grapheme clusters, as the reference counts them (textseg).
inline uint32_t text_columns(const char* p, uint32_t n) {
  for (uint32_t i = 0; i < n; ++i) {
    unsigned char c = static_cast<unsigned char>(p[i]);
    if (c >= 0x80 || c == '\r') return grapheme_count(std::string_view(p, n));
  }
  return n;
}

class Formatter {
 public:
  Formatter(std::string_view src, std::span<const Token> tokens) : src_(src.data()), toks_(tokens) {}

  std::string run() {
    size_t n = toks_.size();
    if (n == 0) return {};
    spaces_.resize(n);
    uint32_t prev_end = 0;
    for (size_t i = 0; i < n; ++i) {
      spaces_[i] = toks_[i].start - prev_end;
      prev_end = toks_[i].end;
    }
    split_lines();
    for (const Line& line : lines_) {
      indent(line);
      space_cells(line);
    }
    align_assign();
    align_comments();
    return write();
  }

 private:
  bool is_in(uint32_t i) const {
    const Token& t = toks_[i];
    return t.kind == K::Ident && t.size() == 2 && src_[t.start] == 'i' && src_[t.start + 1] == 'n';
  }

  void split_lines() {
    size_t n = toks_.size();
    size_t count = 1;
    for (size_t i = 0; i < n; ++i) count += ends_line(toks_[i], src_);
    lines_.reserve(count);
    uint32_t start = 0;
    for (uint32_t i = 0; i < n; ++i) {
      const Token& t = toks_[i];
      if (t.kind == K::Eof) {
        add_line(start, i);
        return;
      }
      if (ends_line(t, src_)) {
        add_line(start, i + 1);
        start = i + 1;
      }
    }
    // A sequence without Eof (not produced by lex_all, but harmless).
    if (start < n) add_line(start, static_cast<uint32_t>(n));
  }

  void add_line(uint32_t begin, uint32_t end) {
    Line line{begin, end, 0, 0, kNone};
    if (end - begin > 1 && toks_[end - 1].kind == K::Comment) {
      line.comment = end - 1;
      line.lead_end = end - 1;
    }
    // The first `=` after the line's first token starts the assign cell, when the rest of the
    // line is bracket-balanced (otherwise the value continues on the following lines).
    for (uint32_t i = begin + 1; i < line.lead_end; ++i) {
      if (toks_[i].kind != K::Equal) continue;
      int net = 0;
      for (uint32_t j = i; j < line.lead_end; ++j) net += bracket_change(toks_[j].kind);
      if (net == 0) {
        line.assign_begin = i;
        line.assign_end = line.lead_end;
        line.lead_end = i;
      }
      break;
    }
    lines_.push_back(line);
  }

  void indent(const Line& line) {
    if (line.lead_begin == line.lead_end) return;
    uint32_t first = line.lead_begin;
    if (toks_[first].kind == K::Newline) {
      spaces_[first] = 0;
      return;
    }
    int net = 0;
    for (uint32_t i = line.lead_begin; i < line.lead_end; ++i) {
      net += bracket_change(toks_[i].kind);
      if (toks_[i].kind == K::OHeredoc) break;  // the heredoc's own text does not count
    }
    for (uint32_t i = line.assign_begin; i < line.assign_end; ++i) net += bracket_change(toks_[i].kind);
    if (net > 0) {
      spaces_[first] = 2 * static_cast<uint32_t>(indents_.size());
      indents_.push_back(net);
      return;
    }
    // Closing brackets pop the levels they opened; a level opened by several brackets on one line
    // is left only when all of them are closed.
    int closed = -net;
    while (closed > 0 && !indents_.empty()) {
      int& top = indents_.back();
      if (closed > top) {
        closed -= top;
        indents_.pop_back();
      } else if (closed < top) {
        top -= closed;
        closed = 0;
      } else {
        indents_.pop_back();
        closed = 0;
      }
    }
    spaces_[first] = 2 * static_cast<uint32_t>(indents_.size());
  }

  void space_range(uint32_t begin, uint32_t end) {
    K before = kNil;
    for (uint32_t i = begin; i + 1 < end; ++i) {
      K subject = toks_[i].kind;
      spaces_[i + 1] = space_after(subject, subject == K::Ident && is_in(i), before, toks_[i + 1].kind) ? 1 : 0;
      before = subject;
    }
  }

  void space_cells(const Line& line) {
    space_range(line.lead_begin, line.lead_end);
    if (line.assign_begin != line.assign_end) {
      spaces_[line.assign_begin] = 1;
      space_range(line.assign_begin, line.assign_end);
    }
  }

  uint32_t columns(uint32_t begin, uint32_t end) const {
    uint32_t c = 0;
    for (uint32_t i = begin; i < end; ++i) c += spaces_[i] + text_columns(src_ + toks_[i].start, toks_[i].size());
    return c;
  }

  // Runs of consecutive lines with an assign cell get their `=` in one column.
  void align_assign() {
    size_t chain_start = kNone;
    uint32_t max_columns = 0;
    cols_.clear();
    auto close = [&](size_t end) {
      for (size_t l = chain_start; l < end; ++l)
        spaces_[lines_[l].assign_begin] = max_columns - cols_[l - chain_start] + 1;
      chain_start = kNone;
      max_columns = 0;
      cols_.clear();
    };
    for (size_t l = 0; l < lines_.size(); ++l) {
      const Line& line = lines_[l];
      if (line.assign_begin == line.assign_end) {
        if (chain_start != kNone) close(l);
        continue;
      }
      if (chain_start == kNone) chain_start = l;
      uint32_t c = columns(line.lead_begin, line.lead_end);
      cols_.push_back(c);
      max_columns = std::max(max_columns, c);
    }
    if (chain_start != kNone) close(lines_.size());
  }

  // Then runs of consecutive lines ending in a comment get their comments in one column.
  void align_comments() {
    size_t chain_start = kNone;
    uint32_t max_columns = 0;
    cols_.clear();
    auto close = [&](size_t end) {
      for (size_t l = chain_start; l < end; ++l) spaces_[lines_[l].comment] = max_columns - cols_[l - chain_start] + 1;
      chain_start = kNone;
      max_columns = 0;
      cols_.clear();
    };
    for (size_t l = 0; l < lines_.size(); ++l) {
      const Line& line = lines_[l];
      if (line.comment == kNone) {
        if (chain_start != kNone) close(l);
        continue;
      }
      if (chain_start == kNone) chain_start = l;
      uint32_t c = columns(line.lead_begin, line.lead_end) + columns(line.assign_begin, line.assign_end);
      cols_.push_back(c);
      max_columns = std::max(max_columns, c);
    }
    if (chain_start != kNone) close(lines_.size());
  }

  std::string write() const {
    size_t total = 0;
    for (size_t i = 0; i < toks_.size(); ++i) total += spaces_[i] + toks_[i].size();
    std::string out;
    out.resize(total);
    char* p = out.data();
    for (size_t i = 0; i < toks_.size(); ++i) {
      uint32_t s = spaces_[i];
      if (s) {
        std::memset(p, ' ', s);
        p += s;
      }
      uint32_t len = toks_[i].size();
      std::memcpy(p, src_ + toks_[i].start, len);
      p += len;
    }
    return out;
  }

  const char* src_;
  std::span<const Token> toks_;
  std::vector<uint32_t> spaces_;
  std::vector<Line> lines_;
  std::vector<int> indents_;
  std::vector<uint32_t> cols_;
};

}  // namespace

std::string format_tokens(std::string_view src, std::span<const Token> tokens) {
  return Formatter(src, tokens).run();
}

std::string format_source(std::string_view src) {
  std::vector<Token> tokens = lex_all(src);
  return format_tokens(src, tokens);
}

FormatResult format_config(std::shared_ptr<const SourceFile> source, const FormatOptions& options) {
  FormatResult r;
  if (options.style == Style::Terraform) {
    ParseResult parsed = parse_config(source);
    r.diagnostics = std::move(parsed.diagnostics);
    if (has_errors(r.diagnostics) || !parsed.tree) return r;
    r.output = format_source(terraform_rewrite(*parsed.tree));
    r.ok = true;
    return r;
  }
  ParseOptions po;
  po.build_tree = false;
  if (source->size() >= options.parallel_threshold && std::thread::hardware_concurrency() > 1) {
    // Big inputs: check the syntax while formatting; the output is dropped if the check fails.
    ParseResult parsed;
    std::thread checker([&] { parsed = parse_config(source, po); });
    r.output = format_source(source->text());
    checker.join();
    r.diagnostics = std::move(parsed.diagnostics);
  } else {
    r.diagnostics = parse_config(source, po).diagnostics;
    if (!has_errors(r.diagnostics)) r.output = format_source(source->text());
  }
  if (has_errors(r.diagnostics)) {
    r.output.clear();
    return r;
  }
  r.ok = true;
  return r;
}

}  // namespace hcl::format
