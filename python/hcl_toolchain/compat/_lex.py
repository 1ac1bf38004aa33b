# SPDX-License-Identifier: Apache-2.0
"""Tokens of a native-syntax file for the python-hcl2 compatibility layer.

The file has been parsed by the library first, so this scanner only ever sees valid HCL: it
cuts the text into the pieces python-hcl2's serializer works from (comments and newlines kept,
string templates split into literal text and nested expressions, heredocs whole) and never has
to report an error. A token is (kind, text, offset, parts); parts is set for templates only.
"""
from __future__ import annotations

import re
from typing import List, Tuple

Token = Tuple[str, str, int, object]

# Whitespace matches nothing: finditer steps over it. A quoted string without template
# sequences is one match ("simple"); one with them, and a heredoc, are read by hand from where
# the match starts, and the scan resumes after them.
_TOKEN = re.compile(
    r"""(?P<nl>\r?\n[ \t]*)
      |(?P<comment>\#[^\r\n]*|//[^\r\n]*|/\*.*?\*/)
      |(?P<heredoc><<-?([^\W\d][\w-]*)\r?\n)
      |(?P<num>\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)
      |(?P<ident>[^\W\d][\w-]*(?:::[^\W\d][\w-]*)*)
      |(?P<simple>"(?:[^"\\$%\r\n]|\\.|\$(?![{$])|%(?![{%]))*")
      |(?P<quote>")
      |(?P<op>\.\.\.|::|=>|==|!=|<=|>=|&&|\|\||[-+*/%<>!?:=.,(){}\[\]~])
    """,
    re.S | re.X,
)
_OPEN = "([{"
_CLOSE = ")]}"


def lex(src: str, pos: int = 0, in_template: bool = False) -> Tuple[List[Token], int]:
    """Tokens from ``pos`` to the end, or (in_template) to the ``}`` closing an interpolation,
    and the offset after them."""
    return _resume(src, [], _TOKEN.finditer(src, pos), 0, in_template)


def _resume(src, tokens, scan, depth, in_template):
    """lex() carried on with a new scan after a template or heredoc read by hand."""
    while True:
        rest, end = _lex_from(src, scan, depth, in_template, tokens)
        if rest is None:
            return tokens, end
        scan, depth = rest


def _lex_from(src, scan, depth, in_template, tokens):
    """One stretch of lex(): (None, end) when it ends, or ((scan, depth), 0) to restart the scan
    after a template or heredoc."""
    append = tokens.append
    for m in scan:
        kind = m.lastgroup
        start = m.start()
        if kind == "simple":
            text = m.group()
            append(("str", text, start, [("lit", text[1:-1])] if len(text) > 2 else []))
        elif kind == "quote":
            parts, end = _template(src, m.end(), '"')
            append(("str", src[start:end], start, parts))
            return (_TOKEN.finditer(src, end), depth), 0
        elif kind == "heredoc":
            end = _heredoc_end(src, m.end(), m.group().lstrip("<-").strip())
            append(("heredoc", src[start:end], start, None))
            return (_TOKEN.finditer(src, end), depth), 0
        elif kind == "op":
            text = m.group()
            if text in _OPEN:
                depth += 1
            elif text in _CLOSE:
                if depth == 0 and in_template:
                    return None, m.end()
                depth -= 1
            append(("op", text, start, None))
        elif kind == "nl":
            append(("nl", m.group().replace("\r", ""), start, None))
        else:
            append((kind, m.group(), start, None))
    return None, len(src)


def _heredoc_end(src: str, pos: int, name: str) -> int:
    """The offset just after the heredoc's closing delimiter (its line is `name` alone, indented
    or not)."""
    closing = re.compile(r"^[ \t]*" + re.escape(name) + r"[ \t]*$", re.M)
    m = closing.search(src, pos)
    if m is None:
        return len(src)
    return m.start() + len(m.group().rstrip(" \t"))


def _template(src: str, pos: int, quote: str) -> Tuple[list, int]:
    """A quoted template's parts up to and past its closing quote: ("lit", raw text) and
    ("interp"/"directive", tokens)."""
    parts: list = []
    start = pos
    n = len(src)
    while pos < n:
        c = src[pos]
        if c == "\\":
            pos += 2
            continue
        if c == quote:
            if pos > start:
                parts.append(("lit", src[start:pos]))
            return parts, pos + 1
        if c in "$%" and src.startswith("{", pos + 1):
            if pos > start and src[pos - 1] == c and _escaped(src, start, pos):
                pos += 2
                continue
            if pos > start:
                parts.append(("lit", src[start:pos]))
            tokens, pos = lex(src, pos + 2, in_template=True)
            parts.append(("interp" if c == "$" else "directive", tokens))
            start = pos
            continue
        pos += 1
    parts.append(("lit", src[start:pos]))
    return parts, pos


def _escaped(src: str, start: int, pos: int) -> bool:
    """Whether the `$` or `%` at pos-1 doubles the one at pos ("$${" is a literal "${")."""
    run = 0
    i = pos - 1
    while i >= start and src[i] == src[pos]:
        run += 1
        i -= 1
    return run % 2 == 1
