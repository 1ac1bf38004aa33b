// SPDX-License-Identifier: Apache-2.0
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

using K = lex::TokenKind;

// Whether text after "<digits>." continues a number literal: the scanner reads a number as a
// digit followed by digits, dots and exponents (`e5`, `E+5`), so `0.1` and `0.e5` are one token.
inline bool continues_number(std::string_view next) {
  if (next.empty()) return false;
  if (next[0] >= '0' && next[0] <= '9') return true;
  return (next[0] == 'e' || next[0] == 'E') && next.size() > 1 && next[1] >= '0' && next[1] <= '9';
}

// Stands for "no token" (the reference's TokenNil): before the first token of a cell.
constexpr K kNil = static_cast<K>(255);
constexpr uint32_t kNone = UINT32_MAX;

inline int bracket_change(K k) {
  switch (k) {
    case K::OBrace:
    case K::OBrack:
    case K::OParen:
    case K::TemplateControl:
    case K::TemplateInterp: return 1;
    case K::CBrace:
    case K::CBrack:
    case K::CParen:
    case K::TemplateSeqEnd: return -1;
    default: return 0;
  }
}

// Whether a token ends its line: a newline, or a `#` / `//` comment, which holds its newline.
inline bool ends_line(const lex::Token& t, const char* src) {
  return t.kind == K::Newline || (t.kind == K::Comment && t.end > t.start && src[t.end - 1] == '\n');
}

// The pairwise spacing rule (format.go's spaceAfterToken), case for case and in the same order,
// since earlier cases take precedence. `subject_is_in`: the subject is the identifier "in";
// `dot_joins_number`: `after` is a dot that, written without spaces, would join the subject (a
// number) and the token after the dot into one number (see continues_number).
bool space_after(K subject, bool subject_is_in, K before, K after, bool dot_joins_number) {
  if (after == K::Newline || after == kNil) return false;
  // hclwrite writes a number, a dot and what follows without spaces, where they can read back as
  // one number: `0. 1` (a legacy index on 0) would become `0.1`, and `b.0 .1` or `b.0. e5` the
  // invalid `b.0.1` and `b.0.e5`. Keeping one space keeps the meaning.
  if (dot_joins_number) return true;
  if (subject == K::Ident && after == K::OParen) return false;  // a function call
  // Namespaced function names (provider::ns::fn, HCL 2.20) stay in one piece.
  if ((subject == K::Ident && after == K::DoubleColon) || (subject == K::DoubleColon && after == K::Ident))
    return false;
  if (subject == K::Dot || after == K::Dot) return false;
  if (after == K::Comma || after == K::Ellipsis) return false;
  if (subject == K::Comma) return true;
  if (subject == K::QuotedLit || subject == K::StringLit || subject == K::OQuote || subject == K::OHeredoc ||
      after == K::QuotedLit || after == K::StringLit || after == K::CQuote || after == K::CHeredoc)
    return false;                                        // template text is never re-spaced
  if (subject_is_in && before == K::Ident) return true;  // [for x in [a]: x]
  if (after == K::OBrack && (subject == K::Ident || subject == K::NumberLit || bracket_change(subject) < 0))
    return false;  // an index
  if (subject == K::Bang) return false;
  if (subject == K::Minus) {
    // Negation when what precedes cannot end an operand.
    if (before == kNil) return false;  // at the start of a cell
    switch (before) {
      case K::OParen:
      case K::OBrace:
      case K::OBrack:
      case K::Equal:
      case K::Colon:
      case K::Comma:
      case K::Question:
      case K::Plus:
      case K::Star:
      case K::Slash:
      case K::Percent:
      case K::Minus:
      case K::EqualOp:
      case K::NotEqual:
      case K::GreaterThan:
      case K::GreaterThanEq:
      case K::LessThan:
      case K::LessThanEq:
      case K::And:
      case K::Or:
      case K::Bang: return false;
      default: return true;
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

// A line's cells as absolute token numbers. `assign` is absent when assign_begin == assign_end.
struct Line {
  uint32_t begin, end;  // all the line's tokens
  uint32_t lead_end;    // the lead cell is [begin, lead_end)
  uint32_t assign_begin, assign_end;
  uint32_t comment;       // token number, or kNone
  uint32_t lead_columns;  // width of the lead cell, indentation included (for lines in a run)
  uint32_t assign_rest;   // width of the assign cell without the space before its "="
};

// A run of lines ending in comments, [start, end) in line numbers, whose alignment waits for the
// assign cells of those lines to be aligned first.
struct CommentRun {
  uint32_t start, end;
};

// Columns a token's text occupies: grapheme clusters, as the reference counts them (textseg).
inline uint32_t text_columns(const char* p, uint32_t n) {
  for (uint32_t i = 0; i < n; ++i) {
    unsigned char c = static_cast<unsigned char>(p[i]);
    if (c >= 0x80 || c == '\r') return source::grapheme_count(std::string_view(p, n));
  }
  return n;
}

// Where the formatted text goes. Build: all of it into `buf`. Stream: chunks of `buf` to `sink`.
// Compare: chunks are checked against `compare` (the input) and dropped while they agree; at the
// first difference the agreed prefix is put back in front of `buf`, which then gets the rest
// (or, without `need_output`, formatting stops there).
struct Output {
  enum class Mode : uint8_t { Build, Stream, Compare } mode = Mode::Build;
  std::string buf;
  const ChunkSink* sink = nullptr;
  std::string_view compare;
  bool need_output = true;
  size_t matched = 0;
  bool diverged = false;

  // Returns false to stop.
  bool flush(bool final) {
    if (mode == Mode::Build || (!final && buf.size() < (64u << 10))) return true;
    if (mode == Mode::Stream) {
      bool more = (*sink)(buf);
      buf.clear();
      return more;
    }
    if (diverged) return true;
    if (compare.size() - matched >= buf.size() && std::memcmp(compare.data() + matched, buf.data(), buf.size()) == 0) {
      matched += buf.size();
      buf.clear();
      if (final && matched != compare.size()) {
        diverged = true;  // the output is a proper prefix of the input
        if (need_output) buf.assign(compare.substr(0, matched));
      }
      return true;
    }
    diverged = true;
    if (!need_output) return false;
    std::string whole;
    whole.reserve(compare.size() + compare.size() / 8 + buf.size() + 64);
    whole.append(compare.substr(0, matched));
    whole.append(buf);
    buf = std::move(whole);
    mode = Mode::Build;
    return true;
  }
};

// The passes of format.go, run as a stream: a line is written as soon as the runs it belongs to
// are complete, so only the lines of open runs are held (not the whole token array), and the
// output goes out in chunks. `Next` yields the tokens in order, Eof last.
template <class Next>
class Formatter {
 public:
  Formatter(std::string_view src, Next next, Output& out) : src_(src.data()), next_(std::move(next)), output_(out) {}

  // Returns false when the sink asked to stop.
  bool run() {
    uint32_t count = 0, line_start = 0, last_end = 0;
    for (;;) {
      lex::Token t = next_();
      if (t.kind == K::Eof) {
        finish_line(line_start, count);
        close_all();
        if (!emit_ready()) return false;
        // Eof is never re-spaced: the blank space that ended the input stays.
        output_.buf.append(t.start - last_end, ' ');
        return output_.flush(true);
      }
      win_.push_back(t);
      sp_.push_back(0);
      last_end = t.end;
      ++count;
      if (ends_line(t, src_)) {
        finish_line(line_start, count);
        line_start = count;
        if (!emit_ready()) return false;
      }
    }
  }

 private:
  const lex::Token& tok(uint32_t i) const { return win_[i - base_]; }
  uint32_t& sp(uint32_t i) { return sp_[i - base_]; }
  Line& line(uint32_t l) { return lines_[l - lbase_]; }

  bool is_in(const lex::Token& t) const {
    return t.kind == K::Ident && t.size() == 2 && src_[t.start] == 'i' && src_[t.start + 1] == 'n';
  }

  void finish_line(uint32_t begin, uint32_t end) {
    Line ln{begin, end, end, 0, 0, kNone, 0, 0};
    if (end - begin > 1 && tok(end - 1).kind == K::Comment) {
      ln.comment = end - 1;
      ln.lead_end = end - 1;
    }
    // The first `=` after the line's first token starts the assign cell, when the rest of the
    // line is bracket-balanced (otherwise the value continues on the following lines).
    for (uint32_t i = begin + 1; i < ln.lead_end; ++i) {
      if (tok(i).kind != K::Equal) continue;
      int net = 0;
      for (uint32_t j = i; j < ln.lead_end; ++j) net += bracket_change(tok(j).kind);
      if (net == 0) {
        ln.assign_begin = i;
        ln.assign_end = ln.lead_end;
        ln.lead_end = i;
      }
      break;
    }
    indent(ln);
    space_range(ln.begin, ln.lead_end);
    bool has_assign = ln.assign_begin != ln.assign_end;
    if (has_assign) {
      sp(ln.assign_begin) = 1;
      space_range(ln.assign_begin, ln.assign_end);
    }
    if (has_assign || ln.comment != kNone) {
      ln.lead_columns = columns(ln.begin, ln.lead_end);
      if (has_assign) ln.assign_rest = columns(ln.assign_begin, ln.assign_end) - 1;
    }
    uint32_t l = lbase_ + static_cast<uint32_t>(lines_.size());
    lines_.push_back(ln);

    // Runs of lines with an assign cell align their "=".
    if (has_assign) {
      if (assign_open_ == kNone) assign_open_ = l;
      assign_max_ = std::max(assign_max_, ln.lead_columns);
    } else if (assign_open_ != kNone) {
      close_assign(l);
    }
    // Runs of lines ending in a comment align their comments, once their "=" are in place.
    if (ln.comment != kNone) {
      if (comment_open_ == kNone) comment_open_ = l;
    } else if (comment_open_ != kNone) {
      pending_.push_back(CommentRun{comment_open_, l});
      comment_open_ = kNone;
    }
    resolve_comments();
  }

  void close_all() {
    uint32_t end = lbase_ + static_cast<uint32_t>(lines_.size());
    if (assign_open_ != kNone) close_assign(end);
    if (comment_open_ != kNone) {
      pending_.push_back(CommentRun{comment_open_, end});
      comment_open_ = kNone;
    }
    resolve_comments();
  }

  void indent(const Line& ln) {
    if (ln.begin == ln.lead_end) return;
    if (tok(ln.begin).kind == K::Newline) {
      sp(ln.begin) = 0;
      return;
    }
    int net = 0;
    for (uint32_t i = ln.begin; i < ln.lead_end; ++i) {
      K k = tok(i).kind;
      net += bracket_change(k);
      if (k == K::OHeredoc) break;  // the heredoc's own text does not count
    }
    for (uint32_t i = ln.assign_begin; i < ln.assign_end; ++i) net += bracket_change(tok(i).kind);
    if (net > 0) {
      sp(ln.begin) = 2 * static_cast<uint32_t>(indents_.size());
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
    sp(ln.begin) = 2 * static_cast<uint32_t>(indents_.size());
  }

  void space_range(uint32_t begin, uint32_t end) {
    K before = kNil;
    for (uint32_t i = begin; i + 1 < end; ++i) {
      const lex::Token& t = tok(i);
      bool dot_joins_number = t.kind == K::NumberLit && tok(i + 1).kind == K::Dot && i + 2 < end &&
                              continues_number(std::string_view(src_ + tok(i + 2).start, tok(i + 2).size()));
      sp(i + 1) = space_after(t.kind, is_in(t), before, tok(i + 1).kind, dot_joins_number) ? 1 : 0;
      before = t.kind;
    }
  }

  uint32_t columns(uint32_t begin, uint32_t end) {
    uint32_t c = 0;
    for (uint32_t i = begin; i < end; ++i) c += sp(i) + text_columns(src_ + tok(i).start, tok(i).size());
    return c;
  }

  void close_assign(uint32_t end) {
    for (uint32_t l = assign_open_; l < end; ++l) {
      Line& ln = line(l);
      sp(ln.assign_begin) = assign_max_ - ln.lead_columns + 1;
    }
    assign_open_ = kNone;
    assign_max_ = 0;
  }

  // Aligns the comment runs whose lines all have their assign cells placed.
  void resolve_comments() {
    while (pending_head_ < pending_.size()) {
      CommentRun run = pending_[pending_head_];
      if (assign_open_ != kNone && assign_open_ < run.end) return;
      uint32_t max = 0;
      for (uint32_t l = run.start; l < run.end; ++l) max = std::max(max, comment_columns(line(l)));
      for (uint32_t l = run.start; l < run.end; ++l) {
        Line& ln = line(l);
        sp(ln.comment) = max - comment_columns(ln) + 1;
      }
      ++pending_head_;
    }
    pending_.clear();
    pending_head_ = 0;
  }

  uint32_t comment_columns(Line& ln) {
    uint32_t c = ln.lead_columns;
    if (ln.assign_begin != ln.assign_end) c += sp(ln.assign_begin) + ln.assign_rest;
    return c;
  }

  // Writes the lines that no open run can still change.
  bool emit_ready() {
    uint32_t limit = lbase_ + static_cast<uint32_t>(lines_.size());
    if (assign_open_ != kNone) limit = std::min(limit, assign_open_);
    if (comment_open_ != kNone) limit = std::min(limit, comment_open_);
    if (pending_head_ < pending_.size()) limit = std::min(limit, pending_[pending_head_].start);
    if (emitted_ >= limit) return true;
    // Where the source already has the right spaces, whole stretches of it are copied at once.
    std::string& out = output_.buf;
    uint32_t first = line(emitted_).begin;
    uint32_t run_start = 0, prev_end = 0;
    for (; emitted_ < limit; ++emitted_) {
      const Line& ln = line(emitted_);
      for (uint32_t i = ln.begin; i < ln.end; ++i) {
        const lex::Token& t = tok(i);
        uint32_t s = sp(i);
        if (i != first && t.start - prev_end == s && blank_is_spaces(prev_end, t.start)) {
          prev_end = t.end;
          continue;
        }
        out.append(src_ + run_start, prev_end - run_start);
        if (s) out.append(s, ' ');
        run_start = t.start;
        prev_end = t.end;
      }
      written_tokens_ = ln.end;
    }
    out.append(src_ + run_start, prev_end - run_start);
    compact();
    return output_.flush(false);
  }

  bool blank_is_spaces(uint32_t from, uint32_t to) const {
    for (uint32_t i = from; i < to; ++i)
      if (src_[i] != ' ') return false;
    return true;
  }

  // Drops the tokens and lines already written, once they are the bulk of the buffers.
  void compact() {
    uint32_t dead_tokens = written_tokens_ - base_;
    if (dead_tokens >= 4096 && dead_tokens * 2 >= win_.size()) {
      win_.erase(win_.begin(), win_.begin() + dead_tokens);
      sp_.erase(sp_.begin(), sp_.begin() + dead_tokens);
      base_ = written_tokens_;
    }
    uint32_t dead_lines = emitted_ - lbase_;
    if (dead_lines >= 1024 && dead_lines * 2 >= lines_.size()) {
      lines_.erase(lines_.begin(), lines_.begin() + dead_lines);
      lbase_ = emitted_;
    }
  }

  const char* src_;
  Next next_;
  Output& output_;
  std::vector<lex::Token> win_;  // tokens from number base_ on
  std::vector<uint32_t> sp_;     // spaces before each of them
  uint32_t base_ = 0;
  std::vector<Line> lines_;  // lines from number lbase_ on
  uint32_t lbase_ = 0;
  uint32_t emitted_ = 0;         // lines written
  uint32_t written_tokens_ = 0;  // tokens written
  std::vector<int> indents_;
  uint32_t assign_open_ = kNone, assign_max_ = 0;
  uint32_t comment_open_ = kNone;
  std::vector<CommentRun> pending_;
  size_t pending_head_ = 0;
};

template <class Next>
bool run_formatter(std::string_view src, Next next, Output& out) {
  return Formatter<Next>(src, std::move(next), out).run();
}

// Formats `src` from the lexer, streaming.
bool format_lexed(std::string_view src, Output& out) {
  lex::Lexer lexer(src);
  return run_formatter(
      src, [&lexer] { return lexer.next(); }, out);
}

// Whether formatting `src` gives something other than `original`; `out` receives the result
// only when it does (and `need_output`); without `need_output`, formatting stops at the first
// difference.
bool format_changed(std::string_view src, std::string_view original, std::string& out, bool need_output) {
  Output o;
  o.mode = Output::Mode::Compare;
  o.compare = original;
  o.need_output = need_output;
  o.buf.reserve(80u << 10);
  format_lexed(src, o);
  if (o.diverged && need_output) out = std::move(o.buf);
  return o.diverged;
}

}  // namespace

std::string format_tokens(std::string_view src, std::span<const lex::Token> tokens) {
  Output o;
  o.buf.reserve(src.size() + src.size() / 8 + 64);
  size_t i = 0;
  auto next = [&]() -> lex::Token {
    if (i < tokens.size()) return tokens[i++];
    return lex::Token{static_cast<uint32_t>(src.size()), static_cast<uint32_t>(src.size()), K::Eof};
  };
  run_formatter(src, next, o);
  return std::move(o.buf);
}

std::string format_source(std::string_view src) {
  Output o;
  o.buf.reserve(src.size() + src.size() / 8 + 64);
  format_lexed(src, o);
  return std::move(o.buf);
}

bool format_source_to(std::string_view src, const ChunkSink& sink) {
  Output o;
  o.mode = Output::Mode::Stream;
  o.sink = &sink;
  o.buf.reserve(80u << 10);
  return format_lexed(src, o);
}

FormatResult format_config(std::shared_ptr<const source::SourceFile> source, const FormatOptions& options) {
  FormatResult r;
  std::string_view src = source->text();
  if (options.style == Style::Terraform) {
    syntax::ParseResult parsed = syntax::parse_config(source);
    r.diagnostics = std::move(parsed.diagnostics);
    if (diag::has_errors(r.diagnostics) || !parsed.tree) return r;
    std::string rewritten = terraform_rewrite(*parsed.tree);
    r.changed = format_changed(rewritten, src, r.output, options.need_output);
    r.ok = true;
    return r;
  }
  syntax::ParseOptions po;
  po.build_tree = false;
  if (src.size() >= options.parallel_threshold && std::thread::hardware_concurrency() > 1) {
    // Big inputs: check the syntax while formatting; the output is dropped if the check fails.
    syntax::ParseResult parsed;
    std::thread checker([&] { parsed = syntax::parse_config(source, po); });
    r.changed = format_changed(src, src, r.output, options.need_output);
    checker.join();
    r.diagnostics = std::move(parsed.diagnostics);
  } else {
    r.diagnostics = syntax::parse_config(source, po).diagnostics;
    if (!diag::has_errors(r.diagnostics)) r.changed = format_changed(src, src, r.output, options.need_output);
  }
  if (diag::has_errors(r.diagnostics)) {
    r.changed = false;
    r.output.clear();
    return r;
  }
  r.ok = true;
  return r;
}

}  // namespace hcl::format
