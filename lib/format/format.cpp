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

#include "format/output.h"
#include "format/spacing.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <optional>

#include "lex/lexer.h"
#include "source/source_file.h"
#include "syntax/parser.h"
#include "util/byte_runs.h"
#include "util/memory.h"

namespace hcl::format {

namespace {

using namespace detail;

// The passes of format.go, run as a stream over tokens pushed in order (feed), one line at a
// time: each token is spaced against the one before it as it arrives, and written into the
// line's pieces. Only three gaps of a line wait for more than the previous token: its
// indentation (the line's net bracket change), the space before its first "=" (whether that
// starts an assign cell, and the alignment of the run of such lines), and the space before a
// comment that ends it (the alignment of the run of such lines). A line is written once the runs
// it belongs to are complete, so only the lines of open runs are held, as pieces.
// The usual line needs less: spaced right but for those gaps, and with no comment cell near but
// its own, it keeps its pieces implied (lazy_), a run of such "=" lines is held as their parts
// (plain_), and lines that turn out to be their own source bytes are written as one stretch
// (verbatim).
class Formatter {
 public:
  Formatter(std::string_view src, Output& out) : src_(src.data()), size_(static_cast<uint32_t>(src.size())), out_(out) {
    out_.text_ends_at(src.data() + src.size());
  }

  // Takes the next tokens; Eof ends the text (and anything after it is ignored). Returns false
  // once the output has stopped, after which tokens are ignored too.
  bool feed(std::span<const lex::Token> tokens) {
    const lex::Token *it = tokens.data(), *end = it + tokens.size();
    while (!done_ && it != end) {
      // Most tokens are spaced against the one before them as they arrive.
      if (!has_pending_) it = place_run(it, end);
      if (!done_ && it != end) take_special(*it++);
    }
    return !out_.stopped();
  }

  bool done() const { return done_; }

  // Ignores the rest of the tokens (the result is not wanted).
  void abandon() { done_ = true; }

 private:
  // What a token is to its line, beyond its spacing.
  enum class Role : uint8_t {
    Plain,
    Assign,   // the first "=" after the line's first token
    Comment,  // a comment that ends a line with other tokens: the comment cell
  };

  // The tokens that wait for the next one because it decides their space (a dot after a number,
  // see space_after; a comment without a newline, which is a comment cell if it is the text's
  // last token), the token after them, and the other tokens with a part in a line's layout.
  void take_special(const lex::Token& t) {
    if (has_pending_) {
      has_pending_ = false;
      place(pending_, Role::Plain, pending_.kind == K::Dot && prev_kind_ == K::NumberLit && continues_number(text(t)));
    }
    switch (t.kind) {
      case K::Eof: finish(t); return;
      case K::Newline:
        place(t, Role::Plain, false);
        line_done();
        return;
      case K::Comment:
        if (ends_line(t, src_)) {
          place(t, prev_kind_ != kNil ? Role::Comment : Role::Plain, false);
          line_done();
        } else {
          pending_ = t;
          has_pending_ = true;
        }
        return;
      case K::Dot:
        if (prev_kind_ == K::NumberLit) {
          pending_ = t;
          has_pending_ = true;
        } else {
          place(t, Role::Plain, false);
        }
        return;
      case K::Equal:
        // An assign cell if the rest of the line is bracket-balanced, which the end of the line
        // tells.
        place(t, prev_kind_ != kNil && eq_piece_ == kNone ? Role::Assign : Role::Plain, false);
        return;
      case K::OHeredoc:
        // Indentation counts the lead's brackets only up to a heredoc: its text does not count.
        if (!heredoc_seen_) {
          heredoc_seen_ = true;
          net_at_heredoc_ = net_;
        }
        place(t, Role::Plain, false);
        return;
      default: place(t, Role::Plain, false); return;
    }
  }

  std::string_view text(const lex::Token& t) const { return std::string_view(src_ + t.start, t.size()); }
  Piece& piece(uint32_t p) { return pieces_[p - pbase_]; }
  Line& line(uint32_t l) { return lines_[l - lbase_]; }
  uint32_t next_piece() const { return pbase_ + static_cast<uint32_t>(pieces_.size()); }

  // A token's columns: its length, unless it holds a wide byte (see find_wide_byte). The text is
  // scanned ahead in windows as the tokens reach it, so formatting that stops early (--check)
  // does not scan it all.
  uint32_t width(const lex::Token& t) {
    if (t.end <= clean_end_) return t.size();
    uint32_t from = std::max(clean_end_, t.start);
    uint64_t window = std::max<uint64_t>(t.end, uint64_t{from} + (64u << 10));
    uint32_t wide = find_wide_byte(src_, from, static_cast<uint32_t>(std::min<uint64_t>(size_, window)));
    if (wide < t.end) {
      clean_end_ = t.end;  // nothing is known past the token
      return text_columns(src_ + t.start, t.size());
    }
    clean_end_ = wide;
    return t.size();
  }

  // place and line_done for the tokens from `it` on that kRunRule does not leave to
  // take_special, with the line's state in locals: nearly every token. Returns the first token
  // it did not take.
  const lex::Token* place_run(const lex::Token* it, const lex::Token* end) {
    // A token whose width needs a look at its bytes takes care too (see width).
    if (end[-1].end > clean_end_)
      end = std::partition_point(it, end, [this](const lex::Token& t) { return t.end <= clean_end_; });
    K prev = prev_kind_ == K::Ident && before_kind_ == K::Ident && is_in(prev_start_, prev_end_) ? kAfterNamePair
                                                                                                 : prev_kind_;
    K before = before_kind_;
    uint32_t prev_end = prev_end_;
    int net = net_;
    const char* src = src_;
    const lex::Token* first = it;
    Piece* last = pieces_.empty() ? nullptr : &pieces_.back();  // the piece a token may extend
    const auto* rules = eq_piece_ == kNone ? kRunRule.data() : kRunRuleAfterEq.data();
    for (; it != end; ++it) {
      // Nearly every token: the pair rule alone spaces it, and it is spaced right already, so it
      // extends the last piece (which is written once the run of them ends).
      K kind = it->kind;
      uint32_t rule = rules[static_cast<uint8_t>(prev)][static_cast<uint8_t>(kind)];
      if (rule <= kSpace && it->start - prev_end == rule && (rule == 0 || src[prev_end] == ' ')) {
        do {
          net += kBracketChange[static_cast<int>(kind)];
          before = prev;
          prev = kind;
          prev_end = it->end;
          if (++it == end) break;
          kind = it->kind;
          rule = rules[static_cast<uint8_t>(prev)][static_cast<uint8_t>(kind)];
        } while (rule <= kSpace && it->start - prev_end == rule && (rule == 0 || src[prev_end] == ' '));
        last->end = prev_end;
        if (it == end) break;
      }
      uint32_t start = it->start, stop = it->end;
      if (rule <= kSpace) {  // not spaced right
        last = respace(rule, start, stop, prev_end);
        net += kBracketChange[static_cast<int>(kind)];
        before = prev;
        prev = kind;
        prev_end = stop;
        continue;
      }
      if (rule == kTakeCare) break;
      // A comment within a line waits for the token after it (take_special).
      if ((rule & kComment) && (stop == start || src_[stop - 1] != '\n')) break;
      if (rule & kFirst) {
        last = begin_line(kind == K::Newline, start, stop, prev_end);
      } else if (rule & kComment) {
        last = begin_comment_cell(start, stop, prev_end, last);
      } else {
        uint32_t sp = rule & kSpace;
        bool assign = (rule & kEqual) && eq_piece_ == kNone;
        if (!assign && start - prev_end == sp && (sp == 0 || src[prev_end] == ' ')) {
          last->end = stop;
        } else if (assign && lazy_) {
          col_at_eq_ = prev_end - lazy_first_;
          eq_sp_ = sp;
          net_at_eq_ = lead_net_at_eq_ = net;  // no heredoc: it ends the lazy line
          eq_piece_ = kLazyPiece;
          lazy_lead_end_ = prev_end;
          lazy_eq_ = start;
          rules = kRunRuleAfterEq.data();
        } else {
          if (lazy_) last = materialize(prev_end);
          if (assign) {
            col_at_eq_ = line_columns();
            eq_sp_ = sp;
            net_at_eq_ = net;
            lead_net_at_eq_ = heredoc_seen_ ? net_at_heredoc_ : net;
            eq_piece_ = next_piece();
            rules = kRunRuleAfterEq.data();
          }
          last = push_piece(sp, start, stop);
        }
      }
      net += kBracketChange[static_cast<int>(kind)];
      before = prev;
      prev = (rule & kNamePair) && is_in(start, stop) ? kAfterNamePair : kind;
      prev_end = stop;
      if (rule & (kNewline | kComment)) {  // a comment here holds its line's newline
        prev_kind_ = prev;                 // the line's end reads these
        prev_end_ = prev_end;
        net_ = net;
        if (lazy_) lazy_line_done();
        else line_done();
        if (done_) return it + 1;
        prev = before = kNil;
        net = 0;
        last = pieces_.empty() ? nullptr : &pieces_.back();
        rules = kRunRule.data();
      }
    }
    // The tokens after these are placed one by one (place), on pieces.
    if (lazy_) materialize(prev_end);
    prev_kind_ = prev == kAfterNamePair ? K::Ident : prev;
    before_kind_ = before;
    if (it != first) prev_start_ = it[-1].start;
    prev_end_ = prev_end;
    net_ = net;
    return it;
  }

  // The first token of a line (place_run): the line's pieces start, or stay implied when nothing
  // but plain lines is held (see lazy_). Returns the piece the next token may extend.
  Piece* begin_line(bool empty_line, uint32_t start, uint32_t stop, uint32_t prev_end) {
    line_start_ = prev_end;
    first_is_newline_ = empty_line;
    wide_extra_ = 0;
    if (pieces_.empty() && lines_.empty() && assign_open_ == kNone && comment_open_ == kNone && pending_runs_.empty()) {
      lazy_ = true;
      lazy_first_ = start;
      return &scratch_;
    }
    line_piece_ = next_piece();
    return push_piece(0, start, stop);
  }

  // A comment that ends a line with other tokens (place_run): the comment cell, aligned with its
  // run. Returns the piece the next token may extend.
  Piece* begin_comment_cell(uint32_t start, uint32_t stop, uint32_t prev_end, Piece* last) {
    if (lazy_ && eq_piece_ == kLazyPiece) {
      // The comment cell of a lazy "=" line, which it ends: implied like its other cells.
      col_at_comment_ = lazy_lead_end_ - lazy_first_ + eq_sp_ + prev_end - lazy_eq_;
      comment_piece_ = kLazyPiece;
      lazy_eq_end_ = prev_end;
      lazy_comment_ = start;
      return last;
    }
    if (lazy_) materialize(prev_end);
    col_at_comment_ = line_columns();
    comment_piece_ = next_piece();
    return push_piece(0, start, stop);
  }

  // Whether the source's bytes [start, end) are the name "in".
  bool is_in(uint32_t start, uint32_t end) const {
    return end - start == 2 && src_[start] == 'i' && src_[start + 1] == 'n';
  }

  Piece* push_piece(uint32_t spaces, uint32_t start, uint32_t end) {
    return &pieces_.emplace_back(Piece{spaces, start, end});
  }

  // A new piece for a token that is not spaced right, after the lazy line's own (`end`: where
  // the line ends so far).
  Piece* respace(uint32_t spaces, uint32_t start, uint32_t stop, uint32_t end) {
    if (lazy_) [[unlikely]]
      materialize(end);
    return push_piece(spaces, start, stop);
  }

  // The pieces of the lazy line so far, which ends at `end`, made real. Returns the last.
  [[gnu::noinline]] Piece* materialize(uint32_t end) {
    lazy_ = false;
    line_piece_ = next_piece();
    if (eq_piece_ == kNone) return push_piece(0, lazy_first_, end);
    push_piece(0, lazy_first_, lazy_lead_end_);
    eq_piece_ = next_piece();
    if (comment_piece_ != kLazyPiece) return push_piece(eq_sp_, lazy_eq_, end);
    push_piece(eq_sp_, lazy_eq_, lazy_eq_end_);
    comment_piece_ = next_piece();
    return push_piece(0, lazy_comment_, end);
  }

  // end_line for a lazy line (the regime it started in still holds: nothing is held but plain
  // lines), which ends at prev_end_.
  void lazy_line_done() {
    lazy_ = false;
    if (comment_piece_ == kLazyPiece) [[unlikely]]
      return lazy_comment_line_done();
    uint32_t end = prev_end_;
    bool has_eq = eq_piece_ == kLazyPiece;
    if (has_eq && net_ == net_at_eq_) {
      uint32_t ind = indent(lead_net_at_eq_);
      add_plain(PlainLine{line_start_, lazy_first_, lazy_lead_end_, lazy_eq_, end, kNone, ind, ind + col_at_eq_});
      pbase_ += 2;  // numbered as its two pieces would have been (see unplain)
      emitted_ = lbase_ = lbase_ + 1;
    } else {
      if (!plain_.empty()) write_plain();
      uint32_t ind = first_is_newline_ ? 0 : indent(net_);
      uint32_t lead_end = has_eq ? lazy_lead_end_ : end;
      if (ind == lazy_first_ - line_start_ && blanks_at(line_start_, ind) &&
          (!has_eq || (lazy_eq_ - lead_end == eq_sp_ && blanks_at(lead_end, eq_sp_)))) {
        verbatim(line_start_, end);
      } else {
        flush_verbatim();
        out_.piece(ind, src_ + lazy_first_, lead_end - lazy_first_);
        if (has_eq) out_.piece(eq_sp_, src_ + lazy_eq_, end - lazy_eq_);
      }
      emitted_ = lbase_ = lbase_ + 1;
    }
    eq_piece_ = kNone;
    net_ = 0;
    prev_kind_ = before_kind_ = kNil;
    if (out_.stopped()) done_ = true;
  }

  // lazy_line_done for a lazy "=" line that ends in a comment cell.
  [[gnu::noinline]] void lazy_comment_line_done() {
    if (net_ != net_at_eq_) {
      // The "=" starts no assign cell: the line is held with its pieces.
      materialize(prev_end_);
      return line_done();
    }
    uint32_t ind = indent(lead_net_at_eq_);
    add_plain(PlainLine{line_start_, lazy_first_, lazy_lead_end_, lazy_eq_, lazy_eq_end_, lazy_comment_, ind,
                        ind + col_at_eq_});
    ++plain_comments_;
    pbase_ += 3;  // numbered as its three pieces would have been (see unplain)
    emitted_ = lbase_ = lbase_ + 1;
    eq_piece_ = comment_piece_ = kNone;
    net_ = 0;
    prev_kind_ = before_kind_ = kNil;
    if (out_.stopped()) done_ = true;
  }

  // The width of the line so far, without indentation: its pieces, corrected for the tokens
  // whose columns are not their bytes.
  uint32_t line_columns() {
    uint32_t c = wide_extra_;
    for (auto p = pieces_.begin() + (line_piece_ - pbase_); p != pieces_.end(); ++p) c += p->spaces + p->end - p->start;
    return c;
  }

  // Adds a token to the line. `dot_joins_number` as for space_after.
  [[gnu::always_inline]] void place(const lex::Token& t, Role role, bool dot_joins_number) {
    uint32_t w = width(t);
    if (prev_kind_ == kNil) {  // the line's first token, indented at the end of the line
      line_start_ = prev_end_;
      line_piece_ = next_piece();
      pieces_.push_back(Piece{0, t.start, t.end});
      first_is_newline_ = t.kind == K::Newline;
      wide_extra_ = w - t.size();
    } else {
      // The table answers unless the subject is "-" (spaced by what precedes it), or "in" after
      // a name (`for x in xs`), or a dot joins a number.
      bool in_after_name = before_kind_ == K::Ident && prev_kind_ == K::Ident && is_in(prev_start_, prev_end_);
      uint32_t sp = (dot_joins_number || in_after_name || prev_kind_ == K::Minus
                         ? space_after(prev_kind_, in_after_name, before_kind_, t.kind, dot_joins_number)
                         : kSpaceAfter[static_cast<int>(prev_kind_)][static_cast<int>(t.kind)])
                        ? 1
                        : 0;
      if (role == Role::Plain && t.start - prev_end_ == sp && (sp == 0 || src_[prev_end_] == ' ')) {
        pieces_.back().end = t.end;  // spaced right already
      } else {
        if (role == Role::Assign) {
          col_at_eq_ = line_columns();
          eq_sp_ = sp;
          net_at_eq_ = net_;
          lead_net_at_eq_ = heredoc_seen_ ? net_at_heredoc_ : net_;
          eq_piece_ = next_piece();
        } else if (role == Role::Comment) {
          col_at_comment_ = line_columns();
          comment_piece_ = next_piece();
          sp = 0;  // aligned with its run
        }
        pieces_.push_back(Piece{sp, t.start, t.end});
      }
      wide_extra_ += w - t.size();
    }
    net_ += kBracketChange[static_cast<int>(t.kind)];
    before_kind_ = prev_kind_;
    prev_kind_ = t.kind;
    prev_start_ = t.start;
    prev_end_ = t.end;
  }

  [[gnu::noinline]] void line_done() {
    end_line();
    if (out_.stopped()) done_ = true;
  }

  void end_line() {
    bool empty = prev_kind_ == kNil;
    bool has_assign = eq_piece_ != kNone && net_ == net_at_eq_;
    if (comment_piece_ == kNone && comment_open_ == kNone && pending_runs_.empty() && plain_comments_ == 0) {
      // No comment cell in this line or in a run it could close: the usual lines, whose runs of
      // "=" are all the alignment there is.
      if (has_assign) {  // held until its run ends
        uint32_t lead = indent(lead_net_at_eq_);
        if (lines_.empty() && line_piece_ == pbase_ && eq_piece_ == line_piece_ + 1 && next_piece() == eq_piece_ + 1) {
          hold_plain(lead, lead + col_at_eq_);
          return;
        }
        if (!plain_.empty()) unplain();
        piece(line_piece_).spaces = lead;
        lead += col_at_eq_;
        if (assign_open_ == kNone) assign_open_ = lbase_ + static_cast<uint32_t>(lines_.size());
        assign_max_ = std::max(assign_max_, lead);
        lines_.push_back(Line{line_piece_, next_piece(), eq_piece_, kNone, lead, 0});
        eq_piece_ = kNone;
        net_ = 0;
        heredoc_seen_ = false;
        prev_kind_ = before_kind_ = kNil;
        return;
      }
      if (assign_open_ != kNone) {  // the line closes a run: its lines are written first
        close_assign(lbase_ + static_cast<uint32_t>(lines_.size()));
        emit_ready();
      }
      if (!plain_.empty()) write_plain();
      // The line outside runs: written as it ends.
      if (!empty) {
        piece(line_piece_).spaces = first_is_newline_ ? 0 : indent(heredoc_seen_ ? net_at_heredoc_ : net_);
        write_line(pieces_.data() + (line_piece_ - pbase_), pieces_.data() + pieces_.size());
      }
      line_taken();
      return;
    }
    end_line_with_comments(empty, has_assign);
  }

  // end_line for a line with a comment cell, or while a run of lines ending in comments is open.
  [[gnu::noinline]] void end_line_with_comments(bool empty, bool has_assign) {
    if (!plain_.empty()) {
      // The run goes on in this line (then it is held like the lines of any run), or ends before
      // it; so does the run of comments its last line may end in.
      if (has_assign || (comment_piece_ != kNone && plain_.back().comment != kNone)) unplain();
      else write_plain();
    }
    Line ln{empty ? next_piece() : line_piece_, next_piece(), kNone, comment_piece_, 0, 0};
    if (!empty) {
      // The lead's net change, counted up to a heredoc; the assign cell is balanced.
      int lead_net = has_assign ? lead_net_at_eq_ : heredoc_seen_ ? net_at_heredoc_ : net_;
      uint32_t ind = first_is_newline_ ? 0 : indent(lead_net);
      if (has_assign) {
        ln.assign = eq_piece_;
        ln.lead_columns = ind + col_at_eq_;
        // Needed only to align a comment after the assign cell.
        if (comment_piece_ != kNone) ln.assign_rest = col_at_comment_ - col_at_eq_ - eq_sp_;
      } else if (comment_piece_ != kNone) {
        ln.lead_columns = ind + col_at_comment_;
      }
      piece(line_piece_).spaces = ind;
    }
    uint32_t l = lbase_ + static_cast<uint32_t>(lines_.size());
    // A line closes the runs it does not continue.
    bool closed = false;
    // Runs of lines with an assign cell align their "=".
    if (has_assign) {
      if (assign_open_ == kNone) assign_open_ = l;
      assign_max_ = std::max(assign_max_, ln.lead_columns);
    } else if (assign_open_ != kNone) {
      close_assign(l);
      closed = true;
    }
    // Runs of lines ending in a comment align their comments, once their "=" are in place.
    if (ln.comment != kNone) {
      if (comment_open_ == kNone) comment_open_ = l;
    } else if (comment_open_ != kNone) {
      pending_runs_.push_back(CommentRun{comment_open_, l});
      comment_open_ = kNone;
    }
    if (!pending_runs_.empty()) {
      resolve_comments();
      closed = true;
    }

    if (assign_open_ == kNone && comment_open_ == kNone && pending_runs_.empty()) {
      // Nothing waits (the usual line outside runs of "=" or comments): the line is written
      // now, after the lines of the runs it closed.
      if (!lines_.empty()) emit_ready();
      write_line(&piece(ln.piece_begin), &piece(ln.piece_begin) + (ln.piece_end - ln.piece_begin));
      pieces_.clear();
      pbase_ = ln.piece_end;
      emitted_ = lbase_ = l + 1;
    } else {
      lines_.push_back(ln);
      if (closed) emit_ready();
    }

    eq_piece_ = comment_piece_ = kNone;
    net_ = 0;
    heredoc_seen_ = false;
    prev_kind_ = before_kind_ = kNil;
  }

  void finish(const lex::Token& eof) {
    if (has_pending_) {
      has_pending_ = false;
      place(pending_, pending_.kind == K::Comment && prev_kind_ != kNil ? Role::Comment : Role::Plain, false);
    }
    end_line();
    if (!plain_.empty()) write_plain();
    uint32_t end = lbase_ + static_cast<uint32_t>(lines_.size());
    if (assign_open_ != kNone) close_assign(end);
    if (comment_open_ != kNone) {
      pending_runs_.push_back(CommentRun{comment_open_, end});
      comment_open_ = kNone;
    }
    resolve_comments();
    emit_ready();
    flush_verbatim();
    // Eof is never re-spaced: the blank space that ended the input stays.
    out_.spaces(eof.start - prev_end_);
    out_.finish();
    done_ = true;
  }

  // The indentation of a line with net bracket change `net`: a line that opens brackets is
  // indented at the current level and opens one level; closing brackets pop the levels they
  // opened, and a level opened by several brackets on one line is left only when all of them are
  // closed.
  uint32_t indent(int net) {
    if (net > 0) {
      uint32_t at = 2 * static_cast<uint32_t>(indents_.size());
      indents_.push_back(net);
      return at;
    }
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
    return 2 * static_cast<uint32_t>(indents_.size());
  }

  void close_assign(uint32_t end) {
    for (uint32_t l = assign_open_; l < end; ++l) {
      Line& ln = line(l);
      piece(ln.assign).spaces = assign_max_ - ln.lead_columns + 1;
    }
    assign_open_ = kNone;
    assign_max_ = 0;
  }

  // Aligns the comment runs whose lines all have their assign cells placed.
  void resolve_comments() {
    while (pending_head_ < pending_runs_.size()) {
      CommentRun run = pending_runs_[pending_head_];
      if (assign_open_ != kNone && assign_open_ < run.end) return;
      uint32_t max = 0;
      for (uint32_t l = run.start; l < run.end; ++l) max = std::max(max, comment_columns(line(l)));
      for (uint32_t l = run.start; l < run.end; ++l) {
        Line& ln = line(l);
        piece(ln.comment).spaces = max - comment_columns(ln) + 1;
      }
      ++pending_head_;
    }
    pending_runs_.clear();
    pending_head_ = 0;
  }

  uint32_t comment_columns(Line& ln) {
    uint32_t c = ln.lead_columns;
    if (ln.assign != kNone) c += piece(ln.assign).spaces + ln.assign_rest;
    return c;
  }

  // Whether the `n` bytes of the source at `at` are blanks, as `n` spaces written there would be.
  // A run up to 8 bytes long (most indentation and alignment) is one word read, ending at the
  // run's end; a longer one is read a word at a time.
  bool blanks_at(uint32_t at, uint32_t n) const {
    constexpr uint64_t kSpaces = 0x2020202020202020ULL;
    if (n == 0) return true;
    if (at + n < 8) return std::string_view(src_ + at, n).find_first_not_of(' ') == std::string_view::npos;
    const char* p = src_ + at;
    for (; n > 8; n -= 8, p += 8)
      if (load_word(p) != kSpaces) return false;
    uint64_t w = load_word(p + n - 8);
    if constexpr (std::endian::native == std::endian::little) return ((w ^ kSpaces) >> (64 - 8 * n)) == 0;
    return ((w ^ kSpaces) << (64 - 8 * n)) == 0;
  }

  // Writes a line that nothing holds: as the source bytes it starts with (its indentation
  // included) when they are what it formats to, the usual case.
  void write_line(const Piece* p, const Piece* end) {
    uint32_t at = line_start_;
    const Piece* q = p;
    for (; q != end; at = q->end, ++q)
      if (q->start - at != q->spaces || !blanks_at(at, q->spaces)) break;
    if (q == end) return verbatim(line_start_, at);
    flush_verbatim();
    out_.pieces(p, end, src_);
  }

  // Source bytes [start, end) that the output repeats: held and joined with the next ones, so a
  // formatted stretch is written (or, comparing, passed) in one piece. The stretch is written
  // once it is long, so streamed output stays in chunks.
  void verbatim(uint32_t start, uint32_t end) {
    if (start != verbatim_end_) {
      flush_verbatim();
      verbatim_start_ = start;
    }
    verbatim_end_ = end;
    if (verbatim_end_ - verbatim_start_ >= kVerbatimChunk) flush_verbatim();
  }

  void flush_verbatim() {
    // A run of "=" lines can join a long stretch at once: streamed, it still goes in chunks.
    for (; verbatim_end_ - verbatim_start_ > kVerbatimChunk; verbatim_start_ += kVerbatimChunk)
      out_.piece(0, src_ + verbatim_start_, kVerbatimChunk);
    if (verbatim_end_ != verbatim_start_) out_.piece(0, src_ + verbatim_start_, verbatim_end_ - verbatim_start_);
    verbatim_start_ = verbatim_end_;
  }

  // A line of a run of "=" lines while nothing else is held, whose lead and assign cells are one
  // piece each (the usual run): kept as its parts rather than as a held Line with its pieces.
  // `ind`: its indentation; `lead`: its lead cell's columns with the indentation.
  void hold_plain(uint32_t ind, uint32_t lead) {
    const Piece &a = piece(line_piece_), &b = piece(eq_piece_);
    add_plain(PlainLine{line_start_, a.start, a.end, b.start, b.end, kNone, ind, lead});
    line_taken();
  }

  void add_plain(const PlainLine& l) {
    uint32_t gap = l.eq_start - l.lead_end;
    // Whether the line is its source bytes once the "=" of the run align where its own is.
    bool as_source =
        l.indent == l.begin - l.line_start && blanks_at(l.line_start, l.indent) && blanks_at(l.lead_end, gap);
    if (plain_.empty()) plain_column_ = l.lead + gap;
    plain_as_source_ = (plain_.empty() || plain_as_source_) && as_source && l.lead + gap == plain_column_;
    // (A run with comment cells is written line by line: see write_plain.)
    plain_.push_back(l);
    assign_max_ = std::max(assign_max_, l.lead);
  }

  // The line, the only one held, is written or kept elsewhere: its pieces go (their numbers stay
  // used, so the held lines' numbers go on as they would).
  void line_taken() {
    pbase_ = next_piece();
    pieces_.clear();
    emitted_ = lbase_ = lbase_ + 1;
    eq_piece_ = kNone;
    net_ = 0;
    heredoc_seen_ = false;
    prev_kind_ = before_kind_ = kNil;
  }

  // Ends the run of plain_ lines, and the runs of comment cells within it: aligns their "=",
  // then their comments, and writes them.
  void write_plain() {
    if (plain_comments_ == 0 && plain_as_source_ && plain_column_ == assign_max_ + 1) {
      verbatim(plain_.front().line_start, plain_.back().end);
    } else if (plain_comments_ == 0) {
      for (const PlainLine& l : plain_) write_plain_line(l, 0);
    } else {
      // Every "=" of the run is in one column, so a comment's column is that of its line's
      // assign cell end: the widest assign cell of the comment run places them.
      uint32_t widest = 0;
      for (size_t i = 0; i < plain_.size(); ++i) {
        const PlainLine& l = plain_[i];
        if (l.comment != kNone && (i == 0 || plain_[i - 1].comment == kNone)) widest = widest_assign(i);
        write_plain_line(l, l.comment != kNone ? widest - (l.end - l.eq_start) + 1 : 0);
      }
    }
    plain_.clear();
    assign_max_ = 0;
    plain_comments_ = 0;
  }

  // Writes a line of the run, with `csp` blanks before its comment cell if it has one.
  [[gnu::always_inline]] void write_plain_line(const PlainLine& l, uint32_t csp) {
    uint32_t sp = assign_max_ - l.lead + 1;
    if (l.indent == l.begin - l.line_start && sp == l.eq_start - l.lead_end && blanks_at(l.line_start, l.indent) &&
        blanks_at(l.lead_end, sp) && (l.comment == kNone || (csp == l.comment - l.end && blanks_at(l.end, csp)))) {
      verbatim(l.line_start, line_end(l));
      return;
    }
    flush_verbatim();
    out_.piece(l.indent, src_ + l.begin, l.lead_end - l.begin);
    out_.piece(sp, src_ + l.eq_start, l.end - l.eq_start);
    if (l.comment != kNone) out_.piece(csp, src_ + l.comment, line_end(l) - l.comment);
  }

  // Where a plain line ends: with its assign cell, or with the newline its comment cell holds.
  uint32_t line_end(const PlainLine& l) const {
    if (l.comment == kNone) return l.end;
    auto nl = static_cast<const char*>(std::memchr(src_ + l.comment, '\n', size_ - l.comment));
    return static_cast<uint32_t>(nl - src_) + 1;
  }

  // The widest assign cell of the run of comment cells that starts at plain_[i].
  uint32_t widest_assign(size_t i) const {
    uint32_t widest = 0;
    for (; i < plain_.size() && plain_[i].comment != kNone; ++i)
      widest = std::max(widest, plain_[i].end - plain_[i].eq_start);
    return widest;
  }

  // The run of plain_ lines goes on with a line they cannot hold: they become the held lines
  // (with their pieces) of an open run, numbered before the line being read.
  // A run of comment cells in them is open at the end, or closed before a line without one.
  void unplain() {
    uint32_t n = static_cast<uint32_t>(plain_.size());
    uint32_t p0 = pbase_ - 2 * n - plain_comments_, l0 = lbase_ - n;
    std::vector<Piece> pieces;
    pieces.reserve(2 * n + plain_comments_ + pieces_.size());
    lines_.reserve(n);
    uint32_t p = p0;
    for (uint32_t i = 0; i < n; ++i) {
      const PlainLine& l = plain_[i];
      pieces.push_back(Piece{l.indent, l.begin, l.lead_end});
      pieces.push_back(Piece{0, l.eq_start, l.end});
      Line ln{p, p + 2, p + 1, kNone, l.lead, 0};
      if (l.comment != kNone) {
        pieces.push_back(Piece{0, l.comment, line_end(l)});
        ln.piece_end = p + 3;
        ln.comment = p + 2;
        ln.assign_rest = l.end - l.eq_start;
        if (comment_open_ == kNone) comment_open_ = l0 + i;
      } else if (comment_open_ != kNone) {
        pending_runs_.push_back(CommentRun{comment_open_, l0 + i});
        comment_open_ = kNone;
      }
      lines_.push_back(ln);
      p = ln.piece_end;
    }
    pieces.insert(pieces.end(), pieces_.begin(), pieces_.end());
    pieces_ = std::move(pieces);
    pbase_ = p0;
    emitted_ = lbase_ = l0;
    assign_open_ = l0;
    plain_.clear();
    plain_comments_ = 0;
  }

  // Writes the lines that no open run can still change. Returns false once the output stopped.
  bool emit_ready() {
    uint32_t limit = lbase_ + static_cast<uint32_t>(lines_.size());
    if (assign_open_ != kNone) limit = std::min(limit, assign_open_);
    if (comment_open_ != kNone) limit = std::min(limit, comment_open_);
    if (pending_head_ < pending_runs_.size()) limit = std::min(limit, pending_runs_[pending_head_].start);
    if (emitted_ >= limit) return true;
    flush_verbatim();
    uint32_t from = line(emitted_).piece_begin, to = line(limit - 1).piece_end;
    out_.pieces(&piece(from), &piece(from) + (to - from), src_);
    emitted_ = limit;
    compact(to);
    return !out_.stopped();
  }

  // Drops the lines and pieces already written: all of them when nothing is held (the usual
  // case between runs), else once they are the bulk of the buffers.
  void compact(uint32_t written_pieces) {
    uint32_t dead_lines = emitted_ - lbase_, dead_pieces = written_pieces - pbase_;
    if (dead_lines == lines_.size() || (dead_lines >= 1024 && dead_lines * 2 >= lines_.size())) {
      lines_.erase(lines_.begin(), lines_.begin() + dead_lines);
      lbase_ = emitted_;
    }
    if (dead_pieces == pieces_.size() || (dead_pieces >= 4096 && dead_pieces * 2 >= pieces_.size())) {
      pieces_.erase(pieces_.begin(), pieces_.begin() + dead_pieces);
      pbase_ = written_pieces;
    }
  }

  const char* src_;
  uint32_t size_;
  Output& out_;
  bool done_ = false;
  uint32_t clean_end_ = 0;  // the bytes from the last token's end up to here are not wide

  // The line being read.
  lex::Token pending_{};
  bool has_pending_ = false;
  uint32_t line_piece_ = 0;
  bool first_is_newline_ = false;
  K prev_kind_ = kNil, before_kind_ = kNil;  // kNil: none yet in this line
  uint32_t prev_start_ = 0;
  uint32_t prev_end_ = 0;    // where the previous token ended (kept across lines, for Eof)
  uint32_t wide_extra_ = 0;  // the line's columns so far beyond its tokens' bytes (mod 2^32)
  uint32_t eq_piece_ = kNone, col_at_eq_ = 0, eq_sp_ = 0;
  uint32_t comment_piece_ = kNone, col_at_comment_ = 0;
  int net_ = 0;  // the line's net bracket change so far
  int net_at_eq_ = 0, lead_net_at_eq_ = 0, net_at_heredoc_ = 0;
  bool heredoc_seen_ = false;

  // Lines finished but not written, and their pieces (line lbase_ and piece pbase_ first).
  std::vector<Line> lines_;
  uint32_t lbase_ = 0;
  std::vector<Piece> pieces_;
  uint32_t pbase_ = 0;
  uint32_t emitted_ = 0;  // lines written
  std::vector<int> indents_;
  uint32_t assign_open_ = kNone, assign_max_ = 0;
  uint32_t comment_open_ = kNone;
  std::vector<CommentRun> pending_runs_;
  size_t pending_head_ = 0;

  // The line being read starts here: after the previous line's last token.
  uint32_t line_start_ = 0;
  // Source bytes the output repeats, not written yet (see verbatim).
  static constexpr uint32_t kVerbatimChunk = 64u << 10;
  uint32_t verbatim_start_ = 0, verbatim_end_ = 0;
  // The open run of "=" lines while it holds only plain lines (see hold_plain); then assign_max_
  // is its alignment and assign_open_ is kNone. `plain_column_`: the column of the first line's
  // "=" in the source; `plain_as_source_`: every line is its source bytes if the run aligns
  // there.
  std::vector<PlainLine> plain_;
  uint32_t plain_comments_ = 0;  // how many of them have a comment cell
  uint32_t plain_column_ = 0;
  bool plain_as_source_ = false;
  // A lazy line: started while nothing is held but plain lines, and spaced right so far apart
  // from its indentation and the blanks before its first "=" and its comment cell, so its pieces
  // need not be made: they are [lazy_first_, lazy_lead_end_) and [lazy_eq_, its end) when it has
  // a "=" (eq_piece_ is kLazyPiece), else [lazy_first_, its end). A token that needs more makes them
  // (materialize); `scratch_` takes the extensions meanwhile.
  static constexpr uint32_t kLazyPiece = kNone - 1;
  bool lazy_ = false;
  uint32_t lazy_first_ = 0, lazy_lead_end_ = 0, lazy_eq_ = 0;
  // A comment cell that ends a lazy "=" line (comment_piece_ is kLazyPiece) and the end of the
  // assign cell before it.
  uint32_t lazy_comment_ = 0, lazy_eq_end_ = 0;
  Piece scratch_{};
};

// Formats the lexed tokens of `src` (an Eof is added if they lack one).
void format_tokens_to(std::string_view src, std::span<const lex::Token> tokens, Output& out) {
  Formatter f(src, out);
  f.feed(tokens);
  if (!f.done()) {
    lex::Token eof{static_cast<uint32_t>(src.size()), static_cast<uint32_t>(src.size()), K::Eof};
    f.feed(std::span<const lex::Token>(&eof, 1));
  }
}

// Formats `src` from its own lexer, in batches of tokens.
bool format_lexed(std::string_view src, Output& out) {
  Formatter f(src, out);
  lex::Lexer lexer(src);
  std::array<lex::Token, 256> batch;
  while (!f.done()) {
    size_t n = 0;
    while (n < batch.size()) {
      batch[n] = lexer.next();
      if (batch[n++].kind == K::Eof) break;
    }
    f.feed(std::span<const lex::Token>(batch.data(), n));
  }
  return !out.stopped();
}

// Whether formatting `src` gives something other than `original`; `out` receives the result
// only when it does (and `need_output`); without `need_output`, formatting stops at the first
// difference.
bool format_changed(std::string_view src, std::string_view original, std::string& out, bool need_output) {
  Output o = Output::compare(original, need_output);
  format_lexed(src, o);
  if (o.diverged() && need_output) out = o.take();
  return o.diverged();
}

}  // namespace

std::string format_tokens(std::string_view src, std::span<const lex::Token> tokens) {
  Output o = Output::build(src.size() + src.size() / 8 + 64);
  format_tokens_to(src, tokens, o);
  return o.take();
}

std::string format_source(std::string_view src) {
  Output o = Output::build(src.size() + src.size() / 8 + 64);
  format_lexed(src, o);
  return o.take();
}

bool format_source_to(std::string_view src, const ChunkSink& sink) {
  Output o = Output::stream(sink);
  return format_lexed(src, o);
}

FormatResult format_config(std::shared_ptr<const source::SourceFile> source, const FormatOptions& options) {
  FormatResult r;
  std::string_view src = source->text();
  // The syntax check lexes the text anyway: its tokens are formatted as it goes, compared with
  // the input, rather than lexed a second time.
  Output o = Output::compare(src, options.need_output);
  Formatter f(src, o);
  syntax::ParseOptions po;
  po.build_tree = false;
  // The Terraform style's rewrites are made an item at a time as the parser hands them over. Once
  // one changes the text, it is the rewritten text that gets formatted, after the parse.
  std::optional<TerraformRewrite> rewrite;
  if (options.style == Style::Terraform) {
    rewrite.emplace(src);
    po.root_item = [&rewrite, &f](const syntax::SyntaxTree& items) {
      rewrite->add(items);
      if (rewrite->changed()) f.abandon();
    };
    // As json's items: the rewriter's code and the parser's take fewer turns in the cache.
    po.root_item_batch = 256;
    // Nothing inside a tuple is rewritten: a root attribute's long tuple (a file that is one list)
    // is let go in pieces as it is parsed, rather than held whole.
    po.root_tuple_elements = [](const syntax::SyntaxTree&, std::string_view, uint32_t) {};
  }
  // Formatting stops at the first syntax error: the result will not be used, and formatting
  // broken input can cost far more than the input (50,000 unclosed blocks indent to 5 GB).
  po.on_tokens = [&f](std::span<const lex::Token> tokens, bool failed) {
    if (failed) f.abandon();
    f.feed(tokens);
  };
  r.diagnostics = syntax::parse_config(source, po).diagnostics;
  if (diag::has_errors(r.diagnostics)) return r;
  if (rewrite && rewrite->changed()) {
    r.changed = format_changed(rewrite->finish(), src, r.output, options.need_output);
  } else {
    r.changed = o.diverged();
    if (r.changed && options.need_output) r.output = o.take();
  }
  r.ok = true;
  return r;
}

}  // namespace hcl::format
