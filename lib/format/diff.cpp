// SPDX-License-Identifier: Apache-2.0
// Myers' O(ND) difference algorithm in its linear-space form (find the middle snake, recurse on
// both halves), over lines compared by hash first. When the edit distance grows too large for
// the work to stay reasonable, the search settles for a non-minimal split: the diff stays
// correct, only possibly longer, as diff's own heuristics do.
#include "format/diff.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace hcl::format {

namespace {

struct TextLine {
  std::string_view text;  // without its newline
  bool newline;           // ends with "\n"
  uint64_t hash;
};

std::vector<TextLine> split_lines(std::string_view s) {
  std::vector<TextLine> out;
  size_t i = 0;
  while (i < s.size()) {
    size_t nl = s.find('\n', i);
    bool has_nl = nl != std::string_view::npos;
    size_t end = has_nl ? nl : s.size();
    std::string_view t = s.substr(i, end - i);
    uint64_t h = 1469598103934665603ull;  // FNV-1a
    for (unsigned char c : t) h = (h ^ c) * 1099511628211ull;
    h ^= has_nl;
    out.push_back(TextLine{t, has_nl, h});
    i = has_nl ? nl + 1 : s.size();
  }
  return out;
}

inline bool same(const TextLine& a, const TextLine& b) {
  return a.hash == b.hash && a.newline == b.newline && a.text == b.text;
}

class Differ {
 public:
  Differ(const std::vector<TextLine>& a, const std::vector<TextLine>& b)
      : a_(a), b_(b), del_(a.size(), false), ins_(b.size(), false) {
    size_t n = a.size() + b.size() + 3;
    fwd_.resize(2 * n + 1);
    bwd_.resize(2 * n + 1);
    offset_ = static_cast<int64_t>(n);
  }

  void run() { compare(0, static_cast<int64_t>(a_.size()), 0, static_cast<int64_t>(b_.size())); }
  const std::vector<bool>& deleted() const { return del_; }
  const std::vector<bool>& inserted() const { return ins_; }

 private:
  void compare(int64_t x0, int64_t x1, int64_t y0, int64_t y1) {
    for (;;) {
      while (x0 < x1 && y0 < y1 && same(a_[x0], b_[y0])) ++x0, ++y0;
      while (x0 < x1 && y0 < y1 && same(a_[x1 - 1], b_[y1 - 1])) --x1, --y1;
      if (x0 == x1) {
        for (int64_t y = y0; y < y1; ++y) ins_[y] = true;
        return;
      }
      if (y0 == y1) {
        for (int64_t x = x0; x < x1; ++x) del_[x] = true;
        return;
      }
      auto [xm, ym] = middle(x0, x1, y0, y1);
      // Recurse on the smaller half, loop on the other (bounded stack depth).
      if ((xm - x0) + (ym - y0) < (x1 - xm) + (y1 - ym)) {
        compare(x0, xm, y0, ym);
        x0 = xm, y0 = ym;
      } else {
        compare(xm, x1, ym, y1);
        x1 = xm, y1 = ym;
      }
    }
  }

  // A point on an optimal (or, past the cost limit, a reasonable) path through the box.
  std::pair<int64_t, int64_t> middle(int64_t x0, int64_t x1, int64_t y0, int64_t y1) {
    const int64_t dmin = x0 - y1, dmax = x1 - y0;
    const int64_t fmid = x0 - y0, bmid = x1 - y1;
    const bool odd = ((fmid - bmid) & 1) != 0;
    int64_t* fd = fwd_.data() + offset_;
    int64_t* bd = bwd_.data() + offset_;
    fd[fmid] = x0;
    bd[bmid] = x1;
    int64_t fmin = fmid, fmax = fmid, bmin = bmid, bmax = bmid;
    const int64_t limit = 4096;
    for (int64_t c = 1;; ++c) {
      // Forward.
      if (fmin > dmin) fd[--fmin - 1] = -1;
      else ++fmin;
      if (fmax < dmax) fd[++fmax + 1] = -1;
      else --fmax;
      for (int64_t d = fmax; d >= fmin; d -= 2) {
        int64_t tlo = fd[d - 1], thi = fd[d + 1];
        int64_t x = tlo >= thi ? tlo + 1 : thi;
        int64_t y = x - d;
        while (x < x1 && y < y1 && same(a_[x], b_[y])) ++x, ++y;
        fd[d] = x;
        if (odd && bmin <= d && d <= bmax && bd[d] <= x) return {x, x - d};
      }
      // Backward.
      if (bmin > dmin) bd[--bmin - 1] = INT64_MAX;
      else ++bmin;
      if (bmax < dmax) bd[++bmax + 1] = INT64_MAX;
      else --bmax;
      for (int64_t d = bmax; d >= bmin; d -= 2) {
        int64_t tlo = bd[d - 1], thi = bd[d + 1];
        int64_t x = tlo < thi ? tlo : thi - 1;
        int64_t y = x - d;
        while (x > x0 && y > y0 && same(a_[x - 1], b_[y - 1])) --x, --y;
        bd[d] = x;
        if (!odd && fmin <= d && d <= fmax && x <= fd[d]) return {x, x - d};
      }
      if (c >= limit) {
        // Too costly to be minimal: take the forward diagonal that got furthest.
        int64_t best = -1, bx = x0, by = y0;
        for (int64_t d = fmax; d >= fmin; d -= 2) {
          int64_t x = std::min(fd[d], x1), y = x - d;
          if (y > y1) x = y1 + d, y = y1;
          if (x + y > best) best = x + y, bx = x, by = y;
        }
        if ((bx == x0 && by == y0) || (bx == x1 && by == y1)) return {(x0 + x1) / 2, (y0 + y1) / 2};
        return {bx, by};
      }
    }
  }

  const std::vector<TextLine>& a_;
  const std::vector<TextLine>& b_;
  std::vector<bool> del_, ins_;
  std::vector<int64_t> fwd_, bwd_;
  int64_t offset_;
};

void range(std::string& out, size_t start, size_t count) {
  // diff's convention: an empty range names the line before it.
  if (count == 1) {
    out += std::to_string(start + 1);
  } else {
    out += std::to_string(count == 0 ? start : start + 1);
    out += ',';
    out += std::to_string(count);
  }
}

void emit_line(std::string& out, char mark, const TextLine& l) {
  out += mark;
  out.append(l.text);
  out += '\n';
  if (!l.newline) out += "\\ No newline at end of file\n";
}

// The lines of `side` that may equal a line of `other` (no line with the same hash there means
// none can), with their indexes in `side`.
void keep_matchable(const std::vector<TextLine>& side, const std::vector<TextLine>& other, std::vector<TextLine>& kept,
                    std::vector<size_t>& index) {
  std::vector<uint64_t> hashes;
  hashes.reserve(other.size());
  for (const TextLine& l : other) hashes.push_back(l.hash);
  std::sort(hashes.begin(), hashes.end());
  for (size_t i = 0; i < side.size(); ++i) {
    if (!std::binary_search(hashes.begin(), hashes.end(), side[i].hash)) continue;
    kept.push_back(side[i]);
    index.push_back(i);
  }
}

// Walks both sides in step, collecting the runs the differ marked.
//
// A line with no equal line on the other side is a change whatever the alignment, so such lines
// are set aside before the search and the common subsequence is sought among the rest, as
// diff's discarding of unmatchable lines does. It leaves the result minimal and matters for the
// time: reformatting changes most lines of an unformatted file, and a search through tens of
// thousands of changed lines costs the search's limit squared per split.
std::vector<LineChange> changed_runs(const std::vector<TextLine>& a, const std::vector<TextLine>& b) {
  std::vector<TextLine> ka, kb;
  std::vector<size_t> ia, ib;
  keep_matchable(a, b, ka, ia);
  keep_matchable(b, a, kb, ib);
  Differ differ(ka, kb);
  differ.run();
  std::vector<bool> del(a.size(), true), ins(b.size(), true);
  for (size_t k = 0; k < ka.size(); ++k) del[ia[k]] = differ.deleted()[k];
  for (size_t k = 0; k < kb.size(); ++k) ins[ib[k]] = differ.inserted()[k];
  std::vector<LineChange> changes;
  size_t i = 0, j = 0;
  while (i < a.size() || j < b.size()) {
    if (i < a.size() && j < b.size() && !del[i] && !ins[j]) {
      ++i, ++j;
      continue;
    }
    LineChange c{i, i, j, j};
    while (i < a.size() && del[i]) ++i;
    while (j < b.size() && ins[j]) ++j;
    c.a1 = i, c.b1 = j;
    if (c.a0 == c.a1 && c.b0 == c.b1) break;  // cannot happen with a consistent script
    changes.push_back(c);
  }
  return changes;
}

}  // namespace

std::vector<LineChange> line_changes(std::string_view before, std::string_view after) {
  if (before == after) return {};
  return changed_runs(split_lines(before), split_lines(after));
}

std::string unified_diff(std::string_view before, std::string_view after, std::string_view old_label,
                         std::string_view new_label, int context) {
  if (before == after) return {};
  std::vector<TextLine> a = split_lines(before), b = split_lines(after);
  std::vector<LineChange> changes = changed_runs(a, b);

  std::string out;
  out += "--- ";
  out.append(old_label);
  out += "\n+++ ";
  out.append(new_label);
  out += '\n';
  size_t ctx = static_cast<size_t>(context);
  for (size_t g = 0; g < changes.size();) {
    // A hunk: changes whose gaps are at most twice the context.
    size_t h = g;
    while (h + 1 < changes.size() && changes[h + 1].a0 - changes[h].a1 <= 2 * ctx) ++h;
    size_t a_start = changes[g].a0 >= ctx ? changes[g].a0 - ctx : 0;
    size_t b_start = changes[g].b0 - (changes[g].a0 - a_start);
    size_t a_end = std::min(a.size(), changes[h].a1 + ctx);
    size_t b_end = changes[h].b1 + (a_end - changes[h].a1);
    out += "@@ -";
    range(out, a_start, a_end - a_start);
    out += " +";
    range(out, b_start, b_end - b_start);
    out += " @@\n";
    size_t ai = a_start;
    for (size_t k = g; k <= h; ++k) {
      const LineChange& c = changes[k];
      for (; ai < c.a0; ++ai) emit_line(out, ' ', a[ai]);
      for (size_t x = c.a0; x < c.a1; ++x) emit_line(out, '-', a[x]);
      for (size_t y = c.b0; y < c.b1; ++y) emit_line(out, '+', b[y]);
      ai = c.a1;
    }
    for (; ai < a_end; ++ai) emit_line(out, ' ', a[ai]);
    g = h + 1;
  }
  return out;
}

}  // namespace hcl::format
