# SPDX-License-Identifier: Apache-2.0
"""python-hcl2 8.x's ``load``/``loads``, with the hcl library's parser behind them.

Change ``import hcl2`` to ``from hcl_toolchain.compat import hcl2`` and the values stay the same:
attribute values keep python-hcl2's forms (strings with their quotes and escapes as written,
other expressions as ``"${...}"`` laid out as python-hcl2 lays them out, numbers as int or
float, blocks as lists of dicts marked ``__is_block__``, labels with their quotes, comments
under ``__comments__`` and ``__inline_comments__``). A file the library refuses raises
hcl_toolchain.HCLError with every diagnostic; valid HCL that python-hcl2 refuses (an empty
heredoc, ``${~ x ~}``...) is read. docs/python.md lists every known difference.
"""
from __future__ import annotations

from typing import IO, Any, Dict, List, Optional

from .. import HCLError, _core, _diagnostics
from ._lex import Token, lex

__all__ = ["SerializationOptions", "load", "loads"]

_BINARY = frozenset(["+", "-", "*", "/", "%", "==", "!=", "<", ">", "<=", ">=", "&&", "||"])
_SPACED = frozenset(["?", ":", "=>", "="])
_CLOSERS = frozenset([")", "]", "}"])
_LITERALS = {"true": True, "false": False, "null": None}


class SerializationOptions:
    """python-hcl2's options; with_comments, explicit_blocks and strip_string_quotes are
    honoured, the others must keep their defaults (with_meta adds nothing in python-hcl2 8.1.2
    either)."""

    _DEFAULTS = dict(
        with_comments=True,
        with_meta=False,
        wrap_objects=False,
        wrap_tuples=False,
        explicit_blocks=True,
        preserve_heredocs=True,
        force_operation_parentheses=False,
        preserve_scientific_notation=True,
        strip_string_quotes=False,
    )
    _SUPPORTED = frozenset(["with_comments", "with_meta", "explicit_blocks", "strip_string_quotes"])

    def __init__(self, **options: bool):
        for name, value in {**self._DEFAULTS, **options}.items():
            if name not in self._DEFAULTS:
                raise TypeError(f"unknown serialization option {name!r}")
            if name not in self._SUPPORTED and value != self._DEFAULTS[name]:
                raise NotImplementedError(f"serialization option {name}={value!r} is not supported")
            setattr(self, name, value)


def load(file: IO[Any], *, serialization_options: Optional[SerializationOptions] = None) -> Dict[str, Any]:
    """python-hcl2's hcl2.load: loads() of the file object's content."""
    text = file.read()
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    return loads(text, serialization_options=serialization_options)


def loads(text: str, *, serialization_options: Optional[SerializationOptions] = None) -> Dict[str, Any]:
    """python-hcl2's hcl2.loads. Raises hcl_toolchain.HCLError (a ValueError) on invalid HCL."""
    raw, _rendered = _core.validate(text, "<string>", "native")
    if any(d[0] == "error" for d in raw):
        raise HCLError(_diagnostics(raw))
    tokens, _ = lex(text)
    try:
        return _Writer(serialization_options or SerializationOptions()).body(tokens, 0, False)[0]
    except RecursionError:
        # The library accepts deeper nesting than Python's recursion limit lets this module
        # lay out (python-hcl2 itself fails from about 300 levels).
        summary = "Nesting too deep"
        detail = "The file nests brackets more deeply than the compatibility module can follow."
        raise HCLError(_diagnostics([("error", summary, detail, None, None)])) from None


class _Writer:
    def __init__(self, options: SerializationOptions):
        self.options = options

    # Bodies ---------------------------------------------------------------------------------

    def body(self, toks: List[Token], i: int, nested: bool):
        """A body's dict and the index after it (at its closing brace when nested)."""
        result: Dict[str, Any] = {}
        comments: list = []
        inline: list = []
        group: List[str] = []
        attributes = set()
        n = len(toks)
        while i < n:
            kind, text = toks[i][0], toks[i][1]
            if kind in ("nl", "comment"):
                group.append(text)
                i += 1
                continue
            if nested and text == "}":
                break
            comments.extend(_comment_values(group))
            group = []
            j = _skip_space(toks, i + 1)
            if j < n and toks[j][1] == "=":
                i = self._attribute(toks, text, j + 1, nested, result, inline, comments)
                attributes.add(text)
            else:
                i = self._block(toks, i, result, attributes)
        comments.extend(_comment_values(group))
        if self.options.with_comments:
            if comments:
                result["__comments__"] = comments
            if inline:
                result["__inline_comments__"] = inline
        return result, i

    def _attribute(self, toks, name, i, nested, result, inline, comments) -> int:
        end = _expression_end(toks, i, nested)
        expr = toks[i:end]
        result[name] = self.value(expr)
        inline.extend(_inner_comments(expr))
        # python-hcl2's grammar lets a binary operation swallow the comments after it; when they
        # start on its line they are counted as the expression's own.
        if _has_binary(expr) and end < len(toks) and toks[end][0] == "comment":
            group = []
            while end < len(toks) and toks[end][0] in ("nl", "comment"):
                group.append(toks[end][1])
                end += 1
            inline.extend(_comment_values(group))
        return end

    def _block(self, toks, i, result, attributes) -> int:
        name = toks[i][1]
        labels = []
        i += 1
        while toks[i][1] != "{":
            labels.append(self._label(toks[i]))
            i += 1
        body, i = self.body(toks, i + 1, True)
        if self.options.explicit_blocks:
            body["__is_block__"] = True
        for label in reversed(labels):
            body = {label: body}
        if name in attributes:
            # python-hcl2 refuses a block named after an attribute before it (it has no place for
            # both); HCL leaves that to the schema. Refused alike, as no value could hold both.
            summary = f"Attribute {name} is already defined."
            detail = "python-hcl2's shape has no place for a block named after an attribute."
            raise HCLError(_diagnostics([("error", summary, detail, None, None)]))
        if not isinstance(result.get(name), list):
            result[name] = []
        result[name].append(body)
        return i + 1

    def _label(self, tok: Token) -> str:
        return self._string(tok) if tok[0] == "str" else tok[1]

    # Values ---------------------------------------------------------------------------------

    def value(self, expr: List[Token]) -> Any:
        """An expression as python-hcl2 serializes it outside "${...}"."""
        sig = _significant(expr)
        if len(sig) == 1:
            return self._single(sig[0])
        if len(sig) == 2 and sig[0][1] == "-" and sig[1][0] == "num" and sig[1][2] == sig[0][2] + 1:
            # python-hcl2's number tokens take a minus sign before a fraction or before two or
            # more digits; "-1" is its unary operator, hence an expression.
            digits = sig[1][1]
            if "e" not in digits.lower() and ("." in digits or len(digits) > 1):
                return float("-" + digits) if "." in digits else int("-" + digits)
        if sig and sig[0][1] in ("[", "{") and _match(sig, 0) == len(sig) - 1 and sig[1][1] != "for":
            first = _first_significant(expr)
            last = _last_significant(expr)
            inner = expr[first + 1 : last]
            if sig[0][1] == "[":
                return [self.value(e) for e in _split(inner, (",",)) if _significant(e)]
            return self._object(inner)
        return "${" + self.expression(expr) + "}"

    def _single(self, tok: Token) -> Any:
        kind, text = tok[0], tok[1]
        if kind == "num":
            if "e" in text.lower():
                return "${" + text + "}"
            return float(text) if "." in text else int(text)
        if kind == "ident":
            return _LITERALS.get(text, text)
        if kind == "str":
            return self._string(tok)
        if kind == "heredoc":
            return self._heredoc(tok)
        return "${" + text + "}"

    def _object(self, inner: List[Token]) -> Dict[str, Any]:
        out: Dict[str, Any] = {}
        for element in _split(inner, (",", "\n")):
            if not _significant(element):
                continue
            k = _key_end(element)
            out[self._key(element[:k])] = self.value(element[k + 1 :])
        return out

    def _key(self, key: List[Token]) -> str:
        sig = _significant(key)
        if len(sig) == 1 and sig[0][0] in ("ident", "str"):
            return self._label(sig[0])
        if len(sig) == 1 and sig[0][0] == "num":
            return str(self._single(sig[0]))
        return "${" + self.expression(key) + "}"

    def _string(self, tok: Token) -> str:
        inner = "".join(self._part(p) for p in tok[3])
        return inner if self.options.strip_string_quotes else '"' + inner + '"'

    def _part(self, part) -> str:
        if part[0] == "lit":
            return part[1]
        if part[0] == "interp":
            return "${" + self.expression(part[1]) + "}"
        return "%{ " + self.expression(part[1]) + " }"

    def _heredoc(self, tok: Token) -> str:
        text = tok[1].rstrip("\n\t ")
        return text if self.options.strip_string_quotes else '"' + text + '"'

    # Expressions inside "${...}" ------------------------------------------------------------

    def expression(self, toks: List[Token], for_object: bool = False) -> str:
        """An expression laid out as python-hcl2 writes it: one line, one space around binary
        operators, ", " between elements, no trailing commas."""
        out: List[str] = []
        prev: Optional[Token] = None
        first = True
        i = 0
        n = len(toks)
        while i < n:
            tok = toks[i]
            kind, text = tok[0], tok[1]
            if kind in ("nl", "comment"):
                i += 1
                continue
            if kind == "op":
                if text in ("[", "(", "{"):
                    j = _match(toks, i)
                    out.append(self._group(toks[i + 1 : j], text, toks[j][1]))
                    prev = toks[j]
                    i = j + 1
                    first = False
                    continue
                if text in _BINARY and not _unary(prev, text):
                    out.append(f" {text} ")
                elif text in _SPACED:
                    out.append(f" {text} ")
                elif text == ",":
                    k = _skip_space(toks, i + 1)
                    if k < n and toks[k][1] not in _CLOSERS:
                        out.append(", ")
                elif text == "...":
                    out.append("..." if for_object else " ...")
                else:
                    out.append(text)
            elif kind == "ident" and text in ("in", "if") and not first and prev[1] != "." and _in_for(toks, i):
                out.append(f" {text} ")
            elif kind == "ident" and first and text in ("for", "if"):
                out.append(text + " ")
            else:
                out.append(self._term(tok))
            prev = tok
            first = False
            i += 1
        return "".join(out)

    def _group(self, inner: List[Token], opener: str, closer: str) -> str:
        """A bracketed part of an expression; inner keeps its newlines, which separate object
        elements."""
        k = _skip_space(inner, 0)
        is_for = k < len(inner) and inner[k][1] == "for"
        if opener == "{" and not is_for:
            parts = []
            for element in _split(inner, (",", "\n")):
                if _significant(element):
                    k = _key_end(element)
                    parts.append(self.expression(element[:k]) + " = " + self.expression(element[k + 1 :]))
            return "{" + ", ".join(parts) + "}"
        return opener + self.expression(inner, opener == "{") + closer

    def _term(self, tok: Token) -> str:
        kind, text = tok[0], tok[1]
        if kind == "num":
            if "e" in text.lower():
                return text
            return str(float(text)) if "." in text else str(int(text))
        if kind == "str":
            return self._string(tok)
        if kind == "heredoc":
            return self._heredoc(tok)
        return text


# Token helpers ------------------------------------------------------------------------------


def _significant(toks: List[Token]) -> List[Token]:
    return [t for t in toks if t[0] not in ("nl", "comment")]


def _first_significant(toks: List[Token]) -> int:
    return next(i for i, t in enumerate(toks) if t[0] not in ("nl", "comment"))


def _last_significant(toks: List[Token]) -> int:
    return next(i for i in range(len(toks) - 1, -1, -1) if toks[i][0] not in ("nl", "comment"))


def _skip_space(toks: List[Token], i: int) -> int:
    while i < len(toks) and toks[i][0] in ("nl", "comment"):
        i += 1
    return i


def _match(toks: List[Token], i: int) -> int:
    """The index of the bracket closing the one at i."""
    depth = 0
    for j in range(i, len(toks)):
        t = toks[j]
        if t[0] != "op":
            continue
        if t[1] in ("(", "[", "{"):
            depth += 1
        elif t[1] in _CLOSERS:
            depth -= 1
            if depth == 0:
                return j
    return len(toks) - 1


def _expression_end(toks: List[Token], i: int, nested: bool) -> int:
    """Where an attribute's expression starting at i ends: a newline or comment outside
    brackets, or the closing brace of a one-line block."""
    depth = 0
    n = len(toks)
    while i < n:
        kind, text = toks[i][0], toks[i][1]
        if depth == 0 and kind in ("nl", "comment") and i > 0:
            return i
        if kind == "op":
            if text in ("(", "[", "{"):
                depth += 1
            elif text in _CLOSERS:
                if depth == 0 and nested:
                    return i
                depth -= 1
        i += 1
    return n


def _split(toks: List[Token], separators) -> List[List[Token]]:
    """toks cut at the separators outside brackets (a newline separator is an "nl" token)."""
    parts: List[List[Token]] = []
    current: List[Token] = []
    depth = 0
    for t in toks:
        kind, text = t[0], t[1]
        if kind == "op" and text in ("(", "[", "{"):
            depth += 1
        elif kind == "op" and text in _CLOSERS:
            depth -= 1
        elif depth == 0 and ((kind == "op" and text in separators) or (kind == "nl" and "\n" in separators)):
            parts.append(current)
            current = []
            continue
        current.append(t)
    parts.append(current)
    return parts


def _key_end(element: List[Token]) -> int:
    """The index of an object element's `=` or `:` (outside brackets)."""
    depth = 0
    for i, t in enumerate(element):
        if t[0] != "op":
            continue
        if t[1] in ("(", "[", "{"):
            depth += 1
        elif t[1] in _CLOSERS:
            depth -= 1
        elif depth == 0 and t[1] in ("=", ":"):
            return i
    return len(element)


def _unary(prev: Optional[Token], text: str) -> bool:
    if text not in ("-", "*"):
        return False
    if prev is None:
        return True
    if text == "*":
        return prev[1] in (".", "[")
    return prev[0] == "op" and prev[1] not in _CLOSERS


def _in_for(toks: List[Token], i: int) -> bool:
    """Whether the `in`/`if` at i belongs to a for expression: the expression being laid out
    (a bracket's inside, or a template directive) begins with `for`, and the `in`/`if` is not
    inside a nested bracket."""
    depth = 0
    for j in range(i - 1, -1, -1):
        t = toks[j]
        if t[0] == "op" and t[1] in _CLOSERS:
            depth += 1
        elif t[0] == "op" and t[1] in ("(", "[", "{"):
            depth -= 1
    k = _skip_space(toks, 0)
    return depth == 0 and k < len(toks) and toks[k][1] == "for"


def _has_binary(expr: List[Token]) -> bool:
    """Whether a binary operator stands outside brackets (the expression ends in one)."""
    depth = 0
    prev = None
    for t in expr:
        if t[0] in ("nl", "comment"):
            continue
        if t[0] == "op":
            if t[1] in ("(", "[", "{"):
                depth += 1
            elif t[1] in _CLOSERS:
                depth -= 1
            elif depth == 0 and t[1] in _BINARY and not _unary(prev, t[1]):
                return True
        prev = t
    return False


def _inner_comments(expr: List[Token]) -> list:
    """The comments inside an expression, one group per run of comments and newlines."""
    out: list = []
    group: List[str] = []
    for t in expr:
        if t[0] in ("nl", "comment"):
            group.append(t[1])
        elif group:
            out.extend(_comment_values(group))
            group = []
    out.extend(_comment_values(group))
    return out


def _comment_values(group: List[str]) -> list:
    """A run of comments and newlines as python-hcl2 lists it: when the run starts with `/*` and
    ends with `*/`, everything between as one value (even across several comments), else one
    value per line with the `#` or `//` removed."""
    if all(g.startswith("\n") for g in group):
        return []
    raw = "".join(group)
    stripped = raw.strip()
    if stripped.startswith("/*") and stripped.endswith("*/"):
        text = stripped[2:-2].strip()
        return [{"value": text}] if text else []
    out = []
    for line in raw.split("\n"):
        line = line.strip()
        for delimiter in ("//", "#"):
            if line.startswith(delimiter):
                line = line[len(delimiter) :]
                break
        if line:
            out.append({"value": line.strip()})
    return out
