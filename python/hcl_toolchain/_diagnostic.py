# SPDX-License-Identifier: Apache-2.0
"""The diagnostic types of hcl_toolchain (imported from there), loaded when first needed. They
are collections.namedtuple classes, which load in a fraction of typing.NamedTuple's time;
_diagnostic.pyi gives their types."""
from collections import namedtuple


class Position(namedtuple("Position", "line column byte")):
    """A place in a file: line and column from 1 (columns count grapheme clusters), byte from 0."""

    __slots__ = ()


class Range(namedtuple("Range", "filename start end")):
    """A span of a file, from start to end."""

    __slots__ = ()


class Diagnostic(
    namedtuple("Diagnostic", "severity summary detail subject context rendered", defaults=(None, None, ""))
):
    """One problem in the input, as `hcl validate` reports it: severity "error" or "warning",
    summary, detail, subject (the Range of what is wrong) and context (the construct around it)
    or None, and rendered, with the source line and a caret as `hcl validate` prints it."""

    __slots__ = ()

    def __str__(self):
        where = ""
        if self.subject is not None:
            s = self.subject
            where = f"{s.filename}:{s.start.line}:{s.start.column}: "
        text = f"{where}{self.severity}: {self.summary}"
        return f"{text}; {self.detail}" if self.detail else text


for _cls in (Position, Range, Diagnostic):
    _cls.__module__ = "hcl_toolchain"


def _range(raw):
    if raw is None:
        return None
    name, l1, c1, b1, l2, c2, b2 = raw
    return Range(name, Position(l1, c1, b1), Position(l2, c2, b2))


def diagnostics(raw, rendered=None):
    """The extension's diagnostic tuples as Diagnostic values."""
    shown = rendered or [""] * len(raw)
    return [
        Diagnostic(sev, summary, detail, _range(subject), _range(context), text)
        for (sev, summary, detail, subject, context), text in zip(raw, shown)
    ]
