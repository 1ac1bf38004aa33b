# SPDX-License-Identifier: Apache-2.0
"""The diagnostic types of hcl_toolchain (imported from there), loaded when first needed."""
from __future__ import annotations

from typing import List, NamedTuple, Optional


class Position(NamedTuple):
    """A place in a file: line and column from 1 (columns count grapheme clusters), byte from 0."""

    line: int
    column: int
    byte: int


class Range(NamedTuple):
    filename: str
    start: Position
    end: Position


class Diagnostic(NamedTuple):
    """One problem in the input, as `hcl validate` reports it."""

    severity: str  # "error" or "warning"
    summary: str
    detail: str
    subject: Optional[Range] = None  # what is wrong
    context: Optional[Range] = None  # the construct around it
    rendered: str = ""  # with the source line and a caret, as `hcl validate` prints it

    def __str__(self) -> str:
        where = ""
        if self.subject is not None:
            s = self.subject
            where = f"{s.filename}:{s.start.line}:{s.start.column}: "
        text = f"{where}{self.severity}: {self.summary}"
        return f"{text}; {self.detail}" if self.detail else text


for _cls in (Position, Range, Diagnostic):
    _cls.__module__ = "hcl_toolchain"


def _range(raw: Optional[tuple]) -> Optional[Range]:
    if raw is None:
        return None
    name, l1, c1, b1, l2, c2, b2 = raw
    return Range(name, Position(l1, c1, b1), Position(l2, c2, b2))


def diagnostics(raw: List[tuple], rendered: Optional[List[str]] = None) -> List[Diagnostic]:
    shown = rendered or [""] * len(raw)
    return [
        Diagnostic(sev, summary, detail, _range(subject), _range(context), text)
        for (sev, summary, detail, subject, context), text in zip(raw, shown)
    ]
