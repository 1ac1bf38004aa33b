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

_TOKEN = re.compile(
    r"""(?P<nl>\r?\n[ \t]*)
      |(?P<ws>[ \t\r]+)
      |(?P<comment>\#[^\r\n]*|//[^\r\n]*|/\*.*?\*/)
      |(?P<heredoc><<-?([^\W\d][\w-]*)\r?\n)
      |(?P<num>\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)
      |(?P<ident>[^\W\d][\w-]*(?:::[^\W\d][\w-]*)*)
      |(?P<quote>")
      |(?P<op>\.\.\.|::|=>|==|!=|<=|>=|&&|\|\||[-+*/%<>!?:=.,(){}\[\]~])
    """,
    re.S | re.X,
)
_OPEN = "([{"
_CLOSE = ")]}"


def lex(src: str, pos: int = 0, in_template: bool = False) -> Tuple[List[Token], int]:
    """Tokens from ``pos`` to the end, or (in_template) to the ``}`` closing an interpolation."""
    tokens: List[Token] = []
    depth = 0
    n = len(src)
    match = _TOKEN.match
    while pos < n:
        m = match(src, pos)
        if m is None:  # a character HCL would have refused: skip it rather than loop
            pos += 1
            continue
        kind = m.lastgroup
        text = m.group()
        if kind == "ws":
            pos = m.end()
            continue
        if kind == "quote":
            parts, end = _template(src, m.end(), '"')
            tokens.append(("str", src[pos:end], pos, parts))
            pos = end
            continue
        if kind == "heredoc":
            end = _heredoc_end(src, m.end(), m.group(5))
            tokens.append(("heredoc", src[pos:end], pos, None))
            pos = end
            continue
        if kind == "nl":
            text = text.replace("\r", "")
        elif kind == "op":
            if text in _OPEN:
                depth += 1
            elif text in _CLOSE:
                if depth == 0 and in_template:
                    return tokens, m.end()
                depth -= 1
        tokens.append((kind, text, pos, None))
        pos = m.end()
    return tokens, pos


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
