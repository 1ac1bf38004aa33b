// SPDX-License-Identifier: Apache-2.0
#include <doctest/doctest.h>

#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "format/diff.h"

using hcl::format::unified_diff;

namespace {

std::vector<std::string> lines_of(const std::string& s) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < s.size()) {
    size_t nl = s.find('\n', i);
    size_t end = nl == std::string::npos ? s.size() : nl + 1;
    out.push_back(s.substr(i, end - i));
    i = end;
  }
  return out;
}

// Applies a unified diff to `before` (a minimal `patch`), checking context lines on the way.
std::string apply(const std::string& before, const std::string& diff) {
  auto a = lines_of(before);
  auto d = lines_of(diff);
  std::string out;
  size_t ai = 0;
  for (size_t k = 2; k < d.size(); ++k) {
    const std::string& l = d[k];
    if (l.rfind("@@ -", 0) == 0) {
      size_t start = std::stoul(l.substr(4));
      size_t count_pos = l.find(',');
      bool empty = count_pos != std::string::npos && count_pos < l.find(' ', 4) && l.substr(count_pos, 3) == ",0 ";
      size_t first = empty ? start : start - 1;
      while (ai < first) out += a[ai++];
      continue;
    }
    std::string body = l.substr(1);
    bool no_newline = k + 1 < d.size() && d[k + 1] == "\\ No newline at end of file\n";
    if (no_newline) body.pop_back();
    if (l[0] == ' ') {
      REQUIRE(ai < a.size());
      REQUIRE(a[ai] == body);
      out += a[ai++];
    } else if (l[0] == '-') {
      REQUIRE(ai < a.size());
      REQUIRE(a[ai] == body);
      ++ai;
    } else if (l[0] == '+') {
      out += body;
    }
    if (no_newline) ++k;
  }
  while (ai < a.size()) out += a[ai++];
  return out;
}

}  // namespace

TEST_CASE("unified diff in diff -u's form") {
  CHECK(unified_diff("a\n", "a\n", "old/x", "new/x").empty());
  CHECK(unified_diff("a=1\n", "a = 1\n", "old/f.tf", "new/f.tf") ==
        "--- old/f.tf\n+++ new/f.tf\n@@ -1 +1 @@\n-a=1\n+a = 1\n");
  // Three lines of context; changes closer than seven lines share a hunk.
  std::string a = "1\n2\n3\n4\n5\nx\n7\n8\n9\n10\n11\n12\n13\n14\ny\n16\n";
  std::string b = "1\n2\n3\n4\n5\nX\n7\n8\n9\n10\n11\n12\n13\n14\nY\n16\n";
  CHECK(unified_diff(a, b, "old/a", "new/a") ==
        "--- old/a\n+++ new/a\n"
        "@@ -3,7 +3,7 @@\n 3\n 4\n 5\n-x\n+X\n 7\n 8\n 9\n"
        "@@ -12,5 +12,5 @@\n 12\n 13\n 14\n-y\n+Y\n 16\n");
  std::string c = "1\n2\nx\n4\n5\n6\n7\n8\ny\n";
  std::string d = "1\n2\nX\n4\n5\n6\n7\n8\nY\n";
  CHECK(unified_diff(c, d, "o", "n") == "--- o\n+++ n\n@@ -1,9 +1,9 @@\n 1\n 2\n-x\n+X\n 4\n 5\n 6\n 7\n 8\n-y\n+Y\n");
  // Additions to and removals from empty texts.
  CHECK(unified_diff("", "a\n", "o", "n") == "--- o\n+++ n\n@@ -0,0 +1 @@\n+a\n");
  CHECK(unified_diff("a\nb\n", "", "o", "n") == "--- o\n+++ n\n@@ -1,2 +0,0 @@\n-a\n-b\n");
}

TEST_CASE("a last line without newline is marked") {
  CHECK(unified_diff("a=1", "a = 1", "o", "n") ==
        "--- o\n+++ n\n@@ -1 +1 @@\n-a=1\n\\ No newline at end of file\n+a = 1\n\\ No newline at end of file\n");
  CHECK(unified_diff("a\n", "a", "o", "n") == "--- o\n+++ n\n@@ -1 +1 @@\n-a\n+a\n\\ No newline at end of file\n");
}

TEST_CASE("diffs of random edits apply back") {
  std::mt19937 rng(42);
  for (int round = 0; round < 300; ++round) {
    std::string a, b;
    int n = static_cast<int>(rng() % 40);
    for (int i = 0; i < n; ++i) {
      std::string line = std::to_string(rng() % 6);
      a += line + "\n";
      switch (rng() % 5) {
        case 0: break;                                                       // dropped
        case 1: b += line + "\n" + std::to_string(rng() % 6) + "\n"; break;  // one added
        case 2: b += "changed" + line + "\n"; break;
        default: b += line + "\n";
      }
    }
    if (rng() % 4 == 0 && !a.empty()) a.pop_back();
    CAPTURE(a);
    CAPTURE(b);
    std::string diff = unified_diff(a, b, "o", "n");
    if (a == b) {
      CHECK(diff.empty());
      continue;
    }
    CHECK(apply(a, diff) == b);
  }
}

TEST_CASE("large diffs stay fast and correct") {
  std::string a, b;
  for (int i = 0; i < 60000; ++i) {
    a += "line " + std::to_string(i) + "\n";
    b += (i % 3 ? "line " : "LINE ") + std::to_string(i) + "\n";
  }
  std::string diff = unified_diff(a, b, "o", "n");
  CHECK(apply(a, diff) == b);
  // Nothing in common at all.
  std::string c, d;
  for (int i = 0; i < 30000; ++i) {
    c += "a" + std::to_string(i) + "\n";
    d += "b" + std::to_string(i) + "\n";
  }
  CHECK(apply(c, unified_diff(c, d, "o", "n")) == d);
}

TEST_CASE("line_changes: applying the runs turns one text into the other") {
  std::mt19937 rng(7);
  const char* pool[] = {"a\n", "b\n", "c\n", "  d = 1\n", "\n", "e"};
  for (int round = 0; round < 300; ++round) {
    std::string before, after;
    for (int i = static_cast<int>(rng() % 12); i > 0; --i) before += pool[rng() % 5];
    for (int i = static_cast<int>(rng() % 12); i > 0; --i) after += pool[rng() % 5];
    if (rng() % 3 == 0) after += pool[5];  // a last line without a newline
    CAPTURE(before);
    CAPTURE(after);
    std::vector<std::string> a = lines_of(before), b = lines_of(after), out;
    size_t ai = 0;
    for (const auto& c : hcl::format::line_changes(before, after)) {
      REQUIRE(c.a0 >= ai);
      for (; ai < c.a0; ++ai) out.push_back(a[ai]);
      for (size_t j = c.b0; j < c.b1; ++j) out.push_back(b[j]);
      ai = c.a1;
    }
    for (; ai < a.size(); ++ai) out.push_back(a[ai]);
    CHECK(out == b);
  }
  CHECK(hcl::format::line_changes("x\n", "x\n").empty());
}

namespace {

// How many lines a diff removes and adds.
size_t changed_lines(const std::string& diff) {
  size_t n = 0;
  auto d = lines_of(diff);
  for (size_t k = 2; k < d.size(); ++k)
    if (d[k][0] == '-' || d[k][0] == '+') ++n;
  return n;
}

// The fewest lines any diff of a into b removes and adds: both sizes less twice the longest
// common subsequence of lines.
size_t fewest_changes(const std::string& before, const std::string& after) {
  auto a = lines_of(before), b = lines_of(after);
  std::vector<std::vector<size_t>> lcs(a.size() + 1, std::vector<size_t>(b.size() + 1, 0));
  for (size_t i = a.size(); i-- > 0;)
    for (size_t j = b.size(); j-- > 0;)
      lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
  return a.size() + b.size() - 2 * lcs[0][0];
}

}  // namespace

TEST_CASE("diffs are minimal, lines without a counterpart included") {
  std::mt19937 rng(11);
  for (int round = 0; round < 300; ++round) {
    std::string a, b;
    // Shared lines from a small pool, and lines found on one side only.
    for (int i = static_cast<int>(rng() % 30); i > 0; --i)
      a += (rng() % 3 ? std::to_string(rng() % 5) : "a" + std::to_string(rng() % 50)) + "\n";
    for (int i = static_cast<int>(rng() % 30); i > 0; --i)
      b += (rng() % 3 ? std::to_string(rng() % 5) : "b" + std::to_string(rng() % 50)) + "\n";
    CAPTURE(a);
    CAPTURE(b);
    std::string diff = unified_diff(a, b, "o", "n");
    CHECK(apply(a, diff) == b);
    CHECK(changed_lines(diff) == fewest_changes(a, b));
  }
  // Tens of thousands of changed lines around a few kept ones: far past the search's cost limit
  // unless the lines that cannot match are set aside first.
  std::string c, d;
  for (int i = 0; i < 40000; ++i) {
    std::string n = std::to_string(i);
    bool kept = i % 10000 == 5000;
    c += (kept ? "kept " : "a") + n + "\n";
    d += (kept ? "kept " : "b") + n + "\n";
  }
  std::string diff = unified_diff(c, d, "o", "n");
  CHECK(apply(c, diff) == d);
  CHECK(changed_lines(diff) == 2 * (40000 - 4));
}
